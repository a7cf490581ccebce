import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { LocalEmailProvider } from '../providers/email/local.ts';

/** The local outbox and the simulated carrier hand out codes: only to the machine's own user by default. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const call = (app: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}, payload?: object) =>
  app.app.inject({ method: payload ? 'POST' : 'GET', url, remoteAddress, headers, ...(payload ? { payload } : {}) });

describe('DEV_TOOLS', () => {
  it('local (default): this machine reads the outbox; anyone else, or anyone through a proxy, gets a 404', async () => {
    t = await createTestApp();
    await t.request('POST', '/api/v1/signup/email', { body: { email: 'me@x.test', name: 'Me', businessName: 'Mine' } });
    const mine = await call(t, '/api/dev/outbox', '127.0.0.1');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().messages[0].body).toMatch(/\b\d{6}\b/);
    expect((await call(t, '/api/dev/outbox', '::1')).statusCode).toBe(200);
    for (const [address, headers] of [
      ['203.0.113.5', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.5' }],
    ] as const) {
      const res = await call(t, '/api/dev/outbox?to=me@x.test', address, headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/\b\d{6}\b/);
    }
    const fake = await call(t, '/api/dev/carrier/inbound', '203.0.113.5', {}, { from: '+12065550100', to: '+12065550101', body: 'hi' });
    expect(fake.statusCode).toBe(404);
    expect((await call(t, '/dev/phone', '203.0.113.5')).statusCode).toBe(404);
  });

  it('open lets anyone in; off closes them to this machine too and keeps codes out of the log', async () => {
    t = await createTestApp({ DEV_TOOLS: 'open' });
    expect((await call(t, '/api/dev/outbox', '203.0.113.5')).statusCode).toBe(200);
    await t.close();
    t = await createTestApp({ DEV_TOOLS: 'off' });
    expect((await call(t, '/api/dev/outbox', '127.0.0.1')).statusCode).toBe(404);

    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const mail = { to: 'me@x.test', subject: '123456 is your Switchboard code', text: 'Your code is 123456.' };
    await new LocalEmailProvider(t.database.db, log, 'from@x.test', false).send({ ...mail, idempotencyKey: 'k1' });
    await new LocalEmailProvider(t.database.db, log, 'from@x.test', true).send({ ...mail, idempotencyKey: 'k2' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toMatch(/123456/);
    expect(lines[1]).toMatch(/123456/);
  });
});
