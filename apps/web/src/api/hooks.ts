import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Account } from '@switchboard/core/contracts/accounts';
import type { PermissionSet } from '@switchboard/core/rules/permissions';
import { readAccount } from './client.ts';
import { getStoredUser, getToken, onSessionChange, type StoredUser } from './session.ts';

/** The signed-in session from local storage; re-renders on sign-in and sign-out. */
export function useSession(): { token: string | null; user: StoredUser | null } {
  const token = useSyncExternalStore(onSessionChange, getToken, () => null);
  return { token, user: token ? getStoredUser() : null };
}

export interface AccountView extends Account {
  success: true;
  permissions: PermissionSet;
  user: {
    id: number;
    username: string;
    email: string | null;
    name: string | null;
    accountType: string;
    tempUser: boolean;
    superAdmin: boolean;
  };
}

export const accountKey = (target: number | null) => ['account', target ?? 'self'] as const;

/** Rereads every account the app holds (after a change to settings it shows, like the walkthrough). */
export function useRefreshAccount() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['account'] });
}

/** GET /api/v1/account for the signed-in user (target null) or an account of their tree. */
export function useAccount(target: number | null = null, enabled = true) {
  return useQuery({
    queryKey: accountKey(target),
    queryFn: ({ signal }) => readAccount<AccountView>(target, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}
