import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { subscribeToMeteredPlan } from '../../../testing/money.ts';
import { callsRepository } from '../repository.ts';

/**
 * A call's cost by the organization's plan (docs/voice.md "Recordings and cost"): its started minutes
 * are the next units of the month's usage of its item, priced by the plan's tiers; an item the plan
 * does not price, or an organization without a plan, is at core's list price.
 */
let t: TestApp;
let org: Session;
let plain: Session;

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
let n = 0;
async function insertCall(
  s: Session,
  startedAt: number,
  durationMs: number,
  extra: { direction?: 'inbound' | 'outbound' | 'web'; item?: 'voice' | 'advancedVoice' } = {},
) {
  // Call ids: CA and 32 hex digits, in insertion order.
  const id = `CA${(++n).toString(16).padStart(32, '0')}`;
  await t.database.db
    .insertInto('calls')
    .values({
      id,
      account_id: s.id,
      agent_id: s.id,
      direction: extra.direction ?? 'inbound',
      from_number: '+14155550100',
      to_number: '+14155550199',
      status: 'completed',
      client_key: null,
      started_at: startedAt,
      answered_at: startedAt,
      ended_at: startedAt + durationMs,
      duration_ms: durationMs,
      end_reason: 'hangup',
      transcript: '[]',
      events: '[]',
      created_by: null,
      usage_item: extra.direction === 'web' ? null : (extra.item ?? 'voice'),
    })
    .execute();
  return id;
}

const detail = async (s: Session, id: string) =>
  (await t.request('GET', `/api/v1/calls/${id}`, { token: s.token, query: { targetAccountId: s.id } })).body.call.cost;

/** A plan whose voice minutes are graduated: `included` free, then `price` micro-USD a minute. */
const voicePlan = (s: Session, included: number, price: number) =>
  subscribeToMeteredPlan(t.database.db, s.id, {
    voiceMinutes: {
      type: 'graduated',
      unit: 'minute',
      tiers: [0, price].map((p, i) => ({ quantityMin: i === 0 ? 1 : included + 1, quantityMax: i === 0 ? included : null, price: p })),
    },
  });

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@call-costs.test', { businessName: 'Call Costs' });
  plain = await t.signUp('owner@call-costs-noplan.test', { businessName: 'No Plan' });
  // 10 voice minutes included, then $0.02 a minute; advanced minutes not priced by the plan.
  await voicePlan(org, 10, 20_000);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("a call's cost by the plan", () => {
  it('prices each call by the tier its minutes fall in after the month’s earlier calls; other items and plans at the list price', async () => {
    const included = await insertCall(org, at('2026-03-02T10:00:00Z'), 7 * MIN + 30_000); // minutes 1–8: included
    const crossing = await insertCall(org, at('2026-03-03T09:00:00Z'), 4 * MIN + 1, { direction: 'outbound' }); // 9–13: 2 free, 3 × $0.02
    const web = await insertCall(org, at('2026-03-03T12:00:00Z'), 10 * MIN, { direction: 'web' }); // browser test: free, not counted
    const advanced = await insertCall(org, at('2026-03-04T08:00:00Z'), 2 * MIN, { item: 'advancedVoice' }); // not priced by the plan
    const next = await insertCall(org, at('2026-03-05T08:00:00Z'), 20_000); // minute 14
    const april = await insertCall(org, at('2026-04-01T00:00:30Z'), 3 * MIN); // a new month: included again
    const noPlan = await insertCall(plain, at('2026-03-05T08:00:00Z'), 2 * MIN);

    expect(await detail(org, included)).toEqual({ minutes: 8, microUsd: 0 });
    expect(await detail(org, crossing)).toEqual({ minutes: 5, microUsd: 60_000 });
    expect(await detail(org, web)).toEqual({ minutes: 0, microUsd: 0 });
    expect(await detail(org, advanced)).toEqual({ minutes: 2, microUsd: 300_000 });
    expect(await detail(org, next)).toEqual({ minutes: 1, microUsd: 20_000 });
    expect(await detail(org, april)).toEqual({ minutes: 3, microUsd: 0 });
    expect(await detail(plain, noPlan)).toEqual({ minutes: 2, microUsd: 100_000 });

    // The list shows the same costs, with one plan lookup and one statement for the minutes before, whatever the page size.
    const spy = vi.spyOn(callsRepository, 'minutesBefore');
    const list = await t.request('GET', '/api/v1/calls', { token: org.token, query: { targetAccountId: org.id } });
    expect(list.status).toBe(200);
    const costs = Object.fromEntries((list.body.calls as { id: string; cost: { microUsd: number } }[]).map((c) => [c.id, c.cost.microUsd]));
    expect(costs).toEqual({ [included]: 0, [crossing]: 60_000, [web]: 0, [advanced]: 300_000, [next]: 20_000, [april]: 0 });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![1]).toHaveLength(4);
    spy.mockRestore();

    // The super admin's review queue costs a flagged call the same way (minute 15 and 16: $0.02 each).
    const flagged = await insertCall(org, at('2026-03-06T08:00:00Z'), 2 * MIN);
    await t.database.db
      .updateTable('calls')
      .set({ transfer_to: '+14155550111', transfer_status: 'failed' })
      .where('id', '=', flagged)
      .execute();
    const admin = await t.superAdmin();
    const review = await t.request('GET', '/internal/fetchCallsForReview', { query: { adminToken: admin.token } });
    expect(review.body.calls.find((c: { id: string }) => c.id === flagged)).toMatchObject({
      cost: { minutes: 2, microUsd: 40_000 },
      reasons: ['transfer did not connect (failed)'],
    });
  });

  it('calls starting at the same instant are ordered by id, so two of them never both count the other', async () => {
    const s = await t.signUp('owner@call-costs-tie.test', { businessName: 'Call Costs Tie' });
    await voicePlan(s, 1, 10_000);
    const when = at('2026-05-10T10:00:00Z');
    const a = await insertCall(s, when, MIN);
    const b = await insertCall(s, when, MIN);
    const costs = [(await detail(s, a)).microUsd, (await detail(s, b)).microUsd].sort();
    expect(costs).toEqual([0, 10_000]);
  });
});
