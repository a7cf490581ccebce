import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { defaultCampaign, putCampaign } from '../agents/index.ts';
import { builtinApp } from './builtins.ts';
import { appsRepository } from './repository.ts';
import { isPrivateAddress, outboundUrlProblem as problemWith, postJson } from '../../platform/http/outbound.ts';

const outboundUrlProblem = (raw: string, allowHosts: string[]) => problemWith(raw, { allowHosts });

let server: http.Server;
let url: string;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/slow') return; // never answers
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('outbound webhook safety', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
    // IPv4 inside IPv6: compatible (::/96), mapped in hex, 6to4, NAT64's local range, Teredo; documentation.
    for (const a of ['::7f00:1', '::ffff:7f00:1', '2002:7f00:1::1', '64:ff9b:1::a00:1', '2001:0:4136:e378::1', '2001:db8::1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it('checks URLs when they are saved: scheme, inside addresses, local names', async () => {
    for (const bad of [
      'ftp://example.com/x',
      'http://localhost:8080/x',
      'http://db.internal/x',
      'http://printer.local/',
      'http://[::ffff:7f00:1]/',
      'http://169.254.169.254/latest',
      'not a url',
    ]) {
      expect(await outboundUrlProblem(bad, []), bad).not.toBeNull();
    }
    expect(await outboundUrlProblem('https://8.8.8.8/hook', [])).toBeNull();
    expect(await outboundUrlProblem('http://127.0.0.1:9/hook', ['127.0.0.1'])).toBeNull();
    const a = await createTestApp();
    try {
      const org = await a.signUp('save@webhook.test');
      const app = (hook: string) => ({
        app: {
          appData: {
            name: 'CRM',
            description: 'Our CRM',
            functions: [{ name: 'lookup', description: 'Looks up a caller', parameters: {} }],
          },
          dependencies: { providers: { auth: { webhook: { parameters: { properties: { url: { value: hook } } } } } } },
        },
      });
      const field = 'app.dependencies.providers.auth.webhook.parameters.properties.url.value';
      const created = await a.request('POST', '/api/v2/apps/crm/1', { token: org.token, body: app('http://10.0.0.5/hook') });
      expect(created.status).toBe(400);
      expect(created.body.field).toBe(field);
      expect((await a.request('POST', '/api/v2/apps/crm/1', { token: org.token, body: app('https://8.8.8.8/hook') })).status).toBe(200);
      const updated = await a.request('PUT', '/api/v2/apps/crm/1', { token: org.token, body: app('http://[::1]:3000/hook') });
      expect(updated.status).toBe(400);
      expect(updated.body.field).toBe(field);
    } finally {
      await a.close();
    }
  });

  it('refuses loopback by IP and by name, and other schemes', async () => {
    const before = hits;
    await expect(postJson(`${url}/x`, {}, { timeoutMs: 500, allowHosts: [] })).rejects.toThrow('private or loopback');
    await expect(postJson(url.replace('127.0.0.1', 'localhost') + '/x', {}, { timeoutMs: 500, allowHosts: [] })).rejects.toThrow(
      'private or loopback',
    );
    await expect(postJson('file:///etc/passwd', {}, { timeoutMs: 500, allowHosts: [] })).rejects.toThrow('http or https');
    expect(hits).toBe(before);
  });

  it('reaches an allowed host and times out a silent one', async () => {
    await expect(postJson(`${url}/x`, { a: 1 }, { timeoutMs: 10_000, allowHosts: ['127.0.0.1'] })).resolves.toMatchObject({
      status: 200,
      body: { ok: true },
    });
    await expect(postJson(`${url}/slow`, {}, { timeoutMs: 150, allowHosts: ['127.0.0.1'] })).rejects.toThrow(
      'did not answer within 150 ms',
    );
  });
});

describe('the webhook app without an allow-list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the refusal as a failed function call and never connects', async () => {
    const org = await t.signUp('strict@webhook.test');
    await putCampaign(t.database.db, org.id, 'default', {
      ...defaultCampaign(),
      apps: [{ appId: 'webhook', version: '1' }],
      enabledFunctions: { 'webhook:1': ['call_webhook'] },
    });
    await appsRepository.save(t.database.db, org.id, {
      ...builtinApp('webhook', '1')!,
      dependencies: { providers: { auth: { webhook: { parameters: { properties: { url: { value: `${url}/hook` } } } } } } },
    });
    const before = hits;
    const r = await t.services.agentRuntime.respond({ accountId: org.id, history: [], message: 'webhook please', channel: 'chat' });
    expect(r.functionCalls[0]).toMatchObject({ ok: false, result: { error: expect.stringContaining('private or loopback') } });
    expect(r.text).toContain('private or loopback');
    expect(hits).toBe(before);
  });
});
