/**
 * npm run bench voice-e2e: a simulated caller speaks in real time (espeak-ng audio, 20 ms μ-law frames
 * paced by the clock, silence between its sentences, as a phone line sends) over the Twilio Media
 * Streams protocol to an in-process server (the simulated carrier agent tests call with,
 * calls/simulator/carrier.ts), for 20 turns, and each turn is timed from the end of the
 * caller's speech (the send time of its last voiced frame) to the first frame of the reply's audio.
 *
 * Twice: with the local engines (pocketsphinx, the offline responder, espeak-ng), and with the cloud
 * adapters (Deepgram, an OpenAI-compatible model, ElevenLabs) against fakes on 127.0.0.1 with
 * realistic latencies: speech-to-text final 150 ms after the speech ends, the model's first token
 * 300 ms, the speech's first chunk 150 ms. Each run also prints the median of the stored per-turn
 * timings, so where the time goes is visible beside the total.
 *
 * `--turns N` for a quick check (default 20).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pino from 'pino';
import { SimulatedCarrierCall } from '../../apps/server/src/modules/calls/index.ts';
import { EspeakTts } from '../../apps/server/src/platform/providers/tts/espeak.ts';
import { onPath } from '../../apps/server/src/platform/providers/tts/index.ts';
import { fakeDeepgram, fakeSpeechApis, GOOD_KEY } from '../../apps/server/src/testing/fakes/speech.ts';
import { createTestApp, type TestApp } from '../../apps/server/src/testing/harness.ts';
import { tone } from '../../apps/server/src/testing/voice.ts';
import { record } from './figures.ts';

const SECTION = 'voice-e2e';
const STT_FINAL_MS = 150;
const MODEL_FIRST_TOKEN_MS = 300;
const TTS_FIRST_CHUNK_MS = 150;

const PHRASES = [
  'What are your opening hours?',
  'I would like to book an appointment for tomorrow.',
  'My name is Victor Hugo.',
  'Can someone call me back please?',
  'Do you take new patients?',
];

const turnsWanted = (() => {
  const i = process.argv.indexOf('--turns');
  const n = i > 0 ? Number(process.argv[i + 1]) : 20;
  return Number.isInteger(n) && n > 0 ? n : 20;
})();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** A fake OpenAI-compatible chat API streaming a short reply, its first token after MODEL_FIRST_TOKEN_MS. */
async function fakeModel(): Promise<{ url: string; close: () => Promise<void> }> {
  const chunk = (delta: object) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      setTimeout(() => {
        res.write(chunk({ role: 'assistant', content: 'Sure. ' }));
        setTimeout(() => {
          res.write(chunk({ content: 'We are open from nine to five on weekdays.' }));
          res.write(`data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
          res.write(`data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: 50, completion_tokens: 12 } })}\n\n`);
          res.end('data: [DONE]\n\n');
        }, 100);
      }, MODEL_FIRST_TOKEN_MS);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

const agentTurn = (m: { event: string; turn?: { role: string } }) => m.event === 'transcript' && m.turn?.role === 'agent';

/** A simulated carrier's call (the agent tests' far end, calls/simulator/carrier.ts) and the arrival time of each frame of the agent's audio. */
type TimedCall = { line: SimulatedCarrierCall; replyFrames: number[] };

interface RunResult {
  latencies: number[];
  /** Medians of the stored per-turn timings (ms after the caller stopped). */
  steps: Record<string, number>;
  calls: number;
}

/** `turns` caller turns against a fresh server with `env`; a call the agent ends is replaced by a new one. */
async function run(env: Record<string, string>, speech: Int16Array[], turns: number): Promise<RunResult> {
  const t: TestApp = await createTestApp({ JOBS_AUTOSTART: 'false', LOG_LEVEL: 'warn', ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const org = await t.signUp('owner@voice-e2e.bench', { businessName: 'Bench Dental' });
  const latencies: number[] = [];
  const callIds: string[] = [];
  let caller: TimedCall | null = null;
  const open = async (): Promise<TimedCall> => {
    const placed = await t.request('POST', '/api/v1/calls/web', { token: org.token, body: { targetAccountId: org.id } });
    if (placed.status !== 200) throw new Error(`placing a web call failed: ${placed.status} ${JSON.stringify(placed.body)}`);
    callIds.push(placed.body.call.id);
    const replyFrames: number[] = [];
    const line = await SimulatedCarrierCall.dial(`${base}/api/v1/calls/media`, placed.body.ticket, {
      onAgentAudio: () => replyFrames.push(performance.now()),
    });
    await line.until(agentTurn, 'the greeting', 0, 60_000);
    return { line, replyFrames };
  };
  try {
    for (let i = 0; i < turns; i++) {
      if (!caller || !caller.line.open) caller = await open();
      const { line, replyFrames } = caller;
      const from = line.messages.length;
      // A call the agent ended (hung up) does not count; a reply that never came fails the bench.
      const spokeEnd = await line.say(speech[i % speech.length]!).catch((err: Error) => {
        if (line.open) throw err;
        return null;
      });
      if (spokeEnd == null) continue;
      const replied = await line.until(agentTurn, 'the reply', from, 60_000).then(
        () => true,
        (err: Error) => {
          if (line.open) throw err;
          return false;
        },
      );
      const first = replyFrames.find((at) => at > spokeEnd);
      if (replied && first != null) latencies.push(first - spokeEnd);
    }
    caller?.line.hangUp();
    // The stored per-turn timings of every call, once each has ended.
    const timings: Record<string, number[]> = {};
    for (const id of callIds) {
      let call: { status: string; timings: Record<string, number | null>[] } | null = null;
      for (let i = 0; i < 100 && call?.status !== 'completed'; i++) {
        call = (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token, query: { targetAccountId: org.id } })).body.call;
        if (call?.status !== 'completed') await new Promise((r) => setTimeout(r, 100));
      }
      for (const x of call?.timings ?? [])
        for (const [k, v] of Object.entries(x)) if (k !== 'at' && typeof v === 'number') (timings[k] ??= []).push(v);
    }
    const steps = Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, pct(v, 50)]));
    return { latencies, steps, calls: callIds.length };
  } finally {
    caller?.line.hangUp();
    await t.close();
  }
}

/** `key`: the figures' short name (`local`, `cloud`); `engines`: what the line says they are. */
function report(lines: string[], key: string, engines: string, r: RunResult, budget: { p50: number; p95?: number }): void {
  const p50 = pct(r.latencies, 50);
  const p95 = pct(r.latencies, 95);
  const v50 = record({
    section: SECTION,
    name: `${key} p50`,
    value: Math.round(p50),
    unit: 'ms',
    better: 'lower',
    budget: { max: budget.p50 },
  });
  const v95 = record({
    section: SECTION,
    name: `${key} p95`,
    value: Math.round(p95),
    unit: 'ms',
    better: 'lower',
    ...(budget.p95 ? { budget: { max: budget.p95 } } : {}),
  });
  lines.push(
    `${engines}: end of caller speech → first reply audio frame, ${r.latencies.length} turns on ${r.calls} call(s): ` +
      `p50 ${p50.toFixed(0)} ms ${v50}  p95 ${p95.toFixed(0)} ms ${v95}`,
  );
  const s = r.steps;
  const step = (k: string) => (s[k] == null ? '—' : `${s[k]} ms`);
  lines.push(
    `  median stored timings after the caller stopped: end detected ${step('endDetectedMs')}, transcript ${step('transcriptMs')}, ` +
      `first token ${step('firstTokenMs')}, first audio out ${step('firstAudioMs')}, played (mark back) ${step('playedMs')}`,
  );
}

export async function benchVoiceE2e(): Promise<string[]> {
  const loadavg = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const lines = [`load average at start (1/5/15 min): ${loadavg()} on ${os.cpus().length} cores; ${turnsWanted} turns per run`];
  const log = pino({ level: 'silent' });
  const espeak = onPath('espeak-ng');
  // The caller's sentences, as espeak-ng says them (a tone of the same length when it is absent).
  const speech = espeak
    ? await Promise.all(PHRASES.map((p) => new EspeakTts(log).synthesize(p)))
    : PHRASES.map((p) => tone(p.length * 0.06));

  if (espeak && onPath('pocketsphinx_continuous')) {
    const r = await run({}, speech, turnsWanted);
    report(lines, 'local', 'local engines (pocketsphinx, offline responder, espeak-ng)', r, { p50: 900, p95: 1300 });
  } else lines.push('local engines: skipped (espeak-ng and pocketsphinx_continuous are not both installed)');

  const deepgram = await fakeDeepgram(
    Array.from({ length: turnsWanted * 2 }, (_, i) => PHRASES[i % PHRASES.length]!),
    { endpointMs: STT_FINAL_MS },
  );
  const apis = await fakeSpeechApis([], { firstChunkMs: TTS_FIRST_CHUNK_MS });
  const model = await fakeModel();
  try {
    const r = await run(
      {
        DEEPGRAM_API_KEY: GOOD_KEY,
        DEEPGRAM_BASE_URL: deepgram.url,
        ELEVENLABS_API_KEY: GOOD_KEY,
        ELEVENLABS_BASE_URL: apis.url,
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'bench',
      },
      speech,
      turnsWanted,
    );
    report(
      lines,
      'cloud',
      `cloud adapters against fakes (STT final ${STT_FINAL_MS} ms, model first token ${MODEL_FIRST_TOKEN_MS} ms, TTS first chunk ${TTS_FIRST_CHUNK_MS} ms)`,
      r,
      { p50: 800 },
    );
  } finally {
    await Promise.all([deepgram.close(), apis.close(), model.close()]);
  }
  lines.push(`load average at end (1/5/15 min): ${loadavg()}`);
  return lines;
}
