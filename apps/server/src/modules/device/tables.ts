import type { Generated } from 'kysely';

/** An account's app identity (modules/device): every field optional; time epoch ms. */
export interface AppIdentitiesTable {
  account_id: number;
  name: string | null;
  short_name: string | null;
  icon: string | null;
  theme_color: string | null;
  ios_url: string | null;
  android_url: string | null;
  feedback_email: string | null;
  sales_email: string | null;
  updated_by: number | null;
  updated_at: number;
}

/** The one VAPID key pair (row id 1), made on first start. Keys are base64url. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}

/** A browser's push subscription for one user on one device (the endpoint is the browser's push URL). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The session that made it: signed out or expired, the subscription gets nothing more. */
  token_id: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Whether a user wants a push for each new conversation of an organization's inbox (flag 0/1). */
export interface PushPreferencesTable {
  user_id: number;
  account_id: number;
  new_conversations: Generated<number>;
  updated_at: number;
}

/** A push made for an event (the push service's HTTP status), so a retried job skips it. */
export interface PushDeliveriesTable {
  subscription_id: number;
  event_key: string;
  status: number;
  created_at: number;
}

export interface DeviceTables {
  app_identities: AppIdentitiesTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_deliveries: PushDeliveriesTable;
}
