import { sql, type Selectable } from 'kysely';
import { fromJson, toJson } from '../../db/columns.ts';
import type { DbOrTx } from '../../db/index.ts';
import type { ActivityTable, MessagesTable, RoomsTable } from './tables.ts';

export type RoomRow = Selectable<RoomsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type ActivityRow = Selectable<ActivityTable>;

export interface Reaction {
  reaction: string;
  username: string;
  accountId: number;
}

export interface Attachment {
  url: string;
  type: string;
  size?: number;
  name?: string;
}

/** Who owns an inbox: an organization, or one agent of it. */
export interface InboxOwner {
  orgId: number;
  agentId: number | null;
}

export interface ListQuery {
  owner: InboxOwner;
  type: 'priority' | 'agent';
  status: 'open' | 'closed';
  userId: number;
  unreadOnly: boolean;
  page: number;
  pageSize: number;
}

/** The unread-only list counts its total up to this many conversations. */
export const UNREAD_COUNT_CAP = 1000;

export const roomsRepository = {
  async byRoomId(db: DbOrTx, roomId: string): Promise<RoomRow | undefined> {
    return db.selectFrom('rooms').selectAll().where('room_id', '=', roomId).executeTakeFirst();
  },

  async byId(db: DbOrTx, id: number): Promise<RoomRow | undefined> {
    return db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
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
    const rows = await base
      .selectAll('rooms')
      .select('room_reads.last_read_message_id as last_read')
      .orderBy('rooms.last_message_at', 'desc')
      .orderBy('rooms.id', 'desc')
      .limit(q.pageSize)
      .offset(q.page * q.pageSize)
      .execute();
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
      base
        .selectAll('rooms')
        .select('room_reads.last_read_message_id as last_read')
        .orderBy('rooms.last_message_at', 'desc')
        .orderBy('rooms.id', 'desc')
        .limit(pageSize)
        .offset(page * pageSize)
        .execute(),
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

  async setRead(db: DbOrTx, roomPk: number, userId: number, messageId: number): Promise<void> {
    const now = Date.now();
    await db
      .insertInto('room_reads')
      .values({ room_pk: roomPk, user_id: userId, last_read_message_id: messageId, updated_at: now })
      .onConflict((oc) => oc.columns(['room_pk', 'user_id']).doUpdateSet({ last_read_message_id: messageId, updated_at: now }))
      .execute();
  },

  async participants(db: DbOrTx, roomPks: number[]) {
    if (roomPks.length === 0) return [];
    return db.selectFrom('room_participants').selectAll().where('room_pk', 'in', roomPks).orderBy('id').execute();
  },
};

export const messagesRepository = {
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

  reactions(row: MessageRow): Reaction[] {
    return fromJson<Reaction[]>(row.reactions, []);
  },

  async setReactions(db: DbOrTx, id: number, reactions: Reaction[]): Promise<void> {
    await db.updateTable('messages').set({ reactions: toJson(reactions), updated_at: Date.now() }).where('id', '=', id).execute();
  },
};

export const activityRepository = {
  async upsert(db: DbOrTx, a: { accountId: number; type: 'priority' | 'agent'; room: RoomRow; username: string; lastMessage: string }): Promise<void> {
    const now = Date.now();
    await db
      .insertInto('activity')
      .values({
        account_id: a.accountId,
        inbox_type: a.type,
        room_pk: a.room.id,
        room_id: a.room.room_id,
        username: a.username,
        last_message: a.lastMessage.slice(0, 300),
        count: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'inbox_type', 'room_pk']).doUpdateSet((eb) => ({
          count: eb('activity.count', '+', 1),
          last_message: a.lastMessage.slice(0, 300),
          username: a.username,
          updated_at: now,
        })),
      )
      .execute();
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

  async clear(db: DbOrTx, accountId: number, type: 'priority' | 'agent', by: { username?: string; roomPk?: number; all?: boolean }): Promise<number> {
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
    const row = await db.selectFrom('blocks').select('id').where('account_id', '=', accountId).where('address', 'in', list).executeTakeFirst();
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
