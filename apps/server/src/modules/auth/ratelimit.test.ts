import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in rate limit', () => {
  it('answers 429 in words once a client passes SIGNIN_RATE_LIMIT requests a minute', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await t.request('POST', '/api/v1/signin/email', { body: { email: `nobody${i}@x.test` } }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body).toEqual({ success: false, message: 'Too many requests. Try again in a minute.', code: 'rate_limited' });
    // Each sign-in route counts on its own; routes without a limit are not affected.
    expect((await t.request('POST', '/api/v1/email/verify', { body: { email: 'a@x.test', verificationCode: '123456' } })).status).toBe(400);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
