import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * Loose values are refused with a 400 naming the field, the same on both databases: timestamps that are
 * null or past 2^53, ids past the 32-bit column range (PostgreSQL's int4 would answer 500), time zones
 * that are not IANA zones.
 */
let t: TestApp;
let org: Session;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@loose.test', { businessName: 'Loose Co' });
});
afterAll(async () => {
  await t.close();
});

const expect400 = (res: { status: number; body: { field?: string } }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.field).toBe(field);
};

describe('timestamps', () => {
  it('a calendar event refuses a null start and times past 2^53, and stores nothing', async () => {
    const start = Date.now() + 86_400_000;
    expect400(
      await t.request('POST', '/api/v1/schedule/events', { token: org.token, body: { start: null, end: start, title: 'Busy' } }),
      'start',
    );
    expect400(
      await t.request('POST', '/api/v1/schedule/events', { token: org.token, body: { start, end: 2 ** 53, title: 'Busy' } }),
      'end',
    );
    expect400(
      await t.request('POST', '/api/v1/schedule/events', { token: org.token, body: { start, end: 2 ** 63, title: 'Busy' } }),
      'end',
    );
    expect400(
      await t.request('POST', '/api/v1/schedule/events', { token: org.token, body: { start: '', end: start + 1, title: 'Busy' } }),
      'start',
    );
    expect400(
      await t.request('POST', '/api/v1/schedule/events', { token: org.token, body: { start: true, end: start + 1, title: 'Busy' } }),
      'start',
    );
    const ok = await t.request('POST', '/api/v1/schedule/events', {
      token: org.token,
      body: { start, end: start + 3_600_000, title: 'Busy' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.event.start).toBe(start);
  });

  it('link statistics refuse a null from or to instead of reading 0', async () => {
    expect400(await t.request('POST', '/api/v1/stats/links', { token: org.token, body: { from: null } }), 'from');
    expect400(await t.request('POST', '/api/v1/stats/links', { token: org.token, body: { to: null } }), 'to');
    expect((await t.request('POST', '/api/v1/stats/links', { token: org.token, body: { from: Date.now() - 86_400_000 } })).status).toBe(
      200,
    );
  });
});

describe('ids past the column range', () => {
  it('the call log refuses agentId 2^31 (PostgreSQL int4)', async () => {
    expect400(await t.request('GET', '/api/v1/calls', { token: org.token, query: { agentId: 2 ** 31 } }), 'agentId');
    expect400(await t.request('GET', '/api/v1/calls', { token: org.token, query: { agentId: '' } }), 'agentId');
    expect((await t.request('GET', '/api/v1/calls', { token: org.token, query: { agentId: 2 ** 31 - 1 } })).status).toBe(200);
  });

  it('runPrompt refuses a targetAgent id past the range, as a number or as text', async () => {
    for (const targetAgent of [2 ** 31, '99999999999', 2 ** 53]) {
      expect400(
        await t.request('POST', '/api/v1/agent/runPrompt', { token: org.token, body: { targetAgent, promptText: 'Hi' } }),
        'targetAgent',
      );
    }
    const unknown = await t.request('POST', '/api/v1/agent/runPrompt', {
      token: org.token,
      body: { targetAgent: 2 ** 31 - 1, promptText: 'Hi' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('time zones', () => {
  it('an agent and a schedule take IANA zones only', async () => {
    expect400(await t.request('POST', '/api/v2/campaign', { token: org.token, body: { timezone: 'Not/AZone' } }), 'timezone');
    expect400(await t.request('POST', '/api/v2/campaign', { token: org.token, body: { timezone: '+02:00' } }), 'timezone');
    expect400(await t.request('POST', '/api/v1/schedule', { token: org.token, body: { timezone: 'Not/AZone' } }), 'timezone');
    const saved = await t.request('POST', '/api/v2/campaign', { token: org.token, body: { timezone: 'America/Argentina/Buenos_Aires' } });
    expect(saved.status).toBe(200);
    expect(saved.body.campaign.timezone).toBe('America/Argentina/Buenos_Aires');
  });
});
