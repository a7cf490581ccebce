import { formatPhone } from '@switchboard/core';
import webpush from 'web-push';
import type { Deps } from '../../deps.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { EventBus } from '../../platform/realtime/bus.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { findAccount } from '../accounts/index.ts';
import { checkOutboundUrl, normalizeHost, OutboundRefused, outboundFetch, outboundUrlProblem } from '../../platform/http/outbound.ts';
import {
  liveSubscriptions,
  pushDeliveriesRepository,
  pushKeysRepository,
  pushPreferencesRepository,
  pushSubscriptionsRepository,
  type PushSubscriptionRow,
} from './repository.ts';

/**
 * Web Push (RFC 8030/8291/8292) for new conversations. The VAPID key pair is made on first start and
 * kept in the database, so every process signs with the same key. `web-push` builds each request
 * (aes128gcm payload, VAPID Authorization); we POST it ourselves so a push service answer is read
 * the same way for every endpoint: 404/410 mean the browser dropped the subscription (deleted here),
 * 429 and 5xx are retried by the job queue, other 4xx are recorded on the subscription.
 */
export interface PushKeys {
  publicKey: string;
  privateKey: string;
}

export const PUSH_JOB = 'push.newConversation';
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps an undelivered notification (seconds). */
const PUSH_TTL_S = 24 * 3600;

export function createPushKeys(deps: Deps) {
  let cached: PushKeys | null = null;
  return async function keys(): Promise<PushKeys> {
    if (cached) return cached;
    let row = await pushKeysRepository.get(deps.db);
    if (!row) {
      await pushKeysRepository.insertIfMissing(deps.db, webpush.generateVAPIDKeys());
      row = await pushKeysRepository.get(deps.db);
    }
    cached = { publicKey: row!.public_key, privateKey: row!.private_key };
    return cached;
  };
}

/**
 * A push endpoint must be https on a public host (the outbound policy: no inside address or local name,
 * in any spelling); PUSH_ALLOW_HOSTS lifts that for tests.
 */
export async function checkPushEndpoint(raw: string, allowHosts: readonly string[]): Promise<void> {
  const field = 'subscription.endpoint';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`${field}: Not a web address.`, field);
  }
  if (allowHosts.includes(normalizeHost(url.hostname))) return;
  if (url.protocol !== 'https:') throw badRequest(`${field}: A push endpoint must use https.`, field);
  const problem = await outboundUrlProblem(raw, { allowHosts, schemes: ['https:'] });
  if (problem) throw badRequest(`${field}: A push endpoint cannot be a private or loopback address.`, field);
}

class RetryablePushError extends Error {}

export interface NewConversationPush {
  accountId: number;
  roomId: string;
  username: string;
  channel: string;
}

export function createPushSender(
  deps: Deps,
  keys: () => Promise<PushKeys>,
  canView: (userId: number, account: NonNullable<Awaited<ReturnType<typeof findAccount>>>) => Promise<boolean>,
) {
  const { db, config, log } = deps;
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;

  /** Sends one notification; returns the push service's status (404/410 removed the subscription). */
  async function send(sub: PushSubscriptionRow, payload: unknown): Promise<number> {
    const k = await keys();
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: k.publicKey, privateKey: k.privateKey },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    // Checked when subscribed and again here, by the outbound policy on the address connected to: the
    // endpoint's name may since point inside.
    const policy = { allowHosts: config.PUSH_ALLOW_HOSTS, schemes: ['https:'] };
    const refused = async (err: OutboundRefused) => {
      log.warn({ subscription: sub.id }, `push endpoint refused: ${err.message}`);
      await pushSubscriptionsRepository.remove(db, sub.id);
      return 410;
    };
    try {
      checkOutboundUrl(sub.endpoint, policy);
    } catch (err) {
      if (err instanceof OutboundRefused) return refused(err);
      throw err;
    }
    let res: Awaited<ReturnType<typeof outboundFetch>>;
    try {
      res = await outboundFetch(
        details.endpoint,
        {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: new Uint8Array(details.body as Buffer),
          timeoutMs: PUSH_TIMEOUT_MS,
        },
        policy,
      );
    } catch (err) {
      if (err instanceof OutboundRefused) return refused(err);
      throw new RetryablePushError(`push service unreachable: ${(err as Error).message}`);
    }
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) {
      await pushSubscriptionsRepository.remove(db, sub.id);
      return res.status;
    }
    if (res.status === 429 || res.status >= 500) throw new RetryablePushError(`push service answered ${res.status}`);
    if (res.status >= 400) await pushSubscriptionsRepository.recordError(db, sub.id, `push service answered ${res.status}`);
    else if (sub.last_error) await pushSubscriptionsRepository.recordError(db, sub.id, null);
    return res.status;
  }

  /**
   * The job: pushes a new conversation to every device of every user who asked for it and still sees
   * the organization. Each (subscription, conversation) is recorded once sent, so a retry (after a 5xx
   * from one push service) only sends what is still missing.
   */
  async function runNewConversation(p: NewConversationPush): Promise<void> {
    const org = await findAccount(db, p.accountId);
    if (!org) return;
    const users = [];
    for (const userId of await pushPreferencesRepository.subscribers(db, p.accountId)) if (await canView(userId, org)) users.push(userId);
    const subs = await liveSubscriptions(db, await pushSubscriptionsRepository.forUsers(db, users));
    const eventKey = `conversation:${p.roomId}`;
    const payload = {
      title: 'New conversation',
      body: `${formatPhone(p.username)} started a ${p.channel === 'sms' ? 'text' : 'chat'} conversation.`,
      tag: p.roomId,
      url: `/app/org/${p.accountId}/inbox?active=${encodeURIComponent(p.roomId)}`,
    };
    let retry: Error | null = null;
    for (const sub of subs) {
      if (await pushDeliveriesRepository.done(db, sub.id, eventKey)) continue;
      try {
        const status = await send(sub, payload);
        if (status < 300) await pushDeliveriesRepository.record(db, sub.id, eventKey, status);
      } catch (err) {
        if (!(err instanceof RetryablePushError)) throw err;
        await pushSubscriptionsRepository.recordError(db, sub.id, err.message);
        log.warn({ subscription: sub.id, err: err.message }, 'push failed; will retry');
        retry = err;
      }
    }
    if (retry) throw retry;
  }

  return { send, runNewConversation };
}

/** New conversations (from any process, through the bus) become one push job each (keyed by room). */
export function subscribeNewConversations(bus: EventBus, queue: JobQueue, log: Deps['log']): void {
  bus.subscribe((e) => {
    if (e.type !== 'conversation.created') return;
    const room = (e.payload.room ?? {}) as { roomId?: string; username?: string; channel?: string };
    if (!room.roomId) return;
    const job: NewConversationPush = {
      accountId: e.accountId,
      roomId: room.roomId,
      username: room.username ?? 'Someone',
      channel: room.channel ?? 'chat',
    };
    void queue
      .enqueue(PUSH_JOB, job, { key: `${PUSH_JOB}:${room.roomId}`, maxAttempts: 6 })
      .catch((err) => log.warn({ err }, 'push job not queued'));
  });
}
