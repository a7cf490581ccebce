/** Opening conversations: whom an address names, and the room a visitor or staff writes in (found or created). */
import crypto from 'node:crypto';
import type { Database, Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import type { Emit, Write } from '../../platform/unitOfWork.ts';
import { findAccount, findAccountByUsername, type AccountRow } from '../accounts/index.ts';
import { numberOfAccount } from '../numbers/index.ts';
import type { InboxType } from './mappers.ts';
import { inboxOf, scopeOf } from './owner.ts';
import { destinationsRepository, roomsRepository, type InboxOwner, type RoomRow } from './repository.ts';
import { roomDtoOf } from './roomDtos.ts';

export const UNABLE_TO_START = 'Unable to start conversation with this user.';
/** The spec's alert text followed by the reason, so the person sending knows what to change. */
export const unableToStart = (reason: string) => ruleBroken(`${UNABLE_TO_START} ${reason}`, 'to');

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

/** Whom `to` names: a phone number, an external destination, or an account by username. */
export type Target = { kind: 'phone'; phone: string } | { kind: 'email'; address: string } | { kind: 'account'; account: AccountRow };

/** Creates a room with its participants (the owner first) and tells the inbox. */
export async function createRoom(trx: Tx, emit: Emit, r: NewRoom): Promise<RoomRow> {
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

/** Finding and opening rooms for the service and the carrier ingress; `write` runs each creation as one unit of work. */
export function createRoomOpening(deps: Deps, write: Write<Database>) {
  const { db } = deps;

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

  /** A group conversation staff open with several accounts (usernames only). */
  async function groupRoom(owner: InboxOwner, users: string[]): Promise<RoomRow> {
    const members: { address: string; accountId: number | null; role: 'member' }[] = [];
    for (const u of users) {
      const t = await resolveTarget(u, owner);
      if (t.kind !== 'account') throw unableToStart('A group conversation is for usernames only.');
      members.push({ address: t.account.username, accountId: t.account.id, role: 'member' });
    }
    const org = await findAccount(db, owner.agentId ?? owner.orgId);
    return write((trx, emit) =>
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

  return { resolveTarget, visitorRoom, staffRoom, groupRoom };
}
