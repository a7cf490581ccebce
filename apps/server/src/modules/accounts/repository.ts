import type { AccountType } from '@switchboard/core';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { fromJson, lockUntilCommit, toJson } from '../../platform/db/columns.ts';
import type { Database, DbOrTx } from '../../db.ts';
import { pageOf } from '../../platform/db/paginate.ts';
import { compiledRead } from '../../platform/db/compiled.ts';
import type { AccountsTable } from './tables.ts';

/** Every authenticated request reads its account: compiled once (platform/db/compiled.ts). */
const accountById = compiledRead<AccountRow>((db, id) =>
  (db as Kysely<Database>)
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', id as number)
    .where('deleted_at', 'is', null),
);

export type AccountRow = Selectable<AccountsTable>;

export interface NewAccount {
  username: string;
  accountType: AccountType;
  parentId?: number | null;
  partnerId?: number | null;
  resellerId?: number | null;
  organizationId?: number | null;
  email?: string | null;
  emailVerified?: boolean;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean;
  tempUser?: boolean;
  name?: string | null;
  accountName?: string | null;
  details?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  externalAccountId?: string | null;
}

/** One check-in of a device (`POST /api/v1/mobileCheckIn`). */
export interface CheckIn {
  details: Record<string, unknown>;
  createdAt: number;
}

export const accountsRepository = {
  async latestCheckIn(db: DbOrTx, accountId: number, kind: string) {
    return db
      .selectFrom('check_ins')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** The user's latest mobile check-ins, newest first (the device list). */
  async recentMobileCheckIns(db: DbOrTx, accountId: number, limit = 500): Promise<CheckIn[]> {
    const rows = await db
      .selectFrom('check_ins')
      .select(['details', 'created_at'])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'mobile')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ details: fromJson<Record<string, unknown>>(r.details, {}), createdAt: Number(r.created_at) }));
  },

  async addCheckIn(db: DbOrTx, accountId: number, kind: string, details: Record<string, unknown>): Promise<void> {
    await db
      .insertInto('check_ins')
      .values({ account_id: accountId, kind, details: toJson(details), created_at: Date.now() })
      .execute();
  },

  /** Whether any of these accounts is disabled. */
  async anyDisabled(db: DbOrTx, ids: number[]): Promise<boolean> {
    if (ids.length === 0) return false;
    return (
      (await db.selectFrom('accounts').select('id').where('id', 'in', ids).where('disabled_at', 'is not', null).executeTakeFirst()) != null
    );
  },

  async findById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
    return (await accountById(db, id))[0];
  },

  /** Names of accounts by id, deleted ones included (the simulated carrier's page of numbers). */
  async namesByIds(db: DbOrTx, ids: number[]): Promise<{ id: number; username: string; account_name: string | null }[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('accounts').select(['id', 'username', 'account_name']).where('id', 'in', ids).execute();
  },

  /**
   * The first live account with this e-mail or phone number, created at or after `since` (0: any time);
   * used to tell whom an invitation reached.
   */
  async firstWithAddress(db: DbOrTx, field: 'email' | 'phone_number', value: string, since = 0) {
    return db
      .selectFrom('accounts')
      .select(['id', 'created_at'])
      .where(field, '=', value)
      .where('created_at', '>=', since)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
  },

  /** The e-mail addresses or phone numbers among these that belong to a live account. */
  async addressesInUse(db: DbOrTx, field: 'email' | 'phone_number', values: string[]): Promise<string[]> {
    if (values.length === 0) return [];
    const rows = await db.selectFrom('accounts').select(field).where(field, 'in', values).where('deleted_at', 'is', null).execute();
    return rows.map((r) => r[field]).filter((v): v is string => !!v);
  },

  /** An account's e-mail, phone number and sign-up time, deleted or not. */
  async addressesOf(db: DbOrTx, id: number) {
    return db.selectFrom('accounts').select(['email', 'phone_number', 'created_at']).where('id', '=', id).executeTakeFirst();
  },

  async findByIds(db: DbOrTx, ids: number[]): Promise<AccountRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('accounts').selectAll().where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  },

  async findByUsername(db: DbOrTx, username: string): Promise<AccountRow | undefined> {
    return db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', username.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Sign-in principals with this e-mail (an e-mail may own several accounts; accountId picks one). */
  async findPrincipalsByEmail(db: DbOrTx, email: string): Promise<AccountRow[]> {
    return db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .where('temp_user', '=', 0)
      .orderBy('id')
      .execute();
  },

  async findPrincipalsByPhone(db: DbOrTx, phone: string): Promise<AccountRow[]> {
    return db
      .selectFrom('accounts')
      .selectAll()
      .where('phone_number', '=', phone)
      .where('phone_number_verified', '=', 1)
      .where('deleted_at', 'is', null)
      .where('temp_user', '=', 0)
      .orderBy('id')
      .execute();
  },

  async usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
    const row = await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirst();
    return row != null;
  },

  async insert(db: DbOrTx, a: NewAccount): Promise<AccountRow> {
    const now = Date.now();
    const row = await db
      .insertInto('accounts')
      .values({
        username: a.username,
        account_type: a.accountType,
        parent_id: a.parentId ?? null,
        partner_id: a.partnerId ?? null,
        reseller_id: a.resellerId ?? null,
        organization_id: a.organizationId ?? null,
        email: a.email?.toLowerCase() ?? null,
        email_verified: a.emailVerified ? 1 : 0,
        phone_number: a.phoneNumber ?? null,
        phone_number_verified: a.phoneNumberVerified ? 1 : 0,
        temp_user: a.tempUser ? 1 : 0,
        name: a.name ?? null,
        account_name: a.accountName ?? null,
        details: toJson(a.details ?? {}),
        settings: toJson(a.settings ?? {}),
        social_links: toJson([]),
        links: toJson([]),
        links_config: toJson({}),
        external_account_id: a.externalAccountId ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<Omit<AccountRow, 'id'>>): Promise<AccountRow> {
    const patch: Record<string, unknown> = { ...values, updated_at: Date.now() };
    for (const k of ['details', 'settings', 'social_links', 'links', 'links_config'] as const) {
      if (k in patch) patch[k] = toJson(patch[k]);
    }
    return db.updateTable('accounts').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  async softDelete(db: DbOrTx, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('accounts').set({ deleted_at: Date.now(), updated_at: Date.now() }).where('id', 'in', ids).execute();
  },

  /** Every live account below this one (any depth: the tree is at most four levels). */
  async descendantIds(db: DbOrTx, id: number): Promise<number[]> {
    const rows = await db
      .selectFrom('accounts')
      .select('id')
      .where('id', '!=', id)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('partner_id', '=', id), eb('reseller_id', '=', id), eb('organization_id', '=', id)]))
      .execute();
    return rows.map((r) => r.id);
  },

  async recordEvent(db: DbOrTx, accountId: number, actorId: number | null, action: string, details: unknown): Promise<void> {
    await db
      .insertInto('account_events')
      .values({ account_id: accountId, actor_id: actorId, action, details: toJson(details), created_at: Date.now() })
      .execute();
  },
};

/** A unique username from a wished-for slug: the slug itself, else the slug with a number. */
export async function uniqueUsername(db: DbOrTx, base: string): Promise<string> {
  // Creators of one name (and of its numbered forms: 'acme', 'acme-2') take turns until their
  // transaction commits, so 20 parallel 'Acme' sign-ups get acme, acme-2, ... acme-20. Call it inside
  // the transaction that inserts the account.
  await lockUntilCommit(db, `username:${base.replace(/-\d+$/, '')}`);
  if (!(await accountsRepository.usernameTaken(db, base))) return base;
  const rows = await db.selectFrom('accounts').select('username').where('username', 'like', `${base}-%`).execute();
  const used = new Set(rows.map((r) => r.username));
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function ilike(column: string, phrase: string) {
  const escaped = phrase.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

/** Accounts of a type below the acting partner, reseller or organization (not deleted, not itself). */
export function listBase(eb: ExpressionBuilder<Database, 'accounts'>, type: AccountType, acting: AccountRow) {
  const under =
    acting.account_type === 'partner'
      ? eb('partner_id', '=', acting.id)
      : acting.account_type === 'reseller'
        ? eb('reseller_id', '=', acting.id)
        : eb('organization_id', '=', acting.id);
  return eb.and([eb('account_type', '=', type), eb('deleted_at', 'is', null), eb('id', '!=', acting.id), under]);
}

/** One page of accounts matching `where`, newest first, and how many match in all. */
export async function listPage(
  db: DbOrTx,
  where: (eb: ExpressionBuilder<Database, 'accounts'>) => ReturnType<ExpressionBuilder<Database, 'accounts'>['and']>,
  p: { page: number; pageSize: number; pagination: boolean },
): Promise<{ rows: AccountRow[]; total: number }> {
  const total = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const rows = await pageOf(
    db.selectFrom('accounts').selectAll().where(where).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    p,
  ).execute();
  return { rows, total: Number(total.n) };
}
