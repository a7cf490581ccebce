import { STORAGE_KEYS } from '@switchboard/core/constants';

/**
 * The session as the web app keeps it in local storage (spec §9): `token`, `user` (JSON), `id`, and
 * `adminToken` for super admins. A page opened with `token` already stored is signed in.
 */
export interface StoredUser {
  id: number;
  accountType: string;
  username: string;
  superAdmin: boolean;
}

export interface SessionResponse extends StoredUser {
  success: true;
  token: string;
  isNewAccount?: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.token) ?? null;
}

export function getAdminToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.adminToken) ?? null;
}

export function getStoredUser(): StoredUser | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function saveSession(s: SessionResponse): void {
  const ls = storage();
  if (!ls) return;
  ls.setItem(STORAGE_KEYS.token, s.token);
  ls.setItem(STORAGE_KEYS.id, String(s.id));
  const user: StoredUser = { id: s.id, accountType: s.accountType, username: s.username, superAdmin: s.superAdmin };
  ls.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  if (s.superAdmin) ls.setItem(STORAGE_KEYS.adminToken, s.token);
  else ls.removeItem(STORAGE_KEYS.adminToken);
  emit();
}

/** Sign-out clears everything the app keeps in local storage. */
export function clearSession(): void {
  storage()?.clear();
  emit();
}

export function onSessionChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit() {
  for (const fn of listeners) fn();
}
