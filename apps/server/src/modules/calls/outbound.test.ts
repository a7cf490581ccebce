import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCarrier } from '../../platform/providers/carrier/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { MediaClient, ScriptedStt, ToneTts } from '../../testing/voice.ts';

describe('outbound calls through the simulated carrier', () => {
  let t: TestApp;
  let org: Session;
  let number: string;
  const place = (to: string, idempotencyKey?: string) =>
    t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to, idempotencyKey } });
  const read = async (id: string) =>
    (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token, query: { targetAccountId: org.id } })).body.call;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    org = await t.signUp('owner@outbound.test', { businessName: 'Outbound Co' });
    const n = await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id } });
    expect(n.status).toBe(200);
    number = n.body.number;
    t.services.voice.stt = new ScriptedStt([]);
    t.services.voice.tts = new ToneTts(5);
  });
  afterAll(async () => {
    await t.close();
  });

  it('rings the number; the phone answers over Media Streams, hears the greeting and hangs up; a retry places no second call', async () => {
    const first = await place('+1 (415) 555-1234', 'call-1');
    expect(first.status).toBe(200);
    expect(first.body.call).toMatchObject({ direction: 'outbound', to: '+14155551234' });
    // The phone rings for 30 ms: on a slow database it may already have answered when the call is read back.
    expect(['ringing', 'in-progress']).toContain(first.body.call.status);
    const again = await place('+14155551234', 'call-1');
    expect(again.body.call.id).toBe(first.body.call.id);

    await expect.poll(() => read(first.body.call.id), { timeout: 10_000 }).toMatchObject({ status: 'completed', endReason: 'hung up' });
    const call = await read(first.body.call.id);
    expect(call.transcript[0]).toMatchObject({ role: 'agent', interrupted: false });
    expect(call.durationMs).toBeGreaterThan(0);
    const list = await t.request('GET', '/api/v1/calls', { token: org.token, query: { targetAccountId: org.id, direction: 'outbound' } });
    expect(list.body.calls.filter((c: { id: string }) => c.id === first.body.call.id)).toHaveLength(1);
    expect(t.services.deps.carrier).toBeInstanceOf(LocalCarrier);
    // One started minute of voice usage for the organization (its own agent), today.
    const usage = await t.services.deps.db
      .selectFrom('usage_daily')
      .selectAll()
      .where('account_id', '=', org.id)
      .where('item', '=', 'voice')
      .execute();
    expect(usage.map((u) => Number(u.quantity))).toEqual([1]);
  });

  it("takes a call from a simulated phone to the organization's number over the media stream", async () => {
    expect((await t.request('POST', '/api/dev/carrier/call', { body: { from: '+12065550777', to: '+14155559999' } })).status).toBe(404);
    const bad = await t.request('POST', '/api/dev/carrier/call', { body: { from: 'x', to: number } });
    expect(bad.body.field).toBe('from');
    const rang = await t.request('POST', '/api/dev/carrier/call', { body: { from: '+12065550777', to: number } });
    expect(rang.body.call).toMatchObject({
      direction: 'inbound',
      status: 'queued',
      from: '+12065550777',
      to: number,
      organizationId: org.id,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const phone = await MediaClient.open(`ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1/calls/media`);
    phone.start(rang.body.ticket);
    await phone.until((m) => m.event === 'mark', 'the greeting');
    phone.send({ event: 'stop', streamSid: 'MZ' });
    await phone.closed();
    await expect.poll(() => read(rang.body.call.id)).toMatchObject({ status: 'completed', direction: 'inbound' });
  });

  it('records unreachable and unanswered numbers, which the review queue lists', async () => {
    const failed = await place('+14155550100');
    expect(failed.body.call).toMatchObject({ status: 'failed', endReason: 'Number unreachable: +14155550100' });
    const unanswered = await place('+14155550200');
    expect(unanswered.body.call.status).toBe('no-answer');
    const admin = await t.superAdmin();
    const review = await t.request('GET', '/internal/fetchCallsForReview', { query: { adminToken: admin.token } });
    const reasons = Object.fromEntries(review.body.calls.map((c: { id: string; reasons: string[] }) => [c.id, c.reasons]));
    expect(reasons[failed.body.call.id]).toEqual(['failed: Number unreachable: +14155550100']);
    expect(reasons[unanswered.body.call.id]).toEqual(['no answer']);
  });
});
