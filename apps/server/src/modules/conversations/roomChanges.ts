/** The inbox's changes to rooms (status, AI, rating, reactions, unread, activity, blocked senders), each one unit of work. */
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { enqueueAnalysis } from './analysisQueue.ts';
import { toMessageDto, type InboxType } from './mappers.ts';
import type { Messaging } from './messaging.ts';
import { scopeOf } from './owner.ts';
import { activityRepository, messagesRepository, roomsRepository, type InboxOwner, type RoomRow } from './repository.ts';

/**
 * The writes behind the service's methods, after it has checked the caller's access: the rows and the
 * realtime events they cause commit together (`pipeline.write`).
 */
export function createRoomChanges(pipeline: Messaging, queue: JobQueue) {
  const { write, roomDtoOf } = pipeline;
  return {
    /** Opens, closes or archives a room; the room as it now is. */
    setStatus(room: RoomRow, status: 'open' | 'closed' | 'archived'): Promise<RoomRow> {
      return write(async (trx, emit) => {
        const row = await roomsRepository.update(trx, room.id, { status, updated_at: Date.now() });
        // A conversation that closes is analyzed (once per close: a close without new messages adds nothing).
        if (status === 'closed') await enqueueAnalysis(queue, trx, row);
        // Closed and archived conversations need no one: their open tasks go.
        if (status !== 'open') {
          await activityRepository.clear(trx, room.account_id, 'priority', { roomPk: room.id });
          await activityRepository.clear(trx, room.account_id, 'agent', { roomPk: room.id });
        }
        // Spelled as two events so the compiler checks each payload against its own event type.
        const event = { ...scopeOf(row), payload: { roomId: row.room_id, room: await roomDtoOf(trx, row, 0) } };
        await emit(status === 'closed' ? { ...event, type: 'conversation.closed' } : { ...event, type: 'conversation.updated' });
        return row;
      });
    },

    async setAiEnabled(room: RoomRow, enabled: boolean): Promise<void> {
      await write(async (trx, emit) => {
        // Turning the AI off means a person takes over: the conversation moves to the priority inbox.
        const patch = enabled
          ? { ai_agent_enabled: 1, updated_at: Date.now() }
          : { ai_agent_enabled: 0, inbox_type: 'priority' as const, updated_at: Date.now() };
        const row = await roomsRepository.update(trx, room.id, patch);
        await emit({ type: 'conversation.updated', ...scopeOf(row), payload: { room: await roomDtoOf(trx, row, 0) } });
      });
    },

    async rate(room: RoomRow, rating: number): Promise<void> {
      await write(async (trx, emit) => {
        const row = await roomsRepository.update(trx, room.id, { rating, updated_at: Date.now() });
        await emit({ type: 'conversation.updated', ...scopeOf(row), payload: { room: await roomDtoOf(trx, row, 0) } });
      });
    },

    /** Adds or removes one person's reaction to a message; the message as it now reads. */
    react(room: RoomRow, messageId: number, by: { id: number; username: string }, reaction: string, add: boolean) {
      return write(async (trx, emit) => {
        const current = (await messagesRepository.byId(trx, messageId))!;
        let list = messagesRepository.reactions(current).filter((r) => !(r.accountId === by.id && r.reaction === reaction));
        if (add) list = [...list, { reaction, username: by.username, accountId: by.id }];
        await messagesRepository.setReactions(trx, messageId, list);
        const row = (await messagesRepository.byId(trx, messageId))!;
        await emit({
          type: 'message.updated',
          ...scopeOf(room),
          payload: { roomId: room.room_id, message: toMessageDto(row, room.room_id) },
        });
        return toMessageDto(row, room.room_id);
      });
    },

    /** The room is unread again for this reader and back on the activity list `type`. */
    async markUnread(room: RoomRow, type: InboxType, readerId: number): Promise<void> {
      await write(async (trx, emit) => {
        await roomsRepository.setRead(trx, room.id, readerId, 0);
        const last = room.last_message_id ? await messagesRepository.byId(trx, room.last_message_id) : undefined;
        await activityRepository.upsert(trx, {
          accountId: room.account_id,
          type,
          room,
          username: room.username,
          lastMessage: last?.body ?? '',
        });
        await emit({
          type: 'activity',
          ...scopeOf(room),
          contactAccountId: null,
          payload: { type, roomId: room.room_id, username: room.username, unread: true },
        });
      });
    },

    /** Clears entries of an activity list (one username's, one room's or all); how many went. */
    clearActivity(owner: InboxOwner, type: InboxType, by: { username?: string; clearAll?: boolean; roomId?: string }, roomPk?: number) {
      return write(async (trx, emit) => {
        const n = await activityRepository.clear(trx, owner.orgId, type, { username: by.username, roomPk, all: by.clearAll });
        await emit({
          type: 'activity',
          accountId: owner.orgId,
          agentId: owner.agentId,
          contactAccountId: null,
          payload: { type, cleared: by.clearAll ? 'all' : (by.username ?? by.roomId) },
        });
        return n;
      });
    },

    /** A blocked sender's conversations leave the priority inbox for Junk, and lose their activity entries. */
    async moveToJunk(owner: InboxOwner, address: string): Promise<void> {
      await write(async (trx, emit) => {
        const rooms = await roomsRepository.byContactAddress(trx, owner.orgId, address);
        for (const r of rooms) {
          const row = await roomsRepository.update(trx, r.id, { inbox_type: 'agent', updated_at: Date.now() });
          await activityRepository.clear(trx, owner.orgId, 'priority', { roomPk: r.id });
          await emit({
            type: 'conversation.updated',
            ...scopeOf(row),
            contactAccountId: null,
            payload: { room: await roomDtoOf(trx, row, 0) },
          });
        }
      });
    },
  };
}
