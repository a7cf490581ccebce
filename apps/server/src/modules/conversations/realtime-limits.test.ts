import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TOO_MANY_CONNECTIONS } from '../../platform/realtime/sockets.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { connect } from '../../testing/ws.ts';

/** The WebSocket's edges: a cursor from the future, connection caps, dead peers, growing scopes, visitors. */
describe('WebSocket limits, resets and visibility', () => {
  let t: TestApp;
  let base: string;
  let org: Session;
  let orgUsername: string;
  const visitor = async () => (await t.request('GET', '/api/v1/allocateTempUserSession')).body as { id: number; token: string };
  const wsUrl = (token: string, extra = '') => `${base}/api/v1/ws?token=${token}${extra}`;
  const newestEventId = async () =>
    Number((await t.database.db.selectFrom('event_seq').select('value').where('name', '=', 'events').executeTakeFirstOrThrow()).value);

  /** Opens a socket and resolves with how it ended up: 'ready', or the close code it got first. */
  const outcome = (url: string) =>
    new Promise<{ ws: WebSocket; result: 'ready' | number }>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.on('message', (raw) => {
        if (JSON.parse(raw.toString()).type === 'ready') resolve({ ws, result: 'ready' });
      });
      ws.on('close', (code) => resolve({ ws, result: code }));
      ws.on('error', reject);
    });
  const closeAll = (list: WebSocket[]) =>
    Promise.all(list.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((r) => (ws.once('close', r), ws.close())))));

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false', WS_MAX_PER_TOKEN: '3', WS_MAX_PER_ADDRESS: '6', WS_HEARTBEAT_MS: '400' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    org = await t.signUp('owner@limits.test', { businessName: 'Limits Co' });
    orgUsername = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers a resume cursor beyond the newest event with a reset, then stays live', async () => {
    const v = await visitor();
    await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: orgUsername, body: 'before' } });
    const newest = await newestEventId();
    for (const since of [String(newest + 1000), '99999999999999999999']) {
      const staff = await connect(wsUrl(org.token, `&targetAccountId=${org.id}&since=${since}`));
      expect(staff.events[0]?.type).toBe('reset');
      expect(staff.events[0]!.id).toBeGreaterThanOrEqual(newest);
      expect(staff.events[0]!.id).toBeLessThan(newest + 1000);
      await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: orgUsername, body: `live after ${since}` } });
      const live = await staff.until(
        (e) => e.type === 'message.created' && e.payload.message.body === `live after ${since}`,
        'the live message',
      );
      expect(live.id).toBeGreaterThan(newest);
      await staff.close();
    }
  });

  it('caps connections per session token and per address with close code 4429', async () => {
    // Sockets of earlier tests are gone on the server too.
    await expect.poll(() => t.services.inbox.hub.size).toBe(0);
    const one = (await visitor()).token;
    const open: WebSocket[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await outcome(wsUrl(one));
      expect(r.result).toBe('ready');
      open.push(r.ws);
    }
    const refused = await outcome(wsUrl(one));
    expect(refused.result).toBe(TOO_MANY_CONNECTIONS);
    // A slot freed is a slot again (once the server has seen the close).
    await closeAll([open.pop()!]);
    await expect.poll(() => t.services.inbox.hub.size).toBeLessThanOrEqual(2);
    const again = await outcome(wsUrl(one));
    expect(again.result).toBe('ready');
    open.push(again.ws);
    // Other sessions from the same address fill it up to 6 in all.
    for (let i = 0; i < 3; i++) {
      const r = await outcome(wsUrl((await visitor()).token));
      expect(r.result).toBe('ready');
      open.push(r.ws);
    }
    const sixth = await outcome(wsUrl((await visitor()).token));
    expect(sixth.result).toBe(TOO_MANY_CONNECTIONS);
    await closeAll(open);
    await expect.poll(() => t.services.inbox.hub.size).toBe(0);
  });

  it('closes a connection that stops answering pings, and keeps one that answers', async () => {
    const healthy = await connect(wsUrl(org.token, `&targetAccountId=${org.id}`));
    // A peer that vanished: it does not answer the server's pings.
    const dead = await connect(wsUrl(org.token, `&targetAccountId=${org.id}`), { autoPong: false });
    const hubBefore = t.services.inbox.hub.size;
    const code = await new Promise<number>((resolve) => dead.ws.once('close', resolve));
    expect(code).toBe(1006);
    // Two more beats (pings it answers): the one that answers stays.
    let pings = 0;
    healthy.ws.on('ping', () => pings++);
    await expect.poll(() => pings, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    await expect.poll(() => t.services.inbox.hub.size).toBe(hubBefore - 1);
    await healthy.close();
  });

  it("a partner's socket sees organizations created after it connected", async () => {
    const partner = await t.partner('Growing Partner');
    const watching = await connect(wsUrl(partner.token, `&targetAccountId=${partner.id}`));
    const made = await t.request('POST', '/api/v2/createOrganization', {
      token: partner.token,
      body: { targetAccountId: partner.id, name: 'Newer Org' },
    });
    expect(made.status).toBe(200);
    const username = (await t.request('GET', '/api/v1/account', { token: partner.token, query: { targetAccountId: made.body.id } })).body
      .username;
    const v = await visitor();
    await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: username, body: 'to the new org' } });
    const seen = await watching.until(
      (e) => e.type === 'message.created' && e.payload.message.body === 'to the new org',
      'the new org’s message',
    );
    expect(seen.payload.roomId).toBeTruthy();
    // And on resume too.
    await watching.close();
    const back = await connect(wsUrl(partner.token, `&targetAccountId=${partner.id}&since=${seen.id - 1}`));
    expect(back.events.map((e) => e.id)).toContain(seen.id);
    await back.close();
  });

  it('a visitor receives only what a visitor may see: no inbox tab, AI switch or rating', async () => {
    const v = await visitor();
    const guest = await connect(wsUrl(v.token));
    const staff = await connect(wsUrl(org.token, `&targetAccountId=${org.id}`));
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: orgUsername, body: 'rate me' } });
    await t.request('POST', '/api/v1/rateConvo', { token: v.token, body: { roomId: sent.body.roomId, rating: 2 } });
    const staffCopy = await staff.until((e) => e.type === 'conversation.updated' && e.payload.room?.rating === 2, 'the rating (staff)');
    expect(staffCopy.payload.room).toHaveProperty('inboxType');
    expect(staffCopy.payload.room).toHaveProperty('aiAgentEnabled');
    const guestCopy = await guest.until((e) => e.id === staffCopy.id, 'the same event (visitor)');
    for (const field of ['inboxType', 'aiAgentEnabled', 'rating', 'agentId']) expect(guestCopy.payload.room).not.toHaveProperty(field);
    expect(guestCopy.payload.room.roomId).toBe(sent.body.roomId);
    for (const e of guest.events) {
      expect(JSON.stringify(e.payload)).not.toMatch(/"(inboxType|aiAgentEnabled|rating)"/);
    }
    await Promise.all([guest.close(), staff.close()]);
  });
});
