import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced, fundWallet, subscribeToMeteredPlan, walletBalance } from '../../testing/money.ts';
import { ledger } from '../wallet/index.ts';

/**
 * Usage that cannot be refused after the fact: incoming messages ($0.02 each) and model tokens ($0.00001
 * each) are charged when they happened; a wallet that cannot pay is not overdrawn, the use stays counted,
 * and the owner is notified.
 */
let t: TestApp;
let owner: Session;
const balance = () => walletBalance(t.database.db, owner.id);
const notes = async () => JSON.stringify((await t.request('GET', '/api/v1/notifications', { token: owner.token })).body);

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('owner@usage-after.test', { businessName: 'Usage After' });
  await subscribeToMeteredPlan(t.database.db, owner.id, {
    messagesIn: { type: 'graduated', unit: 'message', tiers: [{ quantityMin: 1, quantityMax: null, price: 20_000 }] },
    tokens: { type: 'graduated', unit: 'token', tiers: [{ quantityMin: 1, quantityMax: null, price: 10 }] },
  });
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});

describe('usage charged after it happened', () => {
  it('an incoming message is charged; when the wallet cannot pay it is still stored, nothing is overdrawn, the owner is notified', async () => {
    const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body as { token: string };
    const username = (await t.request('GET', '/api/v1/account', { token: owner.token })).body.username as string;
    await fundWallet(t.database.db, owner.id, 30_000);
    const first = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: username, body: 'Hello?' } });
    expect(first.status).toBe(200);
    const roomId = first.body.roomId as string;
    expect(await balance()).toBe(10_000);
    const tx = (await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body.transactions;
    expect(tx[0]).toMatchObject({ kind: 'charge', amount: -20_000 });
    // $0.01 left: the next incoming message cannot be paid, and is received anyway.
    const second = await t.request('POST', '/api/v1/messages', { token: v.token, body: { roomId, body: 'Anyone there?' } });
    expect(second.status).toBe(200);
    expect(await balance()).toBe(10_000);
    const conv = await t.request('GET', `/api/v1/conversations/${roomId}`, { token: owner.token, query: { targetAccountId: owner.id } });
    expect(conv.body.messages.map((m: { body: string }) => m.body)).toContain('Anyone there?');
    await expect.poll(notes).toContain('too low to pay for incoming messages');
    const used = await t.database.db
      .selectFrom('usage_charges')
      .selectAll()
      .where('account_id', '=', owner.id)
      .where('item', '=', 'inbound-message')
      .executeTakeFirstOrThrow();
    expect(Number(used.quantity)).toBeGreaterThanOrEqual(2);
  });

  it("the model's tokens are charged by the plan's tokens item after the answer", async () => {
    await fundWallet(t.database.db, owner.id, 1_000_000);
    const before = await balance();
    const r = await t.services.agentRuntime.respond({ accountId: owner.id, history: [], message: 'What are your hours?', channel: 'chat' });
    const tokens = r.usage.inputTokens + r.usage.outputTokens;
    expect(tokens).toBeGreaterThan(0);
    expect(await balance()).toBe(before - tokens * 10);
    // An empty wallet: the answer still comes, nothing is taken, the wallet stays at 0.
    const drain = await balance();
    await ledger.transfer(t.database.db, {
      key: `drain:${owner.id}`,
      debit: `wallet:${owner.id}`,
      credit: 'platform:revenue',
      amount: drain,
      kind: 'charge',
    });
    const again = await t.services.agentRuntime.respond({ accountId: owner.id, history: [], message: 'Hello', channel: 'chat' });
    expect(again.text.length).toBeGreaterThan(0);
    expect(await balance()).toBe(0);
  });
});
