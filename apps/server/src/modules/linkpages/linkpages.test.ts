import fs from 'node:fs';
import { colorUpEnd, contrastRatio, LINK_THEMES } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** Link pages through HTTP on a fresh database: saving, the public page, clicks and views, statistics, access. */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
let t: TestApp;
let owner: Session;
let stranger: Session;
let username: string;

async function page(path: string, headers: Record<string, string> = { 'user-agent': BROWSER }) {
  return t.app.inject({ method: 'GET', url: path, headers });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('links@shop.test', { businessName: 'Linky Shop' });
  stranger = await t.signUp('other@elsewhere.test', { businessName: 'Elsewhere Inc' });
  username = (await t.request('GET', '/api/v1/account', { token: owner.token })).body.username;
});
afterAll(() => t.close());

describe('saving a link page', () => {
  it('saves links in order with their settings and reads them back through the account', async () => {
    const res = await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: {
        links: [
          { id: 'shop', title: 'Our shop', url: 'https://shop.example/', order: 1 },
          { id: 'mail', title: 'Write to us', url: 'mailto:hi@shop.example', order: 0 },
          { title: 'Hidden', url: 'tel:+14155550100', enabled: false },
        ],
        linksConfig: {
          theme: 'Noir',
          socialLinksPosition: 'top',
          description: 'Fresh bread daily',
          extras: { booking: { enabled: true } },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.links.map((l: { title: string }) => l.title)).toEqual(['Write to us', 'Our shop', 'Hidden']);
    expect(res.body.links[2].id).toMatch(/^[\w-]+$/);
    expect(res.body.pageUrl).toBe(`http://localhost:3000/p/${username}`);
    const account = await t.request('GET', '/api/v1/account', { token: owner.token });
    expect(account.body.socialLinksPosition).toBe('top');
    expect(account.body.links).toHaveLength(3);
    expect(account.body.linksConfig).toMatchObject({ theme: 'Noir', extras: { booking: { enabled: true } } });
  });

  it('refuses unsafe links, unknown themes and bad windows, naming the field, and keeps what was saved', async () => {
    const js = await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: {
        links: [
          { title: 'ok', url: 'https://a.example' },
          { title: 'evil', url: 'javascript:alert(1)' },
        ],
      },
    });
    expect(js.status).toBe(400);
    expect(js.body.field).toBe('links.1.url');
    const theme = await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: { links: [], linksConfig: { theme: 'Nope' } },
    });
    expect(theme.status).toBe(400);
    expect(theme.body.field).toBe('linksConfig.theme');
    expect(theme.body.message).toMatch(/linksConfig\.theme.*"Nope"/);
    const window = await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: { links: [{ title: 'x', url: 'https://a.example', visibleFrom: 2000, visibleUntil: 1000 }] },
    });
    expect(window.body.field).toBe('links.0.visibleUntil');
    const custom = await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: { links: [], linksConfig: { theme: 'custom' } },
    });
    expect(custom.body.field).toBe('linksConfig.customTheme');
    const still = await t.request('GET', '/api/v1/account/links', { token: owner.token });
    expect(still.body.links).toHaveLength(3);
  });

  it('lists the bundled themes’ keys as an enum of linksConfig.theme in the OpenAPI document', async () => {
    const doc = await t.request('GET', '/api/openapi.json');
    const body = doc.body.paths['/api/v1/account/links'].post.requestBody.content['application/json'].schema;
    const theme = body.properties.linksConfig.properties.theme;
    expect(theme.enum).toEqual(['custom', ...LINK_THEMES.map((x) => x.key)]);
    expect(theme.enum).toHaveLength(20);
    // docs/linkpages.md has the same keys in a table with their luminance and font.
    const doc2 = fs.readFileSync(new URL('../../../../../docs/linkpages.md', import.meta.url), 'utf8');
    for (const x of LINK_THEMES) expect(doc2).toContain(`| \`${x.key}\` | ${x.luminance.toLowerCase()} | ${x.typeface.family} |`);
  });

  it('has 19 bundled themes with the spec’s keys and fonts', () => {
    expect(LINK_THEMES).toHaveLength(19);
    for (const key of ['Air Black', 'Mineral Blue', 'Noir', 'Bitcoin', 'Swan', 'voltage'])
      expect(LINK_THEMES.some((x) => x.key === key)).toBe(true);
    expect(new Set(LINK_THEMES.map((x) => x.typeface.family))).toEqual(new Set(['Inter', 'Space Mono', 'Lato']));
  });

  it('keeps every bundled theme readable: text, social links and button text at 4.5:1 or more', () => {
    for (const th of LINK_THEMES) {
      const bgs = [th.background.color, ...(th.background.style === 'COLORUP' ? [colorUpEnd(th.background.color, th.luminance)] : [])];
      const buttonBg = th.buttonStyle.type === 'OUTLINE_CIRCULAR' ? bgs : [th.buttonStyle.background];
      for (const bg of bgs) {
        expect(contrastRatio(th.typeface.color, bg), `${th.key} text`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(th.socialStyle.color, bg), `${th.key} social`).toBeGreaterThanOrEqual(4.5);
      }
      for (const bg of buttonBg) expect(contrastRatio(th.buttonStyle.text, bg), `${th.key} button`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the public page', () => {
  it('is not shown until published', async () => {
    const res = await page(`/p/${username}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No page at');
  });

  it('is server-rendered with title, description, Open Graph tags, the theme, and only the links that are on', async () => {
    await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: {
        links: [
          { id: 'mail', title: 'Write to us', url: 'mailto:hi@shop.example' },
          { id: 'shop', title: 'Our <shop>', url: 'https://shop.example/' },
          { id: 'off', title: 'Hidden', url: 'tel:+14155550100', enabled: false },
          { id: 'later', title: 'Next year', url: 'https://later.example/', visibleFrom: Date.now() + 365 * 86_400_000 },
        ],
        linksConfig: {
          theme: 'Noir',
          published: true,
          title: 'Linky Shop links',
          description: 'Fresh bread daily',
          extras: { booking: { enabled: true }, talkToAgent: { enabled: true } },
        },
      },
    });
    const res = await page(`/p/${username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Linky Shop links</title>');
    expect(html).toContain('<meta name="description" content="Fresh bread daily">');
    expect(html).toContain('<meta property="og:title" content="Linky Shop links">');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/p/${username}">`);
    expect(html).toContain('data-theme="Noir"');
    expect(html).toContain('url(/p/fonts/space-mono-latin-400-normal.woff2)');
    expect(html).not.toContain('<script');
    expect(html).toContain('Our &lt;shop&gt;');
    expect(html).toContain(`href="/p/${username}/l/shop"`);
    expect(html).not.toContain('Hidden');
    expect(html).not.toContain('Next year');
    expect(html).toContain(`href="/schedule?host=${username}"`);
    expect(html).toContain(`href="/chat/${username}"`);
    // The web app's CSP holds: no inline script is needed, fonts come from this host.
    expect(String(res.headers['content-security-policy'])).toContain("font-src 'self'");
  });

  it('answers from the cache until saved again, with an ETag', async () => {
    const first = await page(`/p/${username}`);
    const again = await page(`/p/${username}`, { 'user-agent': BROWSER, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: {
        links: [{ id: 'shop', title: 'Renamed shop', url: 'https://shop.example/' }],
        linksConfig: { theme: 'Swan', published: true },
      },
    });
    const changed = await page(`/p/${username}`);
    expect(changed.body).toContain('Renamed shop');
    expect(changed.body).toContain('data-theme="Swan"');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('serves the bundled fonts from this host and nothing else under /p/fonts', async () => {
    const font = await page('/p/fonts/lato-latin-700-normal.woff2');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await page('/p/fonts/..%2F..%2Fpackage.json')).statusCode).toBe(404);
  });
});

describe('clicks and views', () => {
  it('redirects a click, counts people but not bots, and reports views, clicks and CTR per link and per day', async () => {
    // Earlier tests viewed the page: the database starts this test empty of events.
    await t.request('POST', '/api/v1/stats/links', { token: owner.token, body: {} });
    await t.database.db.deleteFrom('link_events').execute();
    const from = Date.now() - 1000;
    const click = await page(`/p/${username}/l/shop`, { 'user-agent': BROWSER, referer: `http://localhost:3000/p/${username}` });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://shop.example/');
    await page(`/p/${username}/l/shop`, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await page(`/p/${username}/l/shop`, { 'user-agent': 'x'.repeat(900) });
    expect((await page(`/p/${username}/l/nope`)).statusCode).toBe(404);
    await page(`/p/${username}`, { 'user-agent': BROWSER, referer: 'https://www.instagram.com/linky' });
    await page(`/p/${username}`, { 'user-agent': 'facebookexternalhit/1.1' });
    const stats = await t.request('POST', '/api/v1/stats/links', { token: owner.token, body: { from } });
    expect(stats.status).toBe(200);
    expect(stats.body.views).toBe(1);
    expect(stats.body.clicks).toBe(2);
    expect(stats.body.ctr).toBe(2);
    expect(stats.body.links).toEqual([{ id: 'shop', title: 'Renamed shop', clicks: 2, ctr: 2 }]);
    expect(stats.body.days).toEqual([{ day: new Date().toISOString().slice(0, 10), views: 1, clicks: 2 }]);
    expect(stats.body.referrers).toEqual([{ referrer: 'www.instagram.com', count: 1 }]);
    const agents = await t.database.db.selectFrom('link_events').select('user_agent').execute();
    expect(Math.max(...agents.map((a) => a.user_agent!.length))).toBe(500);
  });

  it('records a burst of clicks in batches, all of them', async () => {
    const from = Date.now() - 1000;
    const before = (await t.request('POST', '/api/v1/stats/links', { token: owner.token, body: { from } })).body.clicks;
    await Promise.all(Array.from({ length: 1200 }, () => page(`/p/${username}/l/shop`)));
    const after = await t.request('POST', '/api/v1/stats/links', { token: owner.token, body: { from } });
    expect(after.body.clicks - before).toBe(1200);
  });

  it('refuses a range that ends before it starts, naming the field', async () => {
    const res = await t.request('POST', '/api/v1/stats/links', { token: owner.token, body: { from: 2000, to: 1000 } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('from');
  });
});

describe('another tree', () => {
  it('cannot edit the page or read its statistics', async () => {
    const ownerId = owner.id;
    const edit = await t.request('POST', '/api/v1/account/links', {
      token: stranger.token,
      query: { targetAccountId: ownerId },
      body: { links: [{ title: 'pwned', url: 'https://evil.example' }] },
    });
    expect(edit.status).toBe(403);
    const stats = await t.request('POST', '/api/v1/stats/links', { token: stranger.token, query: { targetAccountId: ownerId }, body: {} });
    expect(stats.status).toBe(403);
    const read = await t.request('GET', '/api/v1/account/links', { token: stranger.token, query: { targetAccountId: ownerId } });
    expect(read.status).toBe(403);
    expect((await page(`/p/${username}`)).body).toContain('Renamed shop');
    // Its own statistics are its own: nothing of the owner's shows.
    const own = await t.request('POST', '/api/v1/stats/links', { token: stranger.token, body: {} });
    expect(own.body).toMatchObject({ views: 0, clicks: 0, links: [] });
  });

  it('needs a session to edit', async () => {
    const res = await t.request('POST', '/api/v1/account/links', { body: { links: [] } });
    expect(res.status).toBe(401);
  });
});
