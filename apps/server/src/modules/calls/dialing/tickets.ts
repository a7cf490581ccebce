import crypto from 'node:crypto';
import type { Deps } from '../../../deps.ts';
import { secretBoxFor } from '../../../platform/secrets/index.ts';

/**
 * The tickets' HMAC key, derived from the persisted secrets key (SECRETS_KEY, else DATA_DIR/secrets.key):
 * every process sharing that key (and the database) accepts the tickets of the others, and a restart
 * keeps tickets valid. It is a keyed hash of a fixed label, so the secrets key itself is never used twice.
 */
export const ticketKey = (config: Deps['config']): Buffer =>
  Buffer.from(secretBoxFor(config).digest('calls:media-stream-ticket:v1'), 'hex');

/** A media-stream ticket: the call id, an expiry and an HMAC, so only who placed the call can stream it. */
const TICKET_TTL_MS = 10 * 60_000;

export function createTickets(config: Deps['config']) {
  const key = ticketKey(config);
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  return {
    ticketFor(callId: string): string {
      const payload = `${callId}.${Date.now() + TICKET_TTL_MS}`;
      return `${payload}.${sign(payload)}`;
    },
    callIdOfTicket(ticket: string): string | null {
      const parts = ticket.split('.');
      if (parts.length !== 3) return null;
      const payload = `${parts[0]}.${parts[1]}`;
      const mac = Buffer.from(sign(payload));
      const given = Buffer.from(parts[2]!);
      if (mac.length !== given.length || !crypto.timingSafeEqual(mac, given)) return null;
      return Number(parts[1]) >= Date.now() ? parts[0]! : null;
    },
  };
}
