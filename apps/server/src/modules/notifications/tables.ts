import type { Generated } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  title: string;
  body: string;
  data: unknown;
  read_at: number | null;
  created_at: number;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
