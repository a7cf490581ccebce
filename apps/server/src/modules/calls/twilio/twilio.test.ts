import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../../platform/providers/carrier/twilio.ts';
import { startFakeTwilio, twilioError, twilioWebhook } from '../../../testing/fakes/twilio.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from '../../../testing/voice.ts';
import { createVoiceControl } from '../transfer/transfer.ts';
import { signedUrlCandidates } from './twilio.ts';

const SID = 'ACtest0000000000000000000000000000';
const TOKEN = 'twilio-auth-token-1';
const PUBLIC = 'https://voice.example.com';
const NUMBER = '+14155551234';

/** Twilio's side of a media stream: the upgrade signed over the stream's wss:// URL, as Twilio does. */
const twilioStream = (base: string, signedUrl = 'wss://voice.example.com/api/v1/calls/media') =>
  MediaClient.open(`${base}/api/v1/calls/media`, { 'x-twilio-signature': twilioSignature(TOKEN, signedUrl, {}) });

/** A fake Twilio: Calls.json records calls and, like Twilio, connects the inline TwiML's <Stream>; a live call's update records its new TwiML. */
async function fakeTwilio(streamTo: () => string) {
  const calls: Record<string, string>[] = [];
  const updates: Record<string, string>[] = [];
  const streams: MediaClient[] = [];
  const server = await startFakeTwilio(SID, TOKEN, ({ method, path, form }) => {
    if (method !== 'POST') return undefined;
    // Update a live call (https://www.twilio.com/docs/voice/api/call-resource#update-a-call-resource): new TwiML.
    const update = /^\/Calls\/(CA[0-9a-f]{32})\.json$/.exec(path);
    if (update) {
      if (update[1]!.endsWith('dead')) return twilioError(404, 20404, 'The requested resource was not found');
      updates.push({ sid: update[1]!, ...form });
      return { status: 200, body: { sid: update[1], status: 'in-progress' } };
    }
    // Buying the organization's number (IncomingPhoneNumbers, docs/telephony.md).
    if (path === '/IncomingPhoneNumbers.json')
      return { status: 201, body: { sid: 'PN00000000000000000000000000000001', phone_number: form.PhoneNumber, voice_url: form.VoiceUrl } };
    if (path !== '/Calls.json' || form.To === '+15005550001')
      return twilioError(400, 21211, "The 'To' number is not a valid phone number.");
    calls.push(form);
    return {
      status: 201,
      body: { sid: `CA${String(calls.length).padStart(32, '0')}`, status: 'queued' },
      // +12065550998 is busy: Twilio never connects it (its status callback says so). Otherwise the callee
      // answers and Twilio opens the <Stream> (here at the test server's real address) with the <Parameter>s.
      afterReply: async () => {
        if (form.To === '+12065550998') return;
        const url = /<Stream url="([^"]+)"/.exec(form.Twiml!)![1]!;
        const ticket = /<Parameter name="ticket" value="([^"]+)"/.exec(form.Twiml!)![1]!;
        expect(url).toBe('wss://voice.example.com/api/v1/calls/media');
        const client = await twilioStream(streamTo());
        streams.push(client);
        client.start(ticket);
      },
    };
  });
  return { calls, updates, streams, url: server.url, close: () => server.close() };
}

describe('calls through Twilio (fake Twilio on 127.0.0.1)', () => {
  let t: TestApp;
  let org: Session;
  let base: string;
  let fake: Awaited<ReturnType<typeof fakeTwilio>>;

  const webhook = (path: string, params: Record<string, string>, signedUrl?: string) =>
    twilioWebhook(t, { token: TOKEN, publicUrl: PUBLIC }, path, params, { signedUrl });

  beforeAll(async () => {
    fake = await fakeTwilio(() => base);
    t = await createTestApp({
      JOBS_AUTOSTART: 'false',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_BASE_URL: fake.url,
      PUBLIC_URL: PUBLIC,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    org = await t.signUp('owner@twilio-calls.test', { businessName: 'Twilio Calls Co' });
    expect(
      (await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id, number: NUMBER } }))
        .status,
    ).toBe(200);
    t.services.voice.stt = new ScriptedStt(['Can I book a table?']);
    t.services.voice.tts = new ToneTts(30);
  });
  afterAll(async () => {
    for (const s of fake.streams) s.ws.close();
    await t.close();
    await fake.close();
  });

  it('signs with and without the default port', () => {
    expect(signedUrlCandidates('https://voice.example.com', '/x')).toEqual([
      'https://voice.example.com/x',
      'https://voice.example.com:443/x',
    ]);
    expect(signedUrlCandidates('http://h.test:80', '/x')).toEqual(['http://h.test/x', 'http://h.test:80/x']);
  });

  it('answers an incoming call with <Connect><Stream>, then talks over Media Streams with marks and clear on barge-in', async () => {
    const params = {
      CallSid: 'CA11111111111111111111111111111111',
      AccountSid: SID,
      From: '+12065550777',
      To: NUMBER,
      Direction: 'inbound',
    };
    expect(
      (await webhook('/api/v1/calls/twilio/voice', params, `${PUBLIC}/api/v1/calls/twilio/voice`.replace('.com/', '.com:443/'))).statusCode,
    ).toBe(200);
    const forged = await webhook('/api/v1/calls/twilio/voice', { ...params, From: '+1999' }, 'https://evil.test/api/v1/calls/twilio/voice');
    expect(forged.statusCode).toBe(403);
    const res = await webhook('/api/v1/calls/twilio/voice', params);
    expect(res.headers['content-type']).toContain('text/xml');
    const ticket = /<Parameter name="ticket" value="([^"]+)"/.exec(res.body)![1]!;
    expect(res.body).toContain('<Connect><Stream url="wss://voice.example.com/api/v1/calls/media">');

    // A stream whose upgrade Twilio did not sign (or signed for another address) cannot carry the call.
    for (const forgedStream of [
      await MediaClient.open(`${base}/api/v1/calls/media`),
      await twilioStream(base, 'wss://evil.test/api/v1/calls/media'),
    ]) {
      forgedStream.start(ticket);
      expect((await forgedStream.until((m) => m.event === 'error', 'the refusal')).message).toContain('did not sign');
      await forgedStream.closed();
    }
    const twilio = await twilioStream(base);
    twilio.start(ticket);
    const mark = await twilio.until((m) => m.event === 'mark', 'the end of the greeting');
    // Twilio echoes a mark once the audio before it has played.
    twilio.send({ event: 'mark', streamSid: 'MZ', mark: { name: mark.mark.name } });
    twilio.send({ event: 'dtmf', streamSid: 'MZ', dtmf: { track: 'inbound_track', digit: '1' } });
    twilio.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
    const from = twilio.messages.length;
    let frames = 0;
    await twilio.until((m) => m.event === 'media' && ++frames >= 10, 'the reply', from);
    twilio.media(mulawFrames(10, true));
    await twilio.until((m) => m.event === 'clear', 'clear on barge-in', from);
    // Only Media Streams messages go to Twilio (no transcript events).
    expect(new Set(twilio.messages.map((m) => m.event))).toEqual(new Set(['media', 'mark', 'clear']));
    twilio.send({ event: 'stop', streamSid: 'MZ', stop: { accountSid: SID, callSid: params.CallSid } });
    await twilio.closed();

    const list = await t.request('GET', '/api/v1/calls', { token: org.token, query: { targetAccountId: org.id, direction: 'inbound' } });
    expect(list.body.calls).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await t.request('GET', `/api/v1/calls/${list.body.calls[0].id}`, { token: org.token, query: { targetAccountId: org.id } })).body
            .call,
      )
      .toMatchObject({
        status: 'completed',
        from: '+12065550777',
        to: NUMBER,
        transcript: expect.arrayContaining([expect.objectContaining({ role: 'caller', text: 'Can I book a table?' })]),
      });
  });

  it('places an outbound call through the Calls API; Twilio connects its stream and the agent greets', async () => {
    const placed = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to: '+12065550999' } });
    // Twilio may connect the stream before our answer is read back.
    expect(['ringing', 'in-progress']).toContain(placed.body.call.status);
    expect(fake.calls.at(-1)).toMatchObject({
      To: '+12065550999',
      From: NUMBER,
      StatusCallback: `${PUBLIC}/api/v1/calls/twilio/status?callId=${placed.body.call.id}`,
    });
    await expect.poll(() => fake.streams.length).toBe(1);
    await fake.streams[0]!.until((m) => m.event === 'media', 'the greeting');

    const refused = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to: '+15005550001' } });
    expect(refused.body.call).toMatchObject({ status: 'failed' });
    expect(refused.body.call.endReason).toContain('21211');
    const path = `/api/v1/calls/twilio/status?callId=${placed.body.call.id}`;
    const busy = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to: '+12065550998' } });
    const busyPath = `/api/v1/calls/twilio/status?callId=${busy.body.call.id}`;
    expect((await webhook(busyPath, { CallSid: 'CA2', CallStatus: 'busy' })).statusCode).toBe(200);
    expect((await webhook(path, { CallSid: 'CA3', CallStatus: 'busy' })).statusCode).toBe(200);
    const read = async (id: string) =>
      (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token, query: { targetAccountId: org.id } })).body.call;
    expect((await read(busy.body.call.id)).status).toBe('no-answer');
    // A call already connected is not ended by a late status.
    expect((await read(placed.body.call.id)).status).toBe('in-progress');
  });

  it('transfers a live call through the Calls API (the call is updated with <Dial>); a refused update comes back to the agent', async () => {
    const hub = await MediaClient.open(`${base}/api/v1/ws?token=${org.token}&targetAccountId=${org.id}`);
    const connect = async (callSid: string) => {
      const params = { CallSid: callSid, AccountSid: SID, From: '+12065550555', To: NUMBER, Direction: 'inbound' };
      const ticket = /<Parameter name="ticket" value="([^"]+)"/.exec((await webhook('/api/v1/calls/twilio/voice', params)).body)![1]!;
      const twilio = await twilioStream(base);
      twilio.send({ event: 'start', streamSid: 'MZ1', start: { streamSid: 'MZ1', callSid, customParameters: { ticket } } });
      await twilio.until((m) => m.event === 'mark', 'the greeting');
      twilio.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
      return twilio;
    };
    const agentSaid = (text: string) =>
      hub.until((m) => m.type === 'call.transcript' && m.payload.turn.role === 'agent' && m.payload.turn.text.includes(text), text);

    t.services.voice.stt = new ScriptedStt(['Please transfer me to +1 206 555 0444']);
    const live = await connect(`CA${'2'.repeat(32)}`);
    await expect.poll(() => fake.updates.length).toBe(1);
    expect(fake.updates[0]).toMatchObject({ sid: `CA${'2'.repeat(32)}` });
    expect(fake.updates[0]!.Twiml).toContain(`<Dial callerId="${NUMBER}">+12065550444</Dial>`);
    await agentSaid("I'm transferring you now.");
    // Twilio ends the stream once the call follows its new TwiML.
    live.send({ event: 'stop', streamSid: 'MZ1' });
    await live.closed();

    t.services.voice.stt = new ScriptedStt(['Please transfer me to +1 206 555 0444']);
    const refused = await connect(`CA${'3'.repeat(28)}dead`);
    await agentSaid('the transfer was refused (404');
    refused.send({ event: 'stop', streamSid: 'MZ1' });
    await refused.closed();
    const calls = (await t.request('GET', '/api/v1/calls', { token: org.token, query: { targetAccountId: org.id, number: '2065550555' } }))
      .body.calls;
    await expect
      .poll(async () =>
        (
          await t.request('GET', '/api/v1/calls', { token: org.token, query: { targetAccountId: org.id, number: '2065550555' } })
        ).body.calls.map((c: { transfer: unknown }) => c.transfer),
      )
      .toEqual([
        { to: '+12065550444', status: 'failed' },
        { to: '+12065550444', status: 'connected' },
      ]);
    expect(calls).toHaveLength(2);
    hub.ws.close();
  });

  it('a warm transfer whispers the brief to the person (<Number url>, Twilio-signed) before the caller joins', async () => {
    const sid = `CA${'4'.repeat(32)}`;
    const params = { CallSid: sid, AccountSid: SID, From: '+12065550556', To: NUMBER, Direction: 'inbound' };
    const ticket = /<Parameter name="ticket" value="([^"]+)"/.exec((await webhook('/api/v1/calls/twilio/voice', params)).body)![1]!;
    t.services.voice.stt = new ScriptedStt([]);
    const twilio = await twilioStream(base);
    twilio.send({ event: 'start', streamSid: 'MZ4', start: { streamSid: 'MZ4', callSid: sid, customParameters: { ticket } } });
    await twilio.until((m) => m.event === 'mark', 'the greeting');
    const callId = t.services.calls.callIdOfTicket(ticket)!;
    const entry = t.services.calls.live.get(callId)!;
    const control = createVoiceControl(
      { carrier: t.services.deps.carrier, live: t.services.calls.live, tts: () => null, end: t.services.calls.finish },
      () => entry,
    );
    const brief = 'Dana wants a table for 6 & a cake <tonight>.';
    expect(await control.transfer({ destination: '+1 206 555 0444', warm: true, brief })).toMatchObject({ ok: true, mode: 'warm' });
    const twiml = fake.updates.at(-1)!.Twiml!;
    const whisper = /<Number url="([^"]+)">\+12065550444<\/Number>/.exec(twiml)![1]!.replace(/&amp;/g, '&');
    expect(twiml).toContain(`<Dial callerId="${NUMBER}">`);
    // Twilio fetches the whisper when the person answers, signed like any webhook.
    const path = whisper.slice(PUBLIC.length);
    const said = await webhook(path, { CallSid: 'CA5', AccountSid: SID });
    expect(said.statusCode).toBe(200);
    expect(said.body).toContain('<Say>Dana wants a table for 6 &amp; a cake &lt;tonight&gt;.</Say>');
    expect((await webhook(path, { CallSid: 'CA5' }, 'https://evil.test/x')).statusCode).toBe(403);
    // A cold transfer dials the number alone.
    expect(await control.transfer({ destination: '+1 206 555 0445', warm: false, brief })).toMatchObject({ ok: true, mode: 'cold' });
    expect(fake.updates.at(-1)!.Twiml).toContain(`<Dial callerId="${NUMBER}">+12065550445</Dial>`);
    twilio.send({ event: 'stop', streamSid: 'MZ4' });
    await twilio.closed();
  });

  it('a web call from the browser streams unsigned while Twilio carries the phone calls', async () => {
    const started = await t.request('POST', '/api/v1/calls/web', { token: org.token, body: { targetAccountId: org.id } });
    expect(started.status).toBe(200);
    const browser = await MediaClient.open(`${base}/api/v1/calls/media`);
    browser.start(started.body.ticket);
    await browser.until((m) => m.event === 'media', 'the greeting');
    browser.send({ event: 'stop', streamSid: 'MZ' });
    await browser.closed();
  });
});
