/**
 * Calls per core (part 3 of `npm run bench scale`): web calls over the real media WebSocket of a server
 * in its own process (scripts/bench/scale-calls-server.ts: fake speech engines, the agent greeting each
 * caller for longer than a step), the callers in this process sending a 20 ms frame of line noise every
 * 20 ms each and echoing marks, as Twilio does. Steps of a growing number of simultaneous calls (×1.5
 * from 20, then halving the gap between the last count under the limit and the first over it): each
 * step places its calls, lets them settle for a second, then records every outgoing audio frame's
 * arrival for WINDOW_MS. The figure is the most calls whose frame gap jitter (|gap − 20 ms|) p99 stays
 * under 40 ms, with the server's CPU per call at that count (its own process's CPU time over the window);
 * the CPU per call kept for --compare is the one at CPU_STEP_CALLS calls, a count every run takes.
 * The callers' event-loop lag is printed beside each step: when it is large, the callers, not the
 * server, are what lags.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { encodeMulaw, FRAME_MS } from '../../apps/server/src/platform/audio/index.ts';
import { record } from './figures.ts';
import { ask, percentile, probe, startWithFileLimit, stop } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JITTER_LIMIT_MS = 40;
const WINDOW_MS = 8_000;
const FIRST = 20;
const MAX_CALLS = 1_000;
/** The step whose server CPU per call is recorded for --compare (one of the steps every run takes: 20, 30, 45, 68, 102, 153…). */
const CPU_STEP_CALLS = 153;
/** The part stops stepping after this long (a step takes about 10–15 s). */
const TIME_BUDGET_MS = 150_000;

interface Caller {
  ws: WebSocket;
  frames: number;
  arrivals: number[];
}

interface Step {
  calls: number;
  p50: number;
  p99: number;
  /** The server's CPU over the window, in % of one core. */
  serverCpu: number;
  serverLagP99: number;
  callersLagP99: number;
  received: number;
  expected: number;
  /** Calls the server refused or that did not connect. */
  failed: number;
}

/**
 * Under the limit, every call placed and 99 % of the frames due received: a call cut short, or callers
 * missing frames because the server fell behind (more than one in a hundred is audible), is no pass.
 */
const passes = (s: Step) => s.p99 < JITTER_LIMIT_MS && s.failed === 0 && s.received >= 0.99 * s.expected;

export async function callsPerCore(): Promise<string[]> {
  const lines: string[] = [];
  const server = startWithFileLimit(['--import', 'tsx', path.join(root, 'scripts/bench/scale-calls-server.ts')], {});
  const open = new Set<Caller>();
  const silence = JSON.stringify({
    event: 'media',
    streamSid: 'MZ',
    media: { track: 'inbound', payload: encodeMulaw(new Int16Array(160)).toString('base64') },
  });
  const feeder = setInterval(() => {
    for (const c of open) if (c.ws.readyState === WebSocket.OPEN) c.ws.send(silence);
  }, FRAME_MS);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let recording = false;
  try {
    const { ready } = await ask<{ ready: { port: number; token: string; id: number } }>(server, undefined, 'ready', 60_000);
    const base = `127.0.0.1:${ready.port}`;

    const place = async (): Promise<Caller> => {
      const r = await fetch(`http://${base}/api/v1/calls/web?token=${ready.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ targetAccountId: ready.id }),
      });
      const { ticket } = (await r.json()) as { ticket?: string };
      if (!ticket) throw new Error(`placing a web call answered ${r.status}`);
      const ws = new WebSocket(`ws://${base}/api/v1/calls/media`, { perMessageDeflate: false });
      await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
      // A socket error later (the server gone at the end) closes the call; nothing to do here.
      ws.on('error', () => undefined);
      const c: Caller = { ws, frames: 0, arrivals: [] };
      ws.on('message', (data: WebSocket.RawData) => {
        const raw = data as Buffer;
        if (raw.includes('"media"')) {
          c.frames++;
          if (recording) c.arrivals.push(performance.now());
        } else if (raw.includes('"mark"')) {
          const m = JSON.parse(String(raw)) as { mark: unknown };
          ws.send(JSON.stringify({ event: 'mark', streamSid: 'MZ', mark: m.mark }));
        }
      });
      ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      ws.send(
        JSON.stringify({
          event: 'start',
          streamSid: 'MZ',
          start: { streamSid: 'MZ', callSid: 'CA', tracks: ['inbound'], customParameters: { ticket } },
        }),
      );
      open.add(c);
      return c;
    };

    const step = async (calls: number): Promise<Step> => {
      const callers: Caller[] = [];
      let failed = 0;
      // Placed 50 at a time; each call's greeting starts when its media stream does.
      for (let i = 0; i < calls; i += 50) {
        for (const r of await Promise.allSettled(Array.from({ length: Math.min(50, calls - i) }, place))) {
          if (r.status === 'fulfilled') callers.push(r.value);
          else failed++;
        }
      }
      const until = performance.now() + 20_000;
      while (callers.some((c) => c.frames === 0) && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 1_000));
      const p0 = await probe(server, { gc: false });
      lag.reset();
      recording = true;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, WINDOW_MS));
      recording = false;
      const wall = performance.now() - t0;
      const p1 = await probe(server, { gc: false });
      const callersLagP99 = lag.percentile(99) / 1e6;
      const gaps: number[] = [];
      for (const c of callers)
        for (let i = 1; i < c.arrivals.length; i++) gaps.push(Math.abs(c.arrivals[i]! - c.arrivals[i - 1]! - FRAME_MS));
      const received = callers.reduce((sum, c) => sum + c.arrivals.length, 0);
      await Promise.all(
        callers.map(
          (c) =>
            new Promise<void>((resolve) => {
              open.delete(c);
              c.ws.once('close', () => resolve());
              c.ws.close();
              setTimeout(() => (c.ws.terminate(), resolve()), 5_000).unref();
            }),
        ),
      );
      // The server ends the calls (records, billing) before the next step.
      await new Promise((r) => setTimeout(r, 1_500));
      return {
        calls,
        p50: percentile(gaps, 50),
        p99: percentile(gaps, 99),
        serverCpu: ((p1.cpuMicros - p0.cpuMicros) / 1000 / wall) * 100,
        serverLagP99: p1.lagP99Ms,
        callersLagP99,
        received,
        expected: Math.round((calls * wall) / FRAME_MS),
        failed,
      };
    };

    const started = performance.now();
    const steps: Step[] = [];
    for (let next = nextCount([]); next != null && performance.now() - started < TIME_BUDGET_MS;) {
      const s = await step(next);
      steps.push(s);
      process.stderr.write(`[bench scale] ${describe(s)}\n`);
      next = nextCount(steps.map((x) => ({ calls: x.calls, ok: passes(x) })));
    }
    const good = steps.filter(passes).sort((a, b) => b.calls - a.calls)[0];
    const bad = steps.filter((x) => !passes(x)).sort((a, b) => a.calls - b.calls)[0];
    for (const s of steps.sort((a, b) => a.calls - b.calls)) lines.push(describe(s));
    const cores = os.cpus().length;
    if (good) {
      const perCall = good.serverCpu / good.calls;
      lines.push(
        `calls per core: ${good.calls} simultaneous calls with outgoing-frame jitter p99 under ${JITTER_LIMIT_MS} ms` +
          (bad
            ? ` (over it at ${bad.calls})`
            : ` (the most tried${performance.now() - started >= TIME_BUDGET_MS ? ' in the time given' : ''})`) +
          `; server CPU ${perCall.toFixed(2)} % of a core per call, so about ${Math.floor(100 / perCall)} calls would fill a core by CPU alone (${cores} cores here, the callers on them too)`,
      );
      record({
        section: 'scale',
        name: `calls with frame jitter p99 < ${JITTER_LIMIT_MS} ms`,
        value: good.calls,
        unit: 'calls',
        better: 'higher',
      });
    } else lines.push(`calls per core: even ${FIRST} calls had outgoing-frame jitter p99 over ${JITTER_LIMIT_MS} ms`);
    // Recorded at one fixed count, not at the best one: the best count moves from run to run, and the
    // CPU per call grows with the calls (the server passes a core near the limit).
    const fixed = steps.find((x) => x.calls === CPU_STEP_CALLS && passes(x));
    if (fixed)
      record({
        section: 'scale',
        name: `server CPU per call at ${CPU_STEP_CALLS} calls`,
        value: Number((fixed.serverCpu / fixed.calls).toFixed(3)),
        unit: '% of a core',
        better: 'lower',
      });
    return lines;
  } finally {
    clearInterval(feeder);
    lag.disable();
    for (const c of open) c.ws.terminate();
    await stop(server);
  }
}

/**
 * The next number of calls to try after `tried`, or null when done: FIRST, then ×1.5 until one is
 * over the limit, then halfway between the most calls under it and the fewest over it until the two are
 * within 10 % (or 5 calls); done at once when the first count is over, or past MAX_CALLS.
 */
export function nextCount(tried: { calls: number; ok: boolean }[]): number | null {
  if (tried.length === 0) return FIRST;
  const good = Math.max(0, ...tried.filter((t) => t.ok).map((t) => t.calls));
  const bad = Math.min(Infinity, ...tried.filter((t) => !t.ok).map((t) => t.calls));
  if (bad === Infinity) {
    const next = Math.round(Math.max(FIRST, good) * 1.5);
    return next <= MAX_CALLS ? next : null;
  }
  if (good === 0 || bad - good <= Math.max(5, good * 0.1)) return null;
  return Math.round((good + bad) / 2);
}

function describe(s: Step): string {
  return (
    `${String(s.calls).padStart(4)} calls: outgoing frame gap jitter p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms  ` +
    `${passes(s) ? 'under' : 'OVER'} ${JITTER_LIMIT_MS} ms; frames ${s.received}/${s.expected}${s.failed ? `, ${s.failed} calls failed` : ''}; server CPU ${s.serverCpu.toFixed(0)} % of a core ` +
    `(${(s.serverCpu / s.calls).toFixed(2)} % per call), server lag p99 ${s.serverLagP99.toFixed(1)} ms, callers' lag p99 ${s.callersLagP99.toFixed(1)} ms`
  );
}
