/**
 * npm run bench voice: the latency our call pipeline adds, with fake speech-to-text and text-to-speech
 * of fixed delays (the offline responder answers), over the real media WebSocket of an in-process
 * server; barge-in time to `clear`; and pacing jitter of the agent's 20 ms frames with many
 * simultaneous calls streaming audio both ways. One run, percentiles.
 */
import { createTestApp, type TestApp } from '../../apps/server/src/testing/harness.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from '../../apps/server/src/testing/voice.ts';

const STT_MS = 100;
const TTS_MS = 100;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function webCall(t: TestApp, base: string, token: string, id: number): Promise<MediaClient> {
  const placed = await t.request('POST', '/api/v1/calls/web', { token, body: { targetAccountId: id } });
  const c = await MediaClient.open(`${base}/api/v1/calls/media`);
  c.start(placed.body.ticket);
  return c;
}

const agentTurn = (m: { event: string; turn?: { role: string } }) => m.event === 'transcript' && m.turn?.role === 'agent';

export async function benchVoice(): Promise<string[]> {
  const t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const org = await t.signUp('owner@voice.bench', { businessName: 'Bench Voice' });
  const lines: string[] = [];
  try {
    // 1. Voice to voice: caller's end of turn (the endpointing silence complete) → the reply's first frame.
    t.services.voice.stt = new ScriptedStt(
      Array.from({ length: 200 }, () => 'What are your opening hours?'),
      STT_MS,
    );
    t.services.voice.tts = new ToneTts(1, TTS_MS);
    const c = await webCall(t, base, org.token, org.id);
    await c.until(agentTurn, 'greeting');
    const added: number[] = [];
    for (let i = 0; i < 30; i++) {
      const from = c.messages.length;
      c.media(mulawFrames(15, true));
      c.media(mulawFrames(30, false));
      const t0 = performance.now();
      await c.until((m) => m.event === 'media', 'reply audio', from);
      added.push(performance.now() - t0 - STT_MS - TTS_MS);
      await c.until(agentTurn, 'reply done', from);
    }
    c.ws.close();
    lines.push(`voice-to-voice minus providers (${STT_MS} ms STT + ${TTS_MS} ms TTS, offline responder), 30 turns:`);
    lines.push(
      `  p50 ${pct(added, 50).toFixed(1)} ms   p95 ${pct(added, 95).toFixed(1)} ms   ${pct(added, 95) <= 100 ? 'ok' : 'OVER BUDGET 100 ms p95'}`,
    );

    // 2. Barge-in: caller speech confirmed (120 ms of it sent) → `clear` received.
    t.services.voice.tts = new ToneTts(40, 10);
    t.services.voice.stt = new ScriptedStt(
      Array.from({ length: 200 }, () => 'Tell me more about that please.'),
      10,
    );
    const b = await webCall(t, base, org.token, org.id);
    const bargeIn: number[] = [];
    for (let i = 0; i < 20; i++) {
      const from = b.messages.length;
      // The agent is talking (the greeting, then each reply): the caller talks over it.
      await b.until((m) => m.event === 'media', 'agent talking', from);
      const t0 = performance.now();
      b.media(mulawFrames(6, true));
      await b.until((m) => m.event === 'clear', 'clear', from);
      bargeIn.push(performance.now() - t0);
      b.media(mulawFrames(30, false));
    }
    b.ws.close();
    lines.push(
      `barge-in, confirmed speech (120 ms) sent → clear received, 20 times: p50 ${pct(bargeIn, 50).toFixed(1)} ms  max ${Math.max(...bargeIn).toFixed(1)} ms  ${Math.max(...bargeIn) <= 200 ? 'ok' : 'OVER BUDGET 200 ms'}`,
    );

    // 3. Concurrency: N calls, caller audio every 20 ms both ways, agent speaking for 4 s each.
    for (const n of [5, 10, 20, 30]) {
      t.services.voice.tts = new ToneTts(50, 10);
      t.services.voice.stt = new ScriptedStt([], 10);
      const cpu0 = process.cpuUsage();
      const w0 = performance.now();
      const calls = await Promise.all(Array.from({ length: n }, () => webCall(t, base, org.token, org.id)));
      const silent = mulawFrames(1, false)[0]!;
      const feeder = setInterval(() => calls.forEach((k) => k.media([silent])), 20);
      const gaps: number[] = [];
      await Promise.all(
        calls.map(async (k) => {
          const arrivals: number[] = [];
          k.ws.on('message', (raw) => {
            if (String(raw).includes('"media"')) arrivals.push(performance.now());
          });
          await k.until(agentTurn, 'greeting done', 0, 60_000);
          for (let i = 10; i < arrivals.length; i++) gaps.push(Math.abs(arrivals[i]! - arrivals[i - 1]! - 20));
        }),
      );
      clearInterval(feeder);
      const cpu = process.cpuUsage(cpu0);
      const wall = performance.now() - w0;
      calls.forEach((k) => k.ws.close());
      const perCall = ((cpu.user + cpu.system) / 1000 / wall / n) * 100;
      if (n === 5) continue; // warm-up
      lines.push(
        `${String(n).padStart(2)} simultaneous calls: frame gap jitter p50 ${pct(gaps, 50).toFixed(1)} ms p99 ${pct(gaps, 99).toFixed(1)} ms (${pct(gaps, 99) < 40 ? 'ok' : 'OVER BUDGET 40 ms'}), CPU ${perCall.toFixed(2)} % of a core per call (server and callers in one process)`,
      );
    }
  } finally {
    await t.close();
  }
  return lines;
}
