import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, FetchPageError } from '../linkpages/index.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import {
  isPrivateAddress,
  OutboundError,
  OutboundRefused,
  postJson,
  outboundAgent,
  outboundFetch,
  outboundUrlProblem,
  type Resolver,
} from '../../platform/http/outbound.ts';

/**
 * The outbound policy: every spelling of an inside address or local name is refused when a URL is saved
 * and when it is called; a name is resolved once, on the connection, so DNS cannot answer "public" to
 * the check and "loopback" to the connection; allowed hosts still get through.
 */
let server: http.Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Inside addresses and local names, spelled every way we know; all reach (or would reach) this machine or its network. */
const spellings = (p: number) => [
  `http://LOCALHOST.:${p}/x`,
  `http://localhost:${p}/x`,
  `http://LocalHost..:${p}/x`,
  `http://app.localhost:${p}/x`,
  `http://localhost.localdomain:${p}/x`,
  `http://127.0.0.1:${p}/x`,
  `http://127.0.0.1.:${p}/x`,
  `http://2130706433:${p}/x`,
  `http://0x7f000001:${p}/x`,
  `http://0x7f.1:${p}/x`,
  `http://0177.0.0.1:${p}/x`,
  `http://127.1:${p}/x`,
  `http://[::1]:${p}/x`,
  `http://[::ffff:127.0.0.1]:${p}/x`,
  `http://[::ffff:7f00:1]:${p}/x`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${p}/x`,
  `http://[::127.0.0.1]:${p}/x`,
  `http://0.0.0.0:${p}/x`,
  `http://0:${p}/x`,
  `http://[::]:${p}/x`,
  `http://10.0.0.1:${p}/x`,
  `http://172.16.5.4:${p}/x`,
  `http://192.168.1.1:${p}/x`,
  `http://100.64.0.1:${p}/x`,
  `http://169.254.169.254/latest/meta-data`,
  `http://[fe80::1]:${p}/x`,
  `http://[fd12:3456::1]:${p}/x`,
  `http://[fc00::1]:${p}/x`,
  `http://printer.local:${p}/x`,
  `http://db.internal:${p}/x`,
  `http://router.home.arpa:${p}/x`,
  `http://intranet:${p}/x`,
  `http://INTRANET.:${p}/x`,
];

/** A resolver that says every name is public: local names must be refused by name, not by DNS. */
const allPublic: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];

describe('refused spellings', () => {
  it('knows inside addresses in every form', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0.0.0.0',
      '[::1]',
      '127.0.0.1.',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('at save time', async () => {
    for (const url of spellings(port)) expect(await outboundUrlProblem(url, { resolve: allPublic }), url).not.toBeNull();
    expect(await outboundUrlProblem('ftp://example.com/x')).toBe('must use http or https');
    expect(await outboundUrlProblem('not a url')).toBe('is not a valid URL');
    expect(await outboundUrlProblem('https://hooks.example.com/x', { resolve: allPublic })).toBeNull();
    expect(await outboundUrlProblem('https://8.8.8.8/hook')).toBeNull();
  });

  it('at send time, through fetch, the webhooks’ client and the page import: nothing reaches loopback', async () => {
    const before = hits;
    for (const url of spellings(port)) {
      await expect(outboundFetch(url, { timeoutMs: 2000 }, { resolve: allPublic }), url).rejects.toBeInstanceOf(OutboundRefused);
      await expect(postJson(url, {}, { timeoutMs: 2000, allowHosts: [], resolve: allPublic }), url).rejects.toBeInstanceOf(OutboundError);
      await expect(fetchPage(url, { allowHosts: [], resolve: allPublic }), url).rejects.toBeInstanceOf(FetchPageError);
    }
    expect(hits).toBe(before);
  });
});

describe('one resolution, on the connection', () => {
  it('a name that is public for the check and loopback for the connection cannot reach loopback', async () => {
    const flipping = (): Resolver => {
      let calls = 0;
      return async () => (calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    };
    const url = `http://rebind.example.com:${port}/x`;
    const before = hits;
    for (const use of [
      (r: Resolver) => outboundFetch(url, { timeoutMs: 2000 }, { resolve: r }),
      (r: Resolver) => postJson(url, {}, { timeoutMs: 2000, allowHosts: [], resolve: r }),
      (r: Resolver) => fetchPage(url, { allowHosts: [], resolve: r }),
    ]) {
      const resolve = flipping();
      // The save-time check sees the public answer…
      expect(await outboundUrlProblem(url, { resolve })).toBeNull();
      // …and the call resolves again, on its connection, and refuses the loopback answer.
      await expect(use(resolve)).rejects.toThrow(/private|loopback|inside/);
    }
    // An answer mixing a public and an inside address is refused whole.
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(outboundFetch(url, { timeoutMs: 2000 }, { resolve: mixed })).rejects.toBeInstanceOf(OutboundRefused);
    expect(hits).toBe(before);
  });

  it('connects to the address the lookup checked', async () => {
    // An allowed name resolved by the policy's own lookup to this machine: the connection goes there.
    const agent = outboundAgent({ allowHosts: ['hooks.test-allowed.example'], resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    const before = hits;
    const res = await outboundFetch(
      `http://hooks.test-allowed.example:${port}/x`,
      { timeoutMs: 2000 },
      { allowHosts: ['hooks.test-allowed.example'] },
      agent,
    );
    expect(res.status).toBe(200);
    expect(hits).toBe(before + 1);
    await agent.close();
  });
});

describe('allowed hosts', () => {
  it('WEBHOOK_ALLOW_HOSTS-style lists still open the policy', async () => {
    const base = `http://127.0.0.1:${port}`;
    expect(await outboundUrlProblem(`${base}/x`, { allowHosts: ['127.0.0.1'] })).toBeNull();
    expect((await outboundFetch(`${base}/x`, { timeoutMs: 2000 }, { allowHosts: ['127.0.0.1'] })).status).toBe(200);
    await expect(postJson(`${base}/x`, { a: 1 }, { timeoutMs: 2000, allowHosts: ['127.0.0.1'] })).resolves.toMatchObject({ status: 200 });
    await expect(fetchPage(`${base}/x`, { allowHosts: ['127.0.0.1'] })).resolves.toMatchObject({ status: 200 });
  });
});

describe('through the API, without an allow-list', () => {
  let t: TestApp;
  let org: Session;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    org = await t.signUp('owner@outbound.test', { businessName: 'Outbound Co' });
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses a trailing-dot or other local spelling for a webhook, an MCP server and a push subscription', async () => {
    const local = [
      'http://LOCALHOST.:39001/hook',
      'http://0x7f000001:39001/hook',
      'http://[::ffff:127.0.0.1]:39001/hook',
      'http://intranet./hook',
    ];
    for (const url of local) {
      const hook = await t.request('POST', '/api/v2/webhooks', { token: org.token, body: { url, events: ['message.created'] } });
      expect(hook.status, url).toBe(400);
      expect(hook.body.field).toBe('url');
      const mcp = await t.request('POST', '/api/v2/integration/mcp-local', { token: org.token, body: { appData: { url } } });
      expect(mcp.status, url).toBe(400);
      expect(mcp.body.field).toBe('appData.url');
      const push = await t.request('POST', '/api/v1/push/subscription', {
        token: org.token,
        body: {
          deviceId: 'phone-0001',
          subscription: { endpoint: url.replace('http:', 'https:'), keys: { p256dh: 'B'.repeat(87), auth: 'c'.repeat(22) } },
        },
      });
      expect(push.status, url).toBe(400);
      expect(push.body.field).toBe('subscription.endpoint');
    }
    const page = await t.request('POST', '/api/v1/getLinktreeData', {
      token: org.token,
      body: { linktreelink: 'http://LOCALHOST.:39001/me' },
    });
    expect(page.status).toBe(422);
    expect(page.body).toMatchObject({ field: 'linktreelink', message: expect.stringContaining('private network') });
  });
});
