import type { Attachment, Reaction } from '@switchboard/core/contracts/conversations';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import type { DbOrTx, Tx } from '../../db.ts';
import {
  blockedAmong,
  clearNeedsPerson,
  insertMessage,
  roomById,
  roomByIdForUpdate,
  roomByRoomId,
  updateRoom,
  updateRoomInPlace,
  upsertActivity,
  upsertRead,
} from './repository/compiled.ts';
import { pageOf } from '../../platform/db/paginate.ts';
import type { ActivityTable, DestinationsTable, MessagesTable, RoomParticipantsTable, RoomsTable } from './tables.ts';

export type RoomRow = Selectable<RoomsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type ActivityRow = Selectable<ActivityTable>;
export type DestinationRow = Selectable<DestinationsTable>;

export type { Attachment, Reaction };

/** Who owns an inbox: an organization, or one agent of it. */
export interface InboxOwner {
  orgId: number;
  agentId: number | null;
}

export interface ListQuery {
  owner: InboxOwner;
  type: 'priority' | 'agent';
  status: 'open' | 'closed' | 'archived';
  userId: number;
  unreadOnly: boolean;
  page: number;
  pageSize: number;
}

/** The unread-only list counts its total up to this many conversations. */
export const UNREAD_COUNT_CAP = 1000;

export const roomsRepository = {
  /** An organization's conversations with any of these addresses, newest first (a contact's activity). */
  async withAddresses(db: DbOrTx, orgId: number, addresses: readonly string[], limit = 50) {
    if (!addresses.length) return [];
    return db
      .selectFrom('rooms')
      .select(['room_id', 'channel', 'contact_address', 'last_message_at'])
      .where('account_id', '=', orgId)
      .where('contact_address', 'in', [...addresses])
      .orderBy('last_message_at', 'desc')
      .limit(limit)
      .execute();
  },

  async insert(db: DbOrTx, values: Insertable<RoomsTable>): Promise<RoomRow> {
    return db.insertInto('rooms').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async addParticipants(db: DbOrTx, rows: Insertable<RoomParticipantsTable>[]): Promise<void> {
    await db
      .insertInto('room_participants')
      .values(rows)
      .onConflict((oc) => oc.columns(['room_pk', 'address']).doNothing())
      .execute();
  },

  /** The room as it is now, locked for the rest of the transaction on PostgreSQL (SQLite writes one at a time). */
  async lockById(trx: Tx, id: number, forUpdate: boolean): Promise<RoomRow> {
    const [room] = await (forUpdate ? roomByIdForUpdate : roomById)(trx, id);
    if (!room) throw new Error(`room ${id} not found`);
    return room;
  },

  async update(db: DbOrTx, id: number, patch: Updateable<RoomsTable>): Promise<RoomRow> {
    const [room] = await updateRoom(db, patch, id);
    if (!room) throw new Error(`room ${id} not found`);
    return room;
  },

  /**
   * Moves the room's fields in `patch` while its status and inbox are already `status` and `inboxType`
   * (null: whichever): undefined, and nothing written, when either differs (or there is no such room).
   */
  async updateInPlace(db: DbOrTx, id: number, patch: Updateable<RoomsTable>, status: string | null, inboxType: string | null) {
    return (await updateRoomInPlace(db, patch, id, status, inboxType))[0];
  },

  async byContactAddress(db: DbOrTx, orgId: number, address: string): Promise<RoomRow[]> {
    return db.selectFrom('rooms').selectAll().where('account_id', '=', orgId).where('contact_address', '=', address).execute();
  },

  byRoomIds: (db: DbOrTx, roomIds: string[]) =>
    roomIds.length ? db.selectFrom('rooms').select(['room_id', 'rating']).where('room_id', 'in', roomIds).execute() : Promise.resolve([]),

  async byRoomId(db: DbOrTx, roomId: string): Promise<RoomRow | undefined> {
    return (await roomByRoomId(db, roomId))[0];
  },

  async byId(db: DbOrTx, id: number): Promise<RoomRow | undefined> {
    return (await roomById(db, id))[0];
  },

  /** Stores the analysis of the state `key` names (a close, or going idle), unless it is analyzed already (undefined then). */
  async setAnalysis(db: DbOrTx, id: number, key: string, analysis: string): Promise<RoomRow | undefined> {
    return db
      .updateTable('rooms')
      .set({ analysis, analysis_key: key })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('analysis_key', 'is', null), eb('analysis_key', '<>', key)]))
      .returningAll()
      .executeTakeFirst();
  },

  async findChat(db: DbOrTx, owner: InboxOwner, contactAccountId: number): Promise<RoomRow | undefined> {
    return db
      .selectFrom('rooms')
      .selectAll()
      .where('account_id', '=', owner.orgId)
      .where('channel', '=', 'chat')
      .where('is_group', '=', 0)
      .where('contact_account_id', '=', contactAccountId)
      .where('agent_id', owner.agentId == null ? 'is' : '=', owner.agentId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  async findByAddress(db: DbOrTx, orgId: number, channel: 'chat' | 'sms', address: string): Promise<RoomRow | undefined> {
    return db
      .selectFrom('rooms')
      .selectAll()
      .where('account_id', '=', orgId)
      .where('channel', '=', channel)
      .where('is_group', '=', 0)
      .where('contact_address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /**
   * One page of an inbox, newest first: an index walk over (account, type, status, last message time)
   * with the caller's read state joined in. Related rows are loaded by the caller in batches.
   */
  async list(db: DbOrTx, q: ListQuery, knownTotal?: number): Promise<{ rows: (RoomRow & { last_read: number | null })[]; total: number }> {
    let scoped = db
      .selectFrom('rooms')
      .where('rooms.account_id', '=', q.owner.orgId)
      .where('rooms.inbox_type', '=', q.type)
      .where('rooms.status', '=', q.status);
    if (q.owner.agentId != null) scoped = scoped.where('rooms.agent_id', '=', q.owner.agentId);
    let base = scoped.leftJoin('room_reads', (j) => j.onRef('room_reads.room_pk', '=', 'rooms.id').on('room_reads.user_id', '=', q.userId));
    if (q.unreadOnly) {
      base = base.where(sql<boolean>`rooms.last_inbound_message_id > coalesce(room_reads.last_read_message_id, 0)`);
    }
    const rows = await pageOf(
      base
        .selectAll('rooms')
        .select('room_reads.last_read_message_id as last_read')
        .orderBy('rooms.last_message_at', 'desc')
        .orderBy('rooms.id', 'desc'),
      q,
    ).execute();
    // The total is an index-only count; with the unread filter it needs the read state of every room,
    // so it counts up to UNREAD_COUNT_CAP (enough to page through, bounded in cost).
    if (knownTotal != null) return { rows, total: knownTotal };
    const count = q.unreadOnly
      ? await db
          .selectFrom(base.select('rooms.id').limit(UNREAD_COUNT_CAP).as('u'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      : await scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { rows, total: Number(count?.n ?? 0) };
  },

  async listForAgent(db: DbOrTx, orgId: number, agentId: number, userId: number, page: number, pageSize: number) {
    const base = db
      .selectFrom('rooms')
      .leftJoin('room_reads', (j) => j.onRef('room_reads.room_pk', '=', 'rooms.id').on('room_reads.user_id', '=', userId))
      .where('rooms.account_id', '=', orgId)
      .where('rooms.agent_id', '=', agentId);
    const [rows, count] = await Promise.all([
      pageOf(
        base
          .selectAll('rooms')
          .select('room_reads.last_read_message_id as last_read')
          .orderBy('rooms.last_message_at', 'desc')
          .orderBy('rooms.id', 'desc'),
        { page, pageSize },
      ).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  async lastRead(db: DbOrTx, roomPk: number, userId: number): Promise<number | null> {
    const r = await db
      .selectFrom('room_reads')
      .select('last_read_message_id')
      .where('room_pk', '=', roomPk)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r?.last_read_message_id ?? null;
  },

  /** The reader's last read message in each of these rooms. */
  async readsOf(db: DbOrTx, userId: number, roomPks: number[]): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('room_reads')
      .select(['room_pk', 'last_read_message_id'])
      .where('user_id', '=', userId)
      .where('room_pk', 'in', roomPks.length ? roomPks : [0])
      .execute();
    return new Map(rows.map((r) => [r.room_pk, r.last_read_message_id]));
  },

  async setRead(db: DbOrTx, roomPk: number, userId: number, messageId: number): Promise<void> {
    await upsertRead(db, roomPk, userId, messageId, Date.now());
  },

  async participants(db: DbOrTx, roomPks: number[]) {
    if (roomPks.length === 0) return [];
    return db.selectFrom('room_participants').selectAll().where('room_pk', 'in', roomPks).orderBy('id').execute();
  },
};

export const messagesRepository = {
  /** Stores a message; undefined when its idempotency key is already taken. */
  async insert(db: DbOrTx, values: Insertable<MessagesTable>): Promise<MessageRow | undefined> {
    return (await insertMessage(db, values))[0];
  },

  async update(db: DbOrTx, id: number, patch: Updateable<MessagesTable>): Promise<MessageRow> {
    return db.updateTable('messages').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  async byExternalId(db: DbOrTx, externalId: string): Promise<MessageRow | undefined> {
    return db.selectFrom('messages').selectAll().where('external_id', '=', externalId).executeTakeFirst();
  },

  async byIds(db: DbOrTx, ids: number[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
  },

  async byId(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
    return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async byKey(db: DbOrTx, key: string): Promise<MessageRow | undefined> {
    return db.selectFrom('messages').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  },

  /** A page of a room's history, newest first from `before` (exclusive). */
  async page(db: DbOrTx, roomPk: number, opts: { before?: number; limit: number; includeBlocked?: boolean }): Promise<MessageRow[]> {
    let q = db.selectFrom('messages').selectAll().where('room_pk', '=', roomPk);
    if (opts.before) q = q.where('id', '<', opts.before);
    if (opts.includeBlocked === false) q = q.where('blocked', '=', 0);
    return q.orderBy('id', 'desc').limit(opts.limit).execute();
  },

  /** The room's agent actions no longer need a person (a staff member answered there). */
  async clearNeedsPerson(db: DbOrTx, roomPk: number): Promise<void> {
    await clearNeedsPerson(db, roomPk);
  },

  /** Agent actions waiting for a person in an inbox, newest first, with their room. */
  async needingPerson(db: DbOrTx, owner: InboxOwner, limit: number) {
    let q = db
      .selectFrom('messages as m')
      .innerJoin('rooms as r', 'r.id', 'm.room_pk')
      .select(['m.id', 'm.body', 'm.event_kind', 'm.created_at', 'r.room_id', 'r.username', 'r.channel', 'r.inbox_type'])
      .where('m.account_id', '=', owner.orgId)
      .where('m.needs_person', '=', sql.lit(1));
    if (owner.agentId != null) q = q.where('r.agent_id', '=', owner.agentId);
    return q.orderBy('m.id', 'desc').limit(limit).execute();
  },

  reactions(row: MessageRow): Reaction[] {
    return fromJson<Reaction[]>(row.reactions, []);
  },

  async setReactions(db: DbOrTx, id: number, reactions: Reaction[]): Promise<void> {
    await db
      .updateTable('messages')
      .set({ reactions: toJson(reactions), updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  },
};

export const activityRepository = {
  async upsert(
    db: DbOrTx,
    a: { accountId: number; type: 'priority' | 'agent'; room: RoomRow; username: string; lastMessage: string },
  ): Promise<void> {
    const now = Date.now();
    const lastMessage = a.lastMessage.slice(0, 300);
    await upsertActivity(db, {
      account_id: a.accountId,
      inbox_type: a.type,
      room_pk: a.room.id,
      room_id: a.room.room_id,
      username: a.username,
      last_message: lastMessage,
      count: 1,
      created_at: now,
      updated_at: now,
    });
  },

  async list(db: DbOrTx, accountId: number, type: 'priority' | 'agent'): Promise<ActivityRow[]> {
    return db
      .selectFrom('activity')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('inbox_type', '=', type)
      .orderBy('updated_at', 'desc')
      .limit(200)
      .execute();
  },

  async clear(
    db: DbOrTx,
    accountId: number,
    type: 'priority' | 'agent',
    by: { username?: string; roomPk?: number; all?: boolean },
  ): Promise<number> {
    let q = db.deleteFrom('activity').where('account_id', '=', accountId).where('inbox_type', '=', type);
    if (!by.all) {
      if (by.username != null) q = q.where('username', '=', by.username);
      else if (by.roomPk != null) q = q.where('room_pk', '=', by.roomPk);
      else return 0;
    }
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  },
};

export const blocksRepository = {
  async isBlocked(db: DbOrTx, accountId: number, addresses: string[]): Promise<boolean> {
    const list = addresses.filter(Boolean).map((a) => a.toLowerCase());
    if (list.length === 0) return false;
    if (list.length <= 2) return (await blockedAmong[list.length - 1]!(db, accountId, ...list)).length > 0;
    const row = await db
      .selectFrom('blocks')
      .select('id')
      .where('account_id', '=', accountId)
      .where('address', 'in', list)
      .executeTakeFirst();
    return row != null;
  },

  async block(db: DbOrTx, accountId: number, address: string, by: number): Promise<void> {
    await db
      .insertInto('blocks')
      .values({ account_id: accountId, address: address.toLowerCase(), created_by: by, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['account_id', 'address']).doNothing())
      .execute();
  },

  async unblock(db: DbOrTx, accountId: number, address: string): Promise<void> {
    await db.deleteFrom('blocks').where('account_id', '=', accountId).where('address', '=', address.toLowerCase()).execute();
  },
};

/** Phone numbers and e-mail addresses an organization made contactable under a generated username. */
export const destinationsRepository = {
  async byAddress(db: DbOrTx, orgId: number, address: string): Promise<DestinationRow | undefined> {
    return db.selectFrom('destinations').selectAll().where('account_id', '=', orgId).where('address', '=', address).executeTakeFirst();
  },

  async byUsername(db: DbOrTx, orgId: number, username: string): Promise<DestinationRow | undefined> {
    return db.selectFrom('destinations').selectAll().where('username', '=', username).where('account_id', '=', orgId).executeTakeFirst();
  },

  async insert(db: DbOrTx, values: Insertable<DestinationsTable>): Promise<DestinationRow> {
    return db.insertInto('destinations').values(values).returningAll().executeTakeFirstOrThrow();
  },
};
