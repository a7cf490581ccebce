import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { SessionResponse } from '../../api/session.ts';

/** GET /api/v1/oneTimeAuth: an invitation link's one-time token for a session (and where to go). */
function exchangeOneTimeToken(oneTimeToken: string) {
  return api<SessionResponse & { redirectUrl?: string | null }>('/api/v1/oneTimeAuth', { query: { oneTimeToken }, anonymous: true });
}

/** Signing in with an invitation link's one-time token, and `clearQueries` (a new session starts with an empty query cache). */
export function useOneTimeSignIn() {
  const qc = useQueryClient();
  return useMemo(() => ({ exchange: exchangeOneTimeToken, clearQueries: () => qc.clear() }), [qc]);
}
