/**
 * `npm run bench insight` (`stats` is the same): the reports beside a bare node:http server
 * on better-sqlite3 running the same queries (scripts/bench/insight-bare.ts), in one run:
 * - GET /api/v2/stats/usage: one organization's year by day, 1,000 organizations × 365 days × 3 items
 *   seeded (p95 of sequential requests, budget 50 ms, and the ratio to the bare loop); the partner's
 *   1,000 organizations side by side by month (no budget);
 * - GET /api/v2/logs: a filtered page (kind, status, time range) at BENCH_LOG_ROWS rows (default
 *   1,000,000; the figure is 10,000,000) (p95, budget 50 ms, ratio);
 * - GET /api/v2/logs?format=csv: rows per second against the bare loop streaming the same query, and
 *   the server's resident memory before and at the end of the export.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { freePort, start, stop, withProduct } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORGS = 1000;
const DAYS = 365;
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const LOG_ORGS = 10;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function once(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

/** p95 of n sequential requests to each URL, interleaved so both see the same load. */
async function paired(a: string, b: string, n: number): Promise<[number, number]> {
  for (let i = 0; i < 10; i++) await Promise.all([once(a), once(b)]);
  const xa: number[] = [];
  const xb: number[] = [];
  for (let i = 0; i < n; i++) {
    xa.push(await once(a));
    xb.push(await once(b));
  }
  return [p95(xa), p95(xb)];
}

/** Rows per second of a CSV download (rows = lines minus the header), and the highest RSS seen of `pid`. */
async function csvRate(url: string, pid?: number): Promise<{ rows: number; perSecond: number; peakMb: number }> {
  const t0 = performance.now();
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  let lines = 0;
  let peak = pid ? rssMb(pid) : 0;
  let chunks = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    for (const byte of chunk) if (byte === 10) lines++;
    if (pid && ++chunks % 50 === 0) peak = Math.max(peak, rssMb(pid));
  }
  const s = (performance.now() - t0) / 1000;
  return { rows: lines - 1, perSecond: (lines - 1) / s, peakMb: peak };
}

export async function benchInsight(): Promise<string[]> {
  const barePort = await freePort();
  const bareBase = `http://127.0.0.1:${barePort}`;
  return withProduct('insight', { SUPER_ADMIN_EMAILS: 'bench@admin.test' }, async ({ base, dataDir, pid, post, signIn }) => {
    const log = (m: string) => process.env.BENCH_DEBUG && console.error(new Date().toISOString(), m);
    log('server up');
    const admin = await signIn('bench@admin.test');
    await post(`/internal/createPartner?token=${admin.token}`, { name: 'Bench Partner', email: 'partner@bench.test' });
    const partner = await signIn('partner@bench.test', { signup: false });

    // Seed: 1,000 organizations under the partner, each with a year of three daily counters.
    const dbFile = path.join(dataDir, 'switchboard.db');
    const db = new SQLite(dbFile);
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    const addOrg = db.prepare(
      `insert into accounts (username, account_type, partner_id, details, settings, social_links, links, links_config, account_name, created_at, updated_at)
       values (?, 'organization', ?, '{}', '{}', '[]', '[]', '{}', ?, ?, ?)`,
    );
    const setOrg = db.prepare('update accounts set organization_id = id where id = ?');
    const addUsage = db.prepare('insert into usage_daily (account_id, date, item, quantity) values (?, ?, ?, ?)');
    const yearMs = DAYS * 86_400_000;
    const first = Date.UTC(new Date().getUTCFullYear() - 1, new Date().getUTCMonth(), new Date().getUTCDate());
    const orgIds: number[] = [];
    db.transaction(() => {
      for (let i = 0; i < ORGS; i++) {
        const id = Number(addOrg.run(`bench_org_${i}`, partner.id, `Org ${i}`, now, now).lastInsertRowid);
        setOrg.run(id);
        orgIds.push(id);
        for (let d = 0; d < DAYS; d++) {
          const date = new Date(first + d * 86_400_000).toISOString().slice(0, 10);
          addUsage.run(id, date, 'inbound-message', 1 + ((i + d) % 7));
          addUsage.run(id, date, 'outbound-message', 1 + ((i * d) % 5));
          addUsage.run(id, date, 'tokens', 500 + ((i + d) % 300));
        }
      }
    })();
    const addLog = db.prepare(
      `insert into logs (account_id, agent_id, kind, status, direction, contact, number, room_id, summary, details, key, created_at)
       values (?, null, ?, ?, ?, ?, null, null, ?, '{}', null, ?)`,
    );
    const kinds = ['message', 'message', 'agent_turn', 'function', 'webhook', 'error'];
    const statuses = ['delivered', 'sent', 'ok', 'failed'];
    db.transaction(() => {
      for (let i = 0; i < LOG_ROWS; i++) {
        const kind = kinds[i % kinds.length]!;
        addLog.run(
          orgIds[i % LOG_ORGS],
          kind,
          statuses[(i >> 3) % statuses.length],
          kind === 'message' ? (i % 2 ? 'inbound' : 'outbound') : null,
          `+1555${String(i % 10_000).padStart(7, '0')}`,
          `${kind} number ${i}, "quoted", and a comma`,
          first + Math.floor((i / LOG_ROWS) * yearMs),
        );
      }
    })();
    db.close();
    log('seeded');

    const start_ = new Date(first).toISOString().slice(0, 10);
    const end = new Date(first + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const bare = start(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench/insight-bare.ts'), dbFile, String(barePort)],
      {},
    );
    try {
      await new Promise<void>((resolve) => bare.once('message', () => resolve()));
      const auth = `token=${partner.token}&targetAccountId=${orgIds[0]}`;
      const usageQ = `${auth}&startDate=${start_}&endDate=${end}`;
      const [usageP, usageB] = await paired(`${base}/api/v2/stats/usage?${usageQ}`, `${bareBase}/usage?${usageQ}`, 200);
      log('usage done');
      const logsQ = `${auth}&kind=message&status=failed&startTime=${first + yearMs / 4}&endTime=${first + (3 * yearMs) / 4}`;
      const [logsP, logsB] = await paired(`${base}/api/v2/logs?${logsQ}&limit=100`, `${bareBase}/logs?${logsQ}`, 200);
      log('logs done');
      const rssBefore = rssMb(pid);
      const csvP = await csvRate(`${base}/api/v2/logs?${auth}&format=csv`, pid);
      const csvB = await csvRate(`${bareBase}/csv?${auth}`);
      log('csv done');
      const allTimes: number[] = [];
      for (let i = 0; i < 5; i++)
        allTimes.push(await once(`${base}/api/v2/stats/usage?token=${partner.token}&startDate=${start_}&endDate=${end}&frequency=month`));
      const verdict = (ms: number) => (ms <= 50 ? 'ok' : 'OVER BUDGET');
      return [
        `seeded (SQLite): usage_daily ${ORGS * DAYS * 3} rows (${ORGS} organizations × ${DAYS} days × 3 items), logs ${LOG_ROWS} rows over ${LOG_ORGS} organizations`,
        'query                                   product p95   bare p95   product/bare',
        `usage, one organization, a year by day   ${usageP.toFixed(1).padStart(8)} ms ${usageB.toFixed(1).padStart(7)} ms   ${(usageP / usageB).toFixed(2).padStart(6)}   budget 50 ms ${verdict(usageP)}`,
        `logs page, kind+status+time filters      ${logsP.toFixed(1).padStart(8)} ms ${logsB.toFixed(1).padStart(7)} ms   ${(logsP / logsB).toFixed(2).padStart(6)}   budget 50 ms ${verdict(logsP)}`,
        `CSV export of ${csvP.rows} rows: product ${Math.round(csvP.perSecond)} rows/s, bare ${Math.round(csvB.perSecond)} rows/s, ratio ${(csvP.perSecond / csvB.perSecond).toFixed(2)}; server RSS ${rssBefore.toFixed(0)} MB before, peak ${csvP.peakMb.toFixed(0)} MB during (+${(csvP.peakMb - rssBefore).toFixed(0)} MB)`,
        `partner, ${ORGS} organizations side by side, a year by month, median of 5: ${[...allTimes].sort((a, b) => a - b)[2]!.toFixed(0)} ms (no budget)`,
      ];
    } finally {
      await stop(bare);
    }
  });
}
