/**
 * npm run bench scale: the product at sizes the other sections stop short of, each in its own server
 * process on this machine.
 *
 *  1. inbox: the inbox list's p95 with 1,000,000 conversations and 10,000,000 messages (SQLite file, the
 *     product's migrations and indexes, seeded by scripts/bench/inbox.ts's bulk insert; the seed time
 *     and file size printed). Budget: p95 < 20 ms, as at 1,000,000 messages.
 *  2. sockets: memory per idle staff WebSocket (the inbox's live socket, authenticated, subscribed):
 *     RSS and heap after a full collection before and after 10,000 are opened from two client
 *     processes, divided by 10,000; the server's responsiveness with them open (an HTTP request's
 *     latency, a message send's CPU time as its event goes past every subscriber).
 *  3. calls: calls per core, from scripts/bench/scale-calls.ts.
 *
 *   npm run bench scale -- --part inbox|sockets|calls   one part
 *   npm run bench scale -- --reuse-seed                  keep the 10,000,000-message file in the temp
 *                                                        folder and use it again while the migrations
 *                                                        and the seed's code are unchanged (printed)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../apps/server/src/db.ts';
import { issueToken } from '../../apps/server/src/modules/auth/index.ts';
import { record } from './figures.ts';
import { listLatencies, seed } from './inbox.ts';
import { callsPerCore } from './scale-calls.ts';
import { ask, benchServerEnv, freePort, hardFileLimit, percentile, probe, start, startWithFileLimit, stop, waitFor } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECTION = 'scale';
const SIZE = { rooms: 1_000_000, messagesPerRoom: 10, bigOrgRooms: 500_000 };
const SOCKETS = 10_000;
const CLIENT_PROCESSES = 2;
/** Sockets per client address (the server's default allows 100). */
const PER_ADDRESS = 50;
/** The sockets' heartbeat in this run (30 s by default): one falls in the idle window that follows. */
const HEARTBEAT_MS = 10_000;

const progress = (m: string) => process.stderr.write(`[bench scale] ${m}\n`);
const n = (x: number) => x.toLocaleString('en-US');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const serverEntry = path.join(root, 'apps/server/src/main.ts');

/** The session token of a fresh session for `userId`, written straight to the database file. */
async function sessions(file: string, userIds: number[]): Promise<string[]> {
  const h = await openDatabase({ sqliteFile: file });
  try {
    return await h.db.transaction().execute(async (tx) => {
      const out: string[] = [];
      for (const userId of userIds) out.push((await issueToken(tx, { kind: 'session', userId, expiresAt: Date.now() + 86_400_000 })).value);
      return out;
    });
  } finally {
    await h.close();
  }
}

/**
 * Where a kept seed lives: named by the seed's size and a hash of the migrations' names and the seed's
 * code, so a file seeded by other code is never taken for this one.
 */
function keptSeedDir(): string {
  const migrations = fs.readdirSync(path.join(root, 'apps/server/src/platform/db/migrations')).sort();
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify({ migrations, SIZE }))
    .update(fs.readFileSync(path.join(root, 'scripts/bench/inbox.ts')))
    .digest('hex')
    .slice(0, 12);
  return path.join(os.tmpdir(), `switchboard-bench-scale-seed-${hash}`);
}

async function inboxAtScale(lines: string[]): Promise<void> {
  const reuse = process.argv.includes('--reuse-seed');
  const dataDir = reuse ? keptSeedDir() : fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-scale-'));
  const file = path.join(dataDir, 'switchboard.db');
  const marker = path.join(dataDir, 'seeded.json');
  type Seeded = { bigOrg: number; seededAt: string; seedMs: number };
  let seeded: Seeded;
  try {
    if (reuse && fs.existsSync(marker)) {
      seeded = JSON.parse(fs.readFileSync(marker, 'utf8')) as Seeded;
      lines.push(`REUSED the seed of ${seeded.seededAt} in ${dataDir} (--reuse-seed; remove that folder to seed anew)`);
    } else {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      // The schema through the real migrations, then the bulk insert.
      await (await openDatabase({ sqliteFile: file })).close();
      const t0 = performance.now();
      const s = seed(file, {
        ...SIZE,
        progress: (done) => {
          if (done % 200_000 === 0) progress(`seeded ${n(done)} of ${n(SIZE.rooms)} conversations`);
        },
      });
      seeded = { bigOrg: s.bigOrg, seededAt: new Date().toISOString(), seedMs: performance.now() - t0 };
      if (reuse) fs.writeFileSync(marker, JSON.stringify(seeded));
    }
    const bytes = fs
      .readdirSync(dataDir)
      .filter((f) => f.startsWith('switchboard.db'))
      .reduce((sum, f) => sum + fs.statSync(path.join(dataDir, f)).size, 0);
    lines.push(
      `seeded ${n(SIZE.rooms)} conversations and ${n(SIZE.rooms * SIZE.messagesPerRoom)} messages in ${(seeded.seedMs / 1000).toFixed(1)} s ` +
        `(one organization holds ${n(SIZE.bigOrgRooms)}); database file ${(bytes / 1024 ** 3).toFixed(2)} GB`,
    );
    record({ section: SECTION, name: '10M messages seed time', value: Math.round(seeded.seedMs / 100) / 10, unit: 's', better: 'lower' });
    progress(lines.at(-1)!);
    const [token] = await sessions(file, [seeded.bigOrg]);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start(process.execPath, ['--import', 'tsx', serverEntry], benchServerEnv(port, dataDir));
    try {
      await waitFor(`${base}/api/health`, 120_000);
      const { times, unreadTimes } = await listLatencies(base, `token=${token}&targetAccountId=${seeded.bigOrg}`);
      for (const [label, xs] of [
        ['inbox list at 10M messages', times],
        ['inbox list at 10M messages, unread only', unreadTimes],
      ] as const) {
        const p95 = percentile(xs, 95);
        const verdict = record({
          section: SECTION,
          name: `${label} p95`,
          value: Number(p95.toFixed(1)),
          unit: 'ms',
          better: 'lower',
          budget: { max: 20 },
        });
        record({ section: SECTION, name: `${label} p50`, value: Number(percentile(xs, 50).toFixed(1)), unit: 'ms', better: 'lower' });
        lines.push(
          `${label} (${xs.length} requests, random page of 50, both tabs): p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms  ${verdict}`,
        );
      }
      progress(lines.at(-1)!);
    } finally {
      await stop(server);
    }
  } finally {
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Latencies of `count` requests one after another. */
async function latencies(url: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const r = await fetch(url);
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${url.split('?')[0]} answered ${r.status}`);
    out.push(performance.now() - t0);
  }
  return out;
}

async function socketsAtScale(lines: string[]): Promise<void> {
  const limit = hardFileLimit();
  if (limit < SOCKETS + 1_000) {
    lines.push(
      `sockets: skipped, the hard limit on open files is ${limit} (${n(SOCKETS)} sockets need more: raise it, e.g. in /etc/security/limits.conf)`,
    );
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-scale-ws-'));
  const file = path.join(dataDir, 'switchboard.db');
  await (await openDatabase({ sqliteFile: file })).close();
  // 101 organizations with a few conversations each; a session per socket (as a tab of each of their staff).
  const s = seed(file, { rooms: 1_000, messagesPerRoom: 2, bigOrgRooms: 500 });
  const owners = [s.bigOrg, ...s.orgs];
  const tokens = await sessions(file, [...Array.from({ length: SOCKETS }, (_, i) => owners[i % owners.length]!), s.bigOrg]);
  // The last is the big organization's sender's (its own session, no socket).
  const sender = tokens.pop()!;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startWithFileLimit(
    ['--expose-gc', '--import', 'tsx', '--import', path.join(root, 'scripts/soak-probe.ts'), serverEntry],
    // A heartbeat (a ping to every socket in one pass) falls inside the idle window below.
    benchServerEnv(port, dataDir, { SEND_RATE_LIMIT: '1000000', WS_HEARTBEAT_MS: String(HEARTBEAT_MS) }),
  );
  const clients = Array.from({ length: CLIENT_PROCESSES }, () =>
    startWithFileLimit(['--import', 'tsx', path.join(root, 'scripts/bench/scale-sockets.ts')], {}),
  );
  const addresses = Array.from({ length: Math.ceil(SOCKETS / PER_ADDRESS) }, (_, i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`);
  const wsUrl = `ws://127.0.0.1:${port}/api/v1/ws`;
  try {
    await waitFor(`${base}/api/health`);
    const account = `${base}/api/v1/account?token=${tokens[0]}`;
    // A message into one of the big organization's conversations: its event goes past every subscriber.
    let sent = 0;
    const sendCpu = async (count: number) => {
      const before = (await probe(server, { gc: false })).cpuMicros;
      for (let i = 0; i < count; i++) {
        const r = await fetch(`${base}/api/v1/messages?token=${sender}&targetAccountId=${s.bigOrg}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ roomId: s.rooms[i % s.rooms.length], body: `scale bench ${sent++}` }),
        });
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`a send answered ${r.status}`);
      }
      return ((await probe(server, { gc: false })).cpuMicros - before) / count / 1000;
    };
    // Warm-up: the socket route, the hub, the send and the account read once through, so what is
    // loaded lazily is loaded before the first measure.
    await ask(clients[0]!, { open: { url: wsUrl, tokens: tokens.slice(0, 100), addresses, first: 0 } }, 'opened');
    await ask(clients[0]!, 'close', 'closed');
    await latencies(account, 100);
    await sendCpu(20);
    const httpBefore = await latencies(account, 300);
    const sendBefore = await sendCpu(50);
    await new Promise((r) => setTimeout(r, 1_000));
    const before = await probe(server);

    progress(`opening ${n(SOCKETS)} sockets from ${CLIENT_PROCESSES} processes`);
    const t0 = performance.now();
    const per = Math.ceil(SOCKETS / CLIENT_PROCESSES);
    const opened = await Promise.all(
      clients.map((c, i) =>
        ask<{ opened: number; failed: number; error?: string }>(
          c,
          { open: { url: wsUrl, tokens: tokens.slice(i * per, (i + 1) * per), addresses, first: i * per } },
          'opened',
        ),
      ),
    );
    const openMs = performance.now() - t0;
    const open = opened.reduce((sum, o) => sum + o.opened, 0);
    const failed = opened.reduce((sum, o) => sum + o.failed, 0);
    if (open === 0) throw new Error(`no socket opened: ${opened.find((o) => o.error)?.error ?? ''}`);
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await probe(server);
    const httpAfter = await latencies(account, 300);
    const sendAfter = await sendCpu(50);
    await probe(server, { gc: false });
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS + 1_000));
    const idle = await probe(server, { gc: false });

    const rssPer = (after.rss - before.rss) / open;
    const heapPer = (after.heapUsed - before.heapUsed) / open;
    lines.push(
      `${n(open)} idle staff WebSockets opened in ${(openMs / 1000).toFixed(1)} s (${failed} failed${failed ? `: ${opened.find((o) => o.error)?.error}` : ''}), ` +
        `from ${addresses.length} client addresses, one session each, over ${owners.length} organizations`,
    );
    lines.push(
      `server memory after a full collection: RSS ${mb(before.rss)} → ${mb(after.rss)}, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}; ` +
        `per socket: RSS ${kb(rssPer)}, heap ${kb(heapPer)}`,
    );
    record({ section: SECTION, name: 'RSS per idle WebSocket', value: Math.round(rssPer / 102.4) / 10, unit: 'KB', better: 'lower' });
    record({ section: SECTION, name: 'heap per idle WebSocket', value: Math.round(heapPer / 102.4) / 10, unit: 'KB', better: 'lower' });
    const fmtLat = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms`;
    lines.push(
      `GET /api/v1/account one at a time (300): ${fmtLat(httpBefore)} with no socket open, ${fmtLat(httpAfter)} with ${n(open)} open`,
    );
    record({
      section: SECTION,
      name: 'account p99 with 10k sockets open',
      value: Number(percentile(httpAfter, 99).toFixed(1)),
      unit: 'ms',
      better: 'lower',
    });
    lines.push(
      `server CPU per message sent (its event offered to every subscriber): ${sendBefore.toFixed(2)} ms with no socket open, ${sendAfter.toFixed(2)} ms with ${n(open)} open`,
    );
    record({
      section: SECTION,
      name: 'CPU per message sent with 10k sockets open',
      value: Number(sendAfter.toFixed(2)),
      unit: 'ms',
      better: 'lower',
    });
    lines.push(
      `server event-loop lag over ${(HEARTBEAT_MS + 1_000) / 1000} s idle with ${n(open)} open (one heartbeat pass pinging them all): ` +
        `p99 ${idle.lagP99Ms.toFixed(1)} ms, max ${idle.lagMaxMs.toFixed(1)} ms`,
    );
    record({
      section: SECTION,
      name: 'idle lag max with 10k sockets open',
      value: Number(idle.lagMaxMs.toFixed(1)),
      unit: 'ms',
      better: 'lower',
    });
    progress(lines.at(-1)!);

    await Promise.all(clients.map((c) => ask(c, 'close', 'closed')));
    await new Promise((r) => setTimeout(r, 2_000));
    const closed = await probe(server);
    lines.push(
      `after closing them: RSS ${mb(closed.rss)}, heap ${mb(closed.heapUsed)} (${closed.heapUsed - before.heapUsed >= 0 ? '+' : ''}${kb(closed.heapUsed - before.heapUsed)} against before), ${closed.handles} open handles (${before.handles} before)`,
    );
  } finally {
    await Promise.all(clients.map((c) => stop(c)));
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchScale(): Promise<string[]> {
  const part = arg('--part');
  if (part && !['inbox', 'sockets', 'calls'].includes(part)) throw new Error(`--part is inbox, sockets or calls, not ${part}`);
  const lines = [`load average at start (1/5/15 min): ${loadavg()} on ${os.cpus().length} cores`];
  if (!part || part === 'inbox') await inboxAtScale(lines);
  if (!part || part === 'sockets') await socketsAtScale(lines);
  if (!part || part === 'calls') lines.push(...(await callsPerCore()));
  lines.push(`load average at end (1/5/15 min): ${loadavg()}`);
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const l of await benchScale()) console.log(l);
}
