/**
 * Bench of GET /api/v2/stats/usage (issue 14): a year of daily usage (3 items) for 1,000 organizations
 * of one partner, seeded straight into the SQLite file, then the usage of one organization over the year
 * (p95 of sequential requests; budget 50 ms) and the partner's 1,000 organizations side by side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { start, stop, waitFor } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORGS = 1000;
const DAYS = 365;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function timed(url: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    out.push(performance.now() - t0);
  }
  return out;
}

export async function benchStats(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-stats-'));
  const port = 4000 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const server = start(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SUPER_ADMIN_EMAILS: 'bench@admin.test',
    SIGNIN_RATE_LIMIT: '100000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
  try {
    await waitFor(`${base}/api/health`);
    const post = async (url: string, body: unknown) =>
      (await (
        await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      ).json()) as any;
    const code = async (to: string) =>
      ((await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as any).messages[0].body.match(/(\d{6})/)[1];
    const signIn = async (email: string, signup: boolean) => {
      await post(signup ? '/api/v1/signup/email' : '/api/v1/signin/email', { email, businessName: 'Bench' });
      return (await post('/api/v1/email/verify', { email, verificationCode: await code(email) })) as { token: string; id: number };
    };
    const log = (m: string) => process.env.BENCH_DEBUG && console.error(new Date().toISOString(), m);
    log('server up');
    const admin = await signIn('bench@admin.test', true);
    await post(`/internal/createPartner?token=${admin.token}`, { name: 'Bench Partner', email: 'partner@bench.test' });
    const partner = await signIn('partner@bench.test', false);

    // Seed: 1,000 organizations under the partner, each with a year of three daily counters.
    const db = new SQLite(path.join(dataDir, 'switchboard.db'));
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    const addOrg = db.prepare(
      `insert into accounts (username, account_type, partner_id, details, settings, social_links, links, links_config, account_name, created_at, updated_at)
       values (?, 'organization', ?, '{}', '{}', '[]', '[]', '{}', ?, ?, ?)`,
    );
    const setOrg = db.prepare('update accounts set organization_id = id where id = ?');
    const addUsage = db.prepare('insert into usage_daily (account_id, date, item, quantity) values (?, ?, ?, ?)');
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
    db.close();
    log('seeded');

    const start_ = new Date(first).toISOString().slice(0, 10);
    const end = new Date(first + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const one = `${base}/api/v2/stats/usage?token=${partner.token}&targetAccountId=${orgIds[500]}&startDate=${start_}&endDate=${end}`;
    await timed(one, 10);
    const orgTimes = await timed(one, 200);
    log('one org done');
    const all = `${base}/api/v2/stats/usage?token=${partner.token}&startDate=${start_}&endDate=${end}&frequency=month`;
    const allTimes = await timed(all, 5);
    const oneP95 = p95(orgTimes);
    return [
      `usage_daily rows: ${ORGS * DAYS * 3} (${ORGS} organizations × ${DAYS} days × 3 items, SQLite)`,
      `one organization, a year by day, p95 ${oneP95.toFixed(1)} ms (budget 50 ms) ${oneP95 <= 50 ? 'ok' : 'OVER BUDGET'}`,
      `partner, ${ORGS} organizations side by side, a year by month, median of 5: ${[...allTimes].sort((a, b) => a - b)[2]!.toFixed(0)} ms (no budget)`,
    ];
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
