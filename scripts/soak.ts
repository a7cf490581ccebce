/**
 * npm run soak -- --minutes 30 [--window-seconds 300] [--calls 10] [--speech]
 *
 * One server process (`npm start`'s entry on a fresh data folder) under steady mixed traffic: visitors
 * sending chat messages that the agent answers, staff reading the inbox, `--calls` concurrent web calls
 * streaming audio both ways (the greeting out, the caller's line in; each hung up after 30 s and replaced), a webhook delivery for every
 * message (to a receiver here), and link-page views. Per window it prints the server's RSS, heap (after a
 * full collection), event-loop lag p99 and open handles (measured inside the server by
 * scripts/soak-probe.ts) and the p99 of every request made; then the budget check: RSS and heap within
 * 10 % of the first window, lag p99 under 50 ms, no growth in open handles. Exits 1 when one is missed.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { encodeMulaw, FRAME_MS } from '../apps/server/src/platform/audio/index.ts';
import { tone } from '../apps/server/src/testing/voice.ts';
import { freePort, start, stop, waitFor } from './bench/util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const MINUTES = arg('minutes', 30);
const WINDOW_S = arg('window-seconds', 300);
const CALLS = arg('calls', 10);
const CALL_SECONDS = 30;
/** Callers speak (a second of tone every 15 s, which the call's recogniser decodes) only with --speech: it measures the speech engines' processes more than the server. */
const SPEECH = process.argv.includes('--speech');

interface Probe {
  rss: number;
  heapUsed: number;
  lagP99Ms: number;
  lagMaxMs: number;
  handles: number;
}

/** Seconds as "40 s" or "5 min". */
const span = (s: number) => (s % 60 === 0 ? `${s / 60} min` : `${s} s`);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let hooksReceived = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => (hooksReceived++, res.writeHead(204).end()));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const server = start(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', path.join(root, 'scripts/soak-probe.ts'), path.join(root, 'apps/server/src/main.ts')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn',
      SIGNIN_RATE_LIMIT: '100000',
      SEND_RATE_LIMIT: '100000',
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    },
  );
  const probe = () =>
    new Promise<Probe>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not answer its probe within 30 s')), 30_000);
      server.once('message', (m: { probe?: Probe }) => {
        clearTimeout(timer);
        if (m.probe) resolve(m.probe);
      });
      server.send('probe');
    });

  const times: number[] = [];
  let failed = 0;
  let requests = 0;
  /** The fields of the answers the soak reads. */
  type Answer = { success?: boolean; token?: string; id?: number; username?: string; ticket?: string } | null;
  const timed = async (url: string, init?: RequestInit): Promise<Answer> => {
    const t0 = performance.now();
    requests++;
    try {
      const r = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await r.text();
      times.push(performance.now() - t0);
      if (!r.ok) failed++;
      return text.startsWith('{') ? (JSON.parse(text) as Answer) : null;
    } catch {
      failed++;
      return null;
    }
  };
  const post = (url: string, body: unknown) =>
    timed(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const stopping: (() => void)[] = [];
  try {
    await waitFor(`${base}/api/health`);
    // The organization, its webhook and its published link page.
    const email = 'owner@soak.test';
    await post('/api/v1/signup/email', { email, businessName: 'Soak Dental' });
    const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { body: string }[];
    };
    const org = await post('/api/v1/email/verify', { email, verificationCode: /(\d{6})/.exec(outbox.messages[0]?.body ?? '')?.[1] });
    if (!org?.token || !org.id || !org.username) throw new Error(`signing up failed: ${JSON.stringify(org)}`);
    const auth = `token=${org.token}&targetAccountId=${org.id}`;
    const hook = await post(`/api/v2/webhooks?${auth}`, { url: hookUrl, events: ['message.created'] });
    if (!hook?.success) throw new Error(`creating the webhook failed: ${JSON.stringify(hook)}`);
    await post(`/api/v1/account/links?token=${org.token}`, {
      links: [{ title: 'Book a visit', url: 'https://example.com/book' }],
      linksConfig: { theme: 'Swan', published: true },
    });

    // Steady traffic: each loop waits its period between requests (never more than one in flight each).
    const every = (ms: number, fn: () => Promise<unknown>) => {
      let on = true;
      stopping.push(() => (on = false));
      void (async () => {
        while (on) {
          const t0 = performance.now();
          await fn();
          await new Promise((r) => setTimeout(r, Math.max(0, ms - (performance.now() - t0))));
        }
      })();
    };
    const visitors: string[] = [];
    for (let i = 0; i < 20; i++) {
      const v = await timed('/api/v1/allocateTempUserSession');
      if (!v?.token) throw new Error(`a visitor session could not be allocated: ${JSON.stringify(v)}`);
      visitors.push(v.token);
    }
    let sent = 0;
    every(500, () =>
      post(`/api/v1/messages?token=${visitors[sent % visitors.length]}`, {
        to: org.username,
        body: `Hello, message ${++sent}. Are you open today?`,
      }),
    );
    every(200, () => timed(`/api/v1/conversations?${auth}&page=0&pageSize=20&pagination=true&type=agent`));
    every(100, () => timed(`/p/${org.username}`));

    // Calls: the greeting streamed to the caller, the caller's line (silence; with --speech a second of tone
    // every 15 s) streamed every 20 ms; hung up after 30 s and replaced.
    let callsPlaced = 0;
    const silence = encodeMulaw(new Int16Array(160)).toString('base64');
    const speech = Array.from({ length: 50 }, () => encodeMulaw(tone(FRAME_MS / 1000)).toString('base64'));
    const oneCall = async () => {
      const placed = await post(`/api/v1/calls/web?token=${org.token}`, { targetAccountId: org.id });
      if (!placed?.ticket) return new Promise((r) => setTimeout(r, 1000));
      callsPlaced++;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/calls/media`);
      await new Promise((r) => (ws.once('open', r), ws.once('error', r)));
      if (ws.readyState !== WebSocket.OPEN) return;
      const send = (m: object) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(m));
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw));
        if (m.event === 'mark') send({ event: 'mark', streamSid: 'MZ', mark: m.mark });
      });
      send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
      send({ event: 'start', streamSid: 'MZ', start: { streamSid: 'MZ', callSid: 'CA', customParameters: { ticket: placed.ticket } } });
      const t0 = performance.now();
      let n = 0;
      await new Promise<void>((resolve) => {
        const tick = () => {
          const frame = SPEECH && n % 750 >= 100 && n % 750 < 150 ? speech[n % 50]! : silence;
          send({ event: 'media', streamSid: 'MZ', media: { payload: frame } });
          n++;
          if (n * FRAME_MS >= CALL_SECONDS * 1000 || ws.readyState !== WebSocket.OPEN) return resolve();
          setTimeout(tick, Math.max(0, t0 + n * FRAME_MS - performance.now()));
        };
        tick();
      });
      send({ event: 'stop', streamSid: 'MZ' });
      ws.close();
    };
    for (let i = 0; i < CALLS; i++) {
      let on = true;
      stopping.push(() => (on = false));
      void (async () => {
        // Staggered, so the calls do not all start and end together.
        await new Promise((r) => setTimeout(r, (i * CALL_SECONDS * 1000) / CALLS / 4));
        while (on) await oneCall().catch(() => {});
      })();
    }

    const windows = Math.max(1, Math.round((MINUTES * 60) / WINDOW_S));
    console.log(
      `soak: ${MINUTES} min in ${windows} windows of ${WINDOW_S} s against one server process; ${CALLS} concurrent calls; ` +
        `chat 2/s, inbox 5/s, link page 10/s, a webhook per message; ${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    await probe(); // Starts the first window's lag histogram.
    const rows: (Probe & { reqP99: number })[] = [];
    for (let w = 1; w <= windows; w++) {
      times.length = 0;
      const [r0, f0, h0, c0] = [requests, failed, hooksReceived, callsPlaced];
      await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
      const p = await probe();
      const reqP99 = pct(times, 99);
      rows.push({ ...p, reqP99 });
      console.log(
        `window ${w} (${span((w - 1) * WINDOW_S)}–${span(w * WINDOW_S)}): RSS ${mb(p.rss)}, heap ${mb(p.heapUsed)}, ` +
          `event-loop lag p99 ${p.lagP99Ms.toFixed(1)} ms (max ${p.lagMaxMs.toFixed(1)}), request p99 ${reqP99.toFixed(1)} ms ` +
          `(${requests - r0} requests, ${failed - f0} failed), open handles ${p.handles}, webhooks received ${hooksReceived - h0}, calls placed ${callsPlaced - c0}`,
      );
    }

    // Budgets: against the first window.
    const first = rows[0]!;
    const issues: string[] = [];
    for (const [i, r] of rows.entries()) {
      if (i > 0 && r.rss > first.rss * 1.1)
        issues.push(`window ${i + 1}: RSS ${mb(r.rss)} is more than 10 % over the first window's ${mb(first.rss)}`);
      if (i > 0 && r.heapUsed > first.heapUsed * 1.1)
        issues.push(`window ${i + 1}: heap ${mb(r.heapUsed)} is more than 10 % over the first window's ${mb(first.heapUsed)}`);
      if (r.lagP99Ms >= 50) issues.push(`window ${i + 1}: event-loop lag p99 ${r.lagP99Ms.toFixed(1)} ms (budget < 50 ms)`);
    }
    // Handles counted at the probe include requests in flight: growth means past the first window's count by 10 % and 5.
    const last = rows[rows.length - 1]!;
    if (last.handles > first.handles * 1.1 + 5) issues.push(`open handles grew from ${first.handles} to ${last.handles}`);
    if (rows.length < 2) issues.push('only one window: nothing to compare the first with (use more minutes or shorter windows)');
    console.log(
      issues.length
        ? `SOAK BUDGET MISSED:\n  ${issues.join('\n  ')}`
        : 'soak: ok (RSS and heap within 10 % of the first window, lag p99 < 50 ms, no growth in open handles)',
    );
    if (issues.length) process.exitCode = 1;
  } finally {
    for (const s of stopping) s();
    await stop(server);
    await new Promise<void>((r) => (receiver.closeAllConnections(), receiver.close(() => r())));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
// Loops still waiting on their last request end here.
process.exit(process.exitCode ?? 0);
