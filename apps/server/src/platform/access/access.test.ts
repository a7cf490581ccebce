import { permissionsFor } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { accessTable, type AccessRule, type Caller } from './index.ts';

const owner: Caller = {
  isSuperAdmin: false,
  permissions: permissionsFor({ userId: 1, accountId: 1, isSuperAdmin: false, viaReseller: false, agentOnly: false, invitedOwner: true }),
};
const agentOnly: Caller = {
  isSuperAdmin: false,
  permissions: permissionsFor({ userId: 2, accountId: 3, isSuperAdmin: false, viaReseller: false, agentOnly: true, invitedOwner: false }),
};

const rooms = new Map([
  ['r_1', { owner: 1 }],
  ['r_2', { owner: 9 }],
]);
const requireAccess = accessTable<Caller, Record<string, AccessRule<Caller, { owner: number }>>>({
  canDeleteOrg: { role: 'canDeleteOrg' },
  inbox: {
    guard: (caller) => {
      if (caller.permissions.canDeleteOrg) return;
      throw new AppError('rule_broken', 'No inbox.');
    },
  },
  'room.staff': {
    role: 'canViewOrg',
    missing: 'Conversation not found.',
    lookup: async (_caller, ids) =>
      new Map(ids.flatMap((id) => (rooms.get(String(id))?.owner === 1 ? [[id, rooms.get(String(id))!] as const] : []))),
  },
});

async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof AppError ? { status: err.status, message: err.message } : err;
}

describe('requireAccess: one table of role and scoped checks', () => {
  it('refuses a caller without the role with 403', async () => {
    expect(agentOnly.permissions.canDeleteOrg).toBe(false);
    expect(await failure(requireAccess(agentOnly, 'canDeleteOrg'))).toEqual({
      status: 403,
      message: 'You do not have permission to do that.',
    });
    await expect(requireAccess(owner, 'canDeleteOrg')).resolves.toEqual(new Map());
  });

  it('answers 404 for an id outside the caller’s reach, and returns the rows it found', async () => {
    expect(await failure(requireAccess(owner, 'room.staff', ['r_1', 'r_2']))).toEqual({ status: 404, message: 'Conversation not found.' });
    expect(await failure(requireAccess(owner, 'room.staff', ['r_nope']))).toEqual({ status: 404, message: 'Conversation not found.' });
    expect(await requireAccess(owner, 'room.staff', ['r_1'])).toEqual(new Map([['r_1', { owner: 1 }]]));
  });

  it('runs a guard on the caller, whose own error stands', async () => {
    await expect(requireAccess(owner, 'inbox')).resolves.toEqual(new Map());
    expect(await failure(requireAccess(agentOnly, 'inbox'))).toEqual({ status: 422, message: 'No inbox.' });
  });
});
