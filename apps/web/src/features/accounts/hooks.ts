import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@switchboard/core/constants';
import type { AccountListItem } from '@switchboard/core/contracts/accounts';
import type { DomainItem } from '@switchboard/core/contracts/domains';
import { api, type QueryValue } from '../../api/client.ts';
import { errorText, fieldError, otherError, useAppMutation } from '../../api/mutation.ts';
import { searchQuery } from './filters.ts';

/**
 * One query hook per resource of the account screens. Every call names its acting account explicitly
 * (`target`: an account id, or null for the signed-in user's own), so screens and overlays agree.
 */

export { useActingAccount, useActingTarget } from '../../api/acting.ts';

/** A positive integer from an overlay value like `?orgPreview=123`, else null. */
export function idFromValue(value: string): number | null {
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export const tgt = (target: number | null) => (target == null ? false : target);

export type ChildKind = 'reseller' | 'organization' | 'agent';
export const LIST_PATH: Record<ChildKind, string> = {
  reseller: '/api/v2/listResellers',
  organization: '/api/v2/listOrganizations',
  agent: '/api/v2/listAccounts',
};

export interface ListResult {
  success: true;
  accounts: AccountListItem[];
  totalAccounts: number;
}

/** A page (20 rows) of the accounts below `parent`. */
export function useChildren(kind: ChildKind, parent: number | null, page: number, search: string, enabled = true) {
  return useQuery({
    queryKey: ['accounts', 'children', kind, parent ?? 'self', page, search],
    queryFn: ({ signal }) =>
      api<ListResult>(LIST_PATH[kind], { target: tgt(parent), signal, query: { page, pageSize: PAGE_SIZE, search: search || undefined } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/v2/searchOrganizations with the organization filter (spec §5: only positive pages, string or number filters). */
export function useOrgSearch(parent: number | null, filter: Record<string, QueryValue> | null, page: number) {
  return useQuery({
    queryKey: ['accounts', 'orgSearch', parent ?? 'self', filter, page],
    queryFn: ({ signal }) =>
      api<ListResult>('/api/v2/searchOrganizations', { target: tgt(parent), signal, query: searchQuery(filter ?? {}, page) }),
    enabled: filter != null,
    placeholderData: keepPreviousData,
  });
}

export interface AdminUser {
  id: number;
  email: string | null;
  name: string | null;
  isOwner: boolean;
  isAccountUser: boolean;
  /** Invited but not signed in yet. */
  pending: boolean;
  createdAt: number;
}
export function useAdminUsers(target: number | null) {
  return useQuery({
    queryKey: ['accounts', 'members', target ?? 'self'],
    queryFn: ({ signal }) => api<{ users: AdminUser[] }>('/api/v2/listAdminUsers', { target: tgt(target), signal }),
  });
}

export interface ApiTokenItem {
  id: string;
  description: string | null;
  type: string | null;
  preview: string | null;
  createdAt: number;
  lastUsedAt: number | null;
}
export function useApiTokens(target: number | null) {
  return useQuery({
    queryKey: ['accounts', 'tokens', target ?? 'self'],
    queryFn: ({ signal }) => api<{ tokens: ApiTokenItem[] }>('/api/v2/tokens', { target: tgt(target), signal }),
  });
}

export function useDomains(target: number | null) {
  return useQuery({
    queryKey: ['accounts', 'domains', target ?? 'self'],
    queryFn: ({ signal }) =>
      api<{ domains: DomainItem[]; totalDomains: number }>('/api/v2/domains', { target: tgt(target), signal, query: { pageSize: 100 } }),
  });
}

/** The app's one mutation hook (api/mutation.ts), refreshing the account screens' queries. */
export function useAccountMutation<V, R = Record<string, unknown>>(
  fn: (vars: V) => Promise<R>,
  opts: { success?: string | ((r: R) => string); onSuccess?: (r: R) => void; toastErrors?: boolean } = {},
) {
  return useAppMutation(fn, { ...opts, invalidate: [['accounts'], ['account']] });
}

export { errorText, fieldError, otherError };

export type MyAccount = AccountListItem & { isOwner: boolean };

/** GET /api/v2/myAccounts: the accounts the signed-in user owns or was invited to. */
export function useMyAccounts() {
  return useQuery({
    queryKey: ['accounts', 'mine'],
    queryFn: ({ signal }) => api<{ accounts: MyAccount[] }>('/api/v2/myAccounts', { target: false, signal }),
    staleTime: 60_000,
  });
}
