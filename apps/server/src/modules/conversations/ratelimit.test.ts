import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEND_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('message send rate limit', () => {
  it('limits each sender on its own, not everyone behind one address', async () => {
    await t.signUp('shop@limit.test', { businessName: 'Limit Shop' });
    const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    const other = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    const send = (token: string, body: string) => t.request('POST', '/api/v1/messages', { token, body: { to: 'limit-shop', body } });

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(visitor.token, `hello ${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A second visitor from the same address is not affected.
    expect((await send(other.token, 'hi')).status).toBe(200);
    // The refused message was not stored; the three before it were.
    const bodies = await t.database.db.selectFrom('messages').select('body').where('sender_account_id', '=', visitor.id).execute();
    expect(bodies.map((m) => m.body).sort()).toEqual(['hello 0', 'hello 1', 'hello 2']);
  });
});
