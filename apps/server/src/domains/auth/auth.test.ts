import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up with e-mail', () => {
  it('sends a code to the outbox, and the code signs the new organization in', async () => {
    const res = await t.request('POST', '/api/v1/signup/email', {
      body: { email: 'Owner@Dental.test', name: 'Olive Owner', businessName: 'Bright Dental' },
    });
    expect(res.status).toBe(200);
    const outbox = await t.request('GET', '/api/dev/outbox');
    expect(outbox.body.messages[0]).toMatchObject({ channel: 'email', to: 'owner@dental.test' });
    const code = outbox.body.messages[0].body.match(/(\d{6})/)[1];

    const verified = await t.request('POST', '/api/v1/email/verify', { body: { email: 'owner@dental.test', verificationCode: code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, accountType: 'organization', username: 'bright-dental', isNewAccount: true });

    const me = await t.request('GET', '/api/v1/account', { token: verified.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      success: true,
      id: verified.body.id,
      accountType: 'organization',
      organizationId: verified.body.id,
      email: 'owner@dental.test',
      displayName: 'Bright Dental',
      details: { orgName: 'Bright Dental', fullName: 'Olive Owner' },
    });
    // The owner's user id equals the account id: every permission (spec §6).
    expect(Object.values(me.body.permissions).every(Boolean)).toBe(true);
  });

  it('refuses a second sign-up with the same e-mail and names the field', async () => {
    await t.signUp('dupe@x.test');
    const res = await t.request('POST', '/api/v1/signup/email', { body: { email: 'DUPE@x.test' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, field: 'email', code: 'conflict' });
  });

  it('names the bad field on malformed input', async () => {
    const res = await t.request('POST', '/api/v1/signup/email', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'email', message: 'email: Please enter a valid e-mail address.' });
  });
});

describe('codes', () => {
  it('rejects a wrong code, counts attempts, and locks after five', async () => {
    await t.request('POST', '/api/v1/signup/email', { body: { email: 'wrong@x.test' } });
    const good = await t.lastCode('wrong@x.test');
    const bad = good === '000000' ? '111111' : '000000';
    const first = await t.request('POST', '/api/v1/email/verify', { body: { email: 'wrong@x.test', verificationCode: bad } });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('That code is not right. 4 attempts left.');
    for (let i = 0; i < 4; i++) await t.request('POST', '/api/v1/email/verify', { body: { email: 'wrong@x.test', verificationCode: bad } });
    const locked = await t.request('POST', '/api/v1/email/verify', { body: { email: 'wrong@x.test', verificationCode: good } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many wrong codes. Request a new one.');
  });

  it('rejects an expired code', async () => {
    await t.request('POST', '/api/v1/signup/email', { body: { email: 'late@x.test' } });
    const code = await t.lastCode('late@x.test');
    await t.database.db.updateTable('verification_codes').set({ expires_at: Date.now() - 1 }).where('address', '=', 'late@x.test').execute();
    const res = await t.request('POST', '/api/v1/email/verify', { body: { email: 'late@x.test', verificationCode: code } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That code has expired. Request a new one.');
  });

  it('stores codes and tokens only as hashes', async () => {
    const s = await t.signUp('hash@x.test');
    const tokens = await t.database.db.selectFrom('tokens').select('token_hash').execute();
    expect(tokens.some((r) => r.token_hash === s.token)).toBe(false);
    expect(tokens.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    const codes = await t.database.db.selectFrom('verification_codes').select('code_hash').execute();
    expect(codes.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });

  it('limits sends per address per hour', async () => {
    await t.signUp('limit@x.test');
    let last;
    for (let i = 0; i < 6; i++) last = await t.request('POST', '/api/v1/signin/email', { body: { email: 'limit@x.test' } });
    expect(last!.status).toBe(429);
    expect(last!.body.field).toBe('email');
  });

  it('a used code cannot be used twice', async () => {
    await t.request('POST', '/api/v1/signup/email', { body: { email: 'once@x.test' } });
    const code = await t.lastCode('once@x.test');
    const a = await t.request('POST', '/api/v1/email/verify', { body: { email: 'once@x.test', verificationCode: code } });
    const b = await t.request('POST', '/api/v1/email/verify', { body: { email: 'once@x.test', verificationCode: code } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(400);
  });
});
