import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWav } from '../../../platform/audio/index.ts';
import { LocalCarrier } from '../../../platform/providers/carrier/local.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { recordingSocket } from '../../../testing/processes.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from '../../../testing/voice.ts';
import { createVoiceControl } from '../transfer/transfer.ts';

/** Inbound calls from a simulated phone: the inbox conversation, the live view, listening in, taking over, transfers, recordings. */
describe('live calls', () => {
  let t: TestApp;
  let org: Session;
  let other: Session;
  let number: string;
  let base: string;
  const as = (s: Session, query: Record<string, unknown> = {}) => ({ token: s.token, query: { targetAccountId: s.id, ...query } });
  const carrier = () => t.services.deps.carrier as LocalCarrier;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    org = await t.signUp('owner@live-calls.test', { businessName: 'Live Co' });
    hub = await socket(`${base}/api/v1/ws?token=${org.token}&targetAccountId=${org.id}`);
    other = await t.signUp('owner@other-live.test', { businessName: 'Other Live Co' });
    number = (await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id } })).body.number;
  });
  afterAll(async () => {
    hub.ws.close();
    await t.close();
  });

  /** A simulated phone calls the organization's number; the caller's side streams over a real WebSocket. */
  async function inbound(texts: string[], from = '+12065550777') {
    t.services.voice.stt = new ScriptedStt(texts);
    t.services.voice.tts = new ToneTts(20);
    const rang = await t.request('POST', '/api/dev/carrier/call', { body: { from, to: number } });
    expect(rang.status).toBe(200);
    const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
    caller.start(rang.body.ticket);
    return { caller, callId: rang.body.call.id as string };
  }
  const read = async (id: string, s = org) => t.request('GET', `/api/v1/calls/${id}`, as(s));
  const speak = (caller: MediaClient) => caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
  /** The agent's turns of a call as staff see them on the hub (phone streams carry no transcript). */
  let hub: Awaited<ReturnType<typeof socket>>;
  const turns = (callId: string, role: 'agent' | 'caller') =>
    hub.messages
      .filter((m) => m.type === 'call.transcript' && m.payload.callId === callId && m.payload.turn.role === role)
      .map((m) => m.payload.turn.text as string);
  const greeted = (callId: string) => expect.poll(() => turns(callId, 'agent').length, { timeout: 10_000 }).toBeGreaterThan(0);

  const socket = recordingSocket;

  it(
    'joins the caller’s conversation (channel voice), streams its transcript to staff over the hub, and stores a two-channel recording',
    { timeout: 60_000 },
    async () => {
      const otherHub = await socket(`${base}/api/v1/ws?token=${other.token}&targetAccountId=${other.id}`);
      await expect.poll(() => hub.messages.some((m) => m.type === 'ready') && otherHub.messages.some((m) => m.type === 'ready')).toBe(true);

      const { caller, callId } = await inbound(['What are your opening hours?']);
      await greeted(callId);
      speak(caller);
      // The reply's turn is complete once it has been spoken at real time (several seconds).
      await expect.poll(() => turns(callId, 'agent').length, { timeout: 25_000 }).toBe(2);
      expect(turns(callId, 'caller')).toEqual(['What are your opening hours?']);
      expect(hub.messages.find((m) => m.type === 'call.updated' && m.payload.call.id === callId)?.payload.call.status).toBe('in-progress');

      caller.send({ event: 'stop', streamSid: 'MZ' });
      await expect.poll(async () => (await read(callId)).body.call.status).toBe('completed');
      await expect.poll(() => hub.messages.some((m) => m.type === 'call.updated' && m.payload.call.status === 'completed')).toBe(true);
      // Another tree's hub heard nothing of the call.
      expect(otherHub.messages.filter((m) => String(m.type).startsWith('call.'))).toEqual([]);

      const call = (await read(callId)).body.call;
      expect(call.roomId).toMatch(/^r_/);
      expect(call.cost).toEqual({ minutes: 1, microUsd: 50_000 });
      // The ended entry is written just after the call's final row.
      const voiceEntries = async () =>
        (await t.request('GET', `/api/v1/conversations/${call.roomId}`, as(org))).body.messages.filter((m: any) => m.channel === 'voice');
      await expect.poll(async () => (await voiceEntries()).length).toBe(2);
      const entries = await voiceEntries();
      expect(entries.every((m: any) => m.callId === callId)).toBe(true);
      expect(entries[0].body).toBe('Incoming call from +12065550777');
      expect(entries[1].body).toContain('Caller: What are your opening hours?');
      expect(entries[1].attachments[0]).toMatchObject({ url: `/api/v1/calls/${callId}/recording`, type: 'audio/wav' });

      // The recording: stereo, caller on the left, the agent on the right; only the call's tree reads it.
      const wav = await t.app.inject({
        method: 'GET',
        url: `/api/v1/calls/${callId}/recording?targetAccountId=${org.id}&token=${org.token}`,
      });
      expect(wav.statusCode).toBe(200);
      expect(wav.headers['content-type']).toBe('audio/wav');
      const body = wav.rawPayload;
      expect(body.readUInt16LE(22)).toBe(2);
      const { pcm } = fromWav(body);
      const energy = (ch: number) => pcm.filter((_, i) => i % 2 === ch).reduce((s, v) => s + Math.abs(v), 0);
      expect(energy(0)).toBeGreaterThan(0);
      expect(energy(1)).toBeGreaterThan(0);
      const stolen = await t.app.inject({
        method: 'GET',
        url: `/api/v1/calls/${callId}/recording?targetAccountId=${other.id}&token=${other.token}`,
      });
      expect(stolen.statusCode).toBe(404);
      const key = (await t.services.deps.db.selectFrom('calls').select('recording_key').where('id', '=', callId).executeTakeFirstOrThrow())
        .recording_key!;
      expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);

      // A low rating of the conversation puts the call in the super admins' review queue.
      const admin = await t.superAdmin();
      const reviewed = async () =>
        (await t.request('GET', '/internal/fetchCallsForReview', { query: { adminToken: admin.token } })).body.calls.find(
          (c: any) => c.id === callId,
        );
      expect(await reviewed()).toBeUndefined();
      expect(
        (
          await t.request('POST', '/api/v1/rateConvo', {
            token: org.token,
            body: { targetAccountId: org.id, roomId: call.roomId, rating: 1 },
          })
        ).status,
      ).toBe(200);
      expect((await reviewed()).reasons).toEqual(['low rating (1)']);
      otherHub.ws.close();
    },
  );

  it('lets staff listen in, take over with their own audio and hang up; another tree cannot listen', async () => {
    const { caller, callId } = await inbound(['Hello?']);
    await caller.until((m) => m.event === 'media', 'the greeting audio');
    const stranger = await socket(`${base}/api/v1/calls/${callId}/listen?token=${other.token}&targetAccountId=${other.id}`);
    expect(await stranger.closed).toBe(4404);

    const viewer = await socket(`${base}/api/v1/calls/${callId}/listen?token=${org.token}&targetAccountId=${org.id}`);
    await expect.poll(() => viewer.messages.some((m) => m.event === 'ready')).toBe(true);
    caller.media(mulawFrames(5, true));
    await expect.poll(() => viewer.messages.some((m) => m.event === 'media' && m.track === 'caller')).toBe(true);
    await expect.poll(() => viewer.messages.some((m) => m.event === 'media' && m.track === 'agent')).toBe(true);

    viewer.ws.send(JSON.stringify({ event: 'takeover' }));
    await expect.poll(() => viewer.messages.some((m) => m.event === 'speaking')).toBe(true);
    const mark = caller.messages.length;
    const staffFrame = mulawFrames(1, true)[0]!;
    for (let i = 0; i < 5; i++) viewer.ws.send(JSON.stringify({ event: 'media', payload: staffFrame }));
    await caller.until((m) => m.event === 'media' && m.media.payload === staffFrame, 'the staff member’s voice', mark);
    // The agent no longer answers the caller: once the server has taken all the speech (a bridge, were
    // one there, hears each frame), no caller turn was transcribed.
    const entry = t.services.calls.live.get(callId)!;
    let taken = 0;
    entry.bridge = () => taken++;
    speak(caller);
    await expect.poll(() => taken).toBe(50);
    entry.bridge = null;
    expect(caller.messages.slice(mark).filter((m) => m.event === 'transcript' && m.turn.role === 'caller')).toEqual([]);

    viewer.ws.send(JSON.stringify({ event: 'hangup' }));
    await viewer.closed;
    await expect.poll(async () => (await read(callId)).body.call).toMatchObject({ status: 'completed', endReason: 'hung up by staff' });
    const events = await t.services.deps.db.selectFrom('calls').select('events').where('id', '=', callId).executeTakeFirstOrThrow();
    expect(JSON.stringify(events.events)).toContain('kick');
  });

  it('transfers to a second simulated phone (cold) that is bridged in; a failed transfer comes back with a reason the agent says', async () => {
    const failed = await inbound(['Please transfer me to +1 415 555 0142'], '+12065550801');
    await greeted(failed.callId);
    speak(failed.caller);
    await expect.poll(() => turns(failed.callId, 'agent')[1] ?? '', { timeout: 10_000 }).toContain('cannot be reached');
    failed.caller.send({ event: 'stop', streamSid: 'MZ' });
    await expect.poll(async () => (await read(failed.callId)).body.call.transfer).toEqual({ to: '+14155550142', status: 'failed' });

    const { caller, callId } = await inbound(['I want to talk to someone, +1 415 555 0377'], '+12065550802');
    await greeted(callId);
    speak(caller);
    await expect.poll(() => carrier().transferee(callId)?.number, { timeout: 10_000 }).toBe('+14155550377');
    const person = carrier().transferee(callId)!;
    // The agent says its line, then leaves: the caller is bridged to the person both ways.
    await expect.poll(() => turns(callId, 'agent')[1] ?? '', { timeout: 10_000 }).toContain('transferring');
    await expect.poll(() => t.services.calls.live.get(callId)?.bridge ?? null).not.toBeNull();
    caller.media(mulawFrames(10, true));
    await expect.poll(() => person.heardFrames).toBeGreaterThanOrEqual(10);
    const mark = caller.messages.length;
    const voice = mulawFrames(1, true)[0]!;
    person.say([Buffer.from(voice, 'base64')]);
    await caller.until((m) => m.event === 'media' && m.media.payload === voice, 'the person’s voice', mark);
    caller.send({ event: 'stop', streamSid: 'MZ' });
    await expect.poll(async () => (await read(callId)).body.call.transfer).toEqual({ to: '+14155550377', status: 'connected' });
    expect((await read(callId)).body.call.endReason).toBe('transferred to +14155550377');

    const admin = await t.superAdmin();
    const review = await t.request('GET', '/internal/fetchCallsForReview', { query: { adminToken: admin.token } });
    const flagged = review.body.calls.find((c: any) => c.id === failed.callId);
    expect(flagged.reasons).toContain('transfer did not connect (failed)');
    expect(review.body.calls.find((c: any) => c.id === callId)).toBeUndefined();
  });

  it('warm transfer: the person hears the brief before the caller is bridged; DTMF goes out as tones; end_call hangs up after the goodbye', async () => {
    const { caller, callId } = await inbound(['Thanks, goodbye'], '+12065550803');
    await greeted(callId);
    const entry = t.services.calls.live.get(callId)!;
    const control = createVoiceControl(
      { carrier: carrier(), live: t.services.calls.live, tts: () => t.services.voice.tts, end: t.services.calls.finish },
      () => entry,
    );
    const mark = caller.messages.length;
    expect(await control.sendDtmf('12#')).toEqual({ ok: true, digits: '12#' });
    // 3 keys × (100 ms tone + 60 ms gap) = 24 frames of 20 ms.
    await expect.poll(() => caller.messages.slice(mark).filter((m) => m.event === 'media').length).toBeGreaterThanOrEqual(24);
    expect(await control.transfer({ destination: '+1 415 555 0299', warm: true, brief: 'x' })).toMatchObject({
      ok: false,
      status: 'no-answer',
    });
    const res = await control.transfer({ destination: '+1 415 555 0388', warm: true, brief: 'A caller asking about a booking.' });
    expect(res).toMatchObject({ ok: true, mode: 'warm' });
    const person = carrier().transferee(callId)!;
    // The brief (tone speech, 20 ms a word-ish) reached the person before any of the caller's audio.
    expect(person.heardFrames).toBeGreaterThan(0);
    await expect.poll(() => entry.kicked).toBe(true);
    const events = JSON.stringify(entry.session.events);
    expect(events).toContain('"dtmf_out"');
    expect(events).toContain('warm +14155550388');
    caller.send({ event: 'stop', streamSid: 'MZ' });
    await expect.poll(async () => (await read(callId)).body.call.transfer).toEqual({ to: '+14155550388', status: 'connected' });

    // The agent's end_call: the caller says goodbye, the agent answers and hangs up.
    const bye = await inbound(['Thanks, goodbye'], '+12065550804');
    await greeted(bye.callId);
    speak(bye.caller);
    await expect.poll(async () => (await read(bye.callId)).body.call, { timeout: 10_000 }).toMatchObject({ status: 'completed' });
    expect((await read(bye.callId)).body.call.endReason).toContain('ended by the agent');
    await bye.caller.closed();
  });

  it('filters the call log by direction, status, agent, number and date, naming a bad field', async () => {
    const q = (query: Record<string, unknown>) => t.request('GET', '/api/v1/calls', as(org, query));
    const all = (await q({})).body.calls;
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect((await q({ number: '2065550801' })).body.calls.map((c: any) => c.from)).toEqual(['+12065550801']);
    expect((await q({ direction: 'outbound' })).body.calls).toEqual([]);
    expect((await q({ status: 'completed', direction: 'inbound' })).body.total).toBe(all.length);
    expect((await q({ agentId: org.id })).body.total).toBe(all.length);
    expect((await q({ agentId: other.id })).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q({ dateFrom: today, dateTo: today })).body.total).toBe(all.length);
    expect((await q({ dateTo: '2020-01-01' })).body.total).toBe(0);
    const bad = await q({ dateFrom: '2026-13-40' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('dateFrom');
  });

  it('keeps recordings for the organization’s retention, then the job deletes them', async () => {
    expect((await t.request('GET', '/api/v1/calls/settings', as(org))).body.settings).toEqual({ recordingRetentionDays: 90 });
    const put = (s: Session, days: unknown) =>
      t.request('PUT', '/api/v1/calls/settings', { token: s.token, body: { targetAccountId: s.id, recordingRetentionDays: days } });
    expect((await put(org, 0)).body.field).toBe('recordingRetentionDays');
    expect((await put(org, 7)).status).toBe(200);
    // Another tree's token cannot change this organization's retention.
    const cross = await t.request('PUT', '/api/v1/calls/settings', {
      token: other.token,
      body: { targetAccountId: org.id, recordingRetentionDays: 1 },
    });
    expect(cross.status).toBe(403);
    const kept = (await t.request('GET', '/api/v1/calls', as(org))).body.calls.filter((c: any) => c.recording);
    expect(kept.length).toBeGreaterThan(0);
    expect(await t.services.calls.pruneRecordings(Date.now() + 6 * 86_400_000)).toBe(0);
    expect(await t.services.calls.pruneRecordings(Date.now() + 8 * 86_400_000)).toBe(kept.length);
    const after = (await read(kept[0].id)).body.call;
    expect(after.recording).toBeNull();
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/calls/${kept[0].id}/recording?targetAccountId=${org.id}&token=${org.token}`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('ends a call whose holding process went quiet at its last heartbeat, and keeps the calls this process holds', async () => {
    const { caller, callId } = await inbound([], '+12065550811');
    await greeted(callId);
    const now = Date.now();
    await t.services.calls.heartbeat(now);
    const aliveAt = async (id: string) =>
      await t.database.db.selectFrom('calls').select(['alive_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await aliveAt(callId)).toEqual({ alive_at: now, status: 'in-progress' });

    // Another process held this call and died: its last heartbeat was two minutes ago, three minutes into the call.
    const orphanId = `CA${'0e'.repeat(16)}`;
    await t.database.db
      .insertInto('calls')
      .values({
        id: orphanId,
        account_id: org.id,
        agent_id: org.id,
        direction: 'inbound',
        from_number: '+12065550812',
        to_number: number,
        status: 'in-progress',
        started_at: now - 300_000,
        answered_at: now - 300_000,
        alive_at: now - 120_000,
        transcript: '[]',
        events: '[]',
      })
      .execute();
    expect(await t.services.calls.sweepOrphans(now)).toBe(1);
    const orphan = (await read(orphanId)).body.call;
    expect(orphan).toMatchObject({ status: 'completed', endReason: 'the server holding the call stopped', cost: { minutes: 3 } });
    expect(orphan.durationMs).toBe(180_000);
    await expect
      .poll(() =>
        hub.messages.some((m) => m.type === 'call.updated' && m.payload.call.id === orphanId && m.payload.call.status === 'completed'),
      )
      .toBe(true);
    // Swept again: nothing more (the minutes were counted once).
    expect(await t.services.calls.sweepOrphans(now)).toBe(0);

    // Our own call, even with a stale heartbeat, is never swept by this process.
    await t.services.calls.sweepOrphans(now + 600_000);
    expect((await aliveAt(callId)).status).toBe('in-progress');
    caller.send({ event: 'stop', streamSid: 'MZ' });
    await expect.poll(async () => (await read(callId)).body.call.status).toBe('completed');
  });
});
