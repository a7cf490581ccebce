import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import { liveTokenIds } from '../auth/index.ts';
import type { AppIdentitiesTable, PushSubscriptionsTable } from './tables.ts';

export type AppIdentityRow = Selectable<AppIdentitiesTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

export interface AppIdentityValues {
  name?: string | null;
  short_name?: string | null;
  icon?: string | null;
  theme_color?: string | null;
  ios_url?: string | null;
  android_url?: string | null;
  feedback_email?: string | null;
  sales_email?: string | null;
}

export const appIdentityRepository = {
  find(db: DbOrTx, accountId: number): Promise<AppIdentityRow | undefined> {
    return db.selectFrom('app_identities').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  },

  async upsert(db: DbOrTx, accountId: number, userId: number, values: AppIdentityValues): Promise<AppIdentityRow> {
    const now = Date.now();
    await db
      .insertInto('app_identities')
      .values({ account_id: accountId, ...values, updated_by: userId, updated_at: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, updated_by: userId, updated_at: now }))
      .execute();
    return (await this.find(db, accountId))!;
  },
};

export const pushKeysRepository = {
  get(db: DbOrTx) {
    return db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  },
  /** Stores a pair unless one exists (two processes starting at once keep the first). */
  async insertIfMissing(db: DbOrTx, pair: { publicKey: string; privateKey: string }): Promise<void> {
    await db
      .insertInto('push_keys')
      .values({ id: 1, public_key: pair.publicKey, private_key: pair.privateKey, created_at: Date.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};

export const pushSubscriptionsRepository = {
  forUser(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
    return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  },

  forUsers(db: DbOrTx, userIds: number[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).orderBy('id').execute();
  },

  byId(db: DbOrTx, id: number): Promise<PushSubscriptionRow | undefined> {
    return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * One subscription per user and device: a new one replaces the device's old one. An endpoint held by
   * another user or device (the browser was signed in to someone else) moves to this one.
   */
  async save(
    db: DbOrTx,
    s: { userId: number; deviceId: string; endpoint: string; p256dh: string; auth: string; tokenId: string },
  ): Promise<PushSubscriptionRow> {
    const now = Date.now();
    await db
      .deleteFrom('push_subscriptions')
      .where((eb) => eb.or([eb('endpoint', '=', s.endpoint), eb.and([eb('user_id', '=', s.userId), eb('device_id', '=', s.deviceId)])]))
      .execute();
    return db
      .insertInto('push_subscriptions')
      .values({
        user_id: s.userId,
        device_id: s.deviceId,
        endpoint: s.endpoint,
        p256dh: s.p256dh,
        auth: s.auth,
        token_id: s.tokenId,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async removeForDevice(db: DbOrTx, userId: number, deviceId: string): Promise<number> {
    const r = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('device_id', '=', deviceId).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  async remove(db: DbOrTx, id: number): Promise<void> {
    await db.deleteFrom('push_deliveries').where('subscription_id', '=', id).execute();
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  async recordError(db: DbOrTx, id: number, error: string | null): Promise<void> {
    await db
      .updateTable('push_subscriptions')
      .set({ last_error: error?.slice(0, 500) ?? null, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  },
};

/**
 * The subscriptions whose session is still live; those of signed-out or expired sessions are deleted
 * (the browser may still hold them, but the user who made them has left it).
 */
export async function liveSubscriptions(db: DbOrTx, subs: PushSubscriptionRow[]): Promise<PushSubscriptionRow[]> {
  const live = await liveTokenIds(db, [...new Set(subs.map((s) => s.token_id).filter((t): t is string => t != null))]);
  const out: PushSubscriptionRow[] = [];
  for (const s of subs) {
    if (s.token_id == null || live.has(s.token_id)) out.push(s);
    else await pushSubscriptionsRepository.remove(db, s.id);
  }
  return out;
}

export const pushPreferencesRepository = {
  async get(db: DbOrTx, userId: number, accountId: number): Promise<boolean> {
    const row = await db
      .selectFrom('push_preferences')
      .select('new_conversations')
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.new_conversations === 1;
  },

  async set(db: DbOrTx, userId: number, accountId: number, on: boolean): Promise<void> {
    const now = Date.now();
    await db
      .insertInto('push_preferences')
      .values({ user_id: userId, account_id: accountId, new_conversations: on ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'account_id']).doUpdateSet({ new_conversations: on ? 1 : 0, updated_at: now }))
      .execute();
  },

  /** The users who want a push for each new conversation of this organization. */
  async subscribers(db: DbOrTx, accountId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('push_preferences')
      .select('user_id')
      .where('account_id', '=', accountId)
      .where('new_conversations', '=', 1)
      .execute();
    return rows.map((r) => r.user_id);
  },
};

export const pushDeliveriesRepository = {
  async done(db: DbOrTx, subscriptionId: number, eventKey: string): Promise<boolean> {
    const row = await db
      .selectFrom('push_deliveries')
      .select('status')
      .where('subscription_id', '=', subscriptionId)
      .where('event_key', '=', eventKey)
      .executeTakeFirst();
    return row != null;
  },
  async record(db: DbOrTx, subscriptionId: number, eventKey: string, status: number): Promise<void> {
    await db
      .insertInto('push_deliveries')
      .values({ subscription_id: subscriptionId, event_key: eventKey, status, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['subscription_id', 'event_key']).doNothing())
      .execute();
  },
};
