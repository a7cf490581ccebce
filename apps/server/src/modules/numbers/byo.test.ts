import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCarrier } from '../../platform/providers/carrier/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let org: Session;
let other: Session;
let agentNumber: string;
let otherNumber: string;
const as = (s: Session, body?: object) => ({
  token: s.token,
  query: { targetAccountId: s.id },
  ...(body ? { body: { targetAccountId: s.id, ...body } } : {}),
});
const carrier = () => t.services.deps.carrier as LocalCarrier;
const codeIn = (text: string) => text.replace(/\D/g, '').slice(-6);

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@byo.test', { businessName: 'Own Line' });
  other = await t.signUp('owner@byo2.test', { businessName: 'Other Line' });
  agentNumber = (await t.request('POST', '/api/v2/phoneNumber/assign', as(org, {}))).body.number;
  otherNumber = (await t.request('POST', '/api/v2/phoneNumber/assign', as(other, {}))).body.number;
  // The fake clock of the forwarding wait: time runs out once the carrier has nothing more in flight.
  t.services.numbers.forwardingClock.sleep = async () => {
    await carrier().settle();
  };
});
afterAll(async () => {
  await t.close();
});

describe("the simulated carrier's page of numbers", () => {
  it('lists each number with the name of the account holding it', async () => {
    const accounts = await t.database.db
      .selectFrom('accounts')
      .select(['id', 'username', 'account_name'])
      .where('id', 'in', [org.id, other.id])
      .execute();
    const of = (id: number) => accounts.find((a) => a.id === id)!;
    const res = await t.request('GET', '/api/dev/carrier/numbers');
    expect(res.status).toBe(200);
    expect(res.body.numbers).toEqual(
      expect.arrayContaining([
        { number: agentNumber, username: of(org.id).username, name: of(org.id).account_name },
        { number: otherNumber, username: of(other.id).username, name: of(other.id).account_name },
      ]),
    );
    expect(of(org.id).account_name).toBe('Own Line');
  });
});

describe('bring your own number', () => {
  const own = '+13125550777';

  it('sends a code by SMS; a wrong code is refused with the tries left, the right one verifies', async () => {
    const res = await t.request('POST', '/api/v2/phoneNumber/byo/assign', as(org, { number: '(312) 555-0777' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'sms', phoneNumber: { number: own, kind: 'byo', status: 'pending_verification' } });
    const sms = (await t.request('GET', '/api/dev/carrier/sent', { query: { to: own } })).body.messages[0];
    const code = codeIn(sms.body);
    const stored = await t.database.db.selectFrom('number_verifications').select(['code_hash']).where('number', '=', own).execute();
    expect(stored.every((r) => r.code_hash !== code && /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
    // Unverified, the number routes nothing.
    expect((await t.request('POST', '/api/dev/carrier/call', { body: { from: '+12065550333', to: own } })).status).toBe(404);

    const wrong = await t.request(
      'POST',
      '/api/v2/phoneNumber/byo/verify',
      as(org, { number: own, code: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ field: 'code', message: 'That code is not right. 4 tries left.' });
    // Another tree cannot verify it, even with the right code.
    expect((await t.request('POST', '/api/v2/phoneNumber/byo/verify', as(other, { number: own, code }))).status).toBe(404);
    const right = await t.request('POST', '/api/v2/phoneNumber/byo/verify', as(org, { number: own, code }));
    expect(right.status).toBe(200);
    expect(right.body.phoneNumber).toMatchObject({ status: 'active', kind: 'byo' });
    expect((await t.request('POST', '/api/v2/phoneNumber/byo/verify', as(org, { number: own, code }))).status).toBe(409);
  });

  it('speaks the code in a call; five wrong codes lock it until a new one is sent', async () => {
    const number = '+17735550888';
    const res = await t.request('POST', '/api/v2/phoneNumber/byo/assign', as(org, { number, method: 'call' }));
    expect(res.body.method).toBe('call');
    const call = (await t.request('GET', '/api/dev/carrier/calls', { query: { to: number } })).body.calls[0];
    expect(call).toMatchObject({ kind: 'say', status: 'completed', spoken: expect.stringMatching(/code is \d, \d, \d, \d, \d, \d\.$/) });
    const code = codeIn(call.spoken);
    const bad = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      expect((await t.request('POST', '/api/v2/phoneNumber/byo/verify', as(org, { number, code: bad }))).status).toBe(422);
    const locked = await t.request('POST', '/api/v2/phoneNumber/byo/verify', as(org, { number, code }));
    expect(locked.status).toBe(429);
    // A new code replaces the old one.
    await t.request('POST', '/api/v2/phoneNumber/byo/assign', as(org, { number, method: 'sms' }));
    const fresh = codeIn((await t.request('GET', '/api/dev/carrier/sent', { query: { to: number } })).body.messages[0].body);
    expect((await t.request('POST', '/api/v2/phoneNumber/byo/verify', as(org, { number, code: fresh }))).status).toBe(200);
    // Malformed codes are a 400 naming the field.
    expect((await t.request('POST', '/api/v2/phoneNumber/byo/verify', as(org, { number, code: '12ab' }))).body).toMatchObject({
      field: 'code',
    });
  });

  it('routes a verified number by forwarding to our number or over SIP; another tree cannot claim it', async () => {
    const fwd = await t.request('POST', '/api/v2/phoneNumber/byo/route', as(org, { number: own, routing: 'forwarding' }));
    expect(fwd.body.phoneNumber).toMatchObject({ routing: 'forwarding', forwardTo: agentNumber });
    const sip = await t.request('POST', '/api/v2/phoneNumber/byo/route', as(org, { number: own, routing: 'sip' }));
    expect(sip.body.phoneNumber).toMatchObject({ routing: 'sip', forwardTo: null });
    // Over SIP the dialled number is the brought one: it now reaches the organization.
    expect((await t.request('POST', '/api/dev/carrier/call', { body: { from: '+12065550333', to: own } })).status).toBe(200);
    expect((await t.request('POST', '/api/v2/phoneNumber/byo/assign', as(other, { number: own }))).status).toBe(409);
    expect((await t.request('POST', '/api/v2/phoneNumber/byo/route', as(other, { number: own, routing: 'sip' }))).status).toBe(404);
    expect(
      (await t.request('POST', '/api/v2/phoneNumber/byo/route', as(other, { number: own, routing: 'forwarding', forwardTo: agentNumber })))
        .status,
    ).toBe(404);
  });
});

describe('forwarding', () => {
  const cell = '+14045550999';

  it("gives each carrier's codes with the agent's number filled in", async () => {
    const res = await t.request('GET', '/api/v1/forwardingInstructions', as(org));
    const national = agentNumber.slice(2);
    const byId = Object.fromEntries(res.body.carriers.map((c: { id: string }) => [c.id, c]));
    expect(res.body.forwardTo).toBe(agentNumber);
    expect(byId.att).toMatchObject({
      unconditional: { enable: `*21*${national}#`, disable: '#21#' },
      conditional: { enable: `*004*${national}#`, disable: '##004#' },
    });
    expect(byId.verizon).toMatchObject({
      unconditional: { enable: `*72${national}`, disable: '*73' },
      conditional: { enable: `*71${national}` },
    });
    expect(byId.tmobile).toMatchObject({ unconditional: { enable: `**21*1${national}#`, disable: '##21#' } });
    const one = await t.request('GET', '/api/v1/forwardingInstructions', {
      ...as(org),
      query: { targetAccountId: org.id, carrier: 'verizon' },
    });
    expect(one.body.carriers).toHaveLength(1);
  });

  it('says no call arrived when the phone does not forward', async () => {
    const res = await t.request('POST', '/api/v1/verifyCellForwarding', as(org, { phoneNumber: cell }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: false, outcome: 'no_call', expected: agentNumber, seen: null });
    const rang = (await t.request('GET', '/api/dev/carrier/calls', { query: { to: cell } })).body.calls[0];
    expect(rang).toMatchObject({ kind: 'test', from: agentNumber, status: 'no-answer', forwardedTo: null });
  });

  it('says which number the call reached when it is forwarded to the wrong one', async () => {
    expect(
      (await t.request('POST', '/api/dev/carrier/dial', { body: { from: cell, digits: `*72${otherNumber.slice(2)}` } })).body,
    ).toMatchObject({
      forwarding: { mode: 'always', target: otherNumber },
    });
    const res = await t.request('POST', '/api/v1/verifyCellForwarding', as(org, { phoneNumber: cell }));
    expect(res.body).toMatchObject({ verified: false, outcome: 'wrong_number', expected: agentNumber, seen: otherNumber });
    expect(res.body.message).toContain(otherNumber);
  });

  it('succeeds once the phone forwards (conditional, AT&T code) to the agent', async () => {
    await t.request('POST', '/api/dev/carrier/dial', { body: { from: cell, digits: '##004#' } });
    await t.request('POST', '/api/dev/carrier/dial', { body: { from: cell, digits: `*004*${agentNumber.slice(2)}#` } });
    const res = await t.request('POST', '/api/v1/verifyCellForwarding', as(org, { phoneNumber: cell }));
    expect(res.body).toMatchObject({ verified: true, outcome: 'success', expected: agentNumber, seen: agentNumber });
    const checks = await t.database.db
      .selectFrom('forwarding_checks')
      .select('status')
      .where('account_id', '=', org.id)
      .orderBy('id')
      .execute();
    expect(checks.map((c) => c.status)).toEqual(['no_call', 'wrong_number', 'success']);
  });

  it("refuses to check another tree's number", async () => {
    const res = await t.request('POST', '/api/v1/verifyCellForwarding', as(other, { phoneNumber: cell, number: agentNumber }));
    expect(res.status).toBe(404);
    expect(
      (
        await t.request('POST', '/api/v1/verifyCellForwarding', {
          token: other.token,
          body: { targetAccountId: org.id, phoneNumber: cell },
        })
      ).status,
    ).toBe(403);
  });
});
