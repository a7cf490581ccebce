import { displayName, type Account, type AccountListItem, type AccountType } from '@switchboard/core';
import { sql, type Selectable } from 'kysely';
import { fromJson, isSet, toJson } from '../../db/columns.ts';
import type { DbOrTx } from '../../db/index.ts';
import type { AccountsTable } from '../../db/schema.ts';

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

export const accountsRepository = {
  async findById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
    return db.selectFrom('accounts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
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
  if (!(await accountsRepository.usernameTaken(db, base))) return base;
  const rows = await db
    .selectFrom('accounts')
    .select('username')
    .where('username', 'like', `${base}-%`)
    .execute();
  const used = new Set(rows.map((r) => r.username));
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function toAccount(row: AccountRow, superAdmin = false): Account {
  const details = fromJson<Record<string, unknown>>(row.details, {});
  const base = {
    accountType: row.account_type as AccountType,
    details,
    name: row.name,
    accountName: row.account_name,
    username: row.username,
  };
  return {
    id: row.id,
    username: row.username,
    accountType: row.account_type as AccountType,
    partnerId: row.partner_id,
    resellerId: row.reseller_id,
    organizationId: row.organization_id,
    email: row.email,
    phoneNumber: row.phone_number,
    phoneNumberVerified: isSet(row.phone_number_verified),
    emailVerified: isSet(row.email_verified),
    timestamp: Number(row.created_at),
    superAdmin,
    tempUser: isSet(row.temp_user),
    disabled: row.disabled_at != null,
    vidaPhoneNumber: row.vida_phone_number,
    vidaPremium: isSet(row.vida_premium),
    smsEnabled: isSet(row.sms_enabled),
    tier1Partner: isSet(row.tier1_partner),
    tier2Partner: isSet(row.tier2_partner),
    tier3Partner: isSet(row.tier3_partner),
    name: row.name,
    accountName: row.account_name,
    displayName: displayName(base),
    profileImage: row.profile_image,
    socialLinks: fromJson(row.social_links, []),
    socialLinksPosition: row.social_links_position === 'top' ? 'top' : 'bottom',
    links: fromJson(row.links, []),
    linksConfig: fromJson(row.links_config, {}),
    settings: fromJson(row.settings, {}),
    details,
  };
}

export function toListItem(row: AccountRow): AccountListItem {
  const details = fromJson<Record<string, unknown>>(row.details, {});
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: row.id,
    username: row.username,
    type: row.account_type as AccountType,
    accountName: row.account_name,
    displayName: displayName({ accountType: row.account_type, details, name: row.name, accountName: row.account_name, username: row.username }),
    orgName: str(details.orgName) ?? (row.account_type === 'organization' ? row.account_name : null),
    resellerName: str(details.resellerName) ?? (row.account_type === 'reseller' ? row.account_name : null),
    organizationId: row.organization_id,
    resellerId: row.reseller_id,
    partnerId: row.partner_id,
    email: row.email,
    subscription:
      row.product_plan_id != null
        ? { productPlanId: row.product_plan_id, term: row.product_plan_term, canceledAt: row.canceled_at }
        : null,
    active: row.disabled_at == null,
    timestamp: Number(row.created_at),
    image: row.profile_image ?? str(details.image),
  };
}

/** Case-insensitive "contains" on either database. */
export function ilike(column: string, phrase: string) {
  const escaped = phrase.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}
