import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMulaw, frames } from '../../../platform/audio/index.ts';
import { EspeakTts } from '../../../platform/providers/tts/espeak.ts';
import { onPath } from '../../../platform/providers/tts/index.ts';
import { PocketsphinxStt } from '../../../platform/providers/stt/pocketsphinx.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { MediaClient, mulawFrames } from '../../../testing/voice.ts';

const installed = onPath('espeak-ng') && onPath('pocketsphinx_continuous');

/** The local engines for real: speech made by espeak-ng, recognised by pocketsphinx (apt: espeak-ng pocketsphinx pocketsphinx-en-us). */
describe.skipIf(!installed)('a call on the local speech engines (needs espeak-ng and pocketsphinx_continuous)', () => {
  let t: TestApp;
  let org: Session;
  let base: string;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    org = await t.signUp('owner@engines.test', { businessName: 'Engines Co' });
    t.services.voice.stt = new PocketsphinxStt(log);
    t.services.voice.tts = new EspeakTts(log);
  });
  afterAll(async () => {
    await t.close();
  });

  it('greets aloud, recognises some of what the caller says and answers it', async () => {
    const placed = await t.request('POST', '/api/v1/calls/web', { token: org.token, body: { targetAccountId: org.id } });
    const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
    caller.start(placed.body.ticket);
    const greeting = await caller.until((m) => m.event === 'transcript' && m.turn.role === 'agent', 'the greeting', 0, 30_000);
    const greetingFrames = caller.messages.filter((m) => m.event === 'media').length;
    // espeak-ng speaks at about 175 words a minute: the greeting's audio lasts about as long as its words.
    expect(greetingFrames * 20).toBeGreaterThan(greeting.turn.text.split(/\s+/).length * 150);

    const speech = await new EspeakTts(log).synthesize('Hello. What are your opening hours?');
    caller.media([...frames(speech).map((f) => encodeMulaw(f).toString('base64')), ...mulawFrames(40, false)]);
    const heard = await caller.until((m) => m.event === 'transcript' && m.turn.role === 'caller', 'the recognised caller turn', 0, 30_000);
    expect(heard.turn.text).toMatch(/[a-z]/);
    const from = caller.messages.indexOf(heard);
    await caller.until((m) => m.event === 'media', 'the spoken reply', from, 30_000);

    caller.send({ event: 'stop', streamSid: 'MZ' });
    await caller.closed();
    await expect
      .poll(
        async () =>
          (await t.request('GET', `/api/v1/calls/${placed.body.call.id}`, { token: org.token, query: { targetAccountId: org.id } })).body
            .call,
      )
      .toMatchObject({ status: 'completed', transcript: expect.arrayContaining([expect.objectContaining({ role: 'caller' })]) });
  }, 90_000);
});
