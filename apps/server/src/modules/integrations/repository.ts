import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import { toJson } from '../../platform/db/columns.ts';
import type { IntegrationsTable } from './tables.ts';

export type IntegrationRow = Selectable<IntegrationsTable>;

const COLUMNS = [
  'account_id',
  'slug',
  'app_data',
  'credentials',
  'connected_at',
  'last_success_at',
  'last_error',
  'last_error_at',
  'updated_at',
] as const;

export const integrationsRepository = {
  read(db: DbOrTx, accountId: number, slug: string): Promise<IntegrationRow | undefined> {
    return db.selectFrom('integrations').select(COLUMNS).where('account_id', '=', accountId).where('slug', '=', slug).executeTakeFirst();
  },

  list(db: DbOrTx, accountId: number): Promise<IntegrationRow[]> {
    return db.selectFrom('integrations').select(COLUMNS).where('account_id', '=', accountId).orderBy('slug').execute();
  },

  async connectedSlugs(db: DbOrTx, accountId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('integrations')
      .select('slug')
      .where('account_id', '=', accountId)
      .where('connected_at', 'is not', null)
      .execute();
    return rows.map((r) => r.slug);
  },

  async save(
    db: DbOrTx,
    accountId: number,
    slug: string,
    v: { appData: Record<string, unknown>; credentials: string | null; connectedAt: number | null },
    now: number,
  ) {
    const values = { app_data: toJson(v.appData), credentials: v.credentials, connected_at: v.connectedAt, updated_at: now };
    await db
      .insertInto('integrations')
      .values({ account_id: accountId, slug, ...values })
      .onConflict((oc) => oc.columns(['account_id', 'slug']).doUpdateSet(values))
      .execute();
  },

  async setAppData(db: DbOrTx, accountId: number, slug: string, appData: Record<string, unknown>) {
    await db
      .updateTable('integrations')
      .set({ app_data: toJson(appData) })
      .where('account_id', '=', accountId)
      .where('slug', '=', slug)
      .execute();
  },

  async setCredentials(db: DbOrTx, accountId: number, slug: string, credentials: string) {
    await db.updateTable('integrations').set({ credentials }).where('account_id', '=', accountId).where('slug', '=', slug).execute();
  },

  async health(db: DbOrTx, accountId: number, slug: string, h: { ok: true; at: number } | { ok: false; at: number; error: string }) {
    await db
      .updateTable('integrations')
      .set(h.ok ? { last_success_at: h.at } : { last_error: h.error.slice(0, 500), last_error_at: h.at })
      .where('account_id', '=', accountId)
      .where('slug', '=', slug)
      .execute();
  },

  async remove(db: DbOrTx, accountId: number, slug: string): Promise<boolean> {
    const r = await db.deleteFrom('integrations').where('account_id', '=', accountId).where('slug', '=', slug).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

export const integrationCallsRepository = {
  /** undefined when the key was already used. */
  insert(db: DbOrTx, row: { account_id: number; slug: string; fn: string; idempotency_key: string; now: number }) {
    const { now, ...rest } = row;
    return db
      .insertInto('integration_calls')
      .values({ ...rest, status: 'running', result: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning(['id', 'status', 'result'])
      .executeTakeFirst();
  },

  byKey(db: DbOrTx, key: string) {
    return db
      .selectFrom('integration_calls')
      .select(['id', 'status', 'result'])
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
  },

  async finish(db: DbOrTx, id: number, status: 'done' | 'failed', result: unknown) {
    await db
      .updateTable('integration_calls')
      .set({ status, result: toJson(result), updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  },
};

export const correlationsRepository = {
  async insert(db: DbOrTx, v: { ipHash: string; page: string; ref: string; accountId: number | null }, now: number) {
    await db
      .insertInto('ip_correlations')
      .values({ ip_hash: v.ipHash, page: v.page, ref: v.ref, account_id: v.accountId, created_at: now })
      .execute();
  },

  async latest(db: DbOrTx, ipHash: string, since: number): Promise<{ page: string; ref: string } | null> {
    const row = await db
      .selectFrom('ip_correlations')
      .select(['page', 'ref'])
      .where('ip_hash', '=', ipHash)
      .where('created_at', '>', since)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  },
};
