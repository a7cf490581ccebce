import { sql, type Kysely } from 'kysely';
import type { Database, Db, DbOrTx } from '../../../db.ts';
import { compiledRead } from '../../../platform/db/compiled.ts';

/**
 * Campaign figures are grouped in SQL by quarter hour and put on the organization's local date in code:
 * every time zone's offset is a whole number of quarter hours, so each slot falls on one local date,
 * also on a daylight-saving day.
 */
export const SLOT_MS = 15 * 60_000;

/** The time zone of an account's organization (read for every usage count: built and compiled once). */
const timezoneOfAccount = compiledRead<{ timezone: string | null }>((db, accountId) =>
  (db as Kysely<Database>)
    .selectFrom('accounts as a')
    .innerJoin('schedules as s', (j) => j.on((eb) => eb('s.account_id', '=', eb.fn.coalesce('a.organization_id', 'a.id'))))
    .select('s.timezone')
    .where('a.id', '=', accountId as number),
);

export interface UsageRow {
  organizationId: number;
  item: string;
  date: string;
  quantity: number;
}

export interface CampaignDayRow {
  /** The quarter hour (instant / SLOT_MS). */
  slot: number;
  agentId: number | null;
  orgId: number;
  n: number;
}

/**
 * Stats' read model of other modules' tables, declared as such: reports are scoped by the account tree
 * (`accounts`: the organizations under a partner or reseller, the agents of an organization), by agent
 * configurations (`campaigns`, agents module) and counted on the organization's local date (`schedules`,
 * calendar module: the time zone of its business hours). These are narrow, read-only lookups made for
 * every report and usage count; going through those modules' services would add round trips and
 * module imports (calendar and agents sit above stats), so they are read here directly.
 */
export const statsReadModel = {
  /** An account's names (deleted or not). */
  account(db: DbOrTx, id: number) {
    return db.selectFrom('accounts').select(['id', 'account_name', 'name', 'username']).where('id', '=', id).executeTakeFirst();
  },
  /** The live organizations under a partner or reseller, by id. */
  organizationsUnder(db: DbOrTx, by: 'partner_id' | 'reseller_id', accountId: number) {
    return db
      .selectFrom('accounts')
      .select(['id', 'account_name', 'name', 'username'])
      .where(by, '=', accountId)
      .where('account_type', '=', 'organization')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
  },
  /** The live agents among `ids` that belong to one of these organizations (only `onlyId` when given). */
  agentsOf(db: DbOrTx, ids: number[], orgIds: number[], onlyId: number | null) {
    let q = db
      .selectFrom('accounts')
      .select(['id', 'organization_id'])
      .where('id', 'in', ids)
      .where('account_type', '=', 'agent')
      .where('organization_id', 'in', orgIds)
      .where('deleted_at', 'is', null);
    if (onlyId != null) q = q.where('id', '=', onlyId);
    return q.execute();
  },
  /** Campaigns by id, with the account each belongs to. */
  campaignOwners(db: DbOrTx, ids: number[]) {
    return db.selectFrom('campaigns').select(['id', 'account_id']).where('id', 'in', ids).execute();
  },
  /** The time zone of the business hours of an account's organization (the account itself or its organization). */
  async organizationTimezone(db: DbOrTx, accountId: number): Promise<string | null | undefined> {
    return (await timezoneOfAccount(db, accountId))[0]?.timezone;
  },
  /** The business-hours time zones of some organizations (those with a schedule). */
  timezones(db: DbOrTx, organizationIds: number[]) {
    return db.selectFrom('schedules').select(['account_id', 'timezone']).where('account_id', 'in', organizationIds).execute();
  },
};

/**
 * The reports (spec §7 Stats), a read model declared as such: reporting over other modules' rows, read-only.
 * Tables read: `usage_daily` (stats' own) with `accounts` (accounts module: agents merge into their
 * organization), `rooms` and `messages` (conversations: conversations, messages and ratings per agent and
 * day), `calls` (calls: calls and minutes per agent and day) and `campaigns` (agents: an agent's
 * campaign). Stats sits below conversations, calls and agents in the module graph, and a report sums
 * thousands of rows in SQL, so these are aggregate queries here, not calls into those modules.
 */
export const statsReports = {
  /**
   * Usage of the organizations (their own rows and their agents'), optionally of one agent, between two
   * dates inclusive; by day, or already summed by month (dated the 1st) so a year across many
   * organizations reads few rows.
   */
  async usage(
    db: Db,
    orgIds: number[],
    range: { start: string; end: string },
    agentId: number | null,
    byMonth = false,
  ): Promise<UsageRow[]> {
    if (orgIds.length === 0) return [];
    // The accounts first (the organizations and their agents), then their counters straight off the
    // primary key (account_id, date, item): by day the rows are already unique, so no GROUP BY and no
    // temporary b-tree; by month only the month's days are summed. Accounts merge into organizations here.
    let accounts = db.selectFrom('accounts').select(['id', 'organization_id']).where('organization_id', 'in', orgIds);
    if (agentId != null) accounts = accounts.where('id', '=', agentId);
    const orgOf = new Map((await accounts.execute()).map((a) => [a.id, a.organization_id!]));
    if (orgOf.size === 0) return [];
    const base = db
      .selectFrom('usage_daily as u')
      .where('u.account_id', 'in', [...orgOf.keys()])
      .where('u.date', '>=', range.start)
      .where('u.date', '<=', range.end);
    const rows = byMonth
      ? await base
          .select((eb) => [
            'u.account_id',
            'u.item',
            sql<string>`substr(u.date, 1, 7) || '-01'`.as('date'),
            eb.fn.sum<string | number>('u.quantity').as('quantity'),
          ])
          .groupBy(['u.account_id', 'u.item', sql`substr(u.date, 1, 7)`])
          .execute()
      : await base.select(['u.account_id', 'u.item', 'u.date', 'u.quantity']).execute();
    return rows.map((r) => ({ organizationId: orgOf.get(r.account_id)!, item: r.item, date: r.date, quantity: Number(r.quantity) }));
  },

  /** Conversations started per quarter hour and agent (null: the organization's own inbox). */
  async conversations(db: Db, orgIds: number[], from: number, to: number, agentIds: (number | null)[] | null): Promise<CampaignDayRow[]> {
    const slot = sql<number>`floor(created_at / ${sql.lit(SLOT_MS)})`;
    let q = db
      .selectFrom('rooms')
      .select((eb) => [slot.as('slot'), 'agent_id', 'account_id', eb.fn.countAll<string | number>().as('n')])
      .where('account_id', 'in', orgIds)
      .where('created_at', '>=', from)
      .where('created_at', '<', to);
    q = q.where((eb) => agentFilter(eb, 'agent_id', agentIds));
    const rows = await q.groupBy([slot, 'agent_id', 'account_id']).execute();
    return rows.map((r) => ({ slot: Number(r.slot), agentId: r.agent_id, orgId: r.account_id, n: Number(r.n) }));
  },

  /** Messages per quarter hour, agent and kind: in, out (a person or the agent), and the agent's recorded actions. */
  async messages(db: Db, orgIds: number[], from: number, to: number, agentIds: (number | null)[] | null) {
    const slot = sql<number>`floor(m.created_at / ${sql.lit(SLOT_MS)})`;
    let q = db
      .selectFrom('messages as m')
      .innerJoin('rooms as r', 'r.id', 'm.room_pk')
      .select((eb) => [
        slot.as('slot'),
        'r.agent_id',
        'r.account_id',
        'm.direction',
        'm.sender_kind',
        'm.event_kind',
        eb.fn.countAll<string | number>().as('n'),
      ])
      .where('m.account_id', 'in', orgIds)
      .where('m.created_at', '>=', from)
      .where('m.created_at', '<', to)
      .where('m.blocked', '=', 0);
    q = q.where((eb) => agentFilter(eb, 'r.agent_id', agentIds));
    const rows = await q.groupBy([slot, 'r.agent_id', 'r.account_id', 'm.direction', 'm.sender_kind', 'm.event_kind']).execute();
    return rows.map((r) => ({
      slot: Number(r.slot),
      agentId: r.agent_id,
      orgId: r.account_id,
      direction: r.direction,
      senderKind: r.sender_kind,
      eventKind: r.event_kind,
      n: Number(r.n),
    }));
  },

  /** Ratings of conversations by the quarter hour of their last message (a rating carries no time of its own). */
  async ratings(db: Db, orgIds: number[], from: number, to: number, agentIds: (number | null)[] | null) {
    const slot = sql<number>`floor(last_message_at / ${sql.lit(SLOT_MS)})`;
    let q = db
      .selectFrom('rooms')
      .select((eb) => [
        slot.as('slot'),
        'agent_id',
        'account_id',
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.sum<string | number>('rating').as('total'),
      ])
      .where('account_id', 'in', orgIds)
      .where('rating', 'is not', null)
      .where('last_message_at', '>=', from)
      .where('last_message_at', '<', to);
    q = q.where((eb) => agentFilter(eb, 'agent_id', agentIds));
    const rows = await q.groupBy([slot, 'agent_id', 'account_id']).execute();
    return rows.map((r) => ({ slot: Number(r.slot), agentId: r.agent_id, orgId: r.account_id, n: Number(r.n), total: Number(r.total) }));
  },

  /**
   * Phone calls per quarter hour (of their start) and agent: placed or received, answered, the answered
   * calls' total length, and those the agent transferred. Browser test calls are not counted.
   */
  async calls(db: Db, orgIds: number[], from: number, to: number, agentIds: (number | null)[] | null) {
    const slot = sql<number>`floor(started_at / ${sql.lit(SLOT_MS)})`;
    let q = db
      .selectFrom('calls')
      .select((eb) => [
        slot.as('slot'),
        'agent_id',
        'account_id',
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.count<string | number>('answered_at').as('answered'),
        eb.fn
          .sum<string | number>(eb.case().when('answered_at', 'is not', null).then(eb.ref('duration_ms')).else(0).end())
          .as('answeredMs'),
        eb.fn.count<string | number>('transfer_to').as('transfers'),
      ])
      .where('account_id', 'in', orgIds)
      .where('direction', '!=', 'web')
      .where('started_at', '>=', from)
      .where('started_at', '<', to);
    q = q.where((eb) => agentFilter(eb, 'agent_id', agentIds));
    const rows = await q.groupBy([slot, 'agent_id', 'account_id']).execute();
    return rows.map((r) => ({
      slot: Number(r.slot),
      agentId: r.agent_id as number | null,
      orgId: r.account_id,
      n: Number(r.n),
      answered: Number(r.answered),
      answeredMs: Number(r.answeredMs ?? 0),
      transfers: Number(r.transfers),
    }));
  },

  /** Names of accounts and the id of their published campaign. */
  async agentsInfo(db: Db, accountIds: number[]) {
    if (accountIds.length === 0) return new Map<number, { name: string; campaignId: number | null }>();
    const accounts = await db
      .selectFrom('accounts')
      .select(['id', 'account_name', 'name', 'username'])
      .where('id', 'in', accountIds)
      .execute();
    const campaigns = await db
      .selectFrom('campaigns')
      .select(['id', 'account_id'])
      .where('account_id', 'in', accountIds)
      .where('copy', '=', 'default')
      .execute();
    const byAccount = new Map(campaigns.map((c) => [c.account_id, c.id]));
    return new Map(accounts.map((a) => [a.id, { name: a.account_name ?? a.name ?? a.username, campaignId: byAccount.get(a.id) ?? null }]));
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function agentFilter(eb: any, column: string, agentIds: (number | null)[] | null) {
  if (agentIds == null) return sql<boolean>`1 = 1`;
  const ids = agentIds.filter((a): a is number => a != null);
  const parts = [];
  if (ids.length > 0) parts.push(eb(column, 'in', ids));
  if (agentIds.includes(null)) parts.push(eb(column, 'is', null));
  return parts.length === 0 ? sql<boolean>`1 = 0` : eb.or(parts);
}
