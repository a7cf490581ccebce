import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import type { Db } from '../db/index.ts';
import type { EventBus } from './bus.ts';
import { appendEvents, type EventScope, type InboxEvent } from './events.ts';
import { RealtimeHub } from './hub.ts';

/** A bus the test drives: it hands the hub the events it is given, in the order given, and can report a gap. */
class ManualBus implements EventBus {
  readonly kind = 'memory' as const;
  private handlers: ((e: InboxEvent) => void)[] = [];
  private gaps: (() => void)[] = [];
  deliver(e: InboxEvent): void {
    for (const h of this.handlers) h(e);
  }
  gap(): void {
    for (const g of this.gaps) g();
  }
  async publish(): Promise<void> {}
  subscribe(handler: (e: InboxEvent) => void): void {
    this.handlers.push(handler);
  }
  onGap(handler: () => void): void {
    this.gaps.push(handler);
  }
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

let t: TestApp;
let db: Db;
let bus: ManualBus;
let hub: RealtimeHub;
beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  db = t.database.db as unknown as Db;
  bus = new ManualBus();
  hub = new RealtimeHub(db, bus, pino({ level: 'silent' }));
});
afterAll(() => t.close());

/** Appends one event per account id to the log, in order, and returns them (not yet on the bus). */
const logged = (accountIds: number[]) =>
  db.transaction().execute((trx) =>
    appendEvents(
      trx,
      accountIds.map((accountId) => ({ type: 'message.created', accountId, agentId: null, contactAccountId: null, payload: {} })),
    ),
  );

/** A client that records the ids and accounts of the events it receives. */
const client = (scope: EventScope, refresh?: () => Promise<void>) => {
  const got: { id: number; accountId: number }[] = [];
  return {
    got,
    client: {
      scope,
      refresh,
      send: (text: string) => {
        const m = JSON.parse(text) as InboxEvent;
        got.push({ id: m.id, accountId: m.accountId });
      },
    },
  };
};

/** The ids a client has received, polled until they are what is expected (catch-ups read the log). */
const ids = (c: { got: { id: number }[] }) => () => c.got.map((g) => g.id);

describe('RealtimeHub', () => {
  it("gives a subscriber exactly its organization's events, in order, among many of others, live and across a gap", async () => {
    const a = client({ accountIds: [101], agentId: null, userId: 9001 });
    const others = Array.from({ length: 50 }, (_, i) => client({ accountIds: [200 + i], agentId: null, userId: 9100 + i }));
    await hub.add(a.client, null);
    for (const o of others) await hub.add(o.client, null);

    // Live and contiguous: most events belong to none of a's accounts.
    const first = await logged([201, 101, 202, 203, 101, 204, 101, 205]);
    for (const e of first) bus.deliver(e);
    const mine = (events: InboxEvent[], account: number) => events.filter((e) => e.accountId === account).map((e) => e.id);
    await expect.poll(ids(a)).toEqual(mine(first, 101));
    await expect.poll(ids(others[1]!)).toEqual(mine(first, 201));
    expect(ids(others[0]!)()).toEqual([]);

    // A gap: the bus drops two events (one of a's), then hands on the next; a catches up from the log,
    // each event once, in order.
    const second = await logged([206, 101, 101, 207]);
    bus.deliver(second[2]!);
    bus.deliver(second[3]!);
    await expect.poll(ids(a)).toEqual([...mine(first, 101), ...mine(second, 101)]);
    await expect.poll(ids(others[7]!)).toEqual(mine(second, 207));

    // Later live events still arrive, and the ones dropped above are not sent again.
    const third = await logged([101, 208]);
    for (const e of third) bus.deliver(e);
    await expect.poll(ids(a)).toEqual([...mine(first, 101), ...mine(second, 101), ...mine(third, 101)]);
    // A gap re-reads the log from each cursor: nothing already sent comes again.
    bus.gap();
    for (const e of await logged([101])) bus.deliver(e);
    await expect.poll(() => a.got.length).toBe(mine(first, 101).length + 2 + 2);
    expect(new Set(ids(a)()).size).toBe(a.got.length);
  });

  it('asks a growing scope (a partner) to re-read itself on an account it has not seen, and then delivers', async () => {
    const scope: EventScope = { accountIds: [301], agentId: null, userId: 9500 };
    let refreshes = 0;
    const p = client(scope, async () => {
      refreshes++;
      if (!scope.accountIds.includes(302)) scope.accountIds.push(302);
    });
    // The hub has seen the newest id, so what follows is live (a re-read per new account), not a catch-up.
    const warm = await logged([398]);
    for (const e of warm) bus.deliver(e);
    await hub.add(p.client, null);
    const events = await logged([301, 302, 399, 399, 302]);
    for (const e of events) bus.deliver(e);
    await expect.poll(() => p.got.map((g) => g.accountId)).toEqual([301, 302, 302]);
    // 302 needed one re-read (then it was in scope); 399 one (then known to be outside).
    expect(refreshes).toBe(2);
  });
});
