import { LogOut } from 'lucide-react';
import { createElement, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../shell/confirm.tsx';
import { notify } from '../../shell/toast.tsx';
import { useSignOutCalls } from './api.ts';

/** The sign-out button's action: confirm, sign out (home/api.ts), say so. */
export function useSignOut() {
  const navigate = useNavigate();
  const { signOut, clearQueries } = useSignOutCalls();
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
    clearQueries();
    navigate('/app/signin', { replace: true });
    notify('You are signed out.');
  }, [navigate, signOut, clearQueries]);
}
