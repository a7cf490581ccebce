/**
 * Roles and permissions of spec §6, one pure function used by the server and the web app.
 */

export const ACCOUNT_TYPES = ['partner', 'reseller', 'organization', 'agent', 'user'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** The account types that form the tree (a `user` is a person without an organization of its own). */
export const TREE_TYPES = ['partner', 'reseller', 'organization', 'agent'] as const;

export interface AccountRef {
  id: number;
  accountType: AccountType | string;
  partnerId?: number | null;
  resellerId?: number | null;
  organizationId?: number | null;
}

/** Partner when accountType is partner or organizationId equals partnerId. */
export function isPartner(a: AccountRef): boolean {
  return a.accountType === 'partner' || (a.organizationId != null && a.organizationId === a.partnerId);
}

/** Reseller when not partner and accountType is reseller or organizationId equals resellerId. */
export function isReseller(a: AccountRef): boolean {
  if (isPartner(a)) return false;
  return a.accountType === 'reseller' || (a.organizationId != null && a.organizationId === a.resellerId);
}

/** Organization otherwise. */
export function isOrganization(a: AccountRef): boolean {
  return !isPartner(a) && !isReseller(a);
}

export interface PermissionSet {
  canViewOrg: boolean;
  canEditOrg: boolean;
  canManageUsers: boolean;
  canInviteUsers: boolean;
  canManageBilling: boolean;
  canDeleteOrg: boolean;
  canViewBilling: boolean;
}

const ALL: PermissionSet = {
  canViewOrg: true,
  canEditOrg: true,
  canManageUsers: true,
  canInviteUsers: true,
  canManageBilling: true,
  canDeleteOrg: true,
  canViewBilling: true,
};

export interface PermissionInput {
  /** The signed-in user's id. */
  userId: number;
  /** The account being acted on. */
  accountId: number;
  isSuperAdmin: boolean;
  /** The user reaches the account through a reseller or partner account it belongs to. */
  viaReseller: boolean;
  /**
   * The helper case of spec §6 (its definition is ours): a user whose only access is to an agent
   * account may view and edit that agent and nothing more.
   */
  agentOnly: boolean;
  /** The user was invited to this account with the owner flag. */
  invitedOwner?: boolean;
}

export function permissionsFor(input: PermissionInput): PermissionSet {
  if (input.viaReseller || input.isSuperAdmin) return { ...ALL };
  if (input.agentOnly) {
    return {
      canViewOrg: true,
      canEditOrg: true,
      canManageUsers: false,
      canInviteUsers: false,
      canManageBilling: false,
      canDeleteOrg: false,
      canViewBilling: false,
    };
  }
  if (input.userId === input.accountId || input.invitedOwner) return { ...ALL };
  return {
    canViewOrg: true,
    canEditOrg: true,
    canManageUsers: true,
    canInviteUsers: true,
    canManageBilling: false,
    canDeleteOrg: false,
    canViewBilling: false,
  };
}

/**
 * The ids an account counts as "itself or above": a caller whose roots include one of them may act on
 * it. Partners and resellers carry their own id in partnerId / resellerId / organizationId.
 */
export function selfAndAncestors(a: AccountRef): number[] {
  const ids = [a.id, a.partnerId, a.resellerId, a.organizationId].filter((x): x is number => x != null);
  return [...new Set(ids)];
}

/** Which account types each type may create directly below itself. */
export const CHILD_TYPES: Record<string, AccountType[]> = {
  partner: ['reseller', 'organization'],
  reseller: ['organization'],
  organization: ['agent'],
  agent: [],
  user: [],
};

/** The reference shape of an account as stored (snake_case row) or shown (camelCase). */
export function toAccountRef(row: {
  id: number;
  account_type?: string;
  accountType?: string;
  partner_id?: number | null;
  reseller_id?: number | null;
  organization_id?: number | null;
}): AccountRef {
  return {
    id: row.id,
    accountType: row.account_type ?? row.accountType ?? 'organization',
    partnerId: row.partner_id ?? null,
    resellerId: row.reseller_id ?? null,
    organizationId: row.organization_id ?? null,
  };
}
