import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import { toJson } from '../../platform/db/columns.ts';
import { compiledQuery, compiledRead } from '../../platform/db/compiled.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable, WebhookOutboxTable } from './tables.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export const endpointsRepository = {
  list(db: DbOrTx, accountId: number): Promise<EndpointRow[]> {
    return db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  },

  get(db: DbOrTx, accountId: number, id: number): Promise<EndpointRow | undefined> {
    return db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },

  byId(db: DbOrTx, id: number): Promise<EndpointRow | undefined> {
    return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Active endpoints of these accounts (an event's organization and agent). */
  activeFor(db: DbOrTx, accountIds: number[]): Promise<EndpointRow[]> {
    return db.selectFrom('webhook_endpoints').selectAll().where('account_id', 'in', accountIds).where('active', '=', 1).execute();
  },

  async insert(db: DbOrTx, v: { accountId: number; url: string; description: string; events: string[]; secret: string }, now: number) {
    const row = await db
      .insertInto('webhook_endpoints')
      .values({
        account_id: v.accountId,
        url: v.url,
        description: v.description,
        events: toJson(v.events),
        secret: v.secret,
        active: 1,
        failed_in_a_row: 0,
        paused_reason: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  },

  async setActive(db: DbOrTx, id: number, active: boolean, pausedReason: string | null) {
    await db
      .updateTable('webhook_endpoints')
      .set({ active: active ? 1 : 0, paused_reason: pausedReason, ...(active ? { failed_in_a_row: 0 } : {}), updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  },

  /** Counts a delivery that failed for good; returns the new count. */
  async failedOnce(db: DbOrTx, id: number): Promise<number> {
    const row = await db
      .updateTable('webhook_endpoints')
      .set((eb) => ({ failed_in_a_row: eb('failed_in_a_row', '+', 1) }))
      .where('id', '=', id)
      .returning('failed_in_a_row')
      .executeTakeFirst();
    return row?.failed_in_a_row ?? 0;
  },

  async succeeded(db: DbOrTx, id: number) {
    await db.updateTable('webhook_endpoints').set({ failed_in_a_row: 0 }).where('id', '=', id).where('failed_in_a_row', '>', 0).execute();
  },

  async remove(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
    const r = await db.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    return true;
  },
};

const deliveryWithEndpoint = compiledRead((db, id) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select([
      'e.id as ep_id',
      'e.url as ep_url',
      'e.secret as ep_secret',
      'e.active as ep_active',
      'e.failed_in_a_row as ep_failed_in_a_row',
      'e.account_id as ep_account_id',
    ])
    .where('d.id', '=', id as number),
);

/** An attempt's record, compiled once: every delivery writes it. */
const recordAttempt = compiledQuery<unknown, [string, number, number | null, string | null, number, number, number | null, number]>(
  8,
  (db, status, attempts, responseStatus, error, durationMs, at, deliveredAt, id) =>
    db
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempts,
        response_status: responseStatus,
        last_error: error,
        duration_ms: durationMs,
        updated_at: at,
        delivered_at: sql`coalesce(${deliveredAt}, delivered_at)`,
      })
      .where('id', '=', id),
);

/** An attempt's outcome, as recorded on its delivery. */
export interface Attempt {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  at: number;
}

/** `recordAttempt`'s values: the error bounded, and the delivery time when delivered. */
function attemptValues(id: number, v: Attempt): [string, number, number | null, string | null, number, number, number | null, number] {
  return [
    v.status,
    v.attempts,
    v.responseStatus,
    v.error?.slice(0, 500) ?? null,
    v.durationMs,
    v.at,
    v.status === 'delivered' ? v.at : null,
    id,
  ];
}

export const deliveriesRepository = {
  /** undefined when this endpoint already has this event. */
  insert(db: DbOrTx, v: { endpointId: number; accountId: number; eventId: string; eventType: string; payload: unknown }, now: number) {
    return db
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: v.endpointId,
        account_id: v.accountId,
        event_id: v.eventId,
        event_type: v.eventType,
        payload: toJson(v.payload),
        status: 'pending',
        attempts: 0,
        response_status: null,
        last_error: null,
        duration_ms: null,
        created_at: now,
        updated_at: now,
        delivered_at: null,
      })
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  },

  get(db: DbOrTx, id: number): Promise<DeliveryRow | undefined> {
    return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A delivery and its endpoint in one read (a send needs both); undefined when either is gone. */
  async withEndpoint(db: DbOrTx, id: number): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
    const [row] = (await deliveryWithEndpoint(db, id)) as (DeliveryRow & {
      ep_id: number;
      ep_url: string;
      ep_secret: string;
      ep_active: number;
      ep_failed_in_a_row: number;
      ep_account_id: number;
    })[];
    if (!row) return undefined;
    const { ep_id, ep_url, ep_secret, ep_active, ep_failed_in_a_row, ep_account_id, ...delivery } = row;
    return {
      delivery,
      endpoint: {
        id: ep_id,
        url: ep_url,
        secret: ep_secret,
        active: ep_active,
        failed_in_a_row: ep_failed_in_a_row,
        account_id: ep_account_id,
      } as EndpointRow,
    };
  },

  recent(db: DbOrTx, endpointId: number, limit = 50): Promise<DeliveryRow[]> {
    return db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Records an attempt: its outcome, answer and time (and when delivered, that time). */
  async attempted(db: DbOrTx, id: number, v: Attempt) {
    await recordAttempt(db, ...attemptValues(id, v));
  },

  /** The same record as a statement bound and not run (a batch of records runs together: `runAllOnSqlite`). */
  attemptedStatement(db: DbOrTx, id: number, v: Attempt) {
    return recordAttempt.bound(db, ...attemptValues(id, v));
  },

  async requeue(db: DbOrTx, id: number, at: number) {
    await db.updateTable('webhook_deliveries').set({ status: 'pending', updated_at: at }).where('id', '=', id).execute();
  },
};

export const cursorRepository = {
  /** The cursor, locked for this transaction (PostgreSQL: FOR UPDATE; SQLite has one writer). */
  async lock(trx: DbOrTx, postgres: boolean): Promise<number> {
    await trx
      .insertInto('webhook_cursor')
      .values({ name: 'events', value: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    let q = trx.selectFrom('webhook_cursor').select('value').where('name', '=', 'events');
    if (postgres) q = q.forUpdate();
    return Number((await q.executeTakeFirstOrThrow()).value);
  },

  /** The platform's events after the cursor, oldest first (the scan turns the subscribed ones into deliveries). */
  eventsAfter(trx: DbOrTx, cursor: number, limit: number) {
    return trx
      .selectFrom('events')
      .select(['id', 'type', 'account_id', 'agent_id', 'payload', 'created_at'])
      .where('id', '>', cursor)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  async set(trx: DbOrTx, value: number) {
    await trx.updateTable('webhook_cursor').set({ value }).where('name', '=', 'events').execute();
  },
};

/** The webhook outbox: events emitted by other modules, waiting to become deliveries. */
export const outboxRepository = {
  /** Queues an event once per key (a repeated key adds nothing). */
  async add(db: DbOrTx, row: Insertable<WebhookOutboxTable>): Promise<void> {
    await db
      .insertInto('webhook_outbox')
      .values(row)
      .onConflict((oc) => oc.column('event_key').doNothing())
      .execute();
  },
  waiting(db: DbOrTx, limit: number, lock: boolean) {
    let q = db
      .selectFrom('webhook_outbox')
      .select(['id', 'type', 'account_id', 'agent_id', 'payload', 'created_at'])
      .where('dispatched_at', 'is', null)
      .orderBy('id')
      .limit(limit);
    if (lock) q = q.forUpdate().skipLocked();
    return q.execute();
  },
  /** Dispatched rows are kept a week (what was sent is in the deliveries), then deleted. */
  async prune(db: DbOrTx, before: number): Promise<void> {
    await db.deleteFrom('webhook_outbox').where('dispatched_at', '<', before).execute();
  },
  async dispatched(db: DbOrTx, ids: number[], at: number): Promise<void> {
    if (ids.length) await db.updateTable('webhook_outbox').set({ dispatched_at: at }).where('id', 'in', ids).execute();
  },
};
