import type { InboxEvent as InboxEventContract, InboxEventType } from '@switchboard/core/contracts/conversations';
import { sql } from 'kysely';
import { fromJson, toJson } from '../db/columns.ts';
import { compiledQuery } from '../db/compiled.ts';
import type { Db, DbOrTx } from '../db/index.ts';

/** The realtime event types of the live inbox; each one's payload is core's `inboxEvent` contract. */
export type EventType = InboxEventType;

export interface InboxEvent {
  id: number;
  type: EventType;
  /** The organization whose inbox the event belongs to. */
  accountId: number;
  /** The agent the conversation is with, when it is one agent's. */
  agentId: number | null;
  /** The visitor account on the other side of a chat, who sees the events of their own conversation. */
  contactAccountId: number | null;
  payload: Record<string, unknown>;
  createdAt: number;
}

export type NewEvent = Omit<InboxEvent, 'id' | 'createdAt'>;

type Emitted<E> = E extends InboxEventContract ? Omit<E, 'id' | 'createdAt'> : never;
/** What a module emits: core's event (its payload typed by its type), without the id and time the log gives it. */
export type EmittedEvent = Emitted<InboxEventContract>;

/**
 * Appends an event to the durable log. Ids come from one counter row updated in the same transaction,
 * so the row lock makes events commit in id order: once a client has seen event n, every event below n
 * is already committed, and resuming with `since=n` misses nothing.
 */
export async function appendEvent(trx: DbOrTx, e: NewEvent): Promise<InboxEvent> {
  const seq = await trx
    .updateTable('event_seq')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'events')
    .returning('value')
    .executeTakeFirstOrThrow();
  const event: InboxEvent = { ...e, id: Number(seq.value), createdAt: Date.now() };
  await trx
    .insertInto('events')
    .values({
      id: event.id,
      account_id: e.accountId,
      agent_id: e.agentId,
      contact_account_id: e.contactAccountId,
      type: e.type,
      payload: toJson(e.payload),
      created_at: event.createdAt,
    })
    .execute();
  return event;
}

/** Every write with events runs these two (each sent message): built and compiled once (db/compiled.ts). */
const bumpSeq = compiledQuery<{ value: number }, [number]>(1, (db, n) =>
  db
    .updateTable('event_seq')
    .set({ value: sql`value + ${n}` })
    .where('name', '=', 'events')
    .returning('value'),
);
const EVENT_COLUMNS = 7;
/** The insert of n events, compiled per n up to this many. */
const COMPILED_BATCH = 8;
const insertEvents = Array.from({ length: COMPILED_BATCH + 1 }, (_, n) =>
  compiledQuery<never, unknown[]>(n * EVENT_COLUMNS, (db, ...v) =>
    db.insertInto('events').values(
      Array.from({ length: n }, (_, i) => {
        const [id, account_id, agent_id, contact_account_id, type, payload, created_at] = v.slice(i * EVENT_COLUMNS);
        return { id, account_id, agent_id, contact_account_id, type, payload, created_at };
      }),
    ),
  ),
);

/** Appends several events with one counter bump and one insert (of up to COMPILED_BATCH; same ordering guarantee). */
export async function appendEvents(trx: DbOrTx, list: NewEvent[]): Promise<InboxEvent[]> {
  if (list.length === 0) return [];
  const [seq] = await bumpSeq(trx, list.length);
  if (!seq) throw new Error('the event counter row is missing');
  const first = Number(seq.value) - list.length + 1;
  const createdAt = Date.now();
  const events = list.map((e, i) => ({ ...e, id: first + i, createdAt }));
  const values = events.flatMap((e) => [e.id, e.accountId, e.agentId, e.contactAccountId, e.type, toJson(e.payload), createdAt]);
  // A larger batch (rare) goes in inserts of COMPILED_BATCH events, in order, in the same transaction.
  for (let i = 0; i < values.length; i += COMPILED_BATCH * EVENT_COLUMNS) {
    const part = values.slice(i, i + COMPILED_BATCH * EVENT_COLUMNS);
    await insertEvents[part.length / EVENT_COLUMNS]!(trx, ...part);
  }
  return events;
}

/** Who a subscriber is: the inboxes they watch (as staff) and their own chats (as a visitor). */
export interface EventScope {
  accountIds: number[];
  /** Staff acting as an agent see that agent's conversations only. */
  agentId: number | null;
  /** The signed-in person, as the visitor of their own chats. */
  userId: number;
}

/** Events a visitor may see of their own conversation. */
const VISITOR_TYPES = new Set<EventType>(['message.created', 'message.updated', 'conversation.updated', 'conversation.closed', 'typing']);

export function inScope(scope: EventScope, e: Pick<InboxEvent, 'accountId' | 'agentId' | 'contactAccountId' | 'type'>): boolean {
  return viewOf(scope, e) != null;
}

/** How a scope sees an event: as the inbox's staff, as the visitor of the conversation, or not at all. */
export function viewOf(
  scope: EventScope,
  e: Pick<InboxEvent, 'accountId' | 'agentId' | 'contactAccountId' | 'type'>,
): 'staff' | 'visitor' | null {
  if (scope.accountIds.includes(e.accountId) && (scope.agentId == null || e.agentId === scope.agentId)) return 'staff';
  return e.contactAccountId === scope.userId && VISITOR_TYPES.has(e.type) ? 'visitor' : null;
}

/**
 * Fields of an event's payload (and of its `room`) that only the inbox's staff see: which inbox tab a
 * conversation is in, the AI switch, the rating, staff read state. A visitor's copy leaves them out.
 */
const STAFF_ONLY = ['inboxType', 'agentId', 'aiAgentEnabled', 'rating', 'unread', 'moved'];

function withoutStaffOnly(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !STAFF_ONLY.includes(k)));
}

/** The copy of an event a scope receives (null: none). */
export function eventFor(scope: EventScope, e: InboxEvent): InboxEvent | null {
  const view = viewOf(scope, e);
  if (view !== 'visitor') return view ? e : null;
  const payload = withoutStaffOnly(e.payload) as Record<string, unknown>;
  for (const key of ['room', 'message']) if (key in payload) payload[key] = withoutStaffOnly(payload[key]);
  return { ...e, agentId: null, payload };
}

/** The events after `since` that a scope may see, in order. */
export async function eventsSince(db: Db, scope: EventScope, since: number, limit = 500): Promise<InboxEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '>', since)
    .where((eb) => {
      const staff =
        scope.accountIds.length > 0
          ? scope.agentId != null
            ? eb.and([eb('account_id', 'in', scope.accountIds), eb('agent_id', '=', scope.agentId)])
            : eb('account_id', 'in', scope.accountIds)
          : null;
      const visitor = eb.and([eb('contact_account_id', '=', scope.userId), eb('type', 'in', [...VISITOR_TYPES])]);
      return staff ? eb.or([staff, visitor]) : visitor;
    })
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type as EventType,
    accountId: r.account_id,
    agentId: r.agent_id,
    contactAccountId: r.contact_account_id,
    payload: fromJson(r.payload, {}),
    createdAt: Number(r.created_at),
  }));
}
