import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ScriptedStt, ToneTts } from '../../testing/voice.ts';
import { expectLedgerBalanced, fundWallet, subscribeToMeteredPlan, walletBalance } from '../../testing/money.ts';

/** Calls are paid by the minute from the wallet: the first minute must be covered, the started minutes are charged at the end. */
let t: TestApp;
let org: Session;
const place = (to: string) => t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to } });
const read = async (id: string) =>
  (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token, query: { targetAccountId: org.id } })).body.call;
const balance = () => walletBalance(t.database.db, org.id);
const fund = (micros: number) => fundWallet(t.database.db, org.id, micros);

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@metered-calls.test', { businessName: 'Metered Calls' });
  expect((await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id } })).status).toBe(200);
  t.services.voice.stt = new ScriptedStt([]);
  t.services.voice.tts = new ToneTts(5);
  await subscribeToMeteredPlan(
    t.database.db,
    org.id,
    { voiceMinutes: { type: 'volume', unit: 'minute', tiers: [{ quantityMin: 1, quantityMax: null, price: 50_000 }] } },
    Date.now() + 86_400_000,
  );
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});

describe('calls charged by the minute', () => {
  it('refuses to dial when the wallet cannot pay the first minute; charges the started minute at the end', async () => {
    await fund(40_000);
    const refused = await place('+14155551234');
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      'Your wallet balance is too low to pay for call minutes ($0.05). Add funds to your wallet and try again.',
    );
    const list = await t.request('GET', '/api/v1/calls', { token: org.token, query: { targetAccountId: org.id } });
    expect(list.body.calls).toHaveLength(0);

    await fund(60_000);
    const call = await place('+14155551234');
    expect(call.status).toBe(200);
    await expect.poll(() => read(call.body.call.id), { timeout: 10_000 }).toMatchObject({ status: 'completed' });
    await expect.poll(balance).toBe(50_000);
    const tx = (await t.request('GET', '/api/v1/recentTransactions', { token: org.token })).body.transactions;
    expect(tx[0]).toMatchObject({ kind: 'charge', amount: -50_000 });
  }, 30_000);
});
