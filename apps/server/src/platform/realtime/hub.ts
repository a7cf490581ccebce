import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import type { EventBus } from './bus.ts';
import { eventFor, eventsSince, viewOf, type EventScope, type InboxEvent } from './events.ts';

export interface HubClient {
  scope: EventScope;
  send(text: string): void;
  /**
   * For a scope that grows while connected (a partner's or reseller's organizations): re-reads it. Called
   * before each catch-up and when an event of an account the scope has not seen yet arrives.
   */
  refresh?: () => Promise<void>;
}

/** Sent instead of a catch-up when `since` is beyond the newest event: the client refetches and keeps `id` as its cursor. */
export interface ResetMessage {
  type: 'reset';
  id: number;
}

interface Subscriber {
  client: HubClient;
  /** Every event id up to here has been delivered or found outside the scope. */
  cursor: number;
  /** Accounts already checked against a growing scope (refresh) and found outside it. */
  outside: Set<number>;
  /** Deliveries run one after another, so catch-up and live events never interleave. */
  chain: Promise<void>;
  /** Steps queued on `chain` and not finished: at 0 the cursor may move at once. */
  queued: number;
}

/**
 * The WebSocket hub of one process. A subscriber first catches up from the durable event log
 * (`since`), then receives live events from the bus. While this process has seen every event id in
 * order, live events go straight out; on a gap (another process's event arrived first, or the bus
 * reconnected) every subscriber re-reads the log from its cursor. Each subscriber delivers in id order
 * and skips ids at or below its cursor, so nothing is lost or doubled.
 */
export class RealtimeHub {
  private readonly subs = new Set<Subscriber>();
  private lastSeen: number | null = null;
  /** Each event's JSON, kept while the event object lives. */
  private readonly texts = new WeakMap<object, string>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: Logger,
  ) {
    bus.subscribe((e) => this.onEvent(e));
    bus.onGap(() => {
      this.lastSeen = null;
      for (const s of this.subs) this.catchUp(s);
    });
  }

  get size(): number {
    return this.subs.size;
  }

  /** Registers a client; it first receives the events after `since` (or none when since is null). */
  async add(client: HubClient, since: number | null): Promise<() => void> {
    const sub: Subscriber = { client, cursor: 0, chain: Promise.resolve(), outside: new Set(), queued: 1 };
    // Register before reading the log: an event committed after the read arrives on the bus, and
    // queues behind the read on the subscriber's chain.
    this.subs.add(sub);
    sub.chain = (async () => {
      const latest = await this.db.selectFrom('event_seq').select('value').where('name', '=', 'events').executeTakeFirst();
      const newest = Number(latest?.value ?? 0);
      if (since != null && since <= newest) {
        // Catch up in this same step, so live events queue behind it.
        sub.cursor = since;
        await this.readLog(sub);
        return;
      }
      sub.cursor = newest;
      // A cursor from the future (another database, a reset server, a made-up number) would wait for ids
      // that may never come and drop every live event until then: say so, and start from the newest.
      if (since != null) this.sendRaw(sub, { type: 'reset', id: newest } satisfies ResetMessage);
    })()
      .catch((err) => {
        // Without a starting point the subscriber would see nothing: drop it (the client reconnects).
        this.subs.delete(sub);
        throw err;
      })
      .finally(() => sub.queued--);
    await sub.chain;
    return () => this.subs.delete(sub);
  }

  private onEvent(e: InboxEvent): void {
    const contiguous = this.lastSeen != null && e.id === this.lastSeen + 1;
    if (this.lastSeen == null || e.id > this.lastSeen) this.lastSeen = e.id;
    for (const s of this.subs) {
      if (!contiguous && e.id > s.cursor) this.catchUp(s);
      else if (s.queued === 0 && this.outsideOf(s, e)) {
        // What deliver would do for it, without a step on the chain: with 10,000 sockets of other
        // organizations open, a step each per event cost more than the send (npm run bench scale).
        if (e.id > s.cursor) s.cursor = e.id;
      } else this.deliver(s, [e]);
    }
  }

  /** The event is for neither the subscriber's staff view nor its visitor view, and its scope will not grow to it. */
  private outsideOf(s: Subscriber, e: InboxEvent): boolean {
    return viewOf(s.client.scope, e) == null && (!s.client.refresh || s.outside.has(e.accountId));
  }

  /** Queues a step on the subscriber's chain, counted while it waits or runs. */
  private step(s: Subscriber, run: () => Promise<void>): void {
    s.queued++;
    s.chain = s.chain.then(run).finally(() => s.queued--);
  }

  private deliver(s: Subscriber, events: InboxEvent[]): void {
    this.step(s, async () => {
      for (const e of events) {
        if (e.id <= s.cursor) continue;
        s.cursor = e.id;
        let copy = eventFor(s.client.scope, e);
        if (!copy && s.client.refresh && !s.outside.has(e.accountId)) {
          await this.refresh(s);
          copy = eventFor(s.client.scope, e);
          if (!copy) s.outside.add(e.accountId);
        }
        if (copy) this.sendRaw(s, copy);
      }
    });
  }

  private async refresh(s: Subscriber): Promise<void> {
    try {
      await s.client.refresh?.();
    } catch (err) {
      this.log.warn({ err }, 'realtime scope refresh failed');
    }
    if (s.outside.size > 10_000) s.outside.clear();
  }

  private sendRaw(s: Subscriber, message: InboxEvent | ResetMessage): void {
    try {
      // Staff receive the event itself: it is serialized once for all of them, not once per socket.
      let text = this.texts.get(message);
      if (text == null) {
        text = JSON.stringify(message);
        this.texts.set(message, text);
      }
      s.client.send(text);
    } catch (err) {
      this.log.warn({ err }, 'realtime send failed');
    }
  }

  private catchUp(s: Subscriber): void {
    this.step(s, () => this.readLog(s));
  }

  /** Sends what the log holds after the subscriber's cursor. */
  private async readLog(s: Subscriber): Promise<void> {
    // Every event up to the newest this process has seen was committed before this read starts.
    const upTo = this.lastSeen;
    try {
      if (s.client.refresh) await this.refresh(s);
      for (;;) {
        const events = await eventsSince(this.db, s.client.scope, s.cursor);
        for (const e of events) {
          if (e.id <= s.cursor) continue;
          s.cursor = e.id;
          const copy = eventFor(s.client.scope, e);
          if (copy) this.sendRaw(s, copy);
        }
        if (events.length < 500) break;
      }
      // Everything committed so far has been read: the cursor can stand at the newest id.
      if (upTo != null && upTo > s.cursor) s.cursor = upTo;
    } catch (err) {
      this.log.error({ err }, 'realtime catch-up failed');
    }
  }
}
