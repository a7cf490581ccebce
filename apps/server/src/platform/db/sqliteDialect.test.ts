import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledRead } from './compiled.ts';
import { openDatabase, runAllOnSqlite, runOnSqliteNow, type DatabaseHandle } from './index.ts';

// The SQLite connection's hand-over (sqliteDialect.ts) and the statements run straight on it
// (runOnSqliteNow, runAllOnSqlite): on a database of their own, whatever TEST_DATABASE_URL says.
let h: DatabaseHandle;
let db: Kysely<any>;
beforeAll(async () => {
  h = await openDatabase({ sqliteFile: ':memory:' });
  db = h.db as Kysely<any>;
  await sql`create table counters (id integer primary key, n integer not null)`.execute(db);
  await sql`insert into counters (id, n) values (1, 0)`.execute(db);
});
afterAll(() => h.close());

/**
 * A transaction that adds 100 to the counter and stays open until `end()`, then commits (or with `undo`
 * rolls back); `inside` runs in it first.
 */
async function openTransaction(o: { undo?: boolean; inside?: (trx: Kysely<any>) => void } = {}) {
  let end!: () => void;
  const gate = new Promise<void>((r) => (end = r));
  let opened!: () => void;
  const started = new Promise<void>((r) => (opened = r));
  const tx = db.transaction().execute(async (trx) => {
    await sql`update counters set n = n + 100 where id = 1`.execute(trx);
    o.inside?.(trx);
    opened();
    await gate;
    if (o.undo) throw new Error('undo');
  });
  await started;
  return { end, tx };
}

const counter = compiledRead<{ n: number }>((k, id) => k.selectFrom('counters').select('n').where('id', '=', id));

describe('the SQLite connection', () => {
  it('goes to the queries waiting for it in the order they asked, one holder at a time', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const order: number[] = [];
    const holder = db.transaction().execute(async (trx) => {
      await sql`update counters set n = n + 1 where id = 1`.execute(trx);
      await gate;
    });
    await new Promise((r) => setImmediate(r));
    const waiting = [1, 2, 3, 4, 5].map((i) => sql`select ${i} as i`.execute(db).then(() => order.push(i)));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    open();
    await Promise.all([holder, ...waiting]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps concurrent read-then-write transactions apart (no lost update)', async () => {
    const before = (await counter(db, 1))[0]!.n;
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(trx);
          await new Promise((r) => setImmediate(r));
          await sql`update counters set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
        }),
      ),
    );
    expect((await counter(db, 1))[0]!.n).toBe(before + 40);
  });

  it('runs a statement straight on it only while no transaction is open, so none sees another’s uncommitted rows', async () => {
    const before = (await counter(db, 1))[0]!.n;
    const query = { sql: 'select n from counters where id = ?', parameters: [1] };
    expect(runOnSqliteNow<{ n: number }>(db, query)).toEqual([{ n: before }]);
    // Not on a transaction object, nor while that transaction is open.
    const { end, tx } = await openTransaction({ inside: (trx) => expect(runOnSqliteNow(trx, query)).toBeUndefined() });
    expect(runOnSqliteNow(db, query)).toBeUndefined();
    // A compiled read waits for the transaction's end and then sees its commit, never its middle.
    const read = counter(db, 1);
    end();
    await tx;
    expect(await read).toEqual([{ n: before + 100 }]);
    expect(runOnSqliteNow(db, query)).toEqual([{ n: before + 100 }]);
  });

  it('runs a batch of statements in one transaction: all of it, or nothing when one fails', async () => {
    const before = (await counter(db, 1))[0]!.n;
    const add = (k: number) => ({ sql: 'update counters set n = n + ? where id = 1', parameters: [k] });
    await runAllOnSqlite(db, [add(1), add(2), { sql: 'insert into counters (id, n) values (?, ?)', parameters: [2, 7] }]);
    expect((await counter(db, 1))[0]!.n).toBe(before + 3);
    expect(await counter(db, 2)).toEqual([{ n: 7 }]);
    // The third statement fails (the id is taken): the first two are undone with it.
    await expect(
      runAllOnSqlite(db, [add(10), add(20), { sql: 'insert into counters (id, n) values (?, ?)', parameters: [2, 0] }]),
    ).rejects.toThrow(/UNIQUE/);
    expect((await counter(db, 1))[0]!.n).toBe(before + 3);
    // The connection is left idle, out of any transaction.
    expect(runOnSqliteNow(db, { sql: 'select 1 as one', parameters: [] })).toEqual([{ one: 1 }]);
  });

  it('runs a batch after the transaction in flight, never inside it', async () => {
    const before = (await counter(db, 1))[0]!.n;
    // Rolled back: had the batch run inside this transaction, its write would be undone too.
    const { end, tx } = await openTransaction({ undo: true });
    const batch = runAllOnSqlite(db, [{ sql: 'update counters set n = n + 1 where id = 1', parameters: [] }]);
    end();
    await expect(tx).rejects.toThrow('undo');
    await batch;
    expect((await counter(db, 1))[0]!.n).toBe(before + 1);
  });
});
