import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, usageCost } from '@switchboard/core';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { recordUsage, usageDay } from './index.ts';

let t: TestApp;
let partner: Session;
let orgA: { id: number };
let orgB: { id: number };
let agentA: { id: number };
let stranger: Session;

const today = usageDay();

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  partner = await t.partner('North Partners');
  orgA = (await t.request('POST', '/api/v2/createOrganization', { token: partner.token, body: { name: 'Oak Dental' } })).body;
  orgB = (await t.request('POST', '/api/v2/createOrganization', { token: partner.token, body: { name: 'Pine Salon' } })).body;
  agentA = (
    await t.request('POST', '/api/v2/createAccount', { token: partner.token, body: { targetAccountId: orgA.id, name: 'Front Desk' } })
  ).body;
  stranger = await t.signUp('owner@stranger.test', { businessName: 'Stranger Shop' });
  const db = t.database.db;
  await recordUsage(db, agentA.id, 'tokens', 1200, '2026-03-02');
  await recordUsage(db, orgA.id, 'outbound-message', 3, '2026-03-02');
  await recordUsage(db, agentA.id, 'inbound-message', 4, '2026-03-10');
  await recordUsage(db, orgB.id, 'inbound-message', 7, '2026-03-05');
  await recordUsage(db, stranger.id, 'inbound-message', 99, '2026-03-05');
});
afterAll(async () => {
  await t.close();
});

const usage = (token: string, query: Record<string, unknown>) => t.request('GET', '/api/v2/stats/usage', { token, query });

describe('recordUsage', () => {
  it('adds concurrent increments without losing any', async () => {
    await Promise.all(Array.from({ length: 40 }, () => recordUsage(t.database.db, orgB.id, 'tokens', 5, '2026-04-01')));
    const r = await usage(partner.token, { targetAccountId: orgB.id, startDate: '2026-04-01', endDate: '2026-04-01' });
    expect(r.body.results.tokens).toEqual({ '2026-04-01': 200 });
  });
});

describe('GET /api/v2/stats/usage', () => {
  it('gives an organization its items per date, padded with zeros and sorted, with costs in micro-USD', async () => {
    const r = await usage(partner.token, { targetAccountId: orgA.id, startDate: '2026-03-01' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, startDate: '2026-03-01', endDate: '2026-03-30', frequency: 'day', currency: 'USD' });
    const tokens = r.body.results.tokens as Record<string, number>;
    expect(Object.keys(tokens)).toHaveLength(30);
    expect(Object.keys(tokens)).toEqual([...Object.keys(tokens)].sort());
    expect(tokens['2026-03-01']).toBe(0);
    expect(tokens['2026-03-02']).toBe(1200);
    expect(r.body.results['outbound-message']['2026-03-02']).toBe(3);
    expect(r.body.totals).toMatchObject({
      tokens: 1200,
      'outbound-message': 3,
      'inbound-message': 4,
      voice: 0,
      advancedVoice: 0,
      number: 0,
    });
    expect(Object.keys(r.body.results).sort()).toEqual([
      'advancedVoice',
      'inbound-message',
      'number',
      'outbound-message',
      'tokens',
      'voice',
    ]);
    expect(r.body.costs.tokens['2026-03-02']).toBe(usageCost('tokens', 1200));
    expect(r.body.combinedCosts['2026-03-02']).toBe(usageCost('tokens', 1200) + usageCost('outbound-message', 3));
    expect(r.body.totalCost).toBe(usageCost('tokens', 1200) + usageCost('outbound-message', 3) + usageCost('inbound-message', 4));
  });

  it('sums weeks from Monday and months from the 1st; costs can be left out', async () => {
    const w = await usage(partner.token, {
      targetAccountId: orgA.id,
      startDate: '2026-03-01',
      endDate: '2026-03-15',
      frequency: 'week',
      giveCosts: false,
      combineCosts: false,
    });
    expect(w.body.results.tokens).toEqual({ '2026-02-23': 0, '2026-03-02': 1200, '2026-03-09': 0 });
    expect(w.body.results['inbound-message']['2026-03-09']).toBe(4);
    expect(w.body.costs).toBeUndefined();
    expect(w.body.combinedCosts).toBeUndefined();
    const m = await usage(partner.token, { targetAccountId: orgA.id, startDate: '2026-02-01', endDate: '2026-04-30', frequency: 'month' });
    expect(m.body.results.tokens).toEqual({ '2026-02-01': 0, '2026-03-01': 1200, '2026-04-01': 0 });
  });

  it('narrows to one agent', async () => {
    const r = await usage(partner.token, { targetAccountId: orgA.id, startDate: '2026-03-01', agentId: agentA.id, timeseries: false });
    expect(r.body.results.tokens).toEqual({ '2026-03-02': 1200 });
    expect(r.body.totals['outbound-message']).toBe(0);
  });

  it('defaults to the current billing period', async () => {
    const r = await usage(partner.token, { targetAccountId: orgA.id });
    expect(r.status).toBe(200);
    expect(r.body.startDate <= today && today <= r.body.endDate).toBe(true);
    expect(r.body.endDate < addDays(r.body.startDate, 31)).toBe(true);
  });

  it('shows a partner its organizations side by side, never another tree', async () => {
    const r = await usage(partner.token, { startDate: '2026-03-01' });
    expect(r.status).toBe(200);
    const byName = Object.fromEntries(
      (r.body.organizations as { name: string; totals: Record<string, number> }[]).map((o) => [o.name, o.totals]),
    );
    expect(Object.keys(byName).sort()).toEqual(['Oak Dental', 'Pine Salon']);
    expect(byName['Pine Salon']!['inbound-message']).toBe(7);
    expect(r.body.totals['inbound-message']).toBe(11);
  });

  it('answers malformed input with a 400 naming the field', async () => {
    const bad = await usage(partner.token, { targetAccountId: orgA.id, startDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('startDate');
    const freq = await usage(partner.token, { targetAccountId: orgA.id, frequency: 'hour' });
    expect(freq.body.field).toBe('frequency');
    const order = await usage(partner.token, { targetAccountId: orgA.id, startDate: '2026-03-10', endDate: '2026-03-01' });
    expect(order.body.field).toBe('endDate');
  });
});

describe('costs from the organization’s plan', () => {
  it('prices by the subscribed plan’s tiers (list prices for items it leaves out), each organization by its own plan', async () => {
    const db = t.database.db;
    const now = Date.now();
    const plan = await db
      .insertInto('product_plans')
      .values({
        owner_account_id: partner.id,
        name: 'Tiered',
        price_month: 0,
        price_year: 0,
        created_at: now,
        items: JSON.stringify({
          tokens: {
            type: 'graduated',
            unit: 'token',
            tiers: [
              { quantityMin: 1, quantityMax: 1000, price: 0 },
              { quantityMin: 1001, quantityMax: null, price: 7 },
            ],
          },
          messagesIn: { type: 'volume', unit: 'message', tiers: [{ quantityMin: 1, quantityMax: null, price: 1000 }] },
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subscriptions')
      .values({
        account_id: orgA.id,
        product_plan_id: plan.id,
        term: 'month',
        status: 'active',
        checkout_id: null,
        cancel_reason: null,
        cancel_details: null,
        current_period_end: now + 86_400_000,
        created_at: now,
        canceled_at: null,
      })
      .execute();
    try {
      const r = await usage(partner.token, { targetAccountId: orgA.id, startDate: '2026-03-01', endDate: '2026-03-31' });
      // tokens: the first 1,000 are free, the next 200 cost 7 each; inbound: 4 × 1,000; outbound: list price.
      expect(r.body.costs.tokens['2026-03-02']).toBe(200 * 7);
      expect(r.body.costs['inbound-message']['2026-03-10']).toBe(4000);
      expect(r.body.costs['outbound-message']['2026-03-02']).toBe(usageCost('outbound-message', 3));
      expect(r.body.totalCost).toBe(1400 + 4000 + usageCost('outbound-message', 3));
      // Side by side: Oak Dental by its plan, Pine Salon (no subscription) by the list.
      const all = await usage(partner.token, { startDate: '2026-03-01', endDate: '2026-03-31' });
      const cost = Object.fromEntries((all.body.organizations as { name: string; totalCost: number }[]).map((o) => [o.name, o.totalCost]));
      expect(cost['Oak Dental']).toBe(r.body.totalCost);
      expect(cost['Pine Salon']).toBe(usageCost('inbound-message', 7));
      expect(all.body.totalCost).toBe(cost['Oak Dental']! + cost['Pine Salon']!);
      // Another tree's plan never prices this tree: the stranger still pays list prices.
      const s = await usage(stranger.token, { startDate: '2026-03-05', endDate: '2026-03-05' });
      expect(s.body.totalCost).toBe(usageCost('inbound-message', 99));
    } finally {
      await db.deleteFrom('subscriptions').where('account_id', '=', orgA.id).execute();
    }
  });
});

describe('campaign statistics', () => {
  it('counts conversations and messages per agent and day', async () => {
    const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body as { token: string };
    const me = (await t.request('GET', '/api/v1/account', { token: stranger.token })).body.username as string;
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: me, body: 'Do you open on Sunday?' } });
    expect(sent.status).toBe(200);
    await t.services.inbox.queue.drain();
    const day = await t.request('GET', `/api/v1/stats/campaigns/${today}`, { token: stranger.token });
    expect(day.status).toBe(200);
    expect(day.body.stats).toHaveLength(1);
    expect(day.body.stats[0]).toMatchObject({
      date: today,
      agentId: null,
      conversations: 1,
      messagesIn: 1,
      messagesOut: 1,
      calls: 0,
      name: 'Stranger Shop',
    });
    const range = await t.request('POST', '/api/v1/stats/campaigns', {
      token: stranger.token,
      body: { startDate: addDays(today, -3), endDate: today },
    });
    expect(range.body.stats).toEqual(day.body.stats);
    // The messages were counted as usage in the same commits.
    const u = await usage(stranger.token, { startDate: today, endDate: today });
    expect(u.body.totals).toMatchObject({ 'inbound-message': 1, 'outbound-message': 1 });
    expect(u.body.totals.tokens).toBeGreaterThan(0);
  });

  it('never shows another tree’s figures, and refuses another tree’s campaign or agent', async () => {
    const mine = await t.request('GET', `/api/v1/stats/campaigns/${today}`, { token: partner.token, query: { targetAccountId: orgA.id } });
    expect(mine.body.stats).toEqual([]);
    const other = await t.request('GET', `/api/v1/stats/campaigns/${today}`, {
      token: partner.token,
      query: { targetAccountId: stranger.id },
    });
    expect(other.status).toBe(403);
    const theirs = await usage(stranger.token, { startDate: '2026-03-01', agentId: agentA.id });
    expect(theirs.status).toBe(404);
    const campaign = await t.database.db.selectFrom('campaigns').select('id').where('account_id', '=', stranger.id).executeTakeFirst();
    if (campaign) {
      const c = await t.request('GET', `/api/v1/stats/campaigns/${today}`, {
        token: partner.token,
        query: { targetAccountId: orgA.id, campaignId: campaign.id },
      });
      expect(c.status).toBe(404);
    }
    const bad = await t.request('GET', '/api/v1/stats/campaigns/yesterday', { token: stranger.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('date');
  });
});
