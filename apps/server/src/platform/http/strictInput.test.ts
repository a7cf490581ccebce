import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * Strict input: a body or query field a route does not declare is a 400 naming it, so a misspelt or
 * misplaced field is never dropped in silence; the common parameters (token family, acting-account
 * selectors, idempotency key) pass everywhere; the spec's own names are accepted beside the contract's.
 */
let t: TestApp;
let org: Session;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@strict.test', { businessName: 'Strict Co' });
});
afterAll(async () => {
  await t.close();
});

describe('unknown fields', () => {
  it('refuses an unknown body field, naming it, and stores nothing', async () => {
    const res = await t.request('POST', '/api/v2/contact', { token: org.token, body: { name: 'Ann', nmae: 'typo' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'nmae', message: 'nmae: unknown field' });
    const list = await t.request('GET', '/api/v2/contact', { token: org.token });
    expect(list.body.contacts).toEqual([]);
  });

  it('refuses an unknown query field, on routes with and without a query schema', async () => {
    const listed = await t.request('GET', '/api/v2/contact', { token: org.token, query: { serach: 'x' } });
    expect(listed.status).toBe(400);
    expect(listed.body).toMatchObject({ field: 'serach', message: 'serach: unknown field' });
    const tokens = await t.request('GET', '/api/v2/tokens', { token: org.token, query: { verbose: 1 } });
    expect(tokens.status).toBe(400);
    expect(tokens.body.field).toBe('verbose');
  });

  it('refuses an unknown field inside a strict nested object, naming its path', async () => {
    const res = await t.request('POST', '/api/v1/schedule', { token: org.token, body: { schedule: { timezone: 'Europe/Paris', tz: 1 } } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'schedule.tz', message: 'schedule.tz: unknown field' });
  });

  it('lets the common parameters through in the query and the body', async () => {
    const me = (await t.request('GET', '/api/v1/account', { token: org.token })).body;
    const res = await t.request('POST', '/api/v2/contact', {
      query: { token: org.token, targetAccountId: me.id },
      body: { token: org.token, targetAccountId: me.id, adminToken: 'unused', idempotencyKey: 'k1', name: 'Common' },
    });
    expect(res.status).toBe(200);
    expect(res.body.contact.name).toBe('Common');
  });
});

describe('the spec’s names', () => {
  it('POST /api/v2/contact {name, email, phoneNumber} stores the e-mail and the phone', async () => {
    const res = await t.request('POST', '/api/v2/contact', {
      token: org.token,
      body: { name: 'Victor', email: 'Victor@Example.com', phoneNumber: '+14155550123' },
    });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({ name: 'Victor', emails: ['victor@example.com'], phones: ['+14155550123'] });
    const read = await t.request('GET', `/api/v2/contact/${res.body.contact.id}`, { token: org.token });
    expect(read.body.contact).toMatchObject({ emails: ['victor@example.com'], phones: ['+14155550123'] });
  });

  it('POST /api/v1/schedule {schedule: {...}} changes the schedule, the way GET answers it', async () => {
    const before = (await t.request('GET', '/api/v1/schedule', { token: org.token })).body.schedule;
    const timezone = before.timezone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    const res = await t.request('POST', '/api/v1/schedule', { token: org.token, body: { schedule: { timezone } } });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/v1/schedule', { token: org.token })).body.schedule.timezone).toBe(timezone);
    const both = await t.request('POST', '/api/v1/schedule', { token: org.token, body: { timezone, schedule: { timezone } } });
    expect(both.status).toBe(400);
    expect(both.body.field).toBe('schedule');
  });
});
