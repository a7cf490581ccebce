import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * The Linktree import against a fake Linktree on 127.0.0.1: a profile page as Linktree serves it (a
 * Next.js page with its data in __NEXT_DATA__), one whose shape changed, and one that does not exist.
 */

function nextPage(data: unknown): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>@crusty | Linktree</title>
<link rel="preload" href="/_next/static/css/app.css" as="style"/></head><body><div id="__next"><div class="profile">…</div></div>
<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script>
<script src="/_next/static/chunks/main.js" defer=""></script></body></html>`;
}

const account = {
  id: 4242,
  uuid: '2a5e0f',
  username: 'crusty',
  pageTitle: 'Crusty Bakery',
  description: 'Sourdough since 1999',
  profilePictureUrl: 'https://ugc.production.linktr.ee/crusty.jpg',
  isActive: true,
  links: [
    { id: 2, type: 'CLASSIC', title: 'Order bread', url: 'https://bread.example/order', position: 1, locked: null, thumbnail: null },
    {
      id: 1,
      type: 'CLASSIC',
      title: 'Our shop',
      url: 'https://shop.example/',
      position: 0,
      locked: null,
      thumbnail: 'https://ugc.production.linktr.ee/t.png',
    },
    { id: 3, type: 'HEADER', title: 'Follow us', url: null, position: 2 },
    { id: 4, type: 'CLASSIC', title: 'Sneaky', url: 'javascript:alert(1)', position: 3 },
  ],
  socialLinks: [
    { type: 'INSTAGRAM', url: 'https://instagram.com/crusty', position: 0 },
    { type: 'TIKTOK', url: 'https://tiktok.com/@crusty', position: 1 },
  ],
  // A Linktree custom theme close to our "Bitcoin": dark page, orange buttons, black button text.
  theme: {
    key: 'custom',
    luminance: 'DARK',
    background: { color: '#1c1c1c', style: 'FLAT', type: 'COLOR' },
    buttonStyle: {
      type: 'FILL_ROUNDED',
      backgroundStyle: { color: '#f5901e' },
      shadowStyle: { color: '#000000' },
      textStyle: { color: '#0a0a0a' },
    },
    socialStyle: { color: '#ffffff' },
    typeface: { color: '#ffffff', family: 'Space Mono' },
  },
};

let t: TestApp;
let owner: Session;
let fake: http.Server;
let base: string;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const pages: Record<string, string> = {
      '/crusty': nextPage({ props: { pageProps: { account, links: account.links }, __N_SSP: true }, page: '/[profile]', buildId: 'abc' }),
      '/named-theme': nextPage({ props: { pageProps: { account: { ...account, theme: { key: 'Mineral Blue' } } } } }),
      '/changed': nextPage({ props: { pageProps: { profile: { handle: 'crusty', blocks: [] } } } }),
      '/plain': '<!doctype html><html><body><h1>Hello</h1></body></html>',
    };
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'Not found');
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  owner = await t.signUp('import@crusty.test', { businessName: 'Crusty Import' });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => fake.close(r));
});

const importPage = (body: Record<string, unknown>, token = owner.token) => t.request('POST', '/api/v1/getLinktreeData', { token, body });

describe('Linktree import', () => {
  it('reads links in order, socials, picture, and the closest bundled theme at tolerance 0.6', async () => {
    const res = await importPage({ linktreelink: `${base}/crusty` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      links: [
        { title: 'Our shop', url: 'https://shop.example/', thumbnail: 'https://ugc.production.linktr.ee/t.png' },
        { title: 'Order bread', url: 'https://bread.example/order', thumbnail: null },
      ],
      socialLinks: [
        { type: 'instagram', url: 'https://instagram.com/crusty' },
        { type: 'tiktok', url: 'https://tiktok.com/@crusty' },
      ],
      picture: 'https://ugc.production.linktr.ee/crusty.jpg',
      title: 'Crusty Bakery',
      description: 'Sourdough since 1999',
      theme: 'Bitcoin',
      skipped: 0,
    });
  });

  it('gives no theme when none is alike enough, and matches only among the themes asked for', async () => {
    expect((await importPage({ linktreelink: `${base}/crusty`, matchTolerance: 0.99 })).body.theme).toBeNull();
    expect((await importPage({ linktreelink: `${base}/crusty`, themes: ['Air Snow', 'Swan'] })).body.theme).toBeNull();
    expect((await importPage({ linktreelink: `${base}/crusty`, themes: ['Bitcoin', 'Swan'] })).body.theme).toBe('Bitcoin');
    expect((await importPage({ linktreelink: `${base}/named-theme` })).body.theme).toBe('Mineral Blue');
  });

  it('skips links already on the page with filterExisting', async () => {
    await t.request('POST', '/api/v1/account/links', {
      token: owner.token,
      body: { links: [{ title: 'Shop', url: 'https://shop.example/' }] },
    });
    const res = await importPage({ linktreelink: `${base}/crusty`, filterExisting: true });
    expect(res.body.links.map((l: { title: string }) => l.title)).toEqual(['Order bread']);
    expect(res.body.skipped).toBe(1);
  });

  it('answers a page that changed shape, a non-Linktree page and a missing page with a clear 4xx, importing nothing', async () => {
    const changed = await importPage({ linktreelink: `${base}/changed` });
    expect(changed.status).toBe(422);
    expect(changed.body.field).toBe('linktreelink');
    expect(changed.body.message).toContain('nothing was imported');
    expect((await importPage({ linktreelink: `${base}/plain` })).status).toBe(422);
    const missing = await importPage({ linktreelink: `${base}/nobody` });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('no Linktree page');
    const page = await t.request('GET', '/api/v1/account/links', { token: owner.token });
    expect(page.body.links.map((l: { title: string }) => l.title)).toEqual(['Shop']);
  });

  it('refuses private addresses not allowed, and non-web schemes', async () => {
    const inside = await importPage({ linktreelink: `http://[::1]:${new URL(base).port}/crusty` });
    expect(inside.status).toBe(422);
    expect(inside.body.message).toContain('private network');
    expect((await importPage({ linktreelink: 'file:///etc/passwd' })).body.field).toBe('linktreelink');
    expect((await importPage({ linktreelink: `${base}/crusty`, matchTolerance: 2 })).body.field).toBe('matchTolerance');
  });

  it('another tree’s token cannot import into this account', async () => {
    const stranger = await t.signUp('x@elsewhere.test', { businessName: 'Elsewhere' });
    const res = await t.request('POST', '/api/v1/getLinktreeData', {
      token: stranger.token,
      query: { targetAccountId: owner.id },
      body: { linktreelink: `${base}/crusty` },
    });
    expect(res.status).toBe(403);
  });
});
