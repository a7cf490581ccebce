import crypto from 'node:crypto';
import { PAGE_SIZE } from '@switchboard/core/constants';
import type { Deps } from '../../deps.ts';
import { isSet } from '../../platform/db/columns.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { clientKey } from '../../platform/idempotency/index.ts';
import type { Background } from '../../platform/background.ts';
import type { Database } from '../../db.ts';
import { findAccount, findAccountByUsername } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { ownerOrThrow, type Role } from './access.ts';
import type { AgentResponder } from './agentAdapter.ts';
import { registerConversationJobs } from './jobs.ts';
import { registerAnalysisJob } from './analysis.ts';
import { publicProfile, toActivityItem, toMessageDto, type InboxType } from './mappers.ts';
import { createMessaging, MESSAGE_MAX, type NewMessage } from './messaging.ts';
import { inboxOf, scopeOf } from './owner.ts';
import { createCallEntries } from './calls.ts';
import type { AgentAction } from './events.ts';
import { createRoomChanges } from './roomChanges.ts';
import { UNABLE_TO_START, unableToStart } from './roomOpening.ts';
import {
  activityRepository,
  blocksRepository,
  destinationsRepository,
  messagesRepository,
  roomsRepository,
  type Attachment,
  type RoomRow,
} from './repository.ts';

const TOTALS_TTL_MS = 30_000;

/**
 * The conversations service: the inbox's public methods (each starts with the caller's access to the
 * room or inbox), on top of the message pipeline (messaging.ts), the room changes (roomChanges.ts) and
 * the jobs (jobs.ts). `agent`: the
 * agent runtime, which writes the agent's replies (a port: agents sit above conversations; services.ts).
 */
export function createConversationsService(deps: Deps, bg: Background<Database>, agent: AgentResponder) {
  const { db, requireAccess } = deps;
  /** The room and the caller's role in it (the access table's `room.member` / `room.staff`: 404 outside it). */
  const roomOf = async (ctx: AuthContext, roomId: string, permission: 'room.member' | 'room.staff' = 'room.member') =>
    (await requireAccess(ctx, permission, [roomId])).get(roomId)!;
  const { queue, bus } = bg;
  const pipeline = createMessaging(deps, queue, bg.write);
  const changes = createRoomChanges(pipeline, queue);
  const carrierListener = registerConversationJobs(deps, queue, pipeline, agent);
  registerAnalysisJob(deps, queue, pipeline, agent);
  deps.carrier.listen(carrierListener);

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

  return {
    carrierListener,
    /** A phone call's entry in its contact's conversation (calls.ts). */
    recordCall: createCallEntries(deps, pipeline),
    /** An agent's actions during a call, in the call's conversation (once per key); unknown rooms are skipped. */
    async recordActionsIn(roomId: string, actions: AgentAction[], key: string): Promise<void> {
      const room = await roomsRepository.byRoomId(db, roomId);
      if (room) await pipeline.recordActions(room, actions, key);
    },

    async list(
      ctx: AuthContext,
      q: { page: number; pageSize: number; pagination: boolean; unread: boolean; type: InboxType; status: 'open' | 'closed' | 'archived' },
    ) {
      await requireAccess(ctx, 'inbox');
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
      return { success: true as const, rooms: await pipeline.loadRoomDtos(db, rows, ctx.user.id), totalRooms: total };
    },

    async agentConversations(ctx: AuthContext, agentId: number, page: number, pageSize: number) {
      await requireAccess(ctx, 'inbox');
      const owner = ownerOrThrow(ctx);
      if (owner.agentId != null && owner.agentId !== agentId) throw notFound('Agent not found.');
      const agent = await findAccount(db, agentId);
      if (!agent || agent.account_type !== 'agent' || inboxOf(agent)?.orgId !== owner.orgId) throw notFound('Agent not found.');
      const { rows, total } = await roomsRepository.listForAgent(db, owner.orgId, agentId, ctx.user.id, page, pageSize);
      return { success: true as const, rooms: await pipeline.loadRoomDtos(db, rows, ctx.user.id), totalRooms: total };
    },

    /** A room and a page of its messages (newest last); reading it marks it read for the caller. */
    async open(ctx: AuthContext, roomId: string, opts: { uuid?: string; before?: number; limit?: number; markRead?: boolean }) {
      const { room, role } = await roomOf(ctx, roomId);
      if (opts.uuid && opts.uuid !== room.uuid) throw notFound('Conversation not found.');
      const limit = opts.limit ?? 50;
      const rows = await messagesRepository.page(db, room.id, { before: opts.before, limit: limit + 1, includeBlocked: role === 'staff' });
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit).reverse();
      if (opts.markRead !== false && !opts.before && role === 'staff' && room.last_message_id != null) {
        await roomsRepository.setRead(db, room.id, ctx.user.id, room.last_message_id);
      }
      const dto = await pipeline.roomDtoOf(db, room, ctx.user.id);
      // Staff see whether the other party is blocked (the inbox offers to unblock).
      const blocked =
        role === 'staff' ? await blocksRepository.isBlocked(db, room.account_id, [room.contact_address, room.username]) : undefined;
      return {
        success: true as const,
        room: { ...dto, ...(blocked !== undefined ? { blocked } : {}) },
        messages: page.map((m) => toMessageDto(m, room.room_id)),
        hasMore,
      };
    },

    /** The caller's conversation with a username: a visitor's with an organization or agent, or staff's with a contact. */
    async withUsername(ctx: AuthContext, username: string, opts: { preview: boolean; before?: number }) {
      const owner = inboxOf(ctx.acting);
      const target = await pipeline.resolveTarget(username, owner);
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
    async send(
      ctx: AuthContext,
      input: { roomId?: string; to?: string; body: string; attachments?: Attachment[]; idempotencyKey?: string },
    ) {
      const body = input.body.trim();
      if (!body && !input.attachments?.length) throw badRequest('Please write a message.', 'body');
      if (body.length > MESSAGE_MAX) throw badRequest(`Messages are at most ${MESSAGE_MAX} characters.`, 'body');
      // Into a room: the caller must take part in it. To a username or number (no room yet), the target
      // decides below whether the caller writes as a visitor or as staff.
      const inRoom = input.roomId ? (await requireAccess(ctx, 'room.member', [input.roomId])).get(input.roomId)! : undefined;
      const key = clientKey('api', ctx.user.id, input.idempotencyKey);
      // A repeated key answers what the first send answered, whether the first one has finished (read
      // here) or is still running (its insert wins the key and ours reads it afterwards, below).
      const earlier = async () => {
        const prior = key ? await messagesRepository.byKey(db, key) : undefined;
        if (!prior) return undefined;
        const r = (await roomsRepository.byId(db, prior.room_pk))!;
        return { success: true as const, message: toMessageDto(prior, r.room_id), roomId: r.room_id };
      };
      const repeated = await earlier();
      if (repeated) return repeated;
      let room: RoomRow;
      let role: Role;
      let isNew = false;
      if (inRoom) {
        ({ room, role } = inRoom);
      } else if (input.to) {
        const owner = inboxOf(ctx.acting);
        const target = await pipeline.resolveTarget(input.to, owner);
        if (target.kind === 'account' && inboxOf(target.account) && inboxOf(target.account)!.orgId !== owner?.orgId) {
          ({ room, isNew } = await pipeline.visitorRoom(ctx.user, target.account));
          role = 'visitor';
        } else {
          if (!owner) throw unableToStart('This account has no inbox.');
          room = await pipeline.staffRoom(owner, target);
          role = 'staff';
        }
      } else {
        throw badRequest('Say where the message goes: roomId or to.', 'roomId');
      }
      const m: NewMessage = {
        direction: role === 'visitor' ? 'inbound' : 'outbound',
        senderKind: role === 'visitor' ? 'contact' : 'staff',
        senderAccountId: ctx.user.id,
        senderAddress: ctx.user.username,
        body,
        attachments: input.attachments,
        key,
        account: ctx.acting,
      };
      const res = role === 'visitor' ? await pipeline.receive(room, m, { isNewRoom: isNew }) : await pipeline.sendOut(room, m, ctx.user.id);
      if (!res) {
        const first = await earlier();
        if (first) return first;
        throw badRequest('That message was already sent.');
      }
      return { success: true as const, message: toMessageDto(res.message, room.room_id), roomId: room.room_id };
    },

    async setStatus(ctx: AuthContext, roomId: string, status: 'open' | 'closed' | 'archived') {
      const { room } = await roomOf(ctx, roomId, 'room.staff');
      const updated = await changes.setStatus(room, status);
      return { success: true as const, room: await pipeline.roomDtoOf(db, updated, ctx.user.id) };
    },

    async aiEnabled(ctx: AuthContext, roomId: string) {
      const { room } = await roomOf(ctx, roomId, 'room.staff');
      return { success: true as const, roomId, aiAgentEnabled: isSet(room.ai_agent_enabled) };
    },

    async setAiEnabled(ctx: AuthContext, roomId: string, enabled: boolean) {
      const { room } = await roomOf(ctx, roomId, 'room.staff');
      await changes.setAiEnabled(room, enabled);
      return { success: true as const, roomId, aiAgentEnabled: enabled };
    },

    async groupRoom(ctx: AuthContext, users: string[]) {
      // Without an inbox the caller is told it cannot start one (the spec's words), not refused.
      const owner = inboxOf(ctx.acting);
      if (!owner) throw unableToStart('This account has no inbox.');
      await requireAccess(ctx, 'inbox');
      if (users.length === 0) throw unableToStart('Enter a phone number or a username.');
      let room: RoomRow;
      try {
        room =
          users.length === 1
            ? await pipeline.staffRoom(owner, await pipeline.resolveTarget(users[0]!, owner))
            : await pipeline.groupRoom(owner, users);
      } catch (err) {
        // Say why (no such username, not a phone number, no number to text from), after the spec's text.
        if (err instanceof AppError) throw err.message.startsWith(UNABLE_TO_START) ? err : unableToStart(err.message);
        throw err;
      }
      return { success: true as const, details: { room: room.room_id, roomId: room.room_id, uuid: room.uuid, channel: room.channel } };
    },

    async rate(ctx: AuthContext, roomId: string, rating: number) {
      const { room } = await roomOf(ctx, roomId);
      await changes.rate(room, rating);
      return { success: true as const, roomId, rating };
    },

    async react(ctx: AuthContext, messageId: number, reaction: string, add: boolean) {
      const { room } = (await requireAccess(ctx, 'message.member', [messageId])).get(messageId)!;
      const message = await changes.react(room, messageId, ctx.user, reaction, add);
      return { success: true as const, message };
    },

    async typing(ctx: AuthContext, roomId: string) {
      const { room, role } = await roomOf(ctx, roomId);
      await pipeline.write(async (_trx, emit) => {
        await emit({
          type: 'typing',
          ...scopeOf(room),
          payload: { roomId, who: role === 'staff' ? 'staff' : 'contact', username: ctx.user.username },
        });
      });
    },

    // Activity: the priority and agent ("Junk") lists of conversations with news.
    async activity(ctx: AuthContext, type: InboxType) {
      await requireAccess(ctx, 'inbox');
      const owner = ownerOrThrow(ctx);
      const rows = await activityRepository.list(db, owner.orgId, type);
      return {
        success: true as const,
        activity: rows.map((r) => toActivityItem(r, type)),
      };
    },

    /** The agent's actions a person should follow up (bookings, messages taken, transfers), newest first. */
    async needsPerson(ctx: AuthContext) {
      await requireAccess(ctx, 'inbox');
      const owner = ownerOrThrow(ctx);
      const rows = await messagesRepository.needingPerson(db, owner, PAGE_SIZE);
      return {
        success: true as const,
        items: rows.map((r) => ({
          messageId: r.id,
          roomId: r.room_id,
          username: r.username,
          channel: r.channel,
          inboxType: r.inbox_type,
          kind: r.event_kind ?? 'function',
          body: r.body,
          createdAt: Number(r.created_at),
        })),
      };
    },

    async clearActivity(ctx: AuthContext, type: InboxType, by: { username?: string; clearAll?: boolean; roomId?: string }) {
      await requireAccess(ctx, 'inbox');
      const owner = ownerOrThrow(ctx);
      if (!by.username && !by.clearAll && !by.roomId) throw badRequest('Say what to clear: username or clearAll.', 'username');
      let roomPk: number | undefined;
      if (by.roomId) roomPk = (await roomOf(ctx, by.roomId, 'room.staff')).room.id;
      const cleared = await changes.clearActivity(owner, type, by, roomPk);
      return { success: true as const, cleared };
    },

    async markUnread(ctx: AuthContext, type: InboxType, roomId: string) {
      const { room } = await roomOf(ctx, roomId, 'room.staff');
      await changes.markUnread(room, type, ctx.user.id);
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
        const other = await findAccountByUsername(db, address);
        const mine = await findAccount(db, me);
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
      if (block && owner) await changes.moveToJunk(owner, address);
      return { success: true as const, targetUsername: address, blocked: block };
    },

    async createDestination(ctx: AuthContext, address: string) {
      await requireAccess(ctx, 'inbox');
      const owner = ownerOrThrow(ctx);
      const trimmed = address.trim();
      const isEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed);
      const phone = isEmail ? null : normalizePhone(trimmed);
      if (!isEmail && !phone) throw badRequest('Please enter a phone number or an e-mail address.', 'address');
      const value = isEmail ? trimmed.toLowerCase() : phone!;
      const row =
        (await destinationsRepository.byAddress(db, owner.orgId, value)) ??
        (await destinationsRepository.insert(db, {
          account_id: owner.orgId,
          username: `ext-${crypto.randomBytes(6).toString('hex')}`,
          kind: isEmail ? 'email' : 'phone',
          address: value,
          created_at: Date.now(),
        }));
      return { success: true as const, profile: { username: row.username, address: row.address, kind: row.kind } };
    },

    // Used by the public chat page: the profile a visitor writes to.
    async publicTarget(username: string) {
      const account = await findAccountByUsername(db, username);
      if (!account || account.disabled_at != null || !inboxOf(account)) throw notFound('No one has that username.');
      return publicProfile(account);
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
