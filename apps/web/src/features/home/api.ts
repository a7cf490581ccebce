import { api } from '../../api/client.ts';
import type { SessionResponse } from '../../api/session.ts';

/** GET /api/v1/oneTimeAuth: an invitation link's one-time token for a session (and where to go). */
export function exchangeOneTimeToken(oneTimeToken: string) {
  return api<SessionResponse & { redirectUrl?: string | null }>('/api/v1/oneTimeAuth', { query: { oneTimeToken }, anonymous: true });
}
