import type { PermissionSet } from '@switchboard/core';
import { forbidden, notFound } from '../http/errors.ts';

export type Id = string | number;

/** What an access check reads of the caller (the auth module's AuthContext is one). */
export interface Caller {
  permissions: PermissionSet;
  isSuperAdmin: boolean;
}

/**
 * One permission of the access table: the role permission the caller's grant must include, and/or a
 * scoped lookup that returns the requested rows the caller can reach, by id. A requested id missing
 * from the lookup's answer is "not found" (whether it exists elsewhere is not revealed).
 */
export interface AccessRule<C, T = unknown> {
  role?: keyof PermissionSet;
  /** A check of the caller beyond its role (for instance that it acts for an inbox); throws its own error. */
  guard?: (caller: C) => void;
  lookup?: (caller: C, ids: readonly Id[]) => Promise<Map<Id, T>>;
  /** The not-found message of a lookup miss (default 'Not found.'). */
  missing?: string;
}

/** The role half of a check: the caller's grant must include this permission (403 otherwise). */
export function requireRole(caller: Caller, role: keyof PermissionSet): void {
  if (!caller.permissions[role]) throw forbidden('You do not have permission to do that.');
}

type RowOf<R> = R extends AccessRule<never, infer T> ? T : never;

/**
 * Builds `requireAccess(caller, permission, ids)` from one table of permissions (immich's
 * server/src/utils/access.ts is the model): every service method starts with one call, which throws
 * 403 when the role is missing and 404 when an id is outside the caller's reach, and returns the rows
 * the lookup found so the caller need not read them again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each rule has its own id tuple; the table only needs them to be rules
export function accessTable<C extends Caller, Table extends Record<string, AccessRule<C, any>>>(table: Table) {
  return async function requireAccess<P extends keyof Table & string>(
    caller: C,
    permission: P,
    ids: readonly Id[] = [],
  ): Promise<Map<Id, RowOf<Table[P]>>> {
    const rule = table[permission]!;
    if (rule.role) requireRole(caller, rule.role);
    rule.guard?.(caller);
    if (!rule.lookup || ids.length === 0) return new Map();
    const found = await rule.lookup(caller, ids);
    if (ids.some((id) => !found.has(id))) throw notFound(rule.missing ?? 'Not found.');
    return found as Map<Id, RowOf<Table[P]>>;
  };
}
