import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { dayIn, recordUsage, usageDayOf } from './index.ts';

/**
 * Usage in the organization's time zone: the zone of its business hours (schedule). Counters
 * are recorded on the organization-local date at write time, so days, weeks, months and billing periods
 * are the organization's; across the 2026-03-08 daylight-saving change of America/New_York (UTC-5 → UTC-4).
 */
let t: TestApp;
let ny: Session;
let utc: Session;
let agent: { id: number };

const always = [{ start: '00:00', end: '24:00' }];
const allWeek = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const at = (iso: string) => Date.parse(iso);
const usage = (token: string, query: Record<string, unknown>) => t.request('GET', '/api/v2/stats/usage', { token, query });

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  ny = await t.signUp('owner@ny-zone.test', { businessName: 'New York Deli' });
  utc = await t.signUp('owner@utc-zone.test', { businessName: 'Greenwich Tea' });
  const saved = await t.request('POST', '/api/v1/schedule', {
    token: ny.token,
    body: { timezone: 'America/New_York', hours: allWeek, meetingTypes: [] },
  });
  expect(saved.status).toBe(200);
  const made = await t.request('POST', '/api/v2/createAccount', { token: ny.token, body: { name: 'Night Desk' } });
  expect(made.status).toBe(200);
  agent = made.body;
});
afterAll(async () => {
  await t.close();
});

describe('organization time zone', () => {
  it('records each use on the organization-local date, on both sides of the daylight-saving change', async () => {
    const db = t.database.db;
    // 04:30Z on Mar 8 is 23:30 EST on Mar 7; 05:30Z is 00:30 EST on Mar 8.
    await recordUsage(db, ny.id, 'inbound-message', 1, at('2026-03-08T04:30:00Z'));
    await recordUsage(db, ny.id, 'inbound-message', 2, at('2026-03-08T05:30:00Z'));
    // After the change (EDT, UTC-4): 03:30Z on Mar 9 is still Mar 8 locally (23:30), 04:30Z is Mar 9 (00:30).
    await recordUsage(db, agent.id, 'inbound-message', 4, at('2026-03-09T03:30:00Z'));
    await recordUsage(db, agent.id, 'inbound-message', 8, at('2026-03-09T04:30:00Z'));
    // An organization without a schedule counts in UTC.
    await recordUsage(db, utc.id, 'inbound-message', 16, at('2026-03-09T03:30:00Z'));
    expect(await usageDayOf(db, agent.id, at('2026-03-09T03:30:00Z'))).toBe('2026-03-08');
    expect(await usageDayOf(db, utc.id, at('2026-03-09T03:30:00Z'))).toBe('2026-03-09');

    const r = await usage(ny.token, { startDate: '2026-03-01', endDate: '2026-03-14' });
    expect(r.status).toBe(200);
    const days = r.body.results['inbound-message'] as Record<string, number>;
    expect([days['2026-03-07'], days['2026-03-08'], days['2026-03-09']]).toEqual([1, 6, 8]);
    const theirs = await usage(utc.token, { startDate: '2026-03-01', endDate: '2026-03-14' });
    expect(theirs.body.results['inbound-message']['2026-03-09']).toBe(16);
    expect(theirs.body.totals['inbound-message']).toBe(16);
    expect(r.body.totals['inbound-message']).toBe(15);
  });

  it('weeks (from Monday) and months are the organization’s: Sunday 23:30 EDT belongs to the week before', async () => {
    const w = await usage(ny.token, { startDate: '2026-03-02', endDate: '2026-03-15', frequency: 'week' });
    expect(w.body.results['inbound-message']).toEqual({ '2026-03-02': 7, '2026-03-09': 8 });
    // 23:30 EST on Feb 28 is 04:30Z on Mar 1: February's.
    await recordUsage(t.database.db, ny.id, 'outbound-message', 5, at('2026-03-01T04:30:00Z'));
    const m = await usage(ny.token, { startDate: '2026-02-01', endDate: '2026-03-31', frequency: 'month' });
    expect(m.body.results['outbound-message']).toEqual({ '2026-02-01': 5, '2026-03-01': 0 });
  });

  it('billing periods start on the local day of the anchor, and today is the local date', async () => {
    // Signed up at 03:00Z on Jan 31: Jan 30 in New York, so its periods run from the 30th (the 28th in February).
    await t.database.db
      .updateTable('accounts')
      .set({ created_at: at('2026-01-31T03:00:00Z'), subscribed_at: null })
      .where('id', '=', ny.id)
      .execute();
    const feb = await usage(ny.token, { startDate: '2026-03-15', billingPeriod: true });
    expect(feb.body).toMatchObject({ startDate: '2026-02-28', endDate: '2026-03-29' });
    const mar = await usage(ny.token, { startDate: '2026-03-30', billingPeriod: true });
    expect(mar.body).toMatchObject({ startDate: '2026-03-30', endDate: '2026-04-29' });
    const current = await usage(ny.token, {});
    const today = dayIn('America/New_York');
    expect(current.body.startDate <= today && today <= current.body.endDate).toBe(true);
    expect(dayIn('Not/AZone', at('2026-03-09T03:30:00Z'))).toBe('2026-03-09');
  });

  it('campaign statistics put calls and conversations on the organization’s local day, with answered calls and their average length', async () => {
    const call = (id: string, startedAtIso: string, extra: { answeredMs?: number; transferTo?: string; direction?: 'inbound' | 'web' }) => {
      const started = at(startedAtIso);
      return {
        id,
        account_id: ny.id,
        agent_id: agent.id,
        direction: extra.direction ?? 'inbound',
        from_number: '+12125550100',
        to_number: '+12125550199',
        status: extra.answeredMs == null ? ('no-answer' as const) : ('completed' as const),
        started_at: started,
        answered_at: extra.answeredMs == null ? null : started + 5_000,
        ended_at: started + 5_000 + (extra.answeredMs ?? 0),
        duration_ms: extra.answeredMs ?? 0,
        transcript: '[]',
        events: '[]',
        transfer_to: extra.transferTo ?? null,
      };
    };
    await t.database.db
      .insertInto('calls')
      .values([
        call('tz-call-1', '2026-03-08T04:30:00Z', { answeredMs: 90_000 }), // 23:30 EST, Mar 7
        call('tz-call-2', '2026-03-08T05:30:00Z', { answeredMs: 30_000, transferTo: '+12125550111' }), // 00:30, Mar 8
        call('tz-call-3', '2026-03-08T05:45:00Z', {}), // rang out
        call('tz-call-4', '2026-03-08T06:00:00Z', { answeredMs: 600_000, direction: 'web' }), // a test call: not counted
      ])
      .execute();
    const campaigns = (date: string) => t.request('GET', `/api/v1/stats/campaigns/${date}`, { token: ny.token });
    const mar7 = await campaigns('2026-03-07');
    expect(mar7.status).toBe(200);
    expect(mar7.body.stats).toEqual([
      expect.objectContaining({ date: '2026-03-07', agentId: agent.id, calls: 1, callsAnswered: 1, averageCallSeconds: 90, transfers: 0 }),
    ]);
    const mar8 = await campaigns('2026-03-08');
    expect(mar8.body.stats).toEqual([
      expect.objectContaining({ date: '2026-03-08', agentId: agent.id, calls: 2, callsAnswered: 1, averageCallSeconds: 30, transfers: 1 }),
    ]);
    // In UTC the first call would have been on Mar 8: the range holds both days, each once.
    const range = await t.request('POST', '/api/v1/stats/campaigns', {
      token: ny.token,
      body: { startDate: '2026-03-07', endDate: '2026-03-08' },
    });
    expect(range.body.stats.map((d: { date: string; calls: number }) => [d.date, d.calls])).toEqual([
      ['2026-03-07', 1],
      ['2026-03-08', 2],
    ]);
  });
});
