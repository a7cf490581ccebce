import { toJson } from '../../platform/db/columns.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { toNotification } from './mappers.ts';
import { notificationsRepository } from './repository.ts';

export interface NewNotification {
  accountId: number;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/** Adds a notification for an account; other modules call it inside their own unit of work. */
export async function addNotification(db: DbOrTx, n: NewNotification): Promise<void> {
  await notificationsRepository.insert(db, {
    account_id: n.accountId,
    kind: n.kind,
    title: n.title,
    body: n.body.slice(0, 500),
    data: toJson(n.data),
    read_at: null,
    created_at: Date.now(),
  });
}

/** Whether the account got a notification of this kind after `since` (to tell an owner something at most so often). */
export function notifiedSince(db: DbOrTx, accountId: number, kind: string, since: number): Promise<boolean> {
  return notificationsRepository.notifiedSince(db, accountId, kind, since);
}

export function createNotificationsService(deps: Deps) {
  const { db } = deps;

  /** The username names the acting account (the client sends its own); any other is not yours. */
  function accountFor(ctx: AuthContext, username?: string): number {
    if (username && username.toLowerCase() !== ctx.acting.username) throw notFound('Account not found.');
    return ctx.acting.id;
  }

  return {
    async list(ctx: AuthContext, q: { username?: string; unread?: boolean }) {
      const accountId = accountFor(ctx, q.username);
      const [rows, unread] = await Promise.all([
        notificationsRepository.list(db, accountId, { unreadOnly: q.unread === true, limit: 100 }),
        notificationsRepository.unreadCount(db, accountId),
      ]);
      return { success: true as const, unread, notifications: rows.map(toNotification) };
    },

    async markRead(ctx: AuthContext, q: { username?: string; ids?: number[]; all?: boolean }) {
      const accountId = accountFor(ctx, q.username);
      const marked = await notificationsRepository.markRead(db, accountId, q.all ? null : (q.ids ?? []));
      return { success: true as const, marked };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
