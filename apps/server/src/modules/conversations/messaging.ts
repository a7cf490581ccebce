import type { Database, Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { isSet, toJson } from '../../platform/db/columns.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Emit, Write } from '../../platform/unitOfWork.ts';
import type { UsageCharge } from '../billing/index.ts';
import { addNotification } from '../notifications/index.ts';
import { recordLog } from '../logs/index.ts';
import { toMessageDto, toRoomDto } from './mappers.ts';
import { describeAction, type AgentAction } from './events.ts';
import { scheduleIdleAnalysis } from './analysisQueue.ts';
import { countMessage } from './messageCharges.ts';
import { scopeOf } from './owner.ts';
import {
  activityRepository,
  blocksRepository,
  messagesRepository,
  roomsRepository,
  type Attachment,
  type MessageRow,
  type RoomRow,
} from './repository.ts';
import { loadRoomDtos, roomDtoOf } from './roomDtos.ts';
import { createRoom, createRoomOpening } from './roomOpening.ts';

export const MESSAGE_MAX = 5000;

export interface NewMessage {
  direction: 'inbound' | 'outbound';
  senderKind: MessageRow['sender_kind'];
  senderAccountId: number | null;
  senderAddress: string | null;
  body: string;
  attachments?: Attachment[];
  externalId?: string | null;
  key?: string | null;
  /** An agent action recorded in the thread (sender kind 'system'; events.ts). */
  event?: { kind: string; needsPerson: boolean; handOff?: boolean };
  /** The message's own channel when it differs from the room's (a call's entry: 'voice'). */
  channel?: 'voice';
  /** The sender's acting account as the request read it: the charge does not read it again when it pays. */
  account?: UsageCharge['account'];
}

/**
 * The message pipeline every conversation write goes through: rooms are opened (roomOpening.ts),
 * messages stored with their events, activity, notification, jobs and charges (messageCharges.ts) in one
 * unit of work (`write`). The service (public methods), the jobs (agent reply, SMS send and status) and
 * the carrier ingress all build on it.
 */
export function createMessaging(deps: Deps, queue: JobQueue, write: Write<Database>) {
  const { db } = deps;

  /** Stores a message and moves the room's latest-message pointers. Null when the key already exists. */
  async function insertMessage(trx: Tx, emit: Emit, given: RoomRow, m: NewMessage, blocked: boolean) {
    const now = Date.now();
    // What a message reads of its room (id, organization, agent, channel, addresses) never changes; its
    // status and inbox may have since the caller read it. PostgreSQL reads the room as it is now, locked
    // so that messages to one room move its pointers one at a time; SQLite runs one write at a time and
    // moves them below without reading the room first.
    const pg = deps.dbKind === 'postgres';
    const room = pg ? await roomsRepository.lockById(trx, given.id, true) : given;
    // Events stay in the thread (never sent), so they are 'delivered' on every channel.
    const status: MessageRow['status'] =
      m.direction === 'inbound' ? 'received' : room.channel === 'sms' && m.senderKind !== 'system' && !m.channel ? 'queued' : 'delivered';
    const row = await messagesRepository.insert(trx, {
      room_pk: room.id,
      account_id: room.account_id,
      direction: m.direction,
      channel: m.channel ?? room.channel,
      sender_kind: m.senderKind,
      sender_account_id: m.senderAccountId,
      sender_address: m.senderAddress,
      body: m.body,
      attachments: toJson(m.attachments ?? []),
      status,
      error: null,
      blocked: blocked ? 1 : 0,
      reactions: toJson([]),
      external_id: m.externalId ?? null,
      idempotency_key: m.key ?? null,
      event_kind: m.event?.kind ?? null,
      needs_person: m.event?.needsPerson ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    if (!row) return null;
    await countMessage(deps, trx, room, row, m.account);
    const pointers: Partial<RoomRow> = { last_message_at: now, last_message_id: row.id, updated_at: now };
    if (m.direction === 'inbound' && !blocked) pointers.last_inbound_message_id = row.id;
    // A new message opens a closed or archived conversation again (null: the status stays).
    const roomStatus = blocked ? null : 'open';
    // A person answering takes the conversation over and lists it under Priority, as does the agent
    // handing it to a person (a message taken); a blocked sender's goes to Junk (null: the inbox stays).
    const inboxType = m.senderKind === 'staff' || (m.event?.handOff && !blocked) ? 'priority' : blocked ? 'agent' : null;
    if (m.senderKind === 'staff') {
      // The AI stays quiet in it until handed back (POST /api/v1/conversations/:roomId/aiAgentEnabled).
      pointers.ai_agent_enabled = 0;
      // A person answered: the agent's actions in this room are followed up.
      await messagesRepository.clearNeedsPerson(trx, room.id);
    }
    const patch: Partial<RoomRow> = {
      ...pointers,
      ...(roomStatus ? { status: roomStatus } : {}),
      ...(inboxType ? { inbox_type: inboxType } : {}),
    };
    // The room moved (between tabs, or out of closed) when its status or inbox changes. On SQLite, one
    // statement when they are already the message's (most messages), else the whole patch, moving it.
    let updated = pg ? undefined : await roomsRepository.updateInPlace(trx, room.id, pointers, roomStatus, inboxType);
    const moved = pg ? (roomStatus ?? room.status) !== room.status || (inboxType ?? room.inbox_type) !== room.inbox_type : !updated;
    updated ??= await roomsRepository.update(trx, room.id, patch);
    // Analyzed when nobody writes in it for a while (the room's delayed job, moved later by each message).
    if (!blocked) await scheduleIdleAnalysis(queue, trx, updated);
    const dto = toMessageDto(row, room.room_id);
    await emit({ type: 'message.created', ...scopeOf(room), payload: { roomId: room.room_id, message: dto } });
    // The room as it now reads, from rows in hand (the reader's own unread state is not in an event).
    const users = isSet(updated.is_group)
      ? (await roomsRepository.participants(trx, [updated.id])).map((p) => p.address)
      : [updated.contact_address];
    await emit({ type: 'conversation.updated', ...scopeOf(room), payload: { room: toRoomDto(updated, row, users, null), moved } });
    return { message: row, room: updated };
  }

  /** A message from the other party: stored (as blocked when the sender is), activity, then the agent. */
  async function receive(room: RoomRow, m: NewMessage, opts: { isNewRoom?: boolean } = {}) {
    return write(async (trx, emit) => {
      const blocked = await blocksRepository.isBlocked(trx, room.account_id, [room.contact_address, room.username]);
      const res = await insertMessage(trx, emit, room, m, blocked);
      if (!res) return null;
      if (!blocked) {
        const preview = m.body || '[attachment]';
        await activityRepository.upsert(trx, {
          accountId: room.account_id,
          type: res.room.inbox_type,
          room: res.room,
          username: room.username,
          lastMessage: preview,
        });
        await emit({
          type: 'activity',
          ...scopeOf(room),
          contactAccountId: null,
          payload: { type: res.room.inbox_type, roomId: room.room_id, username: room.username, lastMessage: preview },
        });
        if (opts.isNewRoom) {
          await addNotification(trx, {
            accountId: room.account_id,
            kind: 'conversation',
            title: 'New conversation',
            body: `${room.username}: ${preview}`,
            data: { roomId: room.room_id, channel: room.channel },
          });
        }
        if (isSet(res.room.ai_agent_enabled)) {
          await queue.enqueue('agent.reply', { messageId: res.message.id }, { key: `reply:${res.message.id}` }, trx);
        }
      }
      return res;
    });
  }

  /**
   * The agent's actions of one reply, stored in the thread as events before its text (keys derived from
   * the reply's, so a job that runs twice records them once). Those that need a person put the room on
   * the Priority activity list.
   */
  async function recordActions(room: RoomRow, actions: AgentAction[], replyKey: string) {
    if (actions.length === 0) return;
    await write(async (trx, emit) => {
      for (const [i, a] of actions.entries()) {
        const d = describeAction(a);
        const res = await insertMessage(
          trx,
          emit,
          room,
          {
            direction: 'outbound',
            senderKind: 'system',
            senderAccountId: room.agent_id,
            senderAddress: room.our_address,
            body: d.body,
            key: `${replyKey}:event:${i}`,
            event: { kind: d.kind, needsPerson: d.needsPerson, handOff: d.handOff },
          },
          false,
        );
        if (res && d.needsPerson) {
          await activityRepository.upsert(trx, {
            accountId: room.account_id,
            type: 'priority',
            room: res.room,
            username: room.username,
            lastMessage: d.body,
          });
          await emit({
            type: 'activity',
            ...scopeOf(room),
            contactAccountId: null,
            payload: { type: 'priority', roomId: room.room_id, username: room.username, lastMessage: d.body },
          });
        }
      }
    });
  }

  /** A message from our side (staff or agent): stored, and sent on the room's channel by a job. */
  async function sendOut(room: RoomRow, m: NewMessage, readerId?: number) {
    return write(async (trx, emit) => {
      const res = await insertMessage(trx, emit, room, m, false);
      // The sender has read everything up to their own message (same transaction, one commit).
      if (res && readerId != null) await roomsRepository.setRead(trx, room.id, readerId, res.message.id);
      if (res && room.channel === 'sms') {
        await queue.enqueue('message.send', { messageId: res.message.id }, { key: `send:${res.message.id}` }, trx);
      }
      return res;
    });
  }

  /** Sets a message's delivery status and tells the inbox. */
  async function updateStatus(msg: MessageRow, status: MessageRow['status'], error: string | null, externalId?: string | null) {
    const room = await roomsRepository.byId(db, msg.room_pk);
    if (!room) return;
    await write(async (trx, emit) => {
      const row = await messagesRepository.update(trx, msg.id, {
        status,
        error,
        updated_at: Date.now(),
        ...(externalId ? { external_id: externalId } : {}),
      });
      await emit({
        type: 'message.updated',
        ...scopeOf(room),
        payload: { roomId: room.room_id, message: toMessageDto(row, room.room_id) },
      });
      if (status === 'failed') {
        const l = {
          accountId: room.account_id,
          agentId: room.agent_id,
          direction: row.direction,
          contact: room.contact_address,
          roomId: room.room_id,
        };
        await recordLog(trx, {
          ...l,
          kind: 'error',
          status: 'failed',
          summary: error ?? 'The message could not be delivered.',
          details: { messageId: row.id },
          key: `failed:${row.id}`,
        });
      }
    });
  }

  return {
    write,
    loadRoomDtos,
    roomDtoOf,
    createRoom,
    insertMessage,
    receive,
    sendOut,
    recordActions,
    ...createRoomOpening(deps, write),
    updateStatus,
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
