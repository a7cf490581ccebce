import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SAFETY_NET_PAGES } from './checkpointer.ts';
import { openDatabase } from './index.ts';

describe('background WAL checkpoints (SQLite)', () => {
  it('copies the write-ahead log into the database file from the worker, not in the server’s commits', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-ckpt-'));
    const file = path.join(dir, 'db.sqlite');
    const handle = await openDatabase({ sqliteFile: file, backgroundCheckpoint: true });
    try {
      // The server's connection leaves checkpoints to the worker (its own mark is only a safety net)...
      const mark = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
      expect(mark.rows[0]!.wal_autocheckpoint).toBe(SAFETY_NET_PAGES);
      await sql`create table filler (id integer primary key, body text)`.execute(handle.db);
      const before = fs.statSync(file).size;
      // About 2,000 pages in 200 commits: below the server connection's own checkpoint mark (10,000).
      for (let i = 0; i < 200; i++) {
        await handle.db.transaction().execute(async (trx) => {
          for (let j = 0; j < 10; j++) await sql`insert into filler (body) values (${'x'.repeat(3000)})`.execute(trx);
        });
      }
      // ...and the pages still reach the database file.
      await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 4 * 1024 * 1024);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
