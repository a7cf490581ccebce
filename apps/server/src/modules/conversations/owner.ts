import type { AccountRow } from '../accounts/index.ts';
import type { InboxOwner } from './repository.ts';

/** The inbox an acting account owns: an organization's, or one agent's within its organization. */
export function inboxOf(acting: AccountRow): InboxOwner | null {
  if (acting.account_type === 'organization') return { orgId: acting.id, agentId: null };
  if (acting.account_type === 'agent') {
    const org = acting.organization_id ?? acting.parent_id;
    return org == null ? null : { orgId: org, agentId: acting.id };
  }
  return null;
}
