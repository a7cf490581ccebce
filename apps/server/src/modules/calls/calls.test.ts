import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from '../../testing/voice.ts';

describe('calls', () => {
  let t: TestApp;
  let org: Session;
  let other: Session;
  let base: string;
  const as = (s: Session) => ({ token: s.token, query: { targetAccountId: s.id } });

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    org = await t.signUp('owner@calls.test', { businessName: 'Calls Co' });
    other = await t.signUp('owner@other-calls.test', { businessName: 'Other Co' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A web test call streamed by a fake caller, with scripted speech-to-text and tone speech. */
  async function webCall(texts: string[], key?: string, msPerChar = 30) {
    t.services.voice.stt = new ScriptedStt(texts);
    t.services.voice.tts = new ToneTts(msPerChar);
    const placed = await t.request('POST', '/api/v1/calls/web', {
      token: org.token,
      body: { targetAccountId: org.id, idempotencyKey: key },
    });
    expect(placed.status).toBe(200);
    const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
    caller.start(placed.body.ticket);
    return { caller, callId: placed.body.call.id as string, ticket: placed.body.ticket as string };
  }
  const agentTurn = (m: any) => m.event === 'transcript' && m.turn.role === 'agent';

  it('answers a web call with its greeting, replies to the caller, is interrupted, and stores the transcript', async () => {
    const { caller, callId } = await webCall(['What are your opening hours?', 'Sorry, one more thing']);
    const greeting = await caller.until(agentTurn, 'the greeting');
    expect(greeting.turn.text.length).toBeGreaterThan(0);
    expect(caller.messages.some((m) => m.event === 'media' && typeof m.media.payload === 'string')).toBe(true);
    expect(caller.messages.some((m) => m.event === 'mark')).toBe(true);

    // 300 ms of speech, then 700 ms of silence: one caller turn.
    caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
    const heard = await caller.until((m) => m.event === 'transcript' && m.turn.role === 'caller', 'the caller turn');
    expect(heard.turn.text).toBe('What are your opening hours?');
    const mark = caller.messages.length;
    const firstReplyAudio = await caller.until((m) => m.event === 'media', 'the reply audio', mark);
    expect(firstReplyAudio.streamSid).toBe('MZ00000000000000000000000000000001');
    let frames = 0;
    await caller.until((m) => m.event === 'media' && ++frames >= 25, 'half a second of the reply', caller.messages.length);

    // The caller talks over the reply: queued audio is cleared and the turn keeps what was heard.
    caller.media(mulawFrames(10, true));
    await caller.until((m) => m.event === 'clear', 'clear', mark);
    const cut = await caller.until((m) => agentTurn(m) && m.turn.interrupted, 'the interrupted turn', mark);
    expect(cut.turn.latencyMs).toBeGreaterThanOrEqual(0);
    const afterClear = caller.messages.findIndex((m, i) => i >= mark && m.event === 'clear');
    caller.media(mulawFrames(35, false));
    await caller.until((m) => m.event === 'transcript' && m.turn.text === 'Sorry, one more thing', 'second caller turn', afterClear);

    caller.send({ event: 'stop', streamSid: 'MZ' });
    await caller.closed();
    await expect.poll(async () => (await t.request('GET', `/api/v1/calls/${callId}`, as(org))).body.call.status).toBe('completed');
    const stored = (await t.request('GET', `/api/v1/calls/${callId}`, as(org))).body.call;
    expect(stored).toMatchObject({ direction: 'web', status: 'completed', roomId: null, cost: { minutes: 0, microUsd: 0 } });
    expect(stored.recording.url).toBe(`/api/v1/calls/${callId}/recording`);
    expect(stored.transcript.map((x: any) => x.role).slice(0, 4)).toEqual(['agent', 'caller', 'agent', 'caller']);
    expect(stored.transcript[2].interrupted).toBe(true);
    expect(stored.answeredAt).toBeGreaterThanOrEqual(stored.startedAt);
    expect(stored.endedAt).toBeGreaterThanOrEqual(stored.answeredAt);
  });

  it('stores per-turn timings, in pipeline order and never negative, and returns them with the call', async () => {
    const { caller, callId } = await webCall(['What are your opening hours?', 'And on Sundays?'], undefined, 2);
    await caller.until(agentTurn, 'the greeting');
    for (const text of ['What are your opening hours?', 'And on Sundays?']) {
      const from = caller.messages.length;
      caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
      // Like Twilio, the caller echoes the marks once the audio before them has played.
      const played = await caller.until((m) => m.event === 'mark' && /^played-/.test(m.mark.name), 'the first-frame mark', from);
      caller.send({ event: 'mark', streamSid: 'MZ', mark: played.mark });
      await caller.until((m) => agentTurn(m) && !m.turn.interrupted, `the reply to "${text}"`, from);
    }
    caller.send({ event: 'stop', streamSid: 'MZ' });
    await caller.closed();
    await expect.poll(async () => (await t.request('GET', `/api/v1/calls/${callId}`, as(org))).body.call.status).toBe('completed');
    const stored = (await t.request('GET', `/api/v1/calls/${callId}`, as(org))).body.call;
    expect(stored.timings).toHaveLength(2);
    for (const x of stored.timings) {
      const steps = [0, x.endDetectedMs, x.transcriptMs, x.firstTokenMs, x.firstAudioMs, x.playedMs];
      expect(steps.every((n) => typeof n === 'number' && n >= 0)).toBe(true);
      expect([...steps].sort((a, b) => a - b)).toEqual(steps);
      // The end-of-turn silence the caller sent (35 frames of 20 ms) bounds what the detector waited.
      expect(x.endDetectedMs).toBeLessThanOrEqual(700);
    }
    expect(stored.timings[1].at).toBeGreaterThan(stored.timings[0].at);
  }, 60_000);

  it('staff take a live call over (the agent stops talking and answers no more) and hang it up; another tree cannot', async () => {
    const { caller, callId } = await webCall(['Are you there?']);
    let frames = 0;
    await caller.until((m) => m.event === 'media' && ++frames >= 15, 'the greeting playing');
    const kickPath = `/api/v1/calls/${callId}/kick`;
    expect((await t.request('POST', kickPath, { token: other.token, body: { targetAccountId: other.id } })).status).toBe(404);
    expect(
      (await t.request('POST', `/api/v1/calls/${callId}/hangup`, { token: other.token, body: { targetAccountId: other.id } })).status,
    ).toBe(404);
    expect((await t.request('POST', kickPath, { token: org.token, body: { targetAccountId: org.id } })).status).toBe(200);
    await caller.until((m) => m.event === 'clear', 'the agent cut off');
    const cut = await caller.until(agentTurn, 'the greeting as heard');
    expect(cut.turn.interrupted).toBe(true);
    caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);

    const hung = await t.request('POST', `/api/v1/calls/${callId}/hangup`, { token: org.token, body: { targetAccountId: org.id } });
    expect(hung.body.call).toMatchObject({ status: 'completed', endReason: 'hung up by staff' });
    await caller.until((m) => m.event === 'stop', 'stop');
    await caller.closed();
    expect(hung.body.call.transcript.filter((x: { role: string }) => x.role === 'agent')).toHaveLength(1);
    expect((await t.request('POST', kickPath, { token: org.token, body: { targetAccountId: org.id } })).status).toBe(404);
  });

  it('lists the calls and places one call per idempotency key; a ticket streams once', async () => {
    const a = await t.request('POST', '/api/v1/calls/web', { token: org.token, body: { targetAccountId: org.id, idempotencyKey: 'k1' } });
    const b = await t.request('POST', '/api/v1/calls/web', { token: org.token, body: { targetAccountId: org.id, idempotencyKey: 'k1' } });
    expect(b.body.call.id).toBe(a.body.call.id);
    const list = await t.request('GET', '/api/v1/calls', { ...as(org), query: { targetAccountId: org.id, direction: 'web' } });
    expect(list.body.calls.filter((c: any) => c.id === a.body.call.id)).toHaveLength(1);

    const { caller, ticket } = await webCall([], 'k2');
    await caller.until((m) => m.event === 'status', 'connected');
    const replay = await MediaClient.open(`${base}/api/v1/calls/media`);
    replay.start(ticket);
    await replay.until((m) => m.event === 'error', 'the refusal');
    await replay.closed();
    const forged = await MediaClient.open(`${base}/api/v1/calls/media`);
    forged.start(`${a.body.call.id}.9999999999999.AAAA`);
    await forged.until((m) => m.event === 'error', 'the refusal');
    caller.ws.close();
    await caller.closed();
  });

  it('places an outbound call only from a number, naming the field of bad input', async () => {
    const none = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to: '+14155550100' } });
    expect(none.status).toBe(422);
    const bad = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('to');
    const badId = await t.request('GET', '/api/v1/calls/nope', as(org));
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('callId');
  });

  it('another tree lists, reads and takes over none of the calls', async () => {
    const mine = (await t.request('GET', '/api/v1/calls', as(org))).body.calls;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await t.request('GET', '/api/v1/calls', as(other));
    expect(theirs.body.calls).toEqual([]);
    const read = await t.request('GET', `/api/v1/calls/${mine[0].id}`, as(other));
    expect(read.status).toBe(404);
    const kick = await t.request('POST', `/api/v1/calls/${mine[0].id}/kick`, { token: other.token, body: { targetAccountId: other.id } });
    expect(kick.status).toBe(404);
    const cross = await t.request('GET', '/api/v1/calls', { token: other.token, query: { targetAccountId: org.id } });
    expect(cross.status).toBe(403);
  });

  it('gives super admins the review queue, and nobody else', async () => {
    expect((await t.request('GET', '/internal/fetchCallsForReview', { token: org.token })).status).toBe(403);
    const admin = await t.superAdmin();
    const review = await t.request('GET', '/internal/fetchCallsForReview', { query: { adminToken: admin.token } });
    expect(review.status).toBe(200);
    expect(Array.isArray(review.body.calls)).toBe(true);
  });
});
