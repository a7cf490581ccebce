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
    await t.database.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('address', '=', 'late@x.test')
      .execute();
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

describe('phone sign-in', () => {
  it('texts a code, signs up a new organization with the verified number, then signs it in', async () => {
    const send = await t.request('POST', '/api/v1/signin/phoneNumber', { body: { phoneNumber: '(415) 555-2671' } });
    expect(send.status).toBe(200);
    const out = await t.request('GET', '/api/dev/outbox');
    expect(out.body.messages[0]).toMatchObject({ channel: 'sms', to: '+14155552671' });
    const first = await t.request('POST', '/api/v1/signin/phoneNumber/verify', {
      body: { phoneNumber: '+1 415 555 2671', verificationCode: await t.lastCode('+14155552671') },
    });
    expect(first.body).toMatchObject({ success: true, isNewAccount: true, accountType: 'organization' });
    const me = await t.request('GET', '/api/v1/account', { token: first.body.token });
    expect(me.body).toMatchObject({ phoneNumber: '+14155552671', phoneNumberVerified: true });

    await t.request('POST', '/api/v1/signin/phoneNumber', { body: { phoneNumber: '4155552671' } });
    const again = await t.request('POST', '/api/v1/signin/phoneNumber/verify', {
      body: { phoneNumber: '4155552671', verificationCode: await t.lastCode('+14155552671') },
    });
    expect(again.body).toMatchObject({ isNewAccount: false, id: first.body.id });
  });

  it('names a bad number', async () => {
    const r = await t.request('POST', '/api/v1/signin/phoneNumber', { body: { phoneNumber: '12' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ field: 'phoneNumber', message: 'phoneNumber: not a valid phone number' });
  });

  it('says so when the carrier cannot deliver', async () => {
    const r = await t.request('POST', '/api/v1/signin/phoneNumber', { body: { phoneNumber: '+12025550123' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ field: 'phoneNumber', success: false });
    expect(r.body.message).toContain('Number unreachable');
    expect(r.body.message).toContain('no code was issued');
    // No code was issued: the code in the failed text (the local outbox keeps it) does not sign in.
    const outbox = await t.request('GET', '/api/dev/outbox', { query: { to: '+12025550123' } });
    expect(outbox.body.messages[0]).toMatchObject({ status: 'failed' });
    const code = /\b(\d{6})\b/.exec(outbox.body.messages[0].body)![1]!;
    const verify = await t.request('POST', '/api/v1/signin/phoneNumber/verify', {
      body: { phoneNumber: '+12025550123', verificationCode: code },
    });
    expect(verify.status).toBe(400);
    expect(verify.body).toMatchObject({ field: 'verificationCode', message: 'No code is waiting for this address. Request a new one.' });
  });
});

describe('temporary users', () => {
  it('allocates an anonymous session that keeps its id when it signs up', async () => {
    const temp = await t.request('GET', '/api/v1/allocateTempUserSession');
    expect(temp.body).toMatchObject({ success: true, id: expect.any(Number), token: expect.any(String) });
    const me = await t.request('GET', '/api/v1/account', { token: temp.body.token });
    expect(me.body).toMatchObject({ tempUser: true, accountType: 'user' });

    await t.request('POST', '/api/v1/signup/email', {
      body: { email: 'was-temp@x.test', businessName: 'Was Temp', tempUserToken: temp.body.token },
    });
    const verified = await t.request('POST', '/api/v1/email/verify', {
      body: { email: 'was-temp@x.test', verificationCode: await t.lastCode('was-temp@x.test') },
    });
    // Same id: everything the temp user did (its conversations) stays with the new organization.
    expect(verified.body).toMatchObject({ id: temp.body.id, accountType: 'organization', isNewAccount: true });
    const after = await t.request('GET', '/api/v1/account', { token: verified.body.token });
    expect(after.body).toMatchObject({ tempUser: false, email: 'was-temp@x.test', organizationId: temp.body.id });
  });
});

describe('verifying a signed-in account', () => {
  it('verifies a phone number and an e-mail with codes', async () => {
    const s = await t.signUp('verify-me@x.test');
    await t.request('POST', '/api/v1/phoneNumber/requestVerificationCode', { token: s.token, body: { phoneNumber: '+16502530000' } });
    const wrong = await t.request('POST', '/api/v1/phoneNumber/validateVerificationCode', {
      token: s.token,
      body: { phoneNumber: '+16502530000', verificationCode: '12345x' },
    });
    expect(wrong.status).toBe(400);
    const ok = await t.request('POST', '/api/v1/phoneNumber/validateVerificationCode', {
      token: s.token,
      body: { phoneNumber: '+16502530000', verificationCode: await t.lastCode('+16502530000') },
    });
    expect(ok.body).toMatchObject({ phoneNumber: '+16502530000', phoneNumberVerified: true });
    const listen = await t.request('POST', '/api/v1/validateVerifiedNumber', { token: s.token, body: {} });
    expect(listen.body).toMatchObject({ verified: true, phoneNumber: '+16502530000' });

    await t.request('POST', '/api/v1/email/requestVerificationCode', { token: s.token, body: { email: 'new-address@x.test' } });
    const email = await t.request('POST', '/api/v1/email/validateVerificationCode', {
      token: s.token,
      body: { email: 'new-address@x.test', verificationCode: await t.lastCode('new-address@x.test') },
    });
    expect(email.body).toMatchObject({ email: 'new-address@x.test', emailVerified: true });
  });

  it('a code sent for one account does not verify another', async () => {
    const a = await t.signUp('va@x.test');
    const b = await t.signUp('vb@x.test');
    await t.request('POST', '/api/v1/phoneNumber/requestVerificationCode', { token: a.token, body: { phoneNumber: '+16502530001' } });
    const code = await t.lastCode('+16502530001');
    const r = await t.request('POST', '/api/v1/phoneNumber/validateVerificationCode', {
      token: b.token,
      body: { phoneNumber: '+16502530001', verificationCode: code },
    });
    expect(r.status).toBe(400);
    const bAccount = await t.request('GET', '/api/v1/account', { token: b.token });
    expect(bAccount.body.phoneNumberVerified).toBe(false);
  });
});

describe('sessions and the API surface', () => {
  it('signs out: the token stops working', async () => {
    const s = await t.signUp('bye@x.test');
    expect((await t.request('POST', '/api/v1/signout', { token: s.token })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/account', { token: s.token })).status).toBe(401);
  });

  it('answers health with the database kind, and serves the OpenAPI document', async () => {
    const h = await t.request('GET', '/api/health');
    expect(h.body).toEqual({ success: true, database: t.database.kind });
    const doc = await t.request('GET', '/api/openapi.json');
    expect(doc.body.paths['/api/v1/signup/email']).toBeDefined();
    expect(doc.body.paths['/api/v2/listOrganizations'].get.parameters.some((p: { name: string }) => p.name === 'pageSize')).toBe(true);
    const ui = await t.app.inject({ method: 'GET', url: '/docs/api' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers unknown API paths with the JSON envelope', async () => {
    const r = await t.request('GET', '/api/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'No route for GET /api/v1/nothing-here.', code: 'not_found' });
  });

  it('check-ins are recorded and read back, user agents cut at 500 characters', async () => {
    const s = await t.signUp('mobile@x.test');
    await t.request('POST', '/api/v1/mobileCheckIn', {
      token: s.token,
      body: { checkIn: { platform: 'iOS', appVersion: '2.1', userAgent: 'u'.repeat(900) } },
    });
    const r = await t.request('GET', '/api/v1/checkIn/mobile', { token: s.token });
    expect(r.body.checkIn).toMatchObject({ platform: 'iOS', appVersion: '2.1' });
    expect(r.body.checkIn.userAgent).toHaveLength(500);
  });
});
