import type { Generated } from 'kysely';

export interface MembershipsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  is_owner: Generated<number>;
  invited_by: number | null;
  created_at: number;
}

export interface AdminsTables {
  memberships: MembershipsTable;
}
