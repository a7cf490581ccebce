/**
 * The physical limit for the inbox list: a bare node:http server resolving the token and running the
 * same queries as GET /api/v1/conversations (one page joined with the caller's read state, the count,
 * the latest messages in one batch) straight on better-sqlite3, keeping totals as the product does.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';

const db = new SQLite(process.argv[2]!, { readonly: true });
db.pragma('busy_timeout = 5000');
const tokenStmt = db.prepare('select * from tokens where token_hash = ? and revoked_at is null');
const accountStmt = db.prepare('select * from accounts where id = ? and deleted_at is null');
const pageStmt = db.prepare(
  `select rooms.*, room_reads.last_read_message_id as last_read from rooms
   left join room_reads on room_reads.room_pk = rooms.id and room_reads.user_id = ?
   where rooms.account_id = ? and rooms.inbox_type = ? and rooms.status = 'open'
   order by rooms.last_message_at desc, rooms.id desc limit ? offset ?`,
);
const totals = new Map<string, number>();
const countStmt = db.prepare(`select count(*) as n from rooms where account_id = ? and inbox_type = ? and status = 'open'`);

http
  .createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const t = tokenStmt.get(
      crypto
        .createHash('sha256')
        .update(url.searchParams.get('token') ?? '')
        .digest('hex'),
    ) as { user_id: number } | undefined;
    const user = t && (accountStmt.get(t.user_id) as { id: number } | undefined);
    if (!user) return void res.writeHead(401).end();
    const acting = Number(url.searchParams.get('targetAccountId') ?? user.id);
    const type = url.searchParams.get('type') ?? 'priority';
    const size = Number(url.searchParams.get('pageSize') ?? 20);
    const page = Number(url.searchParams.get('page') ?? 0);
    const rows = pageStmt.all(user.id, acting, type, size, page * size) as Record<string, any>[];
    // The product keeps totals until a room moves; nothing moves during the load, so the same here.
    const key = `${acting}:${type}`;
    const total = totals.get(key) ?? (countStmt.get(acting, type) as { n: number }).n;
    totals.set(key, total);
    const ids = rows.map((r) => r.last_message_id);
    const lasts = ids.length
      ? (db.prepare(`select * from messages where id in (${ids.map(() => '?').join(',')})`).all(...ids) as Record<string, any>[])
      : [];
    const byId = new Map(lasts.map((m) => [m.id, m]));
    const rooms = rows.map((r) => ({
      roomId: r.room_id,
      uuid: r.uuid,
      username: r.username,
      lastMessage: byId.get(r.last_message_id)?.body ?? '',
      lastMessageTimestamp: r.last_message_at,
      aiAgentEnabled: r.ai_agent_enabled === 1,
      unread: r.last_inbound_message_id > (r.last_read ?? 0),
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, rooms, totalRooms: total }));
  })
  .listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('ready'));
