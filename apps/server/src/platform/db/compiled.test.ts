import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { compiledQuery, compiledRead, compiledWrite } from './compiled.ts';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('compiled@read.test', { businessName: 'Compiled Read' });
});
afterAll(() => t.close());

describe('compiledRead', () => {
  it('builds and compiles once, then binds each call’s value (also inside a transaction)', async () => {
    let builds = 0;
    const usernameOf = compiledRead<{ username: string }>((db, id) => {
      builds++;
      return db.selectFrom('accounts').select('username').where('id', '=', id);
    });
    const db = t.database.db;
    const { username } = await db.selectFrom('accounts').select('username').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(await usernameOf(db, owner.id)).toEqual([{ username }]);
    expect(await usernameOf(db, -1)).toEqual([]);
    const inTx = await db.transaction().execute((trx) => usernameOf(trx, owner.id));
    expect(inTx).toEqual([{ username }]);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not have exactly one parameter, the value', async () => {
    const two = compiledRead((db, id) => db.selectFrom('accounts').select('id').where('id', '=', id).where('username', '=', 'x'));
    await expect(two(t.database.db, 1)).rejects.toThrow(/exactly one parameter/);
    const constant = compiledRead((db) => db.selectFrom('accounts').select('id').where('id', '=', 7));
    await expect(constant(t.database.db, 1)).rejects.toThrow(/exactly one parameter/);
  });
});

describe('compiledQuery', () => {
  it('binds several values where their stand-ins were and keeps the query’s own constants', async () => {
    let builds = 0;
    const named = compiledQuery<{ id: number }, [string, number]>(2, (db, username, id) => {
      builds++;
      return db
        .selectFrom('accounts')
        .select('id')
        .where('account_type', '=', 'organization')
        .where('id', '=', id)
        .where('username', '=', username);
    });
    const db = t.database.db;
    const { username } = await db.selectFrom('accounts').select('username').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(await named(db, username, owner.id)).toEqual([{ id: owner.id }]);
    expect(await named(db, `${username}-not`, owner.id)).toEqual([]);
    expect(await named(db, username, owner.id + 1000)).toEqual([]);
    expect(await db.transaction().execute((trx) => named(trx, username, owner.id))).toEqual([{ id: owner.id }]);
    expect(builds).toBe(1);
  });

  it('refuses a query that leaves a value out', async () => {
    const unused = compiledQuery<{ id: number }, [number, number]>(2, (db, id) =>
      db.selectFrom('accounts').select('id').where('id', '=', id),
    );
    await expect(unused(t.database.db, 1, 2)).rejects.toThrow(/not used/);
  });
});

describe('compiledWrite', () => {
  it('compiles once per shape of the row, binds its values and the further ones, and leaves undefined values out', async () => {
    const shapes: string[] = [];
    const rename = compiledWrite<{ account_name: string | null; updated_at: number }, [number]>(1, (db, patch, id) => {
      shapes.push(Object.keys(patch).join(','));
      return db.updateTable('accounts').set(patch).where('id', '=', id).returning(['account_name', 'updated_at']);
    });
    const db = t.database.db;
    expect(await rename(db, { account_name: 'First', updated_at: 1 }, owner.id)).toEqual([{ account_name: 'First', updated_at: 1 }]);
    expect(await rename(db, { account_name: 'Second', updated_at: 2 }, owner.id)).toEqual([{ account_name: 'Second', updated_at: 2 }]);
    // An undefined value is not written (as the builder leaves it out): the shape without it.
    expect(await rename(db, { account_name: undefined, updated_at: 3 }, owner.id)).toEqual([{ account_name: 'Second', updated_at: 3 }]);
    expect(await db.transaction().execute((trx) => rename(trx, { account_name: null, updated_at: 4 }, owner.id))).toEqual([
      { account_name: null, updated_at: 4 },
    ]);
    expect(await rename(db, { account_name: 'Other', updated_at: 5 }, -1)).toEqual([]);
    expect(shapes).toEqual(['account_name,updated_at', 'updated_at']);
  });
});
