import type { DomainItem } from '@switchboard/core';
import type { Selectable } from 'kysely';
import { fromJson, isSet, toJson } from '../../platform/db/columns.ts';
import type { DbOrTx } from '../../db.ts';
import { pageOf } from '../../platform/db/paginate.ts';
import type { BrandDomainsTable } from './tables.ts';

export type BrandDomainRow = Selectable<BrandDomainsTable>;

const COLUMNS = ['id', 'account_id', 'domain', 'is_default', 'name', 'image', 'settings', 'created_at', 'updated_at'] as const;

/** SQL for brands' domains; every query by owner is scoped to that account. */
export const brandDomainsRepository = {
  async findByDomain(db: DbOrTx, domain: string): Promise<BrandDomainRow | undefined> {
    return db.selectFrom('domains').select(COLUMNS).where('domain', '=', domain).executeTakeFirst();
  },

  /** The domains of any of these accounts (the brands an account is under), by name. */
  domainsOf(db: DbOrTx, accountIds: number[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('domains')
      .select(['domain', 'account_id'])
      .where('account_id', 'in', accountIds)
      .orderBy('domain')
      .limit(20)
      .execute();
  },

  async findOwned(db: DbOrTx, accountId: number, by: { id?: number; domain?: string }): Promise<BrandDomainRow | undefined> {
    let q = db.selectFrom('domains').select(COLUMNS).where('account_id', '=', accountId);
    if (by.id != null) q = q.where('id', '=', by.id);
    if (by.domain != null) q = q.where('domain', '=', by.domain);
    return q.executeTakeFirst();
  },

  async defaultOf(db: DbOrTx, accountId: number): Promise<BrandDomainRow | undefined> {
    return db
      .selectFrom('domains')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  },

  async list(db: DbOrTx, accountId: number, p: { page: number; pageSize: number; search?: string }) {
    let base = db.selectFrom('domains').where('account_id', '=', accountId);
    if (p.search) base = base.where('domain', 'like', `%${p.search.toLowerCase().replace(/[\\%_]/g, '')}%`);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await pageOf(base.select(COLUMNS).orderBy('is_default', 'desc').orderBy('domain'), {
      page: p.page,
      pageSize: p.pageSize,
    }).execute();
    return { rows, total: Number(total.n) };
  },

  async count(db: DbOrTx, accountId: number): Promise<number> {
    const r = await db
      .selectFrom('domains')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async insert(
    db: DbOrTx,
    v: { accountId: number; domain: string; isDefault: boolean; name: string | null; image: string | null; settings: unknown },
  ): Promise<BrandDomainRow> {
    const now = Date.now();
    return db
      .insertInto('domains')
      .values({
        account_id: v.accountId,
        domain: v.domain,
        is_default: v.isDefault ? 1 : 0,
        name: v.name,
        image: v.image,
        settings: toJson(v.settings ?? {}),
        created_at: now,
        updated_at: now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  },

  async update(
    db: DbOrTx,
    accountId: number,
    id: number,
    v: Partial<{ domain: string; name: string | null; image: string | null; settings: unknown }>,
  ): Promise<BrandDomainRow> {
    const patch: Record<string, unknown> = { ...v, updated_at: Date.now() };
    if ('settings' in v) patch.settings = toJson(v.settings);
    return db
      .updateTable('domains')
      .set(patch)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  },

  /** Makes one domain the account's default and every other one not. */
  async setDefault(db: DbOrTx, accountId: number, id: number): Promise<void> {
    await db
      .updateTable('domains')
      .set((eb) => ({ is_default: eb.case().when('id', '=', id).then(1).else(0).end(), updated_at: Date.now() }))
      .where('account_id', '=', accountId)
      .execute();
  },

  async remove(db: DbOrTx, accountId: number, id: number): Promise<void> {
    await db.deleteFrom('domains').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async removeAllFor(db: DbOrTx, accountIds: number[]): Promise<void> {
    if (accountIds.length === 0) return;
    await db.deleteFrom('domains').where('account_id', 'in', accountIds).execute();
  },
};

export function toDomainItem(row: BrandDomainRow): DomainItem {
  return {
    id: row.id,
    domain: row.domain,
    accountId: row.account_id,
    isDefault: isSet(row.is_default),
    name: row.name,
    image: row.image,
    settings: fromJson(row.settings, {}),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
