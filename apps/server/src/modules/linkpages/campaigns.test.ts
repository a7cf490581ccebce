import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * Link pages, second part, through HTTP on a fresh database: campaign (UTM) and country statistics,
 * pages on a brand's domain, and the fast path that answers cached pages before Fastify (over a real
 * socket, since app.inject bypasses the server).
 */

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
let t: TestApp;
let partner: Session;
let org: { id: number; username: string };
let stranger: Session;
let base: string;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
const stats = (token = partner.token, targetAccountId: number | null = org.id) =>
  t.request('POST', '/api/v1/stats/links', { token, query: targetAccountId ? { targetAccountId } : {}, body: {} });

beforeAll(async () => {
  t = await createTestApp();
  partner = await t.partner('Brandy Partners');
  stranger = await t.signUp('stranger@elsewhere.test', { businessName: 'Elsewhere' });
  const made = await t.request('POST', '/api/v2/createOrganization', { token: partner.token, body: { name: 'Campaign Cafe' } });
  org = { id: made.body.id, username: '' };
  const saved = await t.request('POST', '/api/v1/account/links', {
    token: partner.token,
    query: { targetAccountId: org.id },
    body: { links: [{ id: 'menu', title: 'Menu', url: 'https://cafe.example/menu' }], linksConfig: { theme: 'Noir', published: true } },
  });
  expect(saved.status).toBe(200);
  org.username = saved.body.username;
  await t.request('POST', '/api/v2/domain', { token: partner.token, body: { domain: 'links.brandy.test' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(() => t.close());

describe('campaigns and countries', () => {
  it('counts views and clicks per UTM campaign, a click taking the campaign of the page it was clicked on', async () => {
    const page = `/p/${org.username}`;
    await get(`${page}?utm_source=instagram&utm_medium=social&utm_campaign=spring`);
    await get(`${page}?utm_source=instagram&utm_medium=social&utm_campaign=spring`);
    await get(`${page}?utm_source=newsletter`);
    // The browser sends the page's full address as the referrer of a same-site click.
    const click = await get(`${page}/l/menu`, {
      host: 'localhost:3000',
      referer: `http://localhost:3000${page}?utm_source=instagram&utm_medium=social&utm_campaign=spring`,
    });
    expect(click.statusCode).toBe(302);
    await get(`${page}/l/menu?utm_source=qr&utm_campaign=table-cards`);
    const s = (await stats()).body;
    expect(s.campaigns).toEqual([
      { source: 'instagram', medium: 'social', campaign: 'spring', views: 2, clicks: 1 },
      { source: 'newsletter', medium: null, campaign: null, views: 1, clicks: 0 },
      { source: 'qr', medium: null, campaign: 'table-cards', views: 0, clicks: 1 },
    ]);
  });

  it('counts countries from the browser language’s region, and from CF-IPCountry only behind a trusted proxy', async () => {
    const page = `/p/${org.username}`;
    await get(page, { 'accept-language': 'en-GB,en;q=0.9' });
    await get(page, { 'accept-language': 'fr-CA, fr;q=0.8' });
    await get(page, { 'accept-language': 'de', 'cf-ipcountry': 'US' }); // no region, proxy header not trusted
    const s = (await stats()).body;
    const countries = Object.fromEntries(s.countries.map((c: { country: string; views: number }) => [c.country, c.views]));
    expect(countries).toMatchObject({ GB: 1, CA: 1 });
    expect(countries.US).toBeUndefined();

    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const s2 = await proxied.signUp('proxy@cafe.test', { businessName: 'Proxy Cafe' });
      const me = await proxied.request('POST', '/api/v1/account/links', {
        token: s2.token,
        body: { links: [], linksConfig: { published: true } },
      });
      await proxied.app.inject({ method: 'GET', url: `/p/${me.body.username}`, headers: { 'user-agent': BROWSER, 'cf-ipcountry': 'us' } });
      const st = await proxied.request('POST', '/api/v1/stats/links', { token: s2.token, body: {} });
      expect(st.body.countries).toEqual([{ country: 'US', views: 1, clicks: 0 }]);
    } finally {
      await proxied.close();
    }
  });

  it('counts a view made in the very millisecond the statistics are read', async () => {
    // The clock stands still: the view and the read share one millisecond (the default range ends after now).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await get(`/p/${org.username}?utm_source=same-millisecond`);
      const s = (await stats()).body;
      expect(s.campaigns.find((c: { source: string | null }) => c.source === 'same-millisecond')).toMatchObject({ views: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('cleans campaign values and ignores empty ones', async () => {
    await get(`/p/${org.username}?utm_source=%00%01&utm_medium=`);
    const s = (await stats()).body;
    expect(s.campaigns.every((c: { source: string | null }) => c.source !== '')).toBe(true);
  });
});

describe('a brand’s domain', () => {
  it('serves the pages of accounts under the brand, with the brand’s address as canonical', async () => {
    const res = await get(`/p/${org.username}`, { host: 'links.brandy.test' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`https://links.brandy.test/p/${org.username}`);
    const own = await get(`/p/${org.username}`, { host: 'localhost:3000' });
    expect(own.body).toContain(`http://localhost:3000/p/${org.username}`);
    const view = await t.request('GET', '/api/v1/account/links', { token: partner.token, query: { targetAccountId: org.id } });
    expect(view.body.brandPageUrls).toEqual([`https://links.brandy.test/p/${org.username}`]);
  });

  it('does not serve another tree’s pages on the brand’s domain', async () => {
    const mine = await t.request('POST', '/api/v1/account/links', {
      token: stranger.token,
      body: { links: [{ title: 'Mine', url: 'https://mine.example/' }], linksConfig: { published: true } },
    });
    expect((await get(`/p/${mine.body.username}`, { host: 'links.brandy.test' })).statusCode).toBe(404);
    expect((await get(`/p/${mine.body.username}`, { host: 'localhost:3000' })).statusCode).toBe(200);
    expect(mine.body.brandPageUrls).toEqual([]);
  });
});

describe('another tree', () => {
  it('cannot read the campaign or country statistics', async () => {
    const res = await stats(stranger.token);
    expect(res.status).toBe(403);
    const own = (await stats(stranger.token, null)).body;
    expect(own.campaigns).toEqual([]);
    expect(own.countries).toEqual([]);
  });
});

describe('the fast path (a real socket)', () => {
  it('answers a cached page with the same headers Fastify sent, its ETag, a 304, and records the view', async () => {
    const url = `${base}/p/${org.username}`;
    const first = await fetch(url, { headers: { 'user-agent': BROWSER } });
    const firstHtml = await first.text();
    const second = await fetch(`${url}?utm_source=fast`, { headers: { 'user-agent': BROWSER } });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstHtml);
    for (const h of ['content-type', 'cache-control', 'content-security-policy', 'x-frame-options', 'referrer-policy', 'etag'])
      expect(second.headers.get(h), h).toBe(first.headers.get(h));
    expect(second.headers.get('x-request-id')).toBeTruthy();
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const notModified = await fetch(url, { headers: { 'user-agent': BROWSER, 'if-none-match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    const s = (await stats()).body;
    expect(s.campaigns).toContainEqual({ source: 'fast', medium: null, campaign: null, views: 1, clicks: 0 });
    // A save drops the cached page: the next answer is the new one.
    await t.request('POST', '/api/v1/account/links', {
      token: partner.token,
      query: { targetAccountId: org.id },
      body: { links: [{ id: 'menu', title: 'New menu', url: 'https://cafe.example/menu' }] },
    });
    expect(await (await fetch(url, { headers: { 'user-agent': BROWSER } })).text()).toContain('New menu');
    // Unknown pages and other methods still go through Fastify.
    expect((await fetch(`${base}/p/nobody-here`)).status).toBe(404);
  });
});
