import type { DbOrTx } from '../../db.ts';
import { ruleBroken } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { inboxOf } from './owner.ts';
import { messagesRepository, roomsRepository, type InboxOwner, type MessageRow, type RoomRow } from './repository.ts';

/** How the caller takes part in a conversation: as the inbox's staff, or as the visitor writing to it. */
export type Role = 'staff' | 'visitor';

export function roleIn(ctx: AuthContext, room: RoomRow): Role | null {
  const owner = inboxOf(ctx.acting);
  if (owner && room.account_id === owner.orgId && (owner.agentId == null || room.agent_id === owner.agentId)) return 'staff';
  if (room.contact_account_id != null && room.contact_account_id === ctx.user.id) return 'visitor';
  return null;
}

/** The access table's scoped lookup (apps/server/src/access.ts): the rooms, by roomId, the caller takes part in (in the wanted role). */
export async function roomsInReach(
  db: DbOrTx,
  ctx: AuthContext,
  roomIds: readonly (string | number)[],
  want?: Role,
): Promise<Map<string | number, { room: RoomRow; role: Role }>> {
  const found = new Map<string | number, { room: RoomRow; role: Role }>();
  for (const id of new Set(roomIds)) {
    const room = await roomsRepository.byRoomId(db, String(id));
    const role = room ? roleIn(ctx, room) : null;
    if (room && role && (!want || role === want)) found.set(id, { room, role });
  }
  return found;
}

/** The access table's scoped lookup for a message: the messages, by id, in rooms the caller takes part in. */
export async function messagesInReach(
  db: DbOrTx,
  ctx: AuthContext,
  messageIds: readonly (string | number)[],
): Promise<Map<string | number, { message: MessageRow; room: RoomRow; role: Role }>> {
  const found = new Map<string | number, { message: MessageRow; room: RoomRow; role: Role }>();
  for (const id of new Set(messageIds)) {
    const message = await messagesRepository.byId(db, Number(id));
    const room = message ? await roomsRepository.byId(db, message.room_pk) : undefined;
    const role = room ? roleIn(ctx, room) : null;
    if (message && room && role) found.set(id, { message, room, role });
  }
  return found;
}

/** The inbox the caller acts for (the access table's `inbox` guard); a caller without one is refused. */
export function ownerOrThrow(ctx: AuthContext): InboxOwner {
  const owner = inboxOf(ctx.acting);
  if (!owner) throw ruleBroken('Choose an organization or agent account to see its inbox.');
  return owner;
}
