/**
 * The physical limit for `npm run bench insight`: a bare node:http server on better-sqlite3 that
 * resolves the token and runs the same queries as the product: the usage sums of GET /api/v2/stats/usage
 * (padded per item and date, as JSON), one filtered keyset page of GET /api/v2/logs, and the CSV export
 * streamed in keyset batches of 1,000 with backpressure.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';

const db = new SQLite(process.argv[2]!, { readonly: true });
db.pragma('busy_timeout = 5000');
const tokenStmt = db.prepare('select * from tokens where token_hash = ? and revoked_at is null');
const accountStmt = db.prepare('select * from accounts where id = ? and deleted_at is null');
const orgAccountsStmt = db.prepare('select id from accounts where organization_id = ?');
const pageStmt = db.prepare(
  `select * from logs where account_id = ? and kind = ? and status = ? and created_at >= ? and created_at < ?
   order by created_at desc, id desc limit ?`,
);
const csvStmt = db.prepare(
  `select * from logs where account_id = ? and created_at <= ? and (created_at < ? or id < ?)
   order by created_at desc, id desc limit 1000`,
);
const cell = (v: unknown) => {
  if (v == null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

http
  .createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const p = url.searchParams;
    const t = tokenStmt.get(
      crypto
        .createHash('sha256')
        .update(p.get('token') ?? '')
        .digest('hex'),
    ) as { user_id: number } | undefined;
    const user = t && (accountStmt.get(t.user_id) as { id: number } | undefined);
    if (!user) return void res.writeHead(401).end();
    const org = Number(p.get('targetAccountId'));
    if (url.pathname === '/usage') {
      const ids = (orgAccountsStmt.all(org) as { id: number }[]).map((a) => a.id);
      const rows = db
        .prepare(
          `select item, date, quantity from usage_daily where account_id in (${ids.map(() => '?').join(',')}) and date >= ? and date <= ?`,
        )
        .all(...ids, p.get('startDate'), p.get('endDate')) as { item: string; date: string; quantity: number }[];
      const results: Record<string, Record<string, number>> = {};
      for (const item of ['number', 'tokens', 'voice', 'advancedVoice', 'outbound-message', 'inbound-message']) {
        const series: Record<string, number> = {};
        for (let d = Date.parse(`${p.get('startDate')}T00:00:00Z`); d <= Date.parse(`${p.get('endDate')}T00:00:00Z`); d += 86_400_000)
          series[new Date(d).toISOString().slice(0, 10)] = 0;
        results[item] = series;
      }
      for (const r of rows) results[r.item]![r.date] = (results[r.item]![r.date] ?? 0) + Number(r.quantity);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, results }));
    }
    if (url.pathname === '/logs') {
      const rows = pageStmt.all(org, p.get('kind'), p.get('status'), Number(p.get('startTime')), Number(p.get('endTime')), 100);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, logs: rows }));
    }
    // CSV: keyset batches, each written when the socket has taken the previous one.
    res.writeHead(200, { 'content-type': 'text/csv' });
    const cols = ['id', 'created_at', 'kind', 'status', 'agent_id', 'direction', 'contact', 'number', 'room_id', 'summary', 'details'];
    res.write(`${cols.join(',')}\r\n`);
    let before = Number.MAX_SAFE_INTEGER;
    let beforeAt = Number.MAX_SAFE_INTEGER;
    const next = () => {
      for (;;) {
        const rows = csvStmt.all(org, beforeAt, beforeAt, before) as Record<string, unknown>[];
        if (rows.length === 0) return void res.end();
        let chunk = '';
        for (const r of rows) chunk += `${cols.map((c) => cell(r[c])).join(',')}\r\n`;
        before = rows[rows.length - 1]!.id as number;
        beforeAt = rows[rows.length - 1]!.created_at as number;
        if (!res.write(chunk)) return void res.once('drain', next);
      }
    };
    next();
  })
  .listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('ready'));
