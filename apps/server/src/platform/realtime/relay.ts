import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A call's two channels: `out` from the process holding the call, `in` towards it. */
export type RelayDirection = 'out' | 'in';

/**
 * Carries a live call's audio and controls between server processes (modules/calls/live/remote.ts): per-call
 * channels of text messages. In-process by default; Redis pub/sub when REDIS_URL is set, on the channels
 * `<prefix>:call:<callId>:out` and `:in` (separate from the event bus). Messages are fire-and-forget and
 * arrive in the order one process published them.
 */
export interface CallRelay {
  readonly kind: 'memory' | 'redis';
  publish(callId: string, dir: RelayDirection, text: string): void;
  /** Listens to a call's channel; resolves once listening, with the function that stops it. */
  listen(callId: string, dir: RelayDirection, handler: (text: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

type Handler = (text: string) => void;

/** Handlers by channel: the first listener of a channel subscribes it, the last one gone unsubscribes it. */
class Channels {
  private readonly map = new Map<string, Set<Handler>>();
  add(channel: string, h: Handler): boolean {
    let set = this.map.get(channel);
    const first = !set;
    if (!set) this.map.set(channel, (set = new Set()));
    set.add(h);
    return first;
  }
  /** True when it was the channel's last handler. */
  remove(channel: string, h: Handler): boolean {
    const set = this.map.get(channel);
    if (!set?.delete(h) || set.size) return false;
    this.map.delete(channel);
    return true;
  }
  deliver(channel: string, text: string): void {
    const set = this.map.get(channel);
    if (set) for (const h of [...set]) h(text);
  }
  clear(): void {
    this.map.clear();
  }
}

/** One process's relay (and apps in one process that share it, as tests do). Delivery is asynchronous, in order. */
export class MemoryRelay implements CallRelay {
  readonly kind = 'memory' as const;
  private readonly channels = new Channels();
  publish(callId: string, dir: RelayDirection, text: string): void {
    queueMicrotask(() => this.channels.deliver(`${callId}:${dir}`, text));
  }
  async listen(callId: string, dir: RelayDirection, handler: Handler): Promise<() => void> {
    const channel = `${callId}:${dir}`;
    this.channels.add(channel, handler);
    return () => void this.channels.remove(channel, handler);
  }
  async close(): Promise<void> {}
}

/** Redis pub/sub: one publishing and one subscribing connection, opened at first use. */
export class RedisRelay implements CallRelay {
  readonly kind = 'redis' as const;
  private conns: { pub: Redis; sub: Redis } | null = null;
  private readonly channels = new Channels();
  /** Each channel's SUBSCRIBE, which a second listener of the channel waits for too. */
  private readonly subscribing = new Map<string, Promise<unknown>>();

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly log: Logger,
    /** How long a SUBSCRIBE may wait (Redis down: ioredis would queue it until Redis returns). */
    private readonly listenTimeoutMs = 5_000,
  ) {}

  private get redis(): { pub: Redis; sub: Redis } {
    if (this.conns) return this.conns;
    const pub = new Redis(this.url, { maxRetriesPerRequest: 3 });
    const sub = new Redis(this.url, { maxRetriesPerRequest: null });
    sub.on('message', (channel: string, text: string) => this.channels.deliver(channel, text));
    pub.on('error', (err) => this.log.warn({ err: err.message }, 'call relay: redis publisher error'));
    sub.on('error', (err) => this.log.warn({ err: err.message }, 'call relay: redis subscriber error'));
    return (this.conns = { pub, sub });
  }

  private channel = (callId: string, dir: RelayDirection) => `${this.prefix}:call:${callId}:${dir}`;

  publish(callId: string, dir: RelayDirection, text: string): void {
    this.redis.pub
      .publish(this.channel(callId, dir), text)
      .catch((err: Error) => this.log.warn({ err: err.message, callId }, 'call relay: publish failed'));
  }

  async listen(callId: string, dir: RelayDirection, handler: Handler): Promise<() => void> {
    const channel = this.channel(callId, dir);
    const { sub } = this.redis;
    const stop = () => {
      if (!this.channels.remove(channel, handler)) return;
      this.subscribing.delete(channel);
      sub.unsubscribe(channel).catch(() => undefined);
    };
    // Commands on one connection run in order, so a subscribe after an unsubscribe of the same channel holds.
    if (this.channels.add(channel, handler)) this.subscribing.set(channel, sub.subscribe(channel));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.subscribing.get(channel),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`the call relay (Redis) did not answer within ${this.listenTimeoutMs} ms`)),
            this.listenTimeoutMs,
          );
        }),
      ]);
    } catch (err) {
      stop();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    return stop;
  }

  async close(): Promise<void> {
    this.channels.clear();
    this.subscribing.clear();
    this.conns?.pub.disconnect();
    this.conns?.sub.disconnect();
    this.conns = null;
  }
}

/** The relay of a process: Redis when REDIS_URL is set (channels prefixed with REDIS_EVENTS_CHANNEL), else in memory. */
export function createCallRelay(config: { REDIS_URL?: string; REDIS_EVENTS_CHANNEL: string }, log: Logger): CallRelay {
  return config.REDIS_URL ? new RedisRelay(config.REDIS_URL, config.REDIS_EVENTS_CHANNEL, log) : new MemoryRelay();
}
