import crypto from 'node:crypto';
import { PAGE_SIZE } from '@switchboard/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { fromJson, isSet, toJson } from '../../db/columns.ts';
import type { Db, DbOrTx, Tx } from '../../db/index.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest, notFound, ruleBroken } from '../../http/errors.ts';
import { JobQueue, PermanentJobError } from '../../jobs/queue.ts';
import { ProviderError } from '../../providers/outbox.ts';
import type { DeliveryStatus, InboundSms } from '../../providers/carrier/index.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { appendEvents, type InboxEvent, type NewEvent } from '../../realtime/events.ts';
import { accountsRepository, type AccountRow } from '../accounts/repository.ts';
import type { AgentResponder } from './agentAdapter.ts';
import {
  activityRepository,
  blocksRepository,
  messagesRepository,
  roomsRepository,
  type Attachment,
  type InboxOwner,
  type MessageRow,
  type Reaction,
  type RoomRow,
} from './repository.ts';

export type InboxType = 'priority' | 'agent';
export const UNABLE_TO_START = 'Unable to start conversation with this user.';
const HISTORY_TURNS = 20;
const TOTALS_TTL_MS = 30_000;
const MESSAGE_MAX = 5000;

export interface RoomDto {
  id: string;
  roomId: string;
  room: string;
  uuid: string;
  username: string;
  channel: 'chat' | 'sms';
  status: 'open' | 'closed';
  inboxType: InboxType;
  agentId: number | null;
  aiAgentEnabled: boolean;
  rating: number | null;
  isGroup: boolean;
  users: string[];
  lastMessage: string;
  lastMessageTimestamp: number;
  lastMessageDirection: 'inbound' | 'outbound' | null;
  lastMessageSender: 'contact' | 'agent' | 'staff' | 'system' | null;
  lastMessageStatus: string | null;
  unread: boolean;
  createdAt: number;
}

export interface MessageDto {
  id: number;
  roomId: string;
  direction: 'inbound' | 'outbound';
  channel: 'chat' | 'sms';
  sender: { kind: string; accountId: number | null; address: string | null };
  body: string;
  attachments: Attachment[];
  status: string;
  error: string | null;
  blocked: boolean;
  reactions: Reaction[];
  createdAt: number;
  updatedAt: number;
}

export function toMessageDto(m: MessageRow, roomId: string): MessageDto {
  return {
    id: m.id,
    roomId,
    direction: m.direction,
    channel: m.channel,
    sender: { kind: m.sender_kind, accountId: m.sender_account_id, address: m.sender_address },
    body: m.body,
    attachments: fromJson<Attachment[]>(m.attachments, []),
    status: m.status,
    error: m.error,
    blocked: isSet(m.blocked),
    reactions: fromJson<Reaction[]>(m.reactions, []),
    createdAt: Number(m.created_at),
    updatedAt: Number(m.updated_at),
  };
}

function roomDto(r: RoomRow, last: MessageRow | undefined, users: string[], lastRead: number | null): RoomDto {
  return {
    id: r.room_id,
    roomId: r.room_id,
    room: r.room_id,
    uuid: r.uuid,
    username: r.username,
    channel: r.channel,
    status: r.status,
    inboxType: r.inbox_type,
    agentId: r.agent_id,
    aiAgentEnabled: isSet(r.ai_agent_enabled),
    rating: r.rating,
    isGroup: isSet(r.is_group),
    users,
    lastMessage: last ? last.body || (fromJson<Attachment[]>(last.attachments, []).length ? '[attachment]' : '') : '',
    lastMessageTimestamp: Number(r.last_message_at),
    lastMessageDirection: last?.direction ?? null,
    lastMessageSender: last?.sender_kind ?? null,
    lastMessageStatus: last?.status ?? null,
    unread: Number(r.last_inbound_message_id) > Number(lastRead ?? 0),
    createdAt: Number(r.created_at),
  };
}

/** The inbox an acting account owns: an organization's, or one agent's within its organization. */
export function inboxOf(acting: AccountRow): InboxOwner | null {
  if (acting.account_type === 'organization') return { orgId: acting.id, agentId: null };
  if (acting.account_type === 'agent') {
    const org = acting.organization_id ?? acting.parent_id;
    return org == null ? null : { orgId: org, agentId: acting.id };
  }
  return null;
}

type Role = 'staff' | 'visitor';

export function normalizePhone(value: string, country = 'US'): string | null {
  const p = parsePhoneNumberFromString(value.trim(), country as never);
  return p && p.isPossible() ? p.number : null;
}

export function createConversationsService(deps: Deps, queue: JobQueue, bus: EventBus) {
  const { db } = deps;
  let runtime: () => AgentResponder | null = () => null;

  /** Runs a write and its events in one transaction, then publishes the events once committed. */
  async function write<T>(fn: (trx: Tx, emit: (e: NewEvent) => Promise<void>) => Promise<T>): Promise<T> {
    let events: InboxEvent[] = [];
    const result = await db.transaction().execute(async (trx) => {
      const pending: NewEvent[] = [];
      const emit = async (e: NewEvent) => {
        pending.push(e);
      };
      const out = await fn(trx, emit);
      // One counter bump and one insert for all of this write's events, inside its transaction.
      events = await appendEvents(trx, pending);
      return out;
    });
    for (const e of events) await bus.publish(e).catch((err) => deps.log.warn({ err }, 'event publish failed'));
    queue.kickIfEnqueued();
    return result;
  }

  /**
   * Inbox totals per organization (counting 50,000 rooms on every page costs more than the page):
   * kept until any conversation event of that organization (from any process, through the bus) or
   * TOTALS_TTL_MS, whichever comes first. Unread-only totals depend on each reader: never cached.
   */
  const totals = new Map<number, Map<string, { n: number; at: number }>>();
  bus.subscribe((e) => {
    // A new message only moves a room in time; it changes totals when it reopened or moved the room.
    if (e.type.startsWith('conversation.') && e.payload.moved !== false) totals.delete(e.accountId);
  });

  const scopeOf = (room: RoomRow) => ({ accountId: room.account_id, agentId: room.agent_id, contactAccountId: room.contact_account_id });

  async function loadRoomDtos(trx: DbOrTx, rows: (RoomRow & { last_read?: number | null })[], userId: number): Promise<RoomDto[]> {
    // Related rows in two batched queries, never one per room.
    const [lasts, parts] = await Promise.all([
      messagesRepository.byIds(trx, rows.map((r) => r.last_message_id).filter((id): id is number => id != null)),
      roomsRepository.participants(trx, rows.filter((r) => isSet(r.is_group)).map((r) => r.id)),
    ]);
    const lastById = new Map(lasts.map((m) => [m.id, m]));
    const usersByRoom = new Map<number, string[]>();
    for (const p of parts) usersByRoom.set(p.room_pk, [...(usersByRoom.get(p.room_pk) ?? []), p.address]);
    let reads: Map<number, number> | null = null;
    if (rows.some((r) => r.last_read === undefined)) {
      const rr = await trx
        .selectFrom('room_reads')
        .select(['room_pk', 'last_read_message_id'])
        .where('user_id', '=', userId)
        .where('room_pk', 'in', rows.length ? rows.map((r) => r.id) : [0])
        .execute();
      reads = new Map(rr.map((r) => [r.room_pk, r.last_read_message_id]));
    }
    return rows.map((r) =>
      roomDto(
        r,
        r.last_message_id != null ? lastById.get(r.last_message_id) : undefined,
        usersByRoom.get(r.id) ?? [r.contact_address],
        r.last_read !== undefined ? r.last_read : (reads?.get(r.id) ?? null),
      ),
    );
  }

  async function roomDtoOf(trx: DbOrTx, room: RoomRow, userId: number): Promise<RoomDto> {
    return (await loadRoomDtos(trx, [room], userId))[0]!;
  }

  function roleIn(ctx: AuthContext, room: RoomRow): Role | null {
    const owner = inboxOf(ctx.acting);
    if (owner && room.account_id === owner.orgId && (owner.agentId == null || room.agent_id === owner.agentId)) return 'staff';
    if (room.contact_account_id != null && room.contact_account_id === ctx.user.id) return 'visitor';
    return null;
  }

  async function accessibleRoom(ctx: AuthContext, roomId: string, want?: Role): Promise<{ room: RoomRow; role: Role }> {
    const room = await roomsRepository.byRoomId(db, roomId);
    const role = room ? roleIn(ctx, room) : null;
    if (!room || !role || (want && role !== want)) throw notFound('Conversation not found.');
    return { room, role };
  }

  function ownerOrThrow(ctx: AuthContext): InboxOwner {
    const owner = inboxOf(ctx.acting);
    if (!owner) throw ruleBroken('Choose an organization or agent account to see its inbox.');
    return owner;
  }

  async function createRoom(
    trx: Tx,
    emit: (e: NewEvent) => Promise<void>,
    r: {
      owner: InboxOwner;
      channel: 'chat' | 'sms';
      contactAccountId: number | null;
      contactAddress: string;
      ourAddress: string | null;
      username: string;
      inboxType: InboxType;
      aiEnabled: boolean;
      group?: { address: string; accountId: number | null; role: 'member' | 'contact' }[];
    },
  ): Promise<RoomRow> {
    const now = Date.now();
    const room = await trx
      .insertInto('rooms')
      .values({
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const parts = r.group ?? [{ address: r.contactAddress, accountId: r.contactAccountId, role: 'contact' as const }];
    await trx
      .insertInto('room_participants')
      .values([
        { room_pk: room.id, account_id: r.owner.agentId ?? r.owner.orgId, address: r.ourAddress ?? String(r.owner.orgId), role: 'owner', created_at: now },
        ...parts.map((p) => ({ room_pk: room.id, account_id: p.accountId, address: p.address, role: p.role, created_at: now })),
      ])
      .onConflict((oc) => oc.columns(['room_pk', 'address']).doNothing())
      .execute();
    await emit({ type: 'conversation.created', ...scopeOf(room), payload: { room: await roomDtoOf(trx, room, 0) } });
    return room;
  }

  interface NewMessage {
    direction: 'inbound' | 'outbound';
    senderKind: MessageRow['sender_kind'];
    senderAccountId: number | null;
    senderAddress: string | null;
    body: string;
    attachments?: Attachment[];
    externalId?: string | null;
    key?: string | null;
  }

  /** Stores a message and moves the room's latest-message pointers. Null when the key already exists. */
  async function insertMessage(trx: Tx, emit: (e: NewEvent) => Promise<void>, given: RoomRow, m: NewMessage, blocked: boolean) {
    const now = Date.now();
    // The room as it is now (closed or moved since the caller read it?), locked on PostgreSQL so
    // messages to one room update its pointers one at a time.
    const room = await trx
      .selectFrom('rooms')
      .selectAll()
      .where('id', '=', given.id)
      .$if(deps.dbKind === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const status: MessageRow['status'] = m.direction === 'inbound' ? 'received' : room.channel === 'sms' ? 'queued' : 'delivered';
    const row = await trx
      .insertInto('messages')
      .values({
        room_pk: room.id,
        account_id: room.account_id,
        direction: m.direction,
        channel: room.channel,
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
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const patch: Partial<RoomRow> = { last_message_at: now, last_message_id: row.id, updated_at: now };
    if (m.direction === 'inbound' && !blocked) patch.last_inbound_message_id = row.id;
    if (room.status === 'closed' && !blocked) patch.status = 'open';
    if (blocked) patch.inbox_type = 'agent';
    if (m.senderKind === 'staff') patch.inbox_type = 'priority';
    const updated = await trx.updateTable('rooms').set(patch).where('id', '=', room.id).returningAll().executeTakeFirstOrThrow();
    const dto = toMessageDto(row, room.room_id);
    await emit({ type: 'message.created', ...scopeOf(room), payload: { roomId: room.room_id, message: dto } });
    // The room as it now reads, from rows in hand (the reader's own unread state is not in an event).
    const users = isSet(updated.is_group) ? (await roomsRepository.participants(trx, [updated.id])).map((p) => p.address) : [updated.contact_address];
    const moved = updated.status !== room.status || updated.inbox_type !== room.inbox_type;
    await emit({ type: 'conversation.updated', ...scopeOf(room), payload: { room: roomDto(updated, row, users, null), moved } });
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
        await activityRepository.upsert(trx, { accountId: room.account_id, type: res.room.inbox_type, room: res.room, username: room.username, lastMessage: preview });
        await emit({ type: 'activity', ...scopeOf(room), contactAccountId: null, payload: { type: res.room.inbox_type, roomId: room.room_id, username: room.username, lastMessage: preview } });
        if (opts.isNewRoom) {
          await trx
            .insertInto('notifications')
            .values({
              account_id: room.account_id,
              kind: 'conversation',
              title: 'New conversation',
              body: `${room.username}: ${preview}`.slice(0, 500),
              data: toJson({ roomId: room.room_id, channel: room.channel }),
              read_at: null,
              created_at: Date.now(),
            })
            .execute();
        }
        if (isSet(res.room.ai_agent_enabled)) {
          await queue.enqueue('agent.reply', { messageId: res.message.id }, { key: `reply:${res.message.id}` }, trx);
        }
      }
      return res;
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

  async function orgNumber(orgId: number): Promise<string | null> {
    const row = await db.selectFrom('phone_numbers').select('number').where('account_id', '=', orgId).orderBy('id').executeTakeFirst();
    return row?.number ?? null;
  }

  /** What `to` names: a phone number, an external destination, or an account by username. */
  async function resolveTarget(to: string, owner: InboxOwner | null) {
    const trimmed = to.trim();
    if (/^[+\d(][\d\s().-]{5,}$/.test(trimmed)) {
      const phone = normalizePhone(trimmed);
      if (!phone) throw badRequest('Please enter a valid phone number.', 'to');
      return { kind: 'phone' as const, phone };
    }
    const username = trimmed.replace(/^@/, '').toLowerCase();
    if (owner) {
      const dest = await db.selectFrom('destinations').selectAll().where('username', '=', username).where('account_id', '=', owner.orgId).executeTakeFirst();
      if (dest) return dest.kind === 'phone' ? { kind: 'phone' as const, phone: dest.address } : { kind: 'email' as const, address: dest.address };
    }
    const account = await accountsRepository.findByUsername(db, username);
    if (!account || account.disabled_at != null) throw notFound('No one has that username.');
    return { kind: 'account' as const, account };
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
  async function staffRoom(owner: InboxOwner, target: Awaited<ReturnType<typeof resolveTarget>>): Promise<RoomRow> {
    if (target.kind === 'phone') {
      const existing = await roomsRepository.findByAddress(db, owner.orgId, 'sms', target.phone);
      if (existing) return existing;
      const number = await orgNumber(owner.orgId);
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
    if (target.kind === 'email') throw ruleBroken(UNABLE_TO_START);
    const account = target.account;
    if (inboxOf(account)?.orgId === owner.orgId) throw ruleBroken(UNABLE_TO_START);
    const existing = await roomsRepository.findChat(db, owner, account.id);
    if (existing) return existing;
    const org = await accountsRepository.findById(db, owner.agentId ?? owner.orgId);
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

  async function runAgentReply(payload: { messageId: number }): Promise<void> {
    const key = `reply:${payload.messageId}`;
    const existing = await messagesRepository.byKey(db, key);
    if (existing) {
      // The reply was stored by an earlier run that died before its acknowledgement.
      if (existing.channel === 'sms' && existing.status === 'queued') {
        await queue.enqueue('message.send', { messageId: existing.id }, { key: `send:${existing.id}` });
      }
      return;
    }
    const inbound = await messagesRepository.byId(db, payload.messageId);
    if (!inbound || isSet(inbound.blocked)) return;
    const room = await roomsRepository.byId(db, inbound.room_pk);
    if (!room || !isSet(room.ai_agent_enabled)) return;
    const rt = runtime();
    if (!rt) throw new Error('The agent runtime is not available yet.');
    await write(async (_trx, emit) => {
      await emit({ type: 'typing', ...scopeOf(room), payload: { roomId: room.room_id, who: 'agent', username: room.our_address } });
    });
    const history = (await messagesRepository.page(db, room.id, { before: inbound.id, limit: HISTORY_TURNS, includeBlocked: false }))
      .reverse()
      .map((m) => ({ role: m.direction === 'inbound' ? ('user' as const) : ('assistant' as const), content: m.body }));
    const reply = await rt.respond({
      accountId: room.agent_id ?? room.account_id,
      history,
      message: inbound.body,
      channel: room.channel,
      conversation: { roomId: room.room_id, from: room.contact_address, to: room.our_address ?? '' },
    });
    const fresh = (await roomsRepository.byId(db, room.id))!;
    // The AI may have been switched off while it was thinking: a person answers now.
    if (!isSet(fresh.ai_agent_enabled)) return;
    const text = reply.text.trim();
    if (!text) return;
    await sendOut(fresh, { direction: 'outbound', senderKind: 'agent', senderAccountId: room.agent_id, senderAddress: room.our_address, body: text.slice(0, MESSAGE_MAX), key });
  }

  async function runSend(payload: { messageId: number }): Promise<void> {
    const msg = await messagesRepository.byId(db, payload.messageId);
    if (!msg || msg.status !== 'queued') return;
    const room = await roomsRepository.byId(db, msg.room_pk);
    if (!room) return;
    let sid: string | null;
    try {
      ({ sid } = await deps.carrier.sendSms({
        to: room.contact_address,
        from: room.our_address ?? undefined,
        body: msg.body + fromJson<Attachment[]>(msg.attachments, []).map((a) => `\n${a.url.startsWith('http') ? a.url : deps.config.publicUrl + a.url}`).join(''),
        idempotencyKey: `msg:${msg.id}`,
      }));
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable) {
        await updateStatus(msg, 'failed', err.message);
        throw new PermanentJobError(err.message);
      }
      throw err;
    }
    await updateStatus(msg, 'sent', null, sid);
  }

  async function updateStatus(msg: MessageRow, status: MessageRow['status'], error: string | null, externalId?: string | null) {
    const room = await roomsRepository.byId(db, msg.room_pk);
    if (!room) return;
    await write(async (trx, emit) => {
      const row = await trx
        .updateTable('messages')
        .set({ status, error, updated_at: Date.now(), ...(externalId ? { external_id: externalId } : {}) })
        .where('id', '=', msg.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await emit({ type: 'message.updated', ...scopeOf(room), payload: { roomId: room.room_id, message: toMessageDto(row, room.room_id) } });
    });
  }

  async function runStatus(payload: DeliveryStatus): Promise<void> {
    const msg = await db.selectFrom('messages').selectAll().where('external_id', '=', payload.sid).executeTakeFirst();
    // The receipt can overtake the send's own record of the carrier id: try again shortly.
    if (!msg) throw new Error(`No message with carrier id ${payload.sid} yet.`);
    const next: MessageRow['status'] = payload.status === 'delivered' ? 'delivered' : payload.status === 'sent' ? 'sent' : 'failed';
    if (msg.status === next || (next === 'sent' && msg.status === 'delivered')) return;
    await updateStatus(msg, next, next === 'failed' ? (payload.error ?? 'The carrier could not deliver the message.') : null);
  }

  queue.register('agent.reply', runAgentReply);
  queue.register('message.send', runSend);
  queue.register('message.status', runStatus);

  /** Carrier callbacks: inbound SMS and delivery receipts. */
  const carrierListener = {
    async onInbound(sms: InboundSms): Promise<void> {
      const to = normalizePhone(sms.to) ?? sms.to;
      const from = normalizePhone(sms.from) ?? sms.from;
      const number = await db.selectFrom('phone_numbers').select(['account_id', 'number']).where('number', '=', to).executeTakeFirst();
      if (!number) throw notFound('No organization has that number.');
      const owner = { orgId: number.account_id, agentId: null };
      let room = await roomsRepository.findByAddress(db, owner.orgId, 'sms', from);
      let isNew = false;
      if (!room) {
        isNew = true;
        room = await write((trx, emit) =>
          createRoom(trx, emit, {
            owner,
            channel: 'sms',
            contactAccountId: null,
            contactAddress: from,
            ourAddress: number.number,
            username: from,
            inboxType: 'agent',
            aiEnabled: true,
          }),
        );
      }
      await receive(
        room,
        {
          direction: 'inbound',
          senderKind: 'contact',
          senderAccountId: null,
          senderAddress: from,
          body: sms.body.slice(0, MESSAGE_MAX),
          attachments: (sms.media ?? []).map((url) => ({ url, type: 'media' })),
          externalId: sms.sid,
          key: `in:${sms.sid}`,
        },
        { isNewRoom: isNew },
      );
    },
    async onStatus(status: DeliveryStatus): Promise<void> {
      await queue.enqueue('message.status', status, { key: `status:${status.sid}:${status.status}` });
    },
  };
  deps.carrier.listen(carrierListener);

  return {
    queue,
    bus,
    carrierListener,
    inboxOf,
    useRuntime(get: () => AgentResponder | null) {
      runtime = get;
    },

    async list(ctx: AuthContext, q: { page: number; pageSize: number; pagination: boolean; unread: boolean; type: InboxType; status: 'open' | 'closed' }) {
      const owner = ownerOrThrow(ctx);
      const pageSize = q.pagination ? q.pageSize : 100;
      const totalKey = `${owner.agentId ?? ''}:${q.type}:${q.status}`;
      const cached = q.unread ? undefined : totals.get(owner.orgId)?.get(totalKey);
      const { rows, total } = await roomsRepository.list(
        db,
        { owner, type: q.type, status: q.status, userId: ctx.user.id, unreadOnly: q.unread, page: q.pagination ? q.page : 0, pageSize },
        cached && Date.now() - cached.at < TOTALS_TTL_MS ? cached.n : undefined,
      );
      if (!q.unread && (!cached || cached.n !== total)) {
        if (!totals.has(owner.orgId)) totals.set(owner.orgId, new Map());
        totals.get(owner.orgId)!.set(totalKey, { n: total, at: Date.now() });
      }
      return { success: true as const, rooms: await loadRoomDtos(db, rows, ctx.user.id), totalRooms: total };
    },

    async agentConversations(ctx: AuthContext, agentId: number, page: number, pageSize: number) {
      const owner = ownerOrThrow(ctx);
      if (owner.agentId != null && owner.agentId !== agentId) throw notFound('Agent not found.');
      const agent = await accountsRepository.findById(db, agentId);
      if (!agent || agent.account_type !== 'agent' || inboxOf(agent)?.orgId !== owner.orgId) throw notFound('Agent not found.');
      const { rows, total } = await roomsRepository.listForAgent(db, owner.orgId, agentId, ctx.user.id, page, pageSize);
      return { success: true as const, rooms: await loadRoomDtos(db, rows, ctx.user.id), totalRooms: total };
    },

    /** A room and a page of its messages (newest last); reading it marks it read for the caller. */
    async open(ctx: AuthContext, roomId: string, opts: { uuid?: string; before?: number; limit?: number; markRead?: boolean }) {
      const { room, role } = await accessibleRoom(ctx, roomId);
      if (opts.uuid && opts.uuid !== room.uuid) throw notFound('Conversation not found.');
      const limit = opts.limit ?? 50;
      const rows = await messagesRepository.page(db, room.id, { before: opts.before, limit: limit + 1, includeBlocked: role === 'staff' });
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit).reverse();
      if (opts.markRead !== false && !opts.before && role === 'staff' && room.last_message_id != null) {
        await roomsRepository.setRead(db, room.id, ctx.user.id, room.last_message_id);
      }
      const dto = await roomDtoOf(db, room, ctx.user.id);
      // Staff see whether the other party is blocked (the inbox offers to unblock).
      const blocked = role === 'staff' ? await blocksRepository.isBlocked(db, room.account_id, [room.contact_address, room.username]) : undefined;
      return { success: true as const, room: { ...dto, ...(blocked !== undefined ? { blocked } : {}) }, messages: page.map((m) => toMessageDto(m, room.room_id)), hasMore };
    },

    /** The caller's conversation with a username: a visitor's with an organization or agent, or staff's with a contact. */
    async withUsername(ctx: AuthContext, username: string, opts: { preview: boolean; before?: number }) {
      const owner = inboxOf(ctx.acting);
      const target = await resolveTarget(username, owner);
      let room: RoomRow | undefined;
      if (target.kind === 'account' && inboxOf(target.account) && inboxOf(target.account)!.orgId !== owner?.orgId) {
        room = await roomsRepository.findChat(db, inboxOf(target.account)!, ctx.user.id);
        if (!room) {
          return { success: true as const, roomId: null, room: null, messages: [], hasMore: false, profile: publicProfile(target.account) };
        }
        const res = await this.open(ctx, room.room_id, { before: opts.before, limit: opts.preview ? 1 : 50, markRead: !opts.preview });
        return { ...res, roomId: room.room_id, profile: publicProfile(target.account) };
      }
      if (!owner) throw notFound('Conversation not found.');
      if (target.kind === 'phone') room = await roomsRepository.findByAddress(db, owner.orgId, 'sms', target.phone);
      else if (target.kind === 'account') room = await roomsRepository.findChat(db, owner, target.account.id);
      if (!room) return { success: true as const, roomId: null, room: null, messages: [], hasMore: false, profile: null };
      const res = await this.open(ctx, room.room_id, { before: opts.before, limit: opts.preview ? 1 : 50, markRead: !opts.preview });
      return { ...res, roomId: room.room_id, profile: null };
    },

    /** POST /api/v1/messages: sends as the caller, into a room or to a username or phone number. */
    async send(ctx: AuthContext, input: { roomId?: string; to?: string; body: string; attachments?: Attachment[]; idempotencyKey?: string }) {
      const body = input.body.trim();
      if (!body && !input.attachments?.length) throw badRequest('Please write a message.', 'body');
      if (body.length > MESSAGE_MAX) throw badRequest(`Messages are at most ${MESSAGE_MAX} characters.`, 'body');
      const key = input.idempotencyKey ? `api:${ctx.user.id}:${input.idempotencyKey}` : null;
      if (key) {
        const prior = await messagesRepository.byKey(db, key);
        if (prior) {
          const r = (await roomsRepository.byId(db, prior.room_pk))!;
          return { success: true as const, message: toMessageDto(prior, r.room_id), roomId: r.room_id };
        }
      }
      let room: RoomRow;
      let role: Role;
      let isNew = false;
      if (input.roomId) {
        ({ room, role } = await accessibleRoom(ctx, input.roomId));
      } else if (input.to) {
        const owner = inboxOf(ctx.acting);
        const target = await resolveTarget(input.to, owner);
        if (target.kind === 'account' && inboxOf(target.account) && inboxOf(target.account)!.orgId !== owner?.orgId) {
          ({ room, isNew } = await visitorRoom(ctx.user, target.account));
          role = 'visitor';
        } else {
          if (!owner) throw ruleBroken(UNABLE_TO_START);
          room = await staffRoom(owner, target);
          role = 'staff';
        }
      } else {
        throw badRequest('Say where the message goes: roomId or to.', 'roomId');
      }
      const m: NewMessage =
        role === 'visitor'
          ? { direction: 'inbound', senderKind: 'contact', senderAccountId: ctx.user.id, senderAddress: ctx.user.username, body, attachments: input.attachments, key }
          : { direction: 'outbound', senderKind: 'staff', senderAccountId: ctx.user.id, senderAddress: ctx.user.username, body, attachments: input.attachments, key };
      const res = role === 'visitor' ? await receive(room, m, { isNewRoom: isNew }) : await sendOut(room, m, ctx.user.id);
      if (!res) throw badRequest('That message was already sent.');
      return { success: true as const, message: toMessageDto(res.message, room.room_id), roomId: room.room_id };
    },

    async setStatus(ctx: AuthContext, roomId: string, status: 'open' | 'closed') {
      const { room } = await accessibleRoom(ctx, roomId, 'staff');
      const updated = await write(async (trx, emit) => {
        const row = await trx.updateTable('rooms').set({ status, updated_at: Date.now() }).where('id', '=', room.id).returningAll().executeTakeFirstOrThrow();
        if (status === 'closed') {
          await activityRepository.clear(trx, room.account_id, 'priority', { roomPk: room.id });
          await activityRepository.clear(trx, room.account_id, 'agent', { roomPk: room.id });
        }
        await emit({
          type: status === 'closed' ? 'conversation.closed' : 'conversation.updated',
          ...scopeOf(row),
          payload: { roomId: row.room_id, room: await roomDtoOf(trx, row, 0) },
        });
        return row;
      });
      return { success: true as const, room: await roomDtoOf(db, updated, ctx.user.id) };
    },

    async aiEnabled(ctx: AuthContext, roomId: string) {
      const { room } = await accessibleRoom(ctx, roomId, 'staff');
      return { success: true as const, roomId, aiAgentEnabled: isSet(room.ai_agent_enabled) };
    },

    async setAiEnabled(ctx: AuthContext, roomId: string, enabled: boolean) {
      const { room } = await accessibleRoom(ctx, roomId, 'staff');
      await write(async (trx, emit) => {
        // Turning the AI off means a person takes over: the conversation moves to the priority inbox.
        const patch = enabled ? { ai_agent_enabled: 1, updated_at: Date.now() } : { ai_agent_enabled: 0, inbox_type: 'priority' as const, updated_at: Date.now() };
        const row = await trx.updateTable('rooms').set(patch).where('id', '=', room.id).returningAll().executeTakeFirstOrThrow();
        await emit({ type: 'conversation.updated', ...scopeOf(row), payload: { room: await roomDtoOf(trx, row, 0) } });
      });
      return { success: true as const, roomId, aiAgentEnabled: enabled };
    },

    async groupRoom(ctx: AuthContext, users: string[]) {
      const owner = inboxOf(ctx.acting);
      if (!owner || users.length === 0) throw ruleBroken(UNABLE_TO_START);
      let room: RoomRow;
      try {
        if (users.length === 1) {
          room = await staffRoom(owner, await resolveTarget(users[0]!, owner));
        } else {
          const members: { address: string; accountId: number | null; role: 'member' }[] = [];
          for (const u of users) {
            const t = await resolveTarget(u, owner);
            if (t.kind !== 'account') throw ruleBroken(UNABLE_TO_START);
            members.push({ address: t.account.username, accountId: t.account.id, role: 'member' });
          }
          const org = await accountsRepository.findById(db, owner.agentId ?? owner.orgId);
          room = await write((trx, emit) =>
            createRoom(trx, emit, {
              owner,
              channel: 'chat',
              contactAccountId: null,
              contactAddress: members.map((m) => m.address).join(','),
              ourAddress: org?.username ?? null,
              username: members.map((m) => m.address).join(', '),
              inboxType: 'priority',
              aiEnabled: false,
              group: members,
            }),
          );
        }
      } catch (err) {
        if (err instanceof Error && 'code' in err) throw ruleBroken(UNABLE_TO_START);
        throw err;
      }
      return { success: true as const, details: { room: room.room_id, roomId: room.room_id, uuid: room.uuid, channel: room.channel } };
    },

    async rate(ctx: AuthContext, roomId: string, rating: number) {
      const { room } = await accessibleRoom(ctx, roomId);
      await write(async (trx, emit) => {
        const row = await trx.updateTable('rooms').set({ rating, updated_at: Date.now() }).where('id', '=', room.id).returningAll().executeTakeFirstOrThrow();
        await emit({ type: 'conversation.updated', ...scopeOf(row), payload: { room: await roomDtoOf(trx, row, 0) } });
      });
      return { success: true as const, roomId, rating };
    },

    async react(ctx: AuthContext, messageId: number, reaction: string, add: boolean) {
      const msg = await messagesRepository.byId(db, messageId);
      const room = msg ? await roomsRepository.byId(db, msg.room_pk) : undefined;
      if (!msg || !room || !roleIn(ctx, room)) throw notFound('Message not found.');
      const message = await write(async (trx, emit) => {
        const current = (await messagesRepository.byId(trx, messageId))!;
        let list = messagesRepository.reactions(current).filter((r) => !(r.accountId === ctx.user.id && r.reaction === reaction));
        if (add) list = [...list, { reaction, username: ctx.user.username, accountId: ctx.user.id }];
        await messagesRepository.setReactions(trx, messageId, list);
        const row = (await messagesRepository.byId(trx, messageId))!;
        await emit({ type: 'message.updated', ...scopeOf(room), payload: { roomId: room.room_id, message: toMessageDto(row, room.room_id) } });
        return toMessageDto(row, room.room_id);
      });
      return { success: true as const, message };
    },

    async typing(ctx: AuthContext, roomId: string) {
      const { room, role } = await accessibleRoom(ctx, roomId);
      await write(async (_trx, emit) => {
        await emit({ type: 'typing', ...scopeOf(room), payload: { roomId, who: role === 'staff' ? 'staff' : 'contact', username: ctx.user.username } });
      });
    },

    // Activity: the priority and agent ("Junk") lists of conversations with news.
    async activity(ctx: AuthContext, type: InboxType) {
      const owner = ownerOrThrow(ctx);
      const rows = await activityRepository.list(db, owner.orgId, type);
      return {
        success: true as const,
        activity: rows.map((r) => ({ id: r.id, roomId: r.room_id, username: r.username, lastMessage: r.last_message, count: r.count, type, timestamp: Number(r.updated_at) })),
      };
    },

    async clearActivity(ctx: AuthContext, type: InboxType, by: { username?: string; clearAll?: boolean; roomId?: string }) {
      const owner = ownerOrThrow(ctx);
      if (!by.username && !by.clearAll && !by.roomId) throw badRequest('Say what to clear: username or clearAll.', 'username');
      let roomPk: number | undefined;
      if (by.roomId) roomPk = (await accessibleRoom(ctx, by.roomId, 'staff')).room.id;
      const cleared = await write(async (trx, emit) => {
        const n = await activityRepository.clear(trx, owner.orgId, type, { username: by.username, roomPk, all: by.clearAll });
        await emit({ type: 'activity', accountId: owner.orgId, agentId: owner.agentId, contactAccountId: null, payload: { type, cleared: by.clearAll ? 'all' : (by.username ?? by.roomId) } });
        return n;
      });
      return { success: true as const, cleared };
    },

    async markUnread(ctx: AuthContext, type: InboxType, roomId: string) {
      const { room } = await accessibleRoom(ctx, roomId, 'staff');
      await write(async (trx, emit) => {
        await roomsRepository.setRead(trx, room.id, ctx.user.id, 0);
        const last = room.last_message_id ? await messagesRepository.byId(trx, room.last_message_id) : undefined;
        await activityRepository.upsert(trx, { accountId: room.account_id, type, room, username: room.username, lastMessage: last?.body ?? '' });
        await emit({ type: 'activity', ...scopeOf(room), contactAccountId: null, payload: { type, roomId, username: room.username, unread: true } });
      });
      return { success: true as const, roomId, unread: true };
    },

    // Blocks: an organization blocks a sender (a visitor's username or a phone number).
    async blockStatus(ctx: AuthContext, id: string, both: boolean) {
      const owner = inboxOf(ctx.acting);
      const me = owner?.orgId ?? ctx.acting.id;
      const address = normalizePhone(id) && /^[+\d(]/.test(id) ? normalizePhone(id)! : id.toLowerCase();
      const blocked = await blocksRepository.isBlocked(db, me, [address]);
      let blockedBy = false;
      if (both) {
        const other = await accountsRepository.findByUsername(db, address);
        const mine = await accountsRepository.findById(db, me);
        if (other && mine) blockedBy = await blocksRepository.isBlocked(db, other.id, [mine.username]);
      }
      return { success: true as const, id, blocked, ...(both ? { blockedBy } : {}) };
    },

    async block(ctx: AuthContext, targetUsername: string, block: boolean) {
      const owner = inboxOf(ctx.acting);
      const me = owner?.orgId ?? ctx.acting.id;
      const address = /^[+\d(]/.test(targetUsername.trim()) ? normalizePhone(targetUsername) : targetUsername.trim().toLowerCase();
      if (!address) throw badRequest('Please enter a valid username or phone number.', 'targetUsername');
      if (block) await blocksRepository.block(db, me, address, ctx.user.id);
      else await blocksRepository.unblock(db, me, address);
      if (block && owner) {
        // Their conversations leave the priority inbox for Junk, and lose their activity entries.
        await write(async (trx, emit) => {
          const rooms = await trx.selectFrom('rooms').selectAll().where('account_id', '=', owner.orgId).where('contact_address', '=', address).execute();
          for (const r of rooms) {
            const row = await trx.updateTable('rooms').set({ inbox_type: 'agent', updated_at: Date.now() }).where('id', '=', r.id).returningAll().executeTakeFirstOrThrow();
            await activityRepository.clear(trx, owner.orgId, 'priority', { roomPk: r.id });
            await emit({ type: 'conversation.updated', ...scopeOf(row), contactAccountId: null, payload: { room: await roomDtoOf(trx, row, 0) } });
          }
        });
      }
      return { success: true as const, targetUsername: address, blocked: block };
    },

    async createDestination(ctx: AuthContext, address: string) {
      const owner = ownerOrThrow(ctx);
      const trimmed = address.trim();
      const isEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed);
      const phone = isEmail ? null : normalizePhone(trimmed);
      if (!isEmail && !phone) throw badRequest('Please enter a phone number or an e-mail address.', 'address');
      const value = isEmail ? trimmed.toLowerCase() : phone!;
      const existing = await db.selectFrom('destinations').selectAll().where('account_id', '=', owner.orgId).where('address', '=', value).executeTakeFirst();
      const row =
        existing ??
        (await db
          .insertInto('destinations')
          .values({
            account_id: owner.orgId,
            username: `ext-${crypto.randomBytes(6).toString('hex')}`,
            kind: isEmail ? 'email' : 'phone',
            address: value,
            created_at: Date.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow());
      return { success: true as const, profile: { username: row.username, address: row.address, kind: row.kind } };
    },

    // Used by the public chat page: the profile a visitor writes to.
    async publicTarget(username: string) {
      const account = await accountsRepository.findByUsername(db, username);
      if (!account || account.disabled_at != null || !inboxOf(account)) throw notFound('No one has that username.');
      return publicProfile(account);
    },
  };
}

function publicProfile(a: AccountRow) {
  const details = fromJson<Record<string, unknown>>(a.details, {});
  const name =
    (details.agentName as string) || (details.orgName as string) || a.account_name || a.name || (details.name as string) || a.username;
  return { username: a.username, accountType: a.account_type, displayName: name, image: a.profile_image };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
export { PAGE_SIZE };
