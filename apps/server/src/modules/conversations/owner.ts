import type { AccountRow } from '../accounts/index.ts';
import type { InboxOwner, RoomRow } from './repository.ts';

/** The inbox an acting account owns: an organization's, or one agent's within its organization. */
export function inboxOf(acting: AccountRow): InboxOwner | null {
  if (acting.account_type === 'organization') return { orgId: acting.id, agentId: null };
  if (acting.account_type === 'agent') {
    const org = acting.organization_id ?? acting.parent_id;
    return org == null ? null : { orgId: org, agentId: acting.id };
  }
  return null;
}

/** The events of a room go to its organization's (and agent's) inbox and to its visitor. */
export const scopeOf = (room: RoomRow) => ({
  accountId: room.account_id,
  agentId: room.agent_id,
  contactAccountId: room.contact_account_id,
});
