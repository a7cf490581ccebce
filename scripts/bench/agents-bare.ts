/**
 * The physical limit for POST /api/v1/agent/runPrompt: a bare node:http server doing the same work on
 * the same SQLite file with no framework: resolve the token, its user and memberships, read the
 * agent's staging copy, answer with the same offline responder, and add the tokens to usage_daily.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import { OfflineResponder } from '../../apps/server/src/platform/providers/llm/offline.ts';

const file = process.argv[2]!;
const port = Number(process.argv[3]);
const db = new SQLite(file);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
const offline = new OfflineResponder();

const tokenStmt = db.prepare('select * from tokens where token_hash = ? and revoked_at is null');
const accountStmt = db.prepare('select * from accounts where id = ? and deleted_at is null');
const membershipsStmt = db.prepare('select * from memberships where user_id = ?');
const campaignStmt = db.prepare("select data from campaigns where account_id = ? and copy = 'staging'");
const usageStmt = db.prepare(
  "insert into usage_daily (account_id, date, item, quantity) values (?, ?, 'tokens', ?) on conflict (account_id, date, item) do update set quantity = usage_daily.quantity + excluded.quantity",
);

http
  .createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const url = new URL(req.url!, 'http://x');
      const t = tokenStmt.get(
        crypto
          .createHash('sha256')
          .update(url.searchParams.get('token') ?? '')
          .digest('hex'),
      ) as { user_id: number } | undefined;
      const user = t && (accountStmt.get(t.user_id) as { id: number } | undefined);
      if (!user) return res.writeHead(401).end();
      membershipsStmt.all(user.id);
      const body = JSON.parse(raw || '{}') as { promptText?: string };
      const row = campaignStmt.get(user.id) as { data: string } | undefined;
      const campaign = JSON.parse(row?.data ?? '{}') as { agentInstructions?: string; greeting?: string };
      const r = await offline.complete({
        system: campaign.agentInstructions ?? '',
        messages: [{ role: 'user', content: body.promptText ?? '' }],
        tools: [],
        agent: { instructions: campaign.agentInstructions ?? '', greeting: campaign.greeting ?? '', name: 'Bench' },
      });
      usageStmt.run(user.id, new Date().toISOString().slice(0, 10), r.usage.inputTokens + r.usage.outputTokens);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ success: true, response: r.text, functionCalls: [] }));
    });
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
