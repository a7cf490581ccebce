import { USER_AGENT_MAX_LENGTH } from '@switchboard/core';
import type { Db } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { linkEventsRepository, type LinkEventInsert } from './repository.ts';
import type { Campaign } from './visitor.ts';

/** Crawlers, link previewers and scripts: their hits are not counted (spec: bots filtered by user agent). */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|curl\/|wget|python-|go-http-client|node-fetch|axios|okhttp|java\/|libwww|httpclient|monitor|pingdom|lighthouse/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

export interface LinkHit {
  accountId: number;
  kind: 'view' | 'click';
  linkId?: string | null;
  userAgent?: string;
  referrer?: string;
  country?: string;
  campaign?: Campaign | null;
}

/** The referrer's host (and path on other sites' pages is dropped): where visitors came from. */
function referrerHost(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    return new URL(raw).hostname.slice(0, 200) || null;
  } catch {
    return null;
  }
}

/**
 * Views and clicks are kept in memory and written in one batch shortly after (or when 500 are waiting),
 * so recording never delays the page or the redirect. `flush()` writes what is waiting now: the statistics
 * call it first, and the app calls it on close.
 */
/** The UTC day of a time, YYYY-MM-DD, worked out once per minute rather than per hit. */
let dayCache = { from: 0, until: 0, day: '' };
function dayOf(now: number): string {
  if (now < dayCache.from || now >= dayCache.until) {
    const minute = now - (now % 60_000);
    dayCache = { from: minute, until: minute + 60_000, day: new Date(now).toISOString().slice(0, 10) };
  }
  return dayCache.day;
}

export function createRecorder(deps: Pick<Deps, 'db' | 'log'>, opts: { delayMs?: number; batch?: number } = {}) {
  const db: Db = deps.db;
  const delayMs = opts.delayMs ?? 250;
  const batch = opts.batch ?? 500;
  let pending: LinkEventInsert[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = pending;
    pending = [];
    // Batches are written one after another, in order.
    writing = writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await linkEventsRepository.insertMany(db, rows);
      } catch (err) {
        deps.log.error({ err, count: rows.length }, 'link page events not recorded');
      }
    });
    return writing;
  }

  return {
    /** Queues a hit unless a bot made it; returns whether it was counted. */
    record(hit: LinkHit): boolean {
      if (isBot(hit.userAgent)) return false;
      const now = Date.now();
      pending.push({
        account_id: hit.accountId,
        kind: hit.kind,
        link_id: hit.linkId ?? null,
        day: dayOf(now),
        referrer: referrerHost(hit.referrer),
        user_agent: hit.userAgent!.slice(0, USER_AGENT_MAX_LENGTH),
        country: hit.country && /^[A-Za-z]{2}$/.test(hit.country) ? hit.country.toUpperCase() : null,
        utm_source: hit.campaign?.source ?? null,
        utm_medium: hit.campaign?.medium ?? null,
        utm_campaign: hit.campaign?.campaign ?? null,
        created_at: now,
      });
      if (pending.length >= batch) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), delayMs);
        timer.unref();
      }
      return true;
    },
    flush,
    pendingCount: () => pending.length,
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
