import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { InboxEvent } from './events.ts';

/**
 * Carries committed events to every server process. In-process by default; Redis pub/sub when
 * REDIS_URL is set, so processes sharing one database deliver each other's events.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: InboxEvent): Promise<void>;
  subscribe(handler: (event: InboxEvent) => void): void;
  /** Called when the bus may have dropped messages (a Redis reconnect): subscribers re-read the log. */
  onGap(handler: () => void): void;
  /** Resolves when the bus answers (readiness); Redis: a PING on the publishing connection. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private handlers: ((e: InboxEvent) => void)[] = [];
  async publish(event: InboxEvent): Promise<void> {
    for (const h of this.handlers) h(event);
  }
  subscribe(handler: (event: InboxEvent) => void): void {
    this.handlers.push(handler);
  }
  onGap(): void {}
  async ping(): Promise<void> {}
  async close(): Promise<void> {
    this.handlers = [];
  }
}

export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private handlers: ((e: InboxEvent) => void)[] = [];
  private gapHandlers: (() => void)[] = [];
  private ready: Promise<unknown>;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly log: Logger,
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
    this.sub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
    this.sub.on('message', (ch: string, text: string) => {
      if (ch !== this.channel) return;
      let event: InboxEvent;
      try {
        event = JSON.parse(text) as InboxEvent;
      } catch {
        return;
      }
      for (const h of this.handlers) h(event);
    });
    let first = true;
    this.sub.on('ready', () => {
      if (!first) for (const h of this.gapHandlers) h();
      first = false;
    });
    this.pub.on('error', (err) => this.log.warn({ err: err.message }, 'redis publisher error'));
    this.sub.on('error', (err) => this.log.warn({ err: err.message }, 'redis subscriber error'));
    this.ready = this.sub.subscribe(this.channel);
    // waitReady() reports a failed subscribe; a bus closed before Redis answered must not leave it unhandled.
    this.ready.catch(() => undefined);
  }

  async waitReady(): Promise<void> {
    await this.ready;
  }

  async publish(event: InboxEvent): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(event));
  }
  subscribe(handler: (event: InboxEvent) => void): void {
    this.handlers.push(handler);
  }
  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }
  async ping(): Promise<void> {
    await this.pub.ping();
  }
  async close(): Promise<void> {
    this.handlers = [];
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
