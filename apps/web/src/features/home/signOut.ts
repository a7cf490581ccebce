import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { createElement, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, setActingAccount } from '../../api/client.ts';
import { clearSession, getToken } from '../../api/session.ts';
import { bridge } from '../../shell/bridge.ts';
import { confirm } from '../../shell/confirm.tsx';
import { notify } from '../../shell/toast.tsx';

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

/** The sign-out button's action: confirm, sign out, say so. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const ok = await confirm({
      icon: createElement(LogOut, { className: 'size-5', 'aria-hidden': true }),
      title: 'Sign out?',
      message: 'You will need a new code to sign in again on this device.',
      confirmText: 'Sign out',
      confirmColor: 'danger',
      onConfirm: signOut,
    });
    if (!ok) return;
    queryClient.clear();
    navigate('/app/signin', { replace: true });
    notify('You are signed out.');
  }, [navigate, queryClient]);
}
