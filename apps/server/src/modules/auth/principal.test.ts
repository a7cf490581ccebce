import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { hashToken, tokensRepository } from './repository.ts';
import { findPrincipal } from './repository/readModels.ts';

let t: TestApp;
let owner: Session;
let other: Session;
let third: Session;
beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('principal@one.test', { businessName: 'Principal One' });
  other = await t.signUp('principal@two.test', { businessName: 'Principal Two' });
  third = await t.signUp('principal@three.test', { businessName: 'Principal Three' });
});
afterAll(() => t.close());

describe('the principal read (token, account and memberships in one statement)', () => {
  it('returns what the three separate reads return, memberships in id order', async () => {
    const db = t.database.db;
    // Granted in the order third, other: the id order, not the account order, is kept.
    for (const accountId of [third.id, other.id]) {
      await db
        .insertInto('memberships')
        .values({ account_id: accountId, user_id: owner.id, is_owner: 0, invited_by: null, created_at: Date.now() })
        .execute();
    }
    const principal = await findPrincipal(db, owner.token);
    const token = await db.selectFrom('tokens').selectAll().where('token_hash', '=', hashToken(owner.token)).executeTakeFirstOrThrow();
    const user = await db.selectFrom('accounts').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    const memberships = await db.selectFrom('memberships').selectAll().where('user_id', '=', owner.id).orderBy('id').execute();
    expect(memberships.map((m) => m.account_id)).toEqual([third.id, other.id]);
    expect(principal).toEqual({ token, user, memberships });
    // The same through Kysely, as when the connection is busy (inside a transaction).
    expect(await db.transaction().execute((trx) => findPrincipal(trx, owner.token))).toEqual(principal);
    // A user without memberships reads an empty list.
    expect((await findPrincipal(db, other.token))?.memberships).toEqual([]);
  });

  it('finds nothing for an unknown, expired or revoked token, nor for a deleted account', async () => {
    const db = t.database.db;
    expect(await findPrincipal(db, 'sb_unknown')).toBeUndefined();
    const expired = await tokensRepository.issue(db, { kind: 'session', userId: other.id, expiresAt: Date.now() - 1000 });
    expect(await findPrincipal(db, expired.value)).toBeUndefined();
    const revoked = await tokensRepository.issue(db, { kind: 'session', userId: other.id });
    expect(await findPrincipal(db, revoked.value)).toBeDefined();
    await db.updateTable('tokens').set({ revoked_at: Date.now() }).where('id', '=', revoked.id).execute();
    expect(await findPrincipal(db, revoked.value)).toBeUndefined();
    expect(await findPrincipal(db, third.token)).toBeDefined();
    await db.updateTable('accounts').set({ deleted_at: Date.now() }).where('id', '=', third.id).execute();
    expect(await findPrincipal(db, third.token)).toBeUndefined();
  });
});
