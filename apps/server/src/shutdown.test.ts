import { describe, expect, it } from 'vitest';
import { createTestApp } from './testing/harness.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing, and refuses new connections after', async () => {
    const t = await createTestApp();
    const s = await t.signUp('slow@x.test');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;

    // A long poll: it answers when the number is verified (or after 20 s). Closing starts once the
    // server has the request (Fastify's handler, the server's first 'request' listener, has taken it).
    const arrived = new Promise((r) => t.app.server.once('request', r));
    const inFlight = fetch(`${base}/api/v1/validateVerifiedNumber?token=${s.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listen: true }),
    });
    await arrived;
    const closing = t.close();
    await t.database.db
      .updateTable('accounts')
      .set({ phone_number: '+14155550000', phone_number_verified: 1 })
      .where('id', '=', s.id)
      .execute();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, verified: true });
    await closing;
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
