import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { buildApp } from '../../app.ts';
import { pgAndRedisUnreachable, processConfig, PROCESSES_REDIS_URL } from '../../testing/processes.ts';
import net from 'node:net';
import { sql } from 'kysely';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close().catch(() => undefined);
});

/** A port nothing answers on: a server that was listening and closed. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('GET /api/ready (readiness) beside /api/health (liveness)', () => {
  it('answers 200 with each check once the database and its migrations are there', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers 503 naming the migrations when the schema is behind this build', async () => {
    const t = await createTestApp();
    apps.push(t);
    await sql`delete from kysely_migration where name = ${'202611250010_calls_alive'}`.execute(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      success: false,
      code: 'unavailable',
      checks: { database: 'ok', migrations: expect.stringContaining('1 migration(s) pending') },
    });
    // Liveness is not readiness: the process itself is fine.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming Redis when REDIS_URL is set and Redis does not answer', async () => {
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await deadPort()}` });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok' });
    expect(body.checks.redis).not.toBe('ok');
    expect(body.message).toMatch(/^Not ready: redis: /);
  });

  it('answers 200 with Redis checked when Redis answers', async (ctx) => {
    if (await pgAndRedisUnreachable()) return ctx.skip();
    const t = await createTestApp({ REDIS_URL: PROCESSES_REDIS_URL });
    apps.push(t);
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().checks).toEqual({
      database: 'ok',
      migrations: 'ok',
      redis: 'ok',
    });
  });

  it('answers 503 once the process is shutting down, before connections close', async () => {
    const { config } = processConfig();
    const built = await buildApp(config);
    let during: { status: number; body: unknown } | null = null;
    let base = '';
    // preClose hooks run while the server still listens (the readiness probe's own hook ran first).
    built.app.addHook('preClose', async () => {
      const res = await fetch(`${base}/api/ready`);
      during = { status: res.status, body: await res.json() };
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(built.app.server.address() as net.AddressInfo).port}`;
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    await built.close();
    expect(during).toMatchObject({ status: 503 });
  });
});
