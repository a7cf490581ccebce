import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCarrier } from '../../platform/providers/carrier/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { campaignsRepository, defaultCampaign } from './repository.ts';

/**
 * An agent places an outbound call by its own function (place_call, app `calls`): a texter asks
 * to be called back, the agent (the offline responder picks the function by its keywords) rings them from
 * the organization's number through the simulated carrier. Wired as the server wires it (services.ts).
 */
let t: TestApp;
let org: Session;
let other: Session;
let number: string;
const TEXTER = '+14155553333';

async function settle() {
  for (let i = 0; i < 10; i++) {
    const ran = await t.services.inbox.queue.drain();
    await (t.services.deps.carrier as LocalCarrier).settle();
    if (ran === 0) return;
  }
}
const outbound = async (s: Session) =>
  (await t.request('GET', '/api/v1/calls', { token: s.token, query: { direction: 'outbound' } })).body.calls as {
    to: string;
    from: string;
    direction: string;
  }[];

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@callback.test', { businessName: 'Callback Co' });
  other = await t.signUp('owner@other-callback.test', { businessName: 'Other Callback' });
  number = (await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: {} })).body.number;
  for (const copy of ['default', 'staging'] as const) {
    await campaignsRepository.put(t.database.db, org.id, copy, {
      ...defaultCampaign(),
      apps: [{ appId: 'calls', version: '1' }],
      enabledFunctions: { 'calls:1': ['place_call'] },
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe('an agent places a call by its function', () => {
  it('a texter asks to be called back: one call from the organization’s number to them, however often the turn runs', async () => {
    const r = await t.request('POST', '/api/dev/carrier/inbound', {
      body: { from: TEXTER, to: number, body: 'Could you call me back please?' },
    });
    expect(r.status).toBe(200);
    await settle();
    await settle();
    const calls = await outbound(org);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ direction: 'outbound', from: number, to: TEXTER });
    const requests = await t.database.db.selectFrom('agent_requests').selectAll().where('kind', '=', 'call').execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.status).toBe('sent');
  });

  it('another tree sees none of it', async () => {
    expect(await outbound(other)).toEqual([]);
  });
});
