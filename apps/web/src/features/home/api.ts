import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, setActingAccount } from '../../api/client.ts';
import { clearSession, getToken, type SessionResponse } from '../../api/session.ts';
import { bridge } from '../../shell/bridge.ts';

/** GET /api/v1/oneTimeAuth: an invitation link's one-time token for a session (and where to go). */
function exchangeOneTimeToken(oneTimeToken: string) {
  return api<SessionResponse & { redirectUrl?: string | null }>('/api/v1/oneTimeAuth', { query: { oneTimeToken }, anonymous: true });
}

/** Signing in with an invitation link's one-time token, and `clearQueries` (a new session starts with an empty query cache). */
export function useOneTimeSignIn() {
  const qc = useQueryClient();
  return useMemo(() => ({ exchange: exchangeOneTimeToken, clearQueries: () => qc.clear() }), [qc]);
}

/** Ends the session on the server, clears local storage, tells the native wrapper. */
async function signOut(): Promise<void> {
  if (getToken()) {
    try {
      await api('/api/v1/signout', { method: 'POST', body: {}, target: false });
    } catch {
      /* the local sign-out below happens regardless */
    }
  }
  setActingAccount(null);
  clearSession();
  bridge.logout();
}

/**
 * Signing out: `signOut` (POST /api/v1/signout, then the local session, whatever the server said) and
 * `clearQueries` (the next session starts with an empty query cache).
 */
export function useSignOutCalls() {
  const qc = useQueryClient();
  return useMemo(() => ({ signOut, clearQueries: () => qc.clear() }), [qc]);
}
