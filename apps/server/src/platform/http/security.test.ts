import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('pages and API carry CSP, framing refused, nosniff and a Referrer-Policy; no HSTS over plain http', async () => {
    for (const url of ['/api/health', '/app', '/inbox', '/api/v1/nothing']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'self'/);
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('the chat page’s inline script is allowed by its hash, and framing by other sites only when the organization allows embeds', async () => {
    const owner = await t.signUp('embeds@x.test', { businessName: 'Embed Co' });
    const me = (await t.request('GET', '/api/v1/account', { token: owner.token })).body;
    const page = await get(`/chat/${me.username}?embed=1`);
    expect(page.statusCode).toBe(200);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);

    await t.request('POST', '/api/v1/accountSetting', { token: owner.token, body: { settings: { allowEmbeds: true } } });
    const embeddable = await get(`/chat/${me.username}?embed=1`);
    expect(embeddable.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(embeddable.headers['x-frame-options']).toBeUndefined();
    // The app itself stays unframeable.
    expect((await get('/app')).headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
  });

  it('sends HSTS when the request came over TLS through a trusted proxy', async () => {
    const behind = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const res = await behind.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await behind.close();
    }
    // Without TRUST_PROXY the header is the client's claim and does not count.
    expect((await get('/api/health', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
  });
});
