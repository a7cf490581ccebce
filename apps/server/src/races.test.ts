import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from './modules/accounts/index.ts';
import { createTestApp, type Session, type TestApp } from './testing/harness.ts';

/**
 * Races that once lost accounts or messages on PostgreSQL: the same requests sent at once over real HTTP
 * (the server listens; the database pool holds several connections), on whichever database the run uses.
 */
let t: TestApp;
let base: string;
let org: Session;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  org = await t.signUp('owner@race.test', { businessName: 'Race Org' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('no race loses an account', () => {
  it('20 parallel createAccount with one name make 20 agents with 20 usernames', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/v2/createAccount?token=${org.token}`, { targetAccountId: org.id, name: 'Same Name' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await t.database.db.selectFrom('accounts').select('username').where('parent_id', '=', org.id).execute();
    const names = rows.map((r) => r.username);
    expect(new Set(names).size).toBe(20);
    expect(names).toContain('same-name');
    expect(names).toContain('same-name-20');
  });

  it('10 parallel sign-up verifications with one business name make 10 organizations, each signed in', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `p${i}@same-business.test`);
    for (const email of emails) {
      const res = await call('POST', '/api/v1/signup/email', { email, name: 'Pat', businessName: 'Same Business' });
      expect(res.status).toBe(200);
    }
    const codes = await Promise.all(emails.map((e) => t.lastCode(e)));
    const results = await Promise.all(
      emails.map((email, i) => call('POST', '/api/v1/email/verify', { email, verificationCode: codes[i] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.username)).size).toBe(10);
    for (const r of results) expect((await call('GET', `/api/v1/account?token=${r.body.token}`)).status).toBe(200);
  });

  it('one code verified 5 times at once signs up exactly one account; the others are told it was used', async () => {
    const email = 'once@same-code.test';
    await call('POST', '/api/v1/signup/email', { email, businessName: 'Once Co' });
    const code = await t.lastCode(email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/v1/email/verify', { email, verificationCode: code })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBeLessThan(500);
      expect(r.body.message).toMatch(/already used|No code is waiting|already exists/);
    }
    const rows = await t.database.db.selectFrom('accounts').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('a verification that fails inside its transaction leaves the code usable', async () => {
    const email = 'retry@after-failure.test';
    await call('POST', '/api/v1/signup/email', { email, businessName: 'Retry Co' });
    const code = await t.lastCode(email);
    // Someone takes the e-mail between sign-up and verification: the creation fails with a conflict...
    const squatter = await insertAccount(t.database.db, { username: 'squatter', accountType: 'organization', email });
    const failed = await call('POST', '/api/v1/email/verify', { email, verificationCode: code });
    expect(failed.status).toBe(409);
    // ...and once that is resolved the same code still works.
    await t.database.db.deleteFrom('accounts').where('id', '=', squatter.id).execute();
    const retried = await call('POST', '/api/v1/email/verify', { email, verificationCode: code });
    expect(retried.status).toBe(200);
  });
});

describe('no race loses or repeats a message', () => {
  it('one idempotency key sent 20 times at once answers the same message 20 times and stores it once', async () => {
    const v = await call('GET', '/api/v1/allocateTempUserSession');
    const owner = await call('GET', `/api/v1/account?token=${org.token}`);
    // The visitor's room exists first; the repeats race on the message, not on the room.
    expect((await call('POST', `/api/v1/messages?token=${v.body.token}`, { to: owner.body.username, body: 'hello' })).status).toBe(200);
    const body = { to: owner.body.username, body: 'exactly once', idempotencyKey: 'race-key' };
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/api/v1/messages?token=${v.body.token}`, body)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.message.id)).size).toBe(1);
    const stored = await t.database.db.selectFrom('messages').select('id').where('body', '=', 'exactly once').execute();
    expect(stored).toHaveLength(1);
  });
});
