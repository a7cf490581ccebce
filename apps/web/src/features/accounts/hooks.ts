import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@switchboard/core/constants';
import type { AccountListItem } from '@switchboard/core/contracts/accounts';
import type { DomainItem } from '@switchboard/core/contracts/domains';
import { appPathTarget, parseAppPath } from '@switchboard/core/rules/appPath';
import { useLocation } from 'react-router';
import { api, ApiError, type QueryValue } from '../../api/client.ts';
import { searchQuery } from './filters.ts';
import { useAccount } from '../../api/hooks.ts';
import { notify } from '../../shell/toast.tsx';

/**
 * One query hook per resource of the account screens. Every call names its acting account explicitly
 * (`target`: an account id, or null for the signed-in user's own), so screens and overlays agree.
 */

/** The account the current /app path opens (null: the signed-in account). Works inside overlays too. */
export function useActingTarget(): number | null {
  const { pathname } = useLocation();
  if (!pathname.startsWith('/app')) return null;
  const parsed = parseAppPath(pathname.slice(4));
  return parsed.ok ? (appPathTarget(parsed.path)?.id ?? null) : null;
}

/** The acting account (and its permissions) for a screen or overlay. */
export function useActingAccount(idOverride?: number | null) {
  const target = useActingTarget();
  const id = idOverride ?? target;
  return { target: id, ...useAccount(id) };
}

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
    queryFn: ({ signal }) => api<ListResult>('/api/v2/searchOrganizations', { target: tgt(parent), signal, query: searchQuery(filter ?? {}, page) }),
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
    queryFn: ({ signal }) => api<{ domains: DomainItem[]; totalDomains: number }>('/api/v2/domains', { target: tgt(target), signal, query: { pageSize: 100 } }),
  });
}

/**
 * One mutation helper: runs the call, refreshes the account screens' queries, says what happened
 * in a toast (`success` text, or the server's message), and leaves field errors to the form.
 */
export function useAccountMutation<V, R = Record<string, unknown>>(
  fn: (vars: V) => Promise<R>,
  opts: { success?: string | ((r: R) => string); onSuccess?: (r: R) => void; toastErrors?: boolean } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (r) => {
      await Promise.all([qc.invalidateQueries({ queryKey: ['accounts'] }), qc.invalidateQueries({ queryKey: ['account'] })]);
      const text = typeof opts.success === 'function' ? opts.success(r) : opts.success;
      if (text) notify.success(text);
      opts.onSuccess?.(r);
    },
    onError: (e) => {
      if (opts.toastErrors !== false && !(e instanceof ApiError && e.field)) notify.error(errorText(e));
    },
  });
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.fieldMessage;
  return e instanceof Error ? e.message : 'Something went wrong.';
}

/** The error for one field of a form, from a failed call. */
export function fieldError(e: unknown, ...fields: string[]): string | null {
  if (e instanceof ApiError && e.field && fields.some((f) => e.field === f || e.field!.startsWith(`${f}.`))) return e.fieldMessage;
  return null;
}
