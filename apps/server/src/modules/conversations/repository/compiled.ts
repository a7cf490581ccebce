import { sql, type Selectable } from 'kysely';
import { compiledQuery, compiledWrite } from '../../../platform/db/compiled.ts';
import type { MessagesTable, RoomsTable } from '../tables.ts';

type RoomRow = Selectable<RoomsTable>;
type MessageRow = Selectable<MessagesTable>;

// The statements of every sent message (and of the access check before it), built and compiled once
// (platform/db/compiled.ts): Kysely building them anew cost more than SQLite running them (npm run bench inbox).
const roomBy = (column: 'id' | 'room_id', forUpdate = false) =>
  compiledQuery<RoomRow, [unknown]>(1, (db, v) =>
    db
      .selectFrom('rooms')
      .selectAll()
      .where(column, '=', v)
      .$if(forUpdate, (q) => q.forUpdate()),
  );
export const [roomById, roomByIdForUpdate, roomByRoomId] = [roomBy('id'), roomBy('id', true), roomBy('room_id')];
export const updateRoom = compiledWrite<RoomRow, [number]>(1, (db, patch, id) =>
  db.updateTable('rooms').set(patch).where('id', '=', id).returningAll(),
);
/** The same, only while the room's status and inbox are the ones given (null: any). */
export const updateRoomInPlace = compiledWrite<RoomRow, [number, string | null, string | null]>(3, (db, patch, id, status, inboxType) =>
  db
    .updateTable('rooms')
    .set(patch)
    .where('id', '=', id)
    .where(sql<boolean>`status = coalesce(${status}, status) and inbox_type = coalesce(${inboxType}, inbox_type)`)
    .returningAll(),
);
export const upsertRead = compiledQuery<never, [number, number, number, number]>(4, (db, room, user, message, now) =>
  db
    .insertInto('room_reads')
    .values({ room_pk: room, user_id: user, last_read_message_id: message, updated_at: now })
    .onConflict((oc) => oc.columns(['room_pk', 'user_id']).doUpdateSet({ last_read_message_id: message, updated_at: now })),
);
export const insertMessage = compiledWrite<MessageRow>(0, (db, row) =>
  db
    .insertInto('messages')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll(),
);
/** A conversation's activity row: added, or counted up with the latest message. */
export const upsertActivity = compiledWrite<never>(0, (db, row) =>
  db
    .insertInto('activity')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['account_id', 'inbox_type', 'room_pk']).doUpdateSet((eb) => ({
        count: eb('activity.count', '+', 1),
        last_message: row.last_message,
        username: row.username,
        updated_at: row.updated_at,
      })),
    ),
);
// The literal 1 lets the planner use the partial index of such rows (a parameter would not match it).
export const clearNeedsPerson = compiledQuery<never, [number]>(1, (db, room) =>
  db.updateTable('messages').set({ needs_person: 0 }).where('room_pk', '=', room).where('needs_person', '=', sql.lit(1)),
);
/** Whether an organization blocked any of n addresses (a conversation's contact address and username: n is 1 or 2). */
export const blockedAmong = [1, 2].map((n) =>
  compiledQuery<{ id: number }, unknown[]>(n + 1, (db, accountId, ...addresses) =>
    db.selectFrom('blocks').select('id').where('account_id', '=', accountId).where('address', 'in', addresses).limit(1),
  ),
);
