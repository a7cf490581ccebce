import { describe, expect, it } from 'vitest';
import { isOrganization, isPartner, isReseller, permissionsFor, selfAndAncestors } from './permissions.ts';

describe('account flags (spec §6)', () => {
  it('partner when accountType is partner or organizationId equals partnerId', () => {
    expect(isPartner({ id: 1, accountType: 'partner' })).toBe(true);
    expect(isPartner({ id: 1, accountType: 'organization', organizationId: 5, partnerId: 5 })).toBe(true);
    expect(isPartner({ id: 1, accountType: 'organization', organizationId: 5, partnerId: 6 })).toBe(false);
  });
  it('reseller when not partner and accountType is reseller or organizationId equals resellerId', () => {
    expect(isReseller({ id: 2, accountType: 'reseller', partnerId: 1, resellerId: 2, organizationId: 2 })).toBe(true);
    expect(isReseller({ id: 3, accountType: 'organization', organizationId: 7, resellerId: 7 })).toBe(true);
    expect(isReseller({ id: 1, accountType: 'partner', organizationId: 1, partnerId: 1, resellerId: 1 })).toBe(false);
  });
  it('organization otherwise', () => {
    expect(isOrganization({ id: 9, accountType: 'organization', organizationId: 9, resellerId: 2, partnerId: 1 })).toBe(true);
    expect(isOrganization({ id: 2, accountType: 'reseller' })).toBe(false);
  });
});

describe('permission sets (spec §6)', () => {
  const base = { userId: 10, accountId: 20, isSuperAdmin: false, viaReseller: false, agentOnly: false };
  it('gives resellers and super admins everything', () => {
    expect(Object.values(permissionsFor({ ...base, viaReseller: true })).every(Boolean)).toBe(true);
    expect(Object.values(permissionsFor({ ...base, isSuperAdmin: true })).every(Boolean)).toBe(true);
  });
  it('gives the owner (user id equals account id) everything', () => {
    expect(Object.values(permissionsFor({ ...base, userId: 20 })).every(Boolean)).toBe(true);
  });
  it('gives the helper case view and edit only', () => {
    expect(permissionsFor({ ...base, agentOnly: true })).toEqual({
      canViewOrg: true,
      canEditOrg: true,
      canManageUsers: false,
      canInviteUsers: false,
      canManageBilling: false,
      canDeleteOrg: false,
      canViewBilling: false,
    });
  });
  it('gives other admins view, edit, manage and invite users but no billing or delete', () => {
    expect(permissionsFor(base)).toEqual({
      canViewOrg: true,
      canEditOrg: true,
      canManageUsers: true,
      canInviteUsers: true,
      canManageBilling: false,
      canDeleteOrg: false,
      canViewBilling: false,
    });
  });
});

describe('selfAndAncestors', () => {
  it('lists the account and every account above it once', () => {
    expect(selfAndAncestors({ id: 9, accountType: 'agent', organizationId: 5, resellerId: 3, partnerId: 1 }).sort()).toEqual([1, 3, 5, 9]);
    expect(selfAndAncestors({ id: 1, accountType: 'partner', organizationId: 1, partnerId: 1 })).toEqual([1]);
  });
});
