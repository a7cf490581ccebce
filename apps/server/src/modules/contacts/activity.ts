import type { ContactActivity } from '@switchboard/core/contracts/contacts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import type { latestBookingsOf } from '../calendar/index.ts';
import type { callsWithNumbers } from '../calls/index.ts';
import type { roomsWithAddresses } from '../conversations/index.ts';
import { keyOf } from './keys.ts';
import { contactsRepository } from './repository.ts';

const LIMIT = 50;

/**
 * Where a contact's activity comes from: conversations, calls and calendar, which all sit above contacts
 * (they name their contacts). Wired in services.ts.
 */
export interface ActivitySources {
  roomsWithAddresses: typeof roomsWithAddresses;
  callsWithNumbers: typeof callsWithNumbers;
  latestBookingsOf: typeof latestBookingsOf;
}

/**
 * GET /api/v2/contact/{id}/activity: one contact's conversations (rooms whose address is one of its
 * numbers or e-mails), phone calls (the other end is one of its numbers) and meetings (bookings with the
 * organization made with one of its numbers or e-mails, compared by normalised key), all within the
 * contact's own organization.
 */
export async function contactActivity(deps: Deps, sources: ActivitySources, ctx: AuthContext, id: number): Promise<ContactActivity> {
  const { roomsWithAddresses, callsWithNumbers, latestBookingsOf } = sources;
  const orgId = ctx.acting.organization_id ?? ctx.acting.id;
  // The caller (the service's activity) has checked contact.view: the contact is the organization's.
  const keys = new Set((await contactsRepository.keysOf(deps.db, [id])).map((k) => k.key));
  const phones = [...keys].filter((k) => k.startsWith('tel:')).map((k) => k.slice(4));
  const emails = [...keys].filter((k) => k.startsWith('email:')).map((k) => k.slice(6));
  const [rooms, calls, bookings] = await Promise.all([
    roomsWithAddresses(deps.db, orgId, [...phones, ...emails], LIMIT),
    callsWithNumbers(deps.db, orgId, phones, LIMIT),
    latestBookingsOf(deps.db, orgId),
  ]);
  const isTheirs = (a: string | null) => {
    const k = a ? keyOf(a) : null;
    return k !== null && keys.has(k);
  };
  return {
    success: true,
    conversations: rooms.map((r) => ({
      roomId: r.room_id,
      channel: r.channel,
      address: r.contact_address,
      lastMessageAt: Number(r.last_message_at),
    })),
    calls: calls.map((c) => ({
      id: c.id,
      direction: c.direction,
      number: c.direction === 'inbound' ? c.from_number : c.to_number,
      status: c.status,
      startedAt: Number(c.started_at),
      durationMs: Number(c.duration_ms),
    })),
    meetings: bookings
      .filter((b) => isTheirs(b.phone) || isTheirs(b.email))
      .slice(0, LIMIT)
      .map((b) => ({ id: b.id, meetingType: b.meeting_type, start: Number(b.start_at), end: Number(b.end_at), status: b.status })),
  };
}
