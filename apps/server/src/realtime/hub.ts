import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import type { EventBus } from './bus.ts';
import { eventsSince, inScope, type EventScope, type InboxEvent } from './events.ts';

export interface HubClient {
  scope: EventScope;
  send(text: string): void;
}

interface Subscriber {
  client: HubClient;
  /** Every event id up to here has been delivered or found outside the scope. */
  cursor: number;
  /** Deliveries run one after another, so catch-up and live events never interleave. */
  chain: Promise<void>;
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
    const sub: Subscriber = { client, cursor: since ?? 0, chain: Promise.resolve() };
    // Register before reading the log: an event committed after the read arrives on the bus, and
    // queues behind the read on the subscriber's chain.
    this.subs.add(sub);
    if (since == null) {
      sub.chain = (async () => {
        const latest = await this.db.selectFrom('event_seq').select('value').where('name', '=', 'events').executeTakeFirst();
        sub.cursor = Number(latest?.value ?? 0);
      })().catch((err) => {
        // Without a starting point the subscriber would see nothing: drop it (the client reconnects).
        this.subs.delete(sub);
        throw err;
      });
    } else {
      this.catchUp(sub);
    }
    await sub.chain;
    return () => this.subs.delete(sub);
  }

  private onEvent(e: InboxEvent): void {
    const contiguous = this.lastSeen != null && e.id === this.lastSeen + 1;
    if (this.lastSeen == null || e.id > this.lastSeen) this.lastSeen = e.id;
    for (const s of this.subs) {
      if (contiguous || e.id <= s.cursor) this.deliver(s, [e]);
      else this.catchUp(s);
    }
  }

  private deliver(s: Subscriber, events: InboxEvent[]): void {
    s.chain = s.chain.then(() => {
      for (const e of events) {
        if (e.id <= s.cursor) continue;
        s.cursor = e.id;
        if (inScope(s.client.scope, e)) this.send(s, e);
      }
    });
  }

  private send(s: Subscriber, e: InboxEvent): void {
    try {
      s.client.send(JSON.stringify(e));
    } catch (err) {
      this.log.warn({ err }, 'realtime send failed');
    }
  }

  private catchUp(s: Subscriber): void {
    s.chain = s.chain.then(async () => {
      // Every event up to the newest this process has seen was committed before this read starts.
      const upTo = this.lastSeen;
      try {
        for (;;) {
          const events = await eventsSince(this.db, s.client.scope, s.cursor);
          for (const e of events) {
            if (e.id <= s.cursor) continue;
            s.cursor = e.id;
            this.send(s, e);
          }
          if (events.length < 500) break;
        }
        // Everything committed so far has been read: the cursor can stand at the newest id.
        if (upTo != null && upTo > s.cursor) s.cursor = upTo;
      } catch (err) {
        this.log.error({ err }, 'realtime catch-up failed');
      }
    });
  }
}
