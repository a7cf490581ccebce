import { api } from '../../api/client.ts';
import { LIST_PATH, type ChildKind, type ListResult } from './hooks.ts';

/** The accounts feature's query and mutation hooks, for its own screens and for other features. */
export * from './hooks.ts';

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
export const accountCalls = {
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
