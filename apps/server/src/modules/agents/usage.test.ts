import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { createUsageRecorder } from './usage.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const read = (accountId: number, date: string) =>
  t.database.db
    .selectFrom('usage_daily')
    .select('quantity')
    .where('account_id', '=', accountId)
    .where('date', '=', date)
    .where('item', '=', 'tokens')
    .executeTakeFirst();

describe('token usage recorder', () => {
  it('merges concurrent increments per account and day, each caller settling after its increment is stored', async () => {
    const usage = createUsageRecorder(t.database.db);
    const adds = [
      usage.add(1, 10, '2026-11-01'),
      usage.add(1, 5, '2026-11-01'),
      usage.add(2, 7, '2026-11-01'),
      usage.add(1, 1, '2026-11-02'),
      usage.add(1, 0, '2026-11-02'),
    ];
    await Promise.all(adds);
    expect(Number((await read(1, '2026-11-01'))!.quantity)).toBe(15);
    expect(Number((await read(2, '2026-11-01'))!.quantity)).toBe(7);
    expect(Number((await read(1, '2026-11-02'))!.quantity)).toBe(1);
    await usage.add(1, 4, '2026-11-01');
    expect(Number((await read(1, '2026-11-01'))!.quantity)).toBe(19);
  });

  it('counts every turn of concurrent conversations', async () => {
    const org = await t.signUp('usage@agents.test');
    const turns = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.services.agentRuntime.respond({ accountId: org.id, history: [], message: `hello number ${i}`, channel: 'chat' }),
      ),
    );
    const sum = turns.reduce((n, r) => n + r.usage.inputTokens + r.usage.outputTokens, 0);
    expect(Number((await read(org.id, new Date().toISOString().slice(0, 10)))!.quantity)).toBe(sum);
  });
});
