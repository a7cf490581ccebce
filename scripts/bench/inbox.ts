/**
 * The inbox at scale: 100,000 conversations and 1,000,000 messages (SQLite, bulk-inserted), then
 *  - the inbox list's latency (p95, budget 20 ms) over random pages, types and the unread filter,
 *  - list requests/s beside a bare node:http server running the same queries on the same database
 *    (budget: a ratio of LIST_RATIO_MIN),
 *  - message send → WebSocket receive latency (p99, budget 50 ms) at 500 messages/s.
 * The server runs in its own process, as in production; this process seeds, loads and listens.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { openDatabase } from '../../apps/server/src/db.ts';
import { issueToken } from '../../apps/server/src/modules/auth/index.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { verdict } from './figures.ts';
import { benchServerEnv, fmt, load, waitFor } from './util.ts';
import { openSqlite } from '../../apps/server/src/platform/db/sqlite.ts';

/** A free port on 127.0.0.1 (so a server left over from another run can never answer instead). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a TypeScript entry in its own process group, so stopping it stops everything it started. */
function start(file: string, args: string[], env: Record<string, string>): ChildProcess {
  // BENCH_CPU_PROF=<dir>: the started processes write V8 CPU profiles there (open them in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return spawn(process.execPath, [...prof, '--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

async function stop(p: ChildProcess): Promise<void> {
  if (p.exitCode != null || p.pid == null) return;
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    try {
      process.kill(-p.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOMS = 100_000;
const MESSAGES_PER_ROOM = 10;
const BIG_ORG_ROOMS = 50_000;
const SMALL_ORGS = 100;
/** The inbox list's requests/s under load, at least this share of the bare server's. */
const LIST_RATIO_MIN = 0.5;

const pct = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** How much `seed` writes: conversations, messages in each, how many of them the big organization holds. */
export interface SeedSize {
  rooms: number;
  messagesPerRoom: number;
  bigOrgRooms: number;
  /** Called after every 50,000 conversations (a seed of millions takes minutes). */
  progress?: (roomsDone: number) => void;
}

/**
 * Seeds straight through better-sqlite3 with prepared statements: a conversation's messages in one
 * multi-row insert, 50,000 conversations per transaction, the rollback journal in memory instead of a
 * write-ahead log (which would write every page twice), then the product's WAL switched back on.
 */
export function seed(
  file: string,
  size: SeedSize = { rooms: ROOMS, messagesPerRoom: MESSAGES_PER_ROOM, bigOrgRooms: BIG_ORG_ROOMS },
): { bigOrg: number; orgs: number[]; rooms: string[] } {
  const { rooms: roomCount, messagesPerRoom: perRoom, bigOrgRooms } = size;
  const db = openSqlite(file);
  // The rollback journal in memory (OFF is refused in better-sqlite3's defensive mode): what a seed
  // appends to the file is not journaled, only the index pages it changes.
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  // 256 MB of page cache: the conversation indexes are written at many places at once.
  db.pragma('cache_size = -262144');
  const now = Date.now();
  const insertAccount = db.prepare(
    `insert into accounts (username, account_type, organization_id, email, email_verified, name, account_name, details, settings, social_links, links, links_config, created_at, updated_at)
     values (?, 'organization', null, ?, 1, ?, ?, '{}', '{}', '[]', '[]', '{}', ?, ?)`,
  );
  const setOrg = db.prepare('update accounts set organization_id = id where id = ?');
  const insertRoom = db.prepare(
    `insert into rooms (id, room_id, uuid, account_id, agent_id, channel, contact_account_id, contact_address, our_address, username, inbox_type, status, ai_agent_enabled, is_group, rating, last_message_id, last_inbound_message_id, last_message_at, created_at, updated_at)
     values (?, ?, ?, ?, null, ?, null, ?, ?, ?, ?, ?, 1, 0, null, ?, ?, ?, ?, ?)`,
  );
  // One statement per conversation: its messages in one multi-row insert (a call into SQLite per row
  // costs about as much as the row's insert).
  const insertMessages = db.prepare(
    `insert into messages (id, room_pk, account_id, direction, channel, sender_kind, sender_account_id, sender_address, body, attachments, status, error, blocked, reactions, external_id, idempotency_key, created_at, updated_at)
     values ${Array.from({ length: perRoom }, () => `(?, ?, ?, ?, ?, ?, null, ?, ?, '[]', ?, null, 0, '[]', null, null, ?, ?)`).join(', ')}`,
  );
  const insertRead = db.prepare('insert into room_reads (room_pk, user_id, last_read_message_id, updated_at) values (?, ?, ?, ?)');
  const bodies = [
    'Hi, are you open on Saturday?',
    'Can I book a cleaning next week?',
    'Thanks, see you then!',
    'What does a crown cost?',
    'Running 10 minutes late.',
  ];
  const sampleRooms: string[] = [];
  const orgs: number[] = [];
  const bigOrg = db.transaction(() => {
    const big = Number(insertAccount.run('bench-big-org', 'big@bench.test', 'Big Org', 'Big Org', now, now).lastInsertRowid);
    setOrg.run(big);
    for (let i = 0; i < SMALL_ORGS; i++) {
      const r = insertAccount.run(`bench-org-${i}`, `org${i}@bench.test`, `Org ${i}`, `Org ${i}`, now, now);
      orgs.push(Number(r.lastInsertRowid));
      setOrg.run(Number(r.lastInsertRowid));
    }
    return big;
  })();
  const values: unknown[] = [];
  const seedRooms = db.transaction((from: number, to: number) => {
    for (let room = from; room <= to; room++) {
      const org = room <= bigOrgRooms ? bigOrg : orgs[room % SMALL_ORGS]!;
      const sms = room % 3 === 0;
      const contact = sms ? `+1206${String(1_000_000 + room).slice(-7)}` : `guest-${room}`;
      const t0 = now - (roomCount - room) * 60_000;
      const firstId = (room - 1) * perRoom + 1;
      values.length = 0;
      for (let m = 0; m < perRoom; m++) {
        const inbound = m % 2 === 0;
        const at = t0 + m * 1000;
        values.push(
          firstId + m,
          room,
          org,
          inbound ? 'inbound' : 'outbound',
          sms ? 'sms' : 'chat',
          inbound ? 'contact' : 'agent',
          contact,
          bodies[(room + m) % bodies.length],
          inbound ? 'received' : 'delivered',
          at,
          at,
        );
      }
      insertMessages.run(values);
      const lastId = firstId + perRoom - 1;
      // Messages alternate inbound (even m) and outbound: the last inbound is the last even m.
      const lastInbound = firstId + (perRoom - 1 - ((perRoom - 1) % 2));
      const roomId = `r_bench${String(room).padStart(13, '0')}`;
      if (org === bigOrg && sampleRooms.length < 100 && room % 7 === 0) sampleRooms.push(roomId);
      insertRoom.run(
        room,
        roomId,
        `00000000-0000-4000-8000-${String(room).padStart(12, '0')}`,
        org,
        sms ? 'sms' : 'chat',
        contact,
        sms ? '+14152000100' : 'bench-big-org',
        contact,
        room % 5 < 3 ? 'priority' : 'agent',
        room % 10 === 0 ? 'closed' : 'open',
        lastId,
        lastInbound,
        t0 + (perRoom - 1) * 1000,
        t0,
        t0,
      );
      if (org === bigOrg && room % 2 === 0) insertRead.run(room, bigOrg, lastId, now);
    }
  });
  const CHUNK = 50_000;
  for (let from = 1; from <= roomCount; from += CHUNK) {
    seedRooms(from, Math.min(roomCount, from + CHUNK - 1));
    size.progress?.(Math.min(roomCount, from + CHUNK - 1));
  }
  // Above a few million rows a full ANALYZE reads every index for tens of seconds; a sampled one
  // (what PRAGMA optimize runs) gives the planner the same shape.
  if (roomCount * perRoom > 2_000_000) db.pragma('analysis_limit = 1000');
  db.exec('analyze');
  db.pragma('locking_mode = NORMAL');
  // Back to the product's journal (the server opens the file in WAL mode).
  db.pragma('journal_mode = WAL');
  db.close();
  return { bigOrg, orgs, rooms: sampleRooms };
}

/**
 * The inbox list's latency, one request at a time: 600 requests for a random page of the first 50 of
 * either tab, every fifth with the unread filter (after 50 requests of warm-up).
 */
export async function listLatencies(base: string, auth: string): Promise<{ times: number[]; unreadTimes: number[] }> {
  for (let i = 0; i < 50; i++)
    await fetch(`${base}/api/v1/conversations?${auth}&page=${i}&pageSize=20&pagination=true`).then((r) => r.arrayBuffer());
  const times: number[] = [];
  const unreadTimes: number[] = [];
  for (let i = 0; i < 600; i++) {
    const type = i % 2 ? 'agent' : 'priority';
    const unread = i % 5 === 0 ? '&unread=true' : '';
    const page = Math.floor(Math.random() * 50);
    const s = performance.now();
    const r = await fetch(`${base}/api/v1/conversations?${auth}&page=${page}&pageSize=20&pagination=true&type=${type}${unread}`);
    const b = (await r.json()) as { rooms?: unknown[]; message?: string };
    (unread ? unreadTimes : times).push(performance.now() - s);
    if (!r.ok || !b.rooms?.length) throw new Error(`inbox list failed: ${r.status} ${b.message ?? ''}`);
  }
  return { times, unreadTimes };
}

const progress = (m: string) => process.stderr.write(`[bench inbox] ${m}\n`);

export async function benchInbox(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-inbox-'));
  const file = path.join(dataDir, 'switchboard.db');
  // Create the schema through the real migrations, then seed and issue a session for the big org.
  const handle = await openDatabase({ sqliteFile: file });
  await handle.close();
  progress('seeding');
  const t0 = performance.now();
  const { bigOrg, rooms } = seed(file);
  progress(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const seedMs = performance.now() - t0;
  const h2 = await openDatabase({ sqliteFile: file });
  const { value: token } = await issueToken(h2.db, { kind: 'session', userId: bigOrg, expiresAt: Date.now() + 86_400_000 });
  await h2.close();
  lines.push(
    `seeded ${ROOMS.toLocaleString('en-US')} conversations and ${(ROOMS * MESSAGES_PER_ROOM).toLocaleString('en-US')} messages in ${(seedMs / 1000).toFixed(1)} s (one organization holds ${BIG_ORG_ROOMS.toLocaleString('en-US')})`,
  );

  const port = await freePort();
  const barePort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start(
    path.join(root, 'apps/server/src/main.ts'),
    [],
    // The bench is one sender at 500 messages/s; the per-sender limit is for people.
    benchServerEnv(port, dataDir, { SEND_RATE_LIMIT: '1000000' }),
  );
  const bare = start(path.join(root, 'scripts/bench/inbox-bare.ts'), [file, String(barePort)], {});
  try {
    await waitFor(`${base}/api/health`);
    // The bare server answers 401 without a token once it is up.
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${barePort}/`).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (i > 300) throw new Error('the bare server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const auth = `token=${token}&targetAccountId=${bigOrg}`;
    progress('servers up');

    // 1. Inbox list latency over random pages, both tabs, a fifth with the unread filter.
    const { times, unreadTimes } = await listLatencies(base, auth);
    const p95 = pct(times, 95);
    lines.push(
      `inbox list (${times.length} requests, random page of 50, both tabs): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms  ${p95 < 20 ? 'ok' : 'OVER BUDGET 20 ms'}`,
    );
    const u95 = pct(unreadTimes, 95);
    lines.push(
      `inbox list, unread only (${unreadTimes.length} requests): p50 ${pct(unreadTimes, 50).toFixed(1)} ms, p95 ${u95.toFixed(1)} ms  ${u95 < 20 ? 'ok' : 'OVER BUDGET 20 ms'}`,
    );

    progress(lines.at(-1)!);
    // 2. Requests/s beside the bare server doing the same queries on the same file.
    const url = `/api/v1/conversations?${auth}&page=0&pageSize=20&pagination=true&type=priority`;
    const p = await load(`${base}${url}`, { seconds: 5 });
    const b = await load(`http://127.0.0.1:${barePort}${url}`, { seconds: 5 });
    if (p.non2xx || b.non2xx) throw new Error('non-2xx answers during the list load');
    const ratio = p.rps / b.rps;
    lines.push(
      `inbox list under load (20 connections, 5 s): product ${fmt(p.rps).trim()} req/s (p99 ${p.p99} ms), bare node:http ${fmt(b.rps).trim()} req/s (p99 ${b.p99} ms), ratio ${ratio.toFixed(2)} ${verdict({ value: ratio, budget: { min: LIST_RATIO_MIN } })}`,
    );

    progress(lines.at(-1)!);
    // 3. Send → WebSocket receive at 500 messages/s.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws?${auth}`);
    await new Promise<void>((resolve, reject) => {
      // Removed once ready: left on, it would parse every later message a second time in this process.
      const ready = (raw: WebSocket.RawData) => {
        if (JSON.parse(raw.toString()).type !== 'ready') return;
        ws.off('message', ready);
        resolve();
      };
      ws.on('message', ready);
      ws.on('error', reject);
    });
    // Each message's latency runs from just before its request is written to the moment its
    // message.created arrives on the socket (both by this process's clock).
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    ws.on('message', (raw) => {
      const e = JSON.parse(raw.toString());
      if (e.type !== 'message.created') return;
      const s = sentAt.get(e.payload.message.body);
      if (s != null) {
        latencies.push(performance.now() - s);
        sentAt.delete(e.payload.message.body);
      }
    });
    // Keep-alive connections, as a browser or load balancer would hold them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const post = (pathname: string, payload: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: pathname,
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    /** Offers `rate` sends per second for `seconds`; returns the latencies and what the server kept up with. */
    const run = async (rate: number, seconds: number, tag: string) => {
      latencies.length = 0;
      const total = rate * seconds;
      let failures = 0;
      const sends: Promise<void>[] = [];
      const startAt = performance.now();
      for (let i = 0; i < total; i++) {
        const due = startAt + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const body = `bench-${tag}-${i}`;
        sentAt.set(body, performance.now());
        sends.push(
          post(`/api/v1/messages?${auth}`, JSON.stringify({ roomId: rooms[i % rooms.length], body })).then(
            (status) => {
              if (status !== 200) failures++;
            },
            () => {
              failures++;
            },
          ),
        );
      }
      await Promise.all(sends);
      const achieved = total / ((performance.now() - startAt) / 1000);
      const deadline = performance.now() + 10_000;
      while (sentAt.size > failures && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      sentAt.clear();
      return { total, achieved, failures, received: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99) };
    };
    // Below saturation first (per-message latency), then the budget's rate (throughput and queueing).
    const light = await run(100, 3, 'light');
    lines.push(
      `send → WebSocket receive at 100/s (${light.received}/${light.total} received, ${light.failures} failed): p50 ${light.p50.toFixed(1)} ms, p99 ${light.p99.toFixed(1)} ms`,
    );
    progress(lines.at(-1)!);
    const RATE = 500;
    const r = await run(RATE, 4, 'full');
    const p99 = r.p99;
    lines.push(
      `send → WebSocket receive (${r.total} messages offered at ${RATE}/s, achieved ${r.achieved.toFixed(0)}/s, ${r.received} received, ${r.failures} failed): p50 ${r.p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms  ${p99 < 50 && r.received === r.total ? 'ok' : 'OVER BUDGET 50 ms'}`,
    );
    ws.close();
    agent.destroy();
    return lines;
  } finally {
    await stop(bare);
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const l of await benchInbox()) console.log(l);
}
