import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ledger, PLATFORM_ACCOUNTS, walletCode } from './modules/wallet/index.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { connect } from './testing/ws.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close().catch(() => undefined);
});

async function started(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

/** The value of one sample line (`name{labels} value`), or undefined when the text has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics (Prometheus)', () => {
  it('counts requests by route pattern and status with latency, and reports jobs, sockets, calls, ledger, outbound calls and event-loop lag', async () => {
    const { t, base } = await started();
    const s = await t.signUp('metrics@x.test');
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/v1/account?token=${s.token}`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/conversations/999999?token=${s.token}`)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/conversations/888888?token=${s.token}`)).status).toBe(404);

    // A job that fails once is a retry; a job with no handler fails for good.
    let first = true;
    t.services.inbox.queue.register('metrics.flaky', async () => {
      if (first) {
        first = false;
        throw new Error('not yet');
      }
    });
    await t.services.inbox.queue.enqueue('metrics.flaky', {}, { key: 'flaky:1' });
    await t.services.inbox.queue.enqueue('metrics.unknown', {}, { key: 'unknown:1' });
    await t.services.inbox.queue.drain();

    // Ledger transfers: one made, the same key again, one refused.
    const funded = await ledger.transfer(t.database.db, {
      key: 'm:1',
      debit: PLATFORM_ACCOUNTS.card,
      credit: walletCode(s.id),
      amount: 500,
      kind: 'card_topup',
    });
    await ledger.transfer(t.database.db, {
      key: 'm:1',
      debit: PLATFORM_ACCOUNTS.card,
      credit: walletCode(s.id),
      amount: 500,
      kind: 'card_topup',
    });
    await expect(
      ledger.transfer(t.database.db, {
        key: 'm:2',
        debit: walletCode(s.id),
        credit: PLATFORM_ACCOUNTS.revenue,
        amount: 10_000,
        kind: 'metrics_charge',
      }),
    ).rejects.toThrow();
    expect(funded.repeated).toBe(false);

    // An outbound call (what provider adapters make with fetch) to a server on this machine.
    const provider = http.createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const providerHost = `127.0.0.1:${(provider.address() as AddressInfo).port}`;
    await (await fetch(`http://${providerHost}/v1/thing`)).text();
    provider.close();

    const staff = await connect(`${base.replace('http', 'ws')}/api/v1/ws?token=${s.token}&targetAccountId=${s.id}`);
    try {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      const req = 'switchboard_http_request_duration_seconds_count';
      expect(sample(text, req, { method: 'GET', route: '/api/v1/account', status: '200' })).toBe(3);
      // The route's pattern, not the request's text: two ids, one series, and no token in any label.
      expect(sample(text, req, { method: 'GET', route: '/api/v1/conversations/:id', status: '404' })).toBe(2);
      expect(text).not.toMatch(/route="[^"]*(999999|888888)/);
      expect(text).not.toContain(s.token);
      expect(
        sample(text, 'switchboard_http_request_duration_seconds_bucket', { route: '/api/v1/account', status: '200', le: '+Inf' }),
      ).toBe(3);

      expect(sample(text, 'switchboard_job_runs_total', { kind: 'metrics.flaky', outcome: 'retry' })).toBe(1);
      expect(sample(text, 'switchboard_job_runs_total', { kind: 'metrics.unknown', outcome: 'failed' })).toBe(1);
      expect(sample(text, 'switchboard_jobs', { status: 'queued' })).toBeGreaterThanOrEqual(1); // the retry, waiting for its backoff
      expect(sample(text, 'switchboard_jobs', { status: 'failed' })).toBeGreaterThanOrEqual(1);

      expect(sample(text, 'switchboard_ledger_transfers_total', { kind: 'card_topup', outcome: 'made' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'switchboard_ledger_transfers_total', { kind: 'card_topup', outcome: 'repeated' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'switchboard_ledger_transfers_total', { kind: 'metrics_charge', outcome: 'refused' })).toBe(1);

      expect(sample(text, 'switchboard_provider_call_duration_seconds_count', { provider: providerHost, outcome: '5xx' })).toBe(1);
      expect(sample(text, 'switchboard_websockets_open')).toBe(1);
      expect(sample(text, 'switchboard_live_calls')).toBe(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      if (t.database.kind === 'postgres')
        expect(sample(text, 'switchboard_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } finally {
      await staff.close();
    }
  });

  it('answers only this machine by default: a proxied request gets the 404 of an unknown path', async () => {
    const { base } = await started();
    const proxied = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    expect(await proxied.json()).toMatchObject({ success: false, code: 'not_found' });
    // The guard belongs to the route: another spelling of the path reaches the same guard.
    expect((await fetch(`${base}/%6detrics`, { headers: { 'x-real-ip': '203.0.113.9' } })).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
  });

  it('METRICS=token opens it to a bearer token from anywhere, and only to it', async () => {
    const token = 'a-long-metrics-token-0123456789';
    const { base } = await started({ METRICS: 'token', METRICS_TOKEN: token });
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('switchboard_http_request_duration_seconds');
  });

  it('METRICS=off has no route; METRICS=token needs a token', async () => {
    const { base } = await started({ METRICS: 'off' });
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect(() => loadConfig({ METRICS: 'token' })).toThrow('Invalid environment variable METRICS_TOKEN: required when METRICS=token');
    expect(() => loadConfig({ METRICS: 'token', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
