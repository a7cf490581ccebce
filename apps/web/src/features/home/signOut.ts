import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, setActingAccount } from '../../api/client.ts';
import { clearSession, getToken } from '../../api/session.ts';
import { bridge } from '../../shell/bridge.ts';

/** Ends the session on the server, clears local storage, tells the native wrapper, goes to sign-in. */
export async function signOut(): Promise<void> {
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

export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    queryClient.clear();
    navigate('/app/signin', { replace: true });
  }, [navigate, queryClient]);
}
