import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@switchboard/core/constants';
import type { AccountListItem } from '@switchboard/core/contracts/accounts';
import type { DomainItem } from '@switchboard/core/contracts/domains';
import { api, type QueryValue } from '../../api/client.ts';
import { errorText, fieldError, otherError, useAppMutation } from '../../api/mutation.ts';
import { searchQuery } from './filters.ts';

/**
 * The accounts feature's query and mutation hooks, for its own screens and for other features: one
 * query hook per resource of the account screens. Every call names its acting account explicitly
 * (`target`: an account id, or null for the signed-in user's own), so screens and overlays agree.
 */

export { useActingAccount, useActingTarget } from '../../api/acting.ts';

/** A positive integer from an overlay value like `?orgPreview=123`, else null. */
export function idFromValue(value: string): number | null {
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export const tgt = (target: number | null) => (target == null ? false : target);

/** The account screens' query keys (every one starts with 'accounts', which each mutation here refreshes). */
export const accountKeys = {
  all: ['accounts'] as const,
  children: (kind: ChildKind, parent: number | null, page: number | 'all', search = '') =>
    page === 'all'
      ? (['accounts', 'children', kind, parent ?? 'self', 'all'] as const)
      : (['accounts', 'children', kind, parent ?? 'self', page, search] as const),
  orgSearch: (parent: number | null, filter: Record<string, QueryValue> | null, page: number) =>
    ['accounts', 'orgSearch', parent ?? 'self', filter, page] as const,
  members: (target: number | null) => ['accounts', 'members', target ?? 'self'] as const,
  tokens: (target: number | null) => ['accounts', 'tokens', target ?? 'self'] as const,
  domains: (target: number | null) => ['accounts', 'domains', target ?? 'self'] as const,
  mine: ['accounts', 'mine'] as const,
  preview: (type: string, id: number | null) => ['accounts', 'preview', type, id] as const,
  superSearch: (phrase: string) => ['accounts', 'superSearch', phrase] as const,
};

export type ChildKind = 'reseller' | 'organization' | 'agent';
const LIST_PATH: Record<ChildKind, string> = {
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
    queryKey: accountKeys.children(kind, parent, page, search),
    queryFn: ({ signal }) =>
      api<ListResult>(LIST_PATH[kind], { target: tgt(parent), signal, query: { page, pageSize: PAGE_SIZE, search: search || undefined } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/v2/searchOrganizations with the organization filter (spec §5: only positive pages, string or number filters). */
export function useOrgSearch(parent: number | null, filter: Record<string, QueryValue> | null, page: number) {
  return useQuery({
    queryKey: accountKeys.orgSearch(parent, filter, page),
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
    queryKey: accountKeys.members(target),
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
    queryKey: accountKeys.tokens(target),
    queryFn: ({ signal }) => api<{ tokens: ApiTokenItem[] }>('/api/v2/tokens', { target: tgt(target), signal }),
  });
}

export function useDomains(target: number | null) {
  return useQuery({
    queryKey: accountKeys.domains(target),
    queryFn: ({ signal }) =>
      api<{ domains: DomainItem[]; totalDomains: number }>('/api/v2/domains', { target: tgt(target), signal, query: { pageSize: 100 } }),
  });
}

/** The app's one mutation hook (api/mutation.ts), refreshing the account screens' queries. */
function useAccountMutation<V, R = Record<string, unknown>>(fn: (vars: V) => Promise<R>, opts: MutationOpts<R> = {}) {
  return useAppMutation(fn, { ...opts, invalidate: [accountKeys.all, ['account']] });
}

/** What a screen says about a mutation: the success toast, what then happens, and whether errors toast. */
export type MutationOpts<R = Record<string, unknown>> = {
  success?: string | ((r: R) => string);
  onSuccess?: (r: R) => void;
  toastErrors?: boolean;
};

export { errorText, fieldError, otherError };

export type MyAccount = AccountListItem & { isOwner: boolean };

/** GET /api/v2/myAccounts: the accounts the signed-in user owns or was invited to. */
export function useMyAccounts() {
  return useQuery({
    queryKey: accountKeys.mine,
    queryFn: ({ signal }) => api<{ accounts: MyAccount[] }>('/api/v2/myAccounts', { target: false, signal }),
    staleTime: 60_000,
  });
}

/** The acting account of a call: an account id, or false for the signed-in user's own. */
type Target = number | false;
type Body = Record<string, unknown>;

const CREATE_PATH: Record<ChildKind, string> = {
  reseller: '/api/v2/createReseller',
  organization: '/api/v2/createOrganization',
  agent: '/api/v2/createAccount',
};

/**
 * Every call the account screens make, by what it does (screens never name a URL path). Response
 * types a screen keeps to itself are its type parameter.
 */
const accountCalls = {
  setDefaultDomain: (target: Target, id: number) => api('/api/v2/domain/default', { target, body: { id } }),
  removeDomain: (target: Target, id: number) => api('/api/v2/domain', { method: 'DELETE', target, query: { id } }),
  saveDomain: (target: Target, body: Body) => api('/api/v2/domain', { target, body }),
  /** A super admin makes a partner (the top of a white-label tree); its owner signs in with the e-mail. */
  createPartner: (body: { name: string; email: string }) => api<{ success: true }>('/internal/createPartner', { target: false, body }),
  superSearch: <R>(phrase: string) => api<R>('/api/v2/searchAccount/enhanced', { target: false, body: { phrase } }),
  enableAccount: (username: string) => api<{ message: string }>('/api/v1/enableAccount', { target: false, body: { username } }),
  disableAccount: (body: { username: string; reason: string; details?: string }) =>
    api<{ message: string }>('/api/v1/disableAccount', { target: false, body }),
  createToken: (target: Target, description: string, type: string) =>
    api<{ token: string; description: string }>('/api/v2/tokens', { target, body: { description, type } }),
  revokeToken: (target: Target, tokenId: string) => api('/api/v2/tokens', { method: 'DELETE', target, query: { tokenId } }),
  deleteChild: (kind: ChildKind, id: number) =>
    kind === 'organization'
      ? api('/api/v2/deleteOrganization', { method: 'DELETE', target: false, query: { targetOrganizationId: id } })
      : api('/api/v2/deleteAccount', { method: 'DELETE', target: id }),
  deleteAccount: (id: number) => api('/api/v2/deleteAccount', { method: 'DELETE', target: id }),
  listChildren: (kind: ChildKind, target: Target, pageSize: number) => api<ListResult>(LIST_PATH[kind], { target, query: { pageSize } }),
  memberCount: (target: Target) =>
    api<{ users: unknown[] }>('/api/v2/listAdminUsers', { target }).then(
      (r) => r.users.length,
      () => 0,
    ),
  createChild: (kind: ChildKind, target: Target, body: Body) => api(CREATE_PATH[kind], { target, body }),
  requestVerification: (kind: 'email' | 'phone', target: Target, address: string) =>
    kind === 'email'
      ? api('/api/v1/email/requestVerificationCode', { target, body: { email: address } })
      : api('/api/v1/phoneNumber/requestVerificationCode', { target, body: { phoneNumber: address } }),
  checkVerification: (kind: 'email' | 'phone', target: Target, address: string | null, verificationCode: string) =>
    kind === 'email'
      ? api('/api/v1/email/validateVerificationCode', { target, body: { email: address, verificationCode } })
      : api('/api/v1/phoneNumber/validateVerificationCode', { target, body: { phoneNumber: address, verificationCode } }),
  uploadPicture: (target: Target, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api('/api/v1/profile/dp', { target, body: form });
  },
  updateAccount: (target: Target, body: Body) => api('/api/v1/account', { target, body }),
  updateUsername: (target: Target, targetUsername: string) => api('/api/v1/updateUsername', { target, body: { targetUsername } }),
  saveSocialLinks: (target: Target, body: Body) => api('/api/v1/account/socialLinks', { target, body }),
  saveSettings: (target: Target, settings: Record<string, unknown>) => api('/api/v1/accountSetting', { target, body: { settings } }),
  inviteMember: (target: Target, body: { email: string; isOwner: boolean; redirectUrl: string }) =>
    api<{ message: string }>('/api/v2/inviteAdminUser', { target, body }),
  removeMember: (target: Target, targetUserId: number | null) =>
    api('/api/v2/deleteAdminUser', { method: 'DELETE', target, query: { targetUserId } }),
};

/** A glance below an account: its first children (5) and how many members it has. */
export function useAccountPreview(type: 'organization' | 'reseller', id: number | null) {
  const below = type === 'organization' ? 'agent' : 'organization';
  return useQuery({
    queryKey: accountKeys.preview(type, id),
    queryFn: async () => {
      const [list, members] = await Promise.all([accountCalls.listChildren(below, id ?? false, 5), accountCalls.memberCount(id ?? false)]);
      return { list, members };
    },
    enabled: id != null,
  });
}

/** Every reseller below `parent` (up to 100), to pick one for a new organization. */
export function useAllResellers(parent: number | null, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.children('reseller', parent, 'all'),
    queryFn: () => accountCalls.listChildren('reseller', parent ?? false, 100),
    enabled,
  });
}

/** The super admin's search over every account. */
export function useSuperSearch<R>(phrase: string) {
  return useQuery({
    queryKey: accountKeys.superSearch(phrase),
    queryFn: () => accountCalls.superSearch<R>(phrase),
    enabled: phrase !== '',
  });
}

export const useSetDefaultDomain = (target: number | null, opts?: MutationOpts) =>
  useAccountMutation((d: { id: number }) => accountCalls.setDefaultDomain(tgt(target), d.id), opts);
export const useRemoveDomain = (target: number | null, opts?: MutationOpts) =>
  useAccountMutation((d: { id: number }) => accountCalls.removeDomain(tgt(target), d.id), opts);
export const useSaveDomain = (target: number | null, body: Body, opts?: MutationOpts) =>
  useAccountMutation(() => accountCalls.saveDomain(tgt(target), body), opts);
export const useCreatePartner = (body: { name: string; email: string }, opts?: MutationOpts<{ success: true }>) =>
  useAccountMutation(() => accountCalls.createPartner(body), opts);
export const useEnableAccount = (opts?: MutationOpts<{ message: string }>) =>
  useAccountMutation((a: { username: string }) => accountCalls.enableAccount(a.username), opts);
export const useDisableAccount = (body: { username: string; reason: string; details?: string }, opts?: MutationOpts<{ message: string }>) =>
  useAccountMutation(() => accountCalls.disableAccount(body), opts);
export const useCreateToken = (
  target: number | null,
  description: string,
  type: string,
  opts?: MutationOpts<{ token: string; description: string }>,
) => useAccountMutation(() => accountCalls.createToken(tgt(target), description, type), opts);
export const useRevokeToken = (target: number | null, opts?: MutationOpts) =>
  useAccountMutation((tokenId: string) => accountCalls.revokeToken(tgt(target), tokenId), opts);
export const useDeleteChild = (kind: ChildKind, opts?: MutationOpts) =>
  useAccountMutation((item: { id: number }) => accountCalls.deleteChild(kind, item.id), opts);
export const useDeleteAccount = (id: number, opts?: MutationOpts) => useAccountMutation(() => accountCalls.deleteAccount(id), opts);
export const useCreateChild = (kind: ChildKind, parent: number | null, body: Body, opts?: MutationOpts) =>
  useAccountMutation(() => accountCalls.createChild(kind, tgt(parent), body), opts);
export const useRequestVerification = (kind: 'email' | 'phone', target: number | null, address: string, opts?: MutationOpts) =>
  useAccountMutation(() => accountCalls.requestVerification(kind, tgt(target), address), opts);
export const useCheckVerification = (
  kind: 'email' | 'phone',
  target: number | null,
  address: string | null,
  verificationCode: string,
  opts?: MutationOpts,
) => useAccountMutation(() => accountCalls.checkVerification(kind, tgt(target), address, verificationCode), opts);
export const useUploadPicture = (target: number | null, file: File | null, opts?: MutationOpts) =>
  useAccountMutation(() => accountCalls.uploadPicture(tgt(target), file!), opts);
/** One field of the account: its username, or a patch of the account. */
export type AccountFieldChange = { username: string } | { account: Body };
export const useSaveAccountField = (target: number | null, change: AccountFieldChange, opts?: MutationOpts) =>
  useAccountMutation(
    () =>
      'username' in change
        ? accountCalls.updateUsername(tgt(target), change.username)
        : accountCalls.updateAccount(tgt(target), change.account),
    opts,
  );
export const useSaveSocialLinks = (target: number | null, body: Body, opts?: MutationOpts) =>
  useAccountMutation(() => accountCalls.saveSocialLinks(tgt(target), body), opts);
export const useSaveSettings = (target: number | null, opts?: MutationOpts) =>
  useAccountMutation((patch: Record<string, boolean>) => accountCalls.saveSettings(tgt(target), patch), opts);
export const useInviteMember = (
  target: number | null,
  body: { email: string; isOwner: boolean; redirectUrl: string },
  opts?: MutationOpts<{ message: string }>,
) => useAccountMutation(() => accountCalls.inviteMember(tgt(target), body), opts);
export const useRemoveMember = (target: number | null, userId: number | null, opts?: MutationOpts) =>
  useAccountMutation(() => accountCalls.removeMember(tgt(target), userId), opts);
