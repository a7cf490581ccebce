import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db.ts';
import { seed } from './inbox.ts';
import { nextCount } from './scale-calls.ts';
import { openSqlite } from '../../apps/server/src/platform/db/sqlite.ts';

describe('bench scale: the calls part steps up, then narrows down', () => {
  const run = (passesUpTo: number) => {
    const tried: number[] = [];
    for (let next = nextCount([]); next != null; next = nextCount(tried.map((calls) => ({ calls, ok: calls <= passesUpTo }))))
      tried.push(next);
    return tried;
  };

  it('grows by half from the first count, then halves the gap to within 10 %', () => {
    expect(run(100)).toEqual([20, 30, 45, 68, 102, 85, 94]);
    expect(run(40)).toEqual([20, 30, 45, 38, 42]);
  });

  it('stops at once when the first count is over, and at its ceiling when none is', () => {
    expect(run(10)).toEqual([20]);
    expect(run(Infinity)).toEqual([20, 30, 45, 68, 102, 153, 230, 345, 518, 777]);
  });
});

describe('bench inbox seed: sizes given, rooms consistent with their messages', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-seed-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the conversations and messages asked for, each room pointing at its last (inbound) message', async () => {
    const file = path.join(dir, 'switchboard.db');
    await (await openDatabase({ sqliteFile: file })).close();
    const done: number[] = [];
    let journal = '';
    const s = seed(file, {
      rooms: 70,
      messagesPerRoom: 3,
      bigOrgRooms: 30,
      progress: (n) => {
        done.push(n);
        // While seeding, pages are written once (no write-ahead log): the file holds them.
        journal = fs.existsSync(`${file}-wal`) ? `wal of ${fs.statSync(`${file}-wal`).size} bytes` : 'no wal';
      },
    });
    expect(journal).toBe('no wal');
    expect(done).toEqual([70]);
    const db = openSqlite(file, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('select count(*) as n from messages').get()).toEqual({ n: 210 });
      expect(db.prepare('select count(*) as n from rooms where account_id = ?').get(s.bigOrg)).toEqual({ n: 30 });
      expect(s.orgs).toHaveLength(100);
      const mismatched = db
        .prepare(
          `select r.id from rooms r where r.last_message_id != (select max(id) from messages m where m.room_pk = r.id)
             or r.last_inbound_message_id != (select max(id) from messages m where m.room_pk = r.id and m.direction = 'inbound')
             or r.last_message_at != (select max(created_at) from messages m where m.room_pk = r.id)`,
        )
        .all();
      expect(mismatched).toEqual([]);
    } finally {
      db.close();
    }
  });
});
