/**
 * npm run bench voice: the latency our call pipeline adds, with fake speech-to-text, language model and
 * text-to-speech of fixed delays (the model is a fake OpenAI-compatible streaming server on 127.0.0.1,
 * reached through the real adapter), over the real media WebSocket of an in-process server; barge-in
 * time to `clear`; and pacing jitter of the agent's 20 ms frames with many simultaneous calls streaming
 * audio both ways. One run, percentiles, budgets printed beside the figures.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createTestApp, type TestApp } from '../../apps/server/src/testing/harness.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from '../../apps/server/src/testing/voice.ts';

const STT_MS = 100;
const LLM_MS = 100;
const TTS_MS = 100;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean, budget: string) => (ok ? `ok (budget ${budget})` : `OVER BUDGET (${budget})`);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A fake OpenAI-compatible chat API: streams a two-sentence answer, the first token after LLM_MS. */
async function fakeModel(): Promise<{ url: string; close: () => Promise<void> }> {
  const chunk = (delta: object, extra: object = {}) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      setTimeout(() => {
        res.write(chunk({ content: 'We open at nine. ' }));
        res.write(chunk({ content: 'See you soon.' }));
        res.write(`data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: 50, completion_tokens: 8 } })}\n\n`);
        res.end('data: [DONE]\n\n');
      }, LLM_MS);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

async function webCall(t: TestApp, base: string, token: string, id: number): Promise<MediaClient> {
  const placed = await t.request('POST', '/api/v1/calls/web', { token, body: { targetAccountId: id } });
  const c = await MediaClient.open(`${base}/api/v1/calls/media`);
  c.start(placed.body.ticket);
  return c;
}

const agentTurn = (m: { event: string; turn?: { role: string } }) => m.event === 'transcript' && m.turn?.role === 'agent';

export async function benchVoice(): Promise<string[]> {
  const model = await fakeModel();
  const t = await createTestApp({ JOBS_AUTOSTART: 'false', LLM_BASE_URL: model.url, LLM_API_KEY: 'bench' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const org = await t.signUp('owner@voice.bench', { businessName: 'Bench Voice' });
  const lines: string[] = [`load average at start (1/5/15 min): ${loadavg()} on ${os.cpus().length} cores`];
  try {
    // 1. Voice to voice: caller's end of turn (the endpointing silence complete) → the reply's first frame,
    //    minus the fixed time of the fake STT, model (first token) and TTS.
    t.services.voice.stt = new ScriptedStt(
      Array.from({ length: 200 }, () => 'What are your opening hours?'),
      STT_MS,
    );
    t.services.voice.tts = new ToneTts(1, TTS_MS);
    const c = await webCall(t, base, org.token, org.id);
    await c.until(agentTurn, 'greeting');
    const added: number[] = [];
    for (let i = 0; i < 40; i++) {
      const from = c.messages.length;
      c.media(mulawFrames(15, true));
      c.media(mulawFrames(30, false));
      const t0 = performance.now();
      await c.until((m) => m.event === 'media', 'reply audio', from);
      added.push(performance.now() - t0 - STT_MS - LLM_MS - TTS_MS);
      await c.until(agentTurn, 'reply done', from);
    }
    c.ws.close();
    lines.push(
      `voice-to-voice minus providers (${STT_MS} ms STT + ${LLM_MS} ms model first token + ${TTS_MS} ms TTS fakes), 40 turns: ` +
        `p50 ${ms(pct(added, 50))}  p95 ${ms(pct(added, 95))}  ${verdict(pct(added, 95) <= 100, 'p95 ≤ 100 ms')}`,
    );

    // 2. Barge-in: caller speech confirmed (120 ms of it sent) → `clear` received.
    t.services.voice.tts = new ToneTts(40, 10);
    t.services.voice.stt = new ScriptedStt(
      Array.from({ length: 200 }, () => 'Tell me more about that please.'),
      10,
    );
    const b = await webCall(t, base, org.token, org.id);
    const bargeIn: number[] = [];
    for (let i = 0; i < 30; i++) {
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
      `barge-in, confirmed speech (120 ms) sent → clear received, 30 times: p50 ${ms(pct(bargeIn, 50))}  p95 ${ms(pct(bargeIn, 95))}  max ${ms(Math.max(...bargeIn))}  ${verdict(pct(bargeIn, 95) <= 200, 'p95 ≤ 200 ms')}`,
    );

    // 3. Concurrency: N calls, caller audio every 20 ms both ways, the agent speaking for 4 s on each.
    for (const n of [5, 10, 20, 30, 40]) {
      t.services.voice.tts = new ToneTts(50, 10);
      t.services.voice.stt = new ScriptedStt([], 10);
      const calls = await Promise.all(Array.from({ length: n }, () => webCall(t, base, org.token, org.id)));
      const cpu0 = process.cpuUsage();
      const w0 = performance.now();
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
          // The first frames go out ahead of time (3 frames of lead): pacing is judged after them.
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
        `${String(n).padStart(2)} simultaneous calls, audio both ways: outgoing frame gap jitter p50 ${ms(pct(gaps, 50))}  p99 ${ms(pct(gaps, 99))}  ` +
          `${n >= 20 ? verdict(pct(gaps, 99) < 40, 'p99 < 40 ms with 20+ calls') : ''}  CPU ${perCall.toFixed(2)} % of a core per call (server and simulated callers in one process)`,
      );
    }
  } finally {
    await t.close();
    await model.close();
  }
  lines.push(`load average at end (1/5/15 min): ${loadavg()}`);
  return lines;
}
