import crypto from 'node:crypto';
import type { Database, Db, DbOrTx, Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { isSet, toJson } from '../../platform/db/columns.ts';
import { badRequest, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Emit, Write } from '../../platform/unitOfWork.ts';
import { findAccount, findAccountByUsername, type AccountRow } from '../accounts/index.ts';
import { addNotification } from '../notifications/index.ts';
import { numberOfAccount } from '../numbers/index.ts';
import { recordLog } from '../logs/index.ts';
import { recordUsage } from '../stats/index.ts';
import { chargeAfter, chargeUsage } from '../billing/index.ts';
import { contactNamesByAddress } from '../contacts/index.ts';
import { toMessageDto, toRoomDto, type InboxType, type RoomDto } from './mappers.ts';
import { describeAction, type AgentAction } from './events.ts';
import { enqueueIdleAnalysis } from './analysisQueue.ts';
import { inboxOf } from './owner.ts';
import {
  activityRepository,
  blocksRepository,
  destinationsRepository,
  messagesRepository,
  roomsRepository,
  type Attachment,
  type InboxOwner,
  type MessageRow,
  type RoomRow,
} from './repository.ts';

export const UNABLE_TO_START = 'Unable to start conversation with this user.';
/** The spec's alert text followed by the reason, so the person sending knows what to change. */
export const unableToStart = (reason: string) => ruleBroken(`${UNABLE_TO_START} ${reason}`, 'to');
export const MESSAGE_MAX = 5000;

export interface NewRoom {
  owner: InboxOwner;
  channel: 'chat' | 'sms';
  contactAccountId: number | null;
  contactAddress: string;
  ourAddress: string | null;
  username: string;
  inboxType: InboxType;
  aiEnabled: boolean;
  group?: { address: string; accountId: number | null; role: 'member' | 'contact' }[];
}

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
}

/** Whom `to` names: a phone number, an external destination, or an account by username. */
export type Target = { kind: 'phone'; phone: string } | { kind: 'email'; address: string } | { kind: 'account'; account: AccountRow };

/** The events of a room go to its organization's (and agent's) inbox and to its visitor. */
export const scopeOf = (room: RoomRow) => ({
  accountId: room.account_id,
  agentId: room.agent_id,
  contactAccountId: room.contact_account_id,
});

/**
 * The message pipeline every conversation write goes through: rooms are opened, messages stored with
 * their events, activity, notification and jobs in one unit of work (`write`). The service (public
 * methods), the jobs (agent reply, SMS send and status) and the carrier ingress all build on it.
 */
export function createMessaging(deps: Deps, queue: JobQueue, write: Write<Database>) {
  const { db } = deps;

  async function loadRoomDtos(trx: DbOrTx, rows: (RoomRow & { last_read?: number | null })[], userId: number): Promise<RoomDto[]> {
    // Related rows in two batched queries, never one per room.
    const [lasts, parts] = await Promise.all([
      messagesRepository.byIds(
        trx,
        rows.map((r) => r.last_message_id).filter((id): id is number => id != null),
      ),
      roomsRepository.participants(
        trx,
        rows.filter((r) => isSet(r.is_group)).map((r) => r.id),
      ),
    ]);
    const lastById = new Map(lasts.map((m) => [m.id, m]));
    const usersByRoom = new Map<number, string[]>();
    for (const p of parts) usersByRoom.set(p.room_pk, [...(usersByRoom.get(p.room_pk) ?? []), p.address]);
    const reads = rows.some((r) => r.last_read === undefined)
      ? await roomsRepository.readsOf(
          trx,
          userId,
          rows.map((r) => r.id),
        )
      : null;
    // Contact names, one query per organization on the page (a page is one organization's inbox).
    const names = new Map<number, Map<string, string>>();
    for (const orgId of new Set(rows.map((r) => r.account_id)))
      names.set(
        orgId,
        await contactNamesByAddress(
          trx,
          orgId,
          rows.filter((r) => r.account_id === orgId).map((r) => r.contact_address),
        ),
      );
    return rows.map((r) => ({
      ...toRoomDto(
        r,
        r.last_message_id != null ? lastById.get(r.last_message_id) : undefined,
        usersByRoom.get(r.id) ?? [r.contact_address],
        r.last_read !== undefined ? r.last_read : (reads?.get(r.id) ?? null),
      ),
      contactName: names.get(r.account_id)?.get(r.contact_address) ?? null,
    }));
  }

  async function roomDtoOf(trx: DbOrTx, room: RoomRow, userId: number): Promise<RoomDto> {
    return (await loadRoomDtos(trx, [room], userId))[0]!;
  }

  async function createRoom(trx: Tx, emit: Emit, r: NewRoom): Promise<RoomRow> {
    const now = Date.now();
    const room = await roomsRepository.insert(trx, {
      room_id: `r_${crypto.randomBytes(10).toString('hex')}`,
      uuid: crypto.randomUUID(),
      account_id: r.owner.orgId,
      agent_id: r.owner.agentId,
      channel: r.channel,
      contact_account_id: r.contactAccountId,
      contact_address: r.contactAddress,
      our_address: r.ourAddress,
      username: r.username,
      inbox_type: r.inboxType,
      status: 'open',
      ai_agent_enabled: r.aiEnabled ? 1 : 0,
      is_group: r.group && r.group.length > 1 ? 1 : 0,
      rating: null,
      last_message_id: null,
      last_inbound_message_id: 0,
      last_message_at: now,
      created_at: now,
      updated_at: now,
    });
    const parts = r.group ?? [{ address: r.contactAddress, accountId: r.contactAccountId, role: 'contact' as const }];
    await roomsRepository.addParticipants(trx, [
      {
        room_pk: room.id,
        account_id: r.owner.agentId ?? r.owner.orgId,
        address: r.ourAddress ?? String(r.owner.orgId),
        role: 'owner',
        created_at: now,
      },
      ...parts.map((p) => ({ room_pk: room.id, account_id: p.accountId, address: p.address, role: p.role, created_at: now })),
    ]);
    await emit({ type: 'conversation.created', ...scopeOf(room), payload: { room: await roomDtoOf(trx, room, 0) } });
    return room;
  }

  /** Stores a message and moves the room's latest-message pointers. Null when the key already exists. */
  async function insertMessage(trx: Tx, emit: Emit, given: RoomRow, m: NewMessage, blocked: boolean) {
    const now = Date.now();
    // The room as it is now (closed or moved since the caller read it?), locked on PostgreSQL so
    // messages to one room update its pointers one at a time.
    const room = await roomsRepository.lockById(trx, given.id, deps.dbKind === 'postgres');
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
    await countMessage(trx, room, row);
    const patch: Partial<RoomRow> = { last_message_at: now, last_message_id: row.id, updated_at: now };
    if (m.direction === 'inbound' && !blocked) patch.last_inbound_message_id = row.id;
    // A new message opens a closed or archived conversation again.
    if (room.status !== 'open' && !blocked) patch.status = 'open';
    if (blocked) patch.inbox_type = 'agent';
    // The agent handed the conversation to a person (a message taken): it is listed under Priority.
    if (m.event?.handOff && !blocked) patch.inbox_type = 'priority';
    // A person answering takes the conversation over: the AI stays quiet in it until handed back
    // (POST /api/v1/conversations/:roomId/aiAgentEnabled), and it is listed under Priority.
    if (m.senderKind === 'staff') {
      patch.inbox_type = 'priority';
      patch.ai_agent_enabled = 0;
      // A person answered: the agent's actions in this room are followed up.
      await messagesRepository.clearNeedsPerson(trx, room.id);
    }
    const updated = await roomsRepository.update(trx, room.id, patch);
    // Analyzed when nobody writes in it for a while (a delayed job; a later message enqueues its own).
    if (!blocked) await enqueueIdleAnalysis(queue, trx, updated);
    const dto = toMessageDto(row, room.room_id);
    await emit({ type: 'message.created', ...scopeOf(room), payload: { roomId: room.room_id, message: dto } });
    // The room as it now reads, from rows in hand (the reader's own unread state is not in an event).
    const users = isSet(updated.is_group)
      ? (await roomsRepository.participants(trx, [updated.id])).map((p) => p.address)
      : [updated.contact_address];
    const moved = updated.status !== room.status || updated.inbox_type !== room.inbox_type;
    await emit({ type: 'conversation.updated', ...scopeOf(room), payload: { room: toRoomDto(updated, row, users, null), moved } });
    return { message: row, room: updated };
  }

  /** Usage (messages in and out, agents' actions excepted) and the log row, in the message's own transaction. */
  async function countMessage(trx: Tx, room: RoomRow, row: MessageRow) {
    const system = row.sender_kind === 'system';
    if (!system && !isSet(row.blocked))
      await recordUsage(trx, room.agent_id ?? room.account_id, row.direction === 'inbound' ? 'inbound-message' : 'outbound-message');
    // A message sent is charged as it is sent (the plan's tiers, from the wallet): refused with a 402 and not stored when the wallet cannot pay.
    if (!system && !isSet(row.blocked) && row.direction === 'outbound')
      await chargeUsage(db as Db, trx, {
        accountId: room.agent_id ?? room.account_id,
        item: 'outbound-message',
        quantity: 1,
        key: `message:${row.id}`,
      });
    // A message received cannot be refused: it is charged when the wallet can pay, else counted, logged and the owner notified.
    if (!system && !isSet(row.blocked) && row.direction === 'inbound')
      await chargeAfter(
        db as Db,
        trx,
        { accountId: room.agent_id ?? room.account_id, item: 'inbound-message', quantity: 1, key: `message:${row.id}` },
        deps.log,
      );
    await recordLog(trx, {
      accountId: room.account_id,
      agentId: room.agent_id,
      kind: system ? 'function' : 'message',
      status: isSet(row.blocked) ? 'blocked' : row.status,
      direction: row.direction,
      contact: room.contact_address,
      number: room.channel === 'sms' ? room.our_address : null,
      roomId: room.room_id,
      summary: row.body || '[attachment]',
      details: { messageId: row.id, channel: row.channel, sender: row.sender_kind, ...(row.event_kind ? { event: row.event_kind } : {}) },
      key: `message:${row.id}`,
      at: row.created_at,
    });
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

  async function resolveTarget(to: string, owner: InboxOwner | null): Promise<Target> {
    const trimmed = to.trim();
    if (/^[+\d(][\d\s().-]{5,}$/.test(trimmed)) {
      const phone = normalizePhone(trimmed);
      if (!phone) throw badRequest('Please enter a valid phone number.', 'to');
      return { kind: 'phone', phone };
    }
    const username = trimmed.replace(/^@/, '').toLowerCase();
    if (owner) {
      const dest = await destinationsRepository.byUsername(db, owner.orgId, username);
      if (dest) return dest.kind === 'phone' ? { kind: 'phone', phone: dest.address } : { kind: 'email', address: dest.address };
    }
    const account = await findAccountByUsername(db, username);
    if (!account || account.disabled_at != null) throw notFound('No one has that username.');
    return { kind: 'account', account };
  }

  /** The room a visitor has with an organization or agent (found or opened). */
  async function visitorRoom(user: AccountRow, target: AccountRow): Promise<{ room: RoomRow; isNew: boolean }> {
    const owner = inboxOf(target);
    if (!owner) throw ruleBroken(UNABLE_TO_START);
    const existing = await roomsRepository.findChat(db, owner, user.id);
    if (existing) return { room: existing, isNew: false };
    const room = await write((trx, emit) =>
      createRoom(trx, emit, {
        owner,
        channel: 'chat',
        contactAccountId: user.id,
        contactAddress: user.username,
        ourAddress: target.username,
        username: user.username,
        inboxType: 'agent',
        aiEnabled: true,
      }),
    );
    return { room, isNew: true };
  }

  /** The room staff use to reach a phone number or an account (found or opened). */
  async function staffRoom(owner: InboxOwner, target: Target): Promise<RoomRow> {
    if (target.kind === 'phone') {
      const existing = await roomsRepository.findByAddress(db, owner.orgId, 'sms', target.phone);
      if (existing) return existing;
      const number = await numberOfAccount(db, owner.orgId);
      if (!number) throw ruleBroken('This organization needs a phone number before it can text.');
      return write((trx, emit) =>
        createRoom(trx, emit, {
          owner,
          channel: 'sms',
          contactAccountId: null,
          contactAddress: target.phone,
          ourAddress: number,
          username: target.phone,
          inboxType: 'priority',
          aiEnabled: false,
        }),
      );
    }
    if (target.kind === 'email')
      throw unableToStart('E-mail addresses cannot be messaged from the inbox; use a phone number or a username.');
    const account = target.account;
    if (inboxOf(account)?.orgId === owner.orgId) throw unableToStart('That is this organization’s own account.');
    const existing = await roomsRepository.findChat(db, owner, account.id);
    if (existing) return existing;
    const org = await findAccount(db, owner.agentId ?? owner.orgId);
    return write((trx, emit) =>
      createRoom(trx, emit, {
        owner,
        channel: 'chat',
        contactAccountId: account.id,
        contactAddress: account.username,
        ourAddress: org?.username ?? null,
        username: account.username,
        inboxType: 'priority',
        aiEnabled: false,
      }),
    );
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
    resolveTarget,
    visitorRoom,
    staffRoom,
    updateStatus,
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
