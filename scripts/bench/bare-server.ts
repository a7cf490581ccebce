/**
 * The physical limit: a bare node:http server doing what GET /api/v1/account and
 * GET /api/v2/listOrganizations do (resolve the token, its user, the memberships; read the account or a
 * page of organizations with its count) straight on better-sqlite3, with no framework.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';

const file = process.argv[2]!;
const port = Number(process.argv[3]);
const db = new SQLite(file, { readonly: true });
db.pragma('busy_timeout = 5000');

const tokenStmt = db.prepare('select * from tokens where token_hash = ? and revoked_at is null');
const accountStmt = db.prepare('select * from accounts where id = ? and deleted_at is null');
const membershipsStmt = db.prepare('select * from memberships where user_id = ?');
const countStmt = db.prepare(
  "select count(*) as n from accounts where account_type = 'organization' and deleted_at is null and id != ? and partner_id = ? and disabled_at is null",
);
const pageStmt = db.prepare(
  "select * from accounts where account_type = 'organization' and deleted_at is null and id != ? and partner_id = ? and disabled_at is null order by created_at desc, id desc limit 20 offset 0",
);

function auth(url: URL) {
  const token = url.searchParams.get('token') ?? '';
  const t = tokenStmt.get(crypto.createHash('sha256').update(token).digest('hex')) as { user_id: number } | undefined;
  if (!t) return null;
  const user = accountStmt.get(t.user_id) as Record<string, unknown> | undefined;
  membershipsStmt.all(t.user_id);
  return user ?? null;
}

const parse = (row: Record<string, unknown>) => ({
  ...row,
  details: JSON.parse(String(row.details)),
  settings: JSON.parse(String(row.settings)),
});

http
  .createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const user = auth(url);
    if (!user) {
      res.writeHead(401).end();
      return;
    }
    let body: unknown;
    if (url.pathname === '/api/v1/account') body = { success: true, ...parse(user) };
    else {
      const n = (countStmt.get(user.id, user.id) as { n: number }).n;
      body = { success: true, accounts: (pageStmt.all(user.id, user.id) as Record<string, unknown>[]).map(parse), totalAccounts: n };
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
