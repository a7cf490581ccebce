import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, startServer, SUPER_ADMIN_EMAIL, type RunningServer } from './harness.ts';

/**
 * The shell shows the brand of the host it is served on: Chromium resolves the
 * brand's domains to the test server, so the server sees the real Host header.
 */
describe('brand of the host', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: string;
  let partnerToken: string;

  const call = async (method: string, url: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${server.url}${url}${token ? `${url.includes('?') ? '&' : '?'}token=${token}` : ''}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const session = async (email: string, signup: boolean) => {
    await call('POST', signup ? '/api/v1/signup/email' : '/api/v1/signin/email', null, signup ? { email, businessName: 'HQ' } : { email });
    return (await call('POST', '/api/v1/email/verify', null, { email, verificationCode: await server.code(email) })).token as string;
  };

  beforeAll(async () => {
    server = await startServer(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {});
    port = new URL(server.url).port;
    browser = await launchBrowser(['--host-resolver-rules=MAP *.acme.test 127.0.0.1']);
    const admin = await session(SUPER_ADMIN_EMAIL, true);
    await call('POST', '/internal/createPartner', admin, { name: 'Acme Partners', email: 'partner@acme.test' });
    partnerToken = await session('partner@acme.test', false);
    await call('POST', '/api/v2/domain', partnerToken, {
      domain: 'voice.acme.test',
      name: 'Acme Voice',
      settings: { colors: { primary: '#0f766e' }, supportUrl: 'https://help.acme.test/desk' },
    });
    await call('POST', '/api/v2/domain', partnerToken, { domain: 'plain.acme.test', name: 'Plain Calls' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows the brand's name, colour and title, and its help button opens the brand's support page", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const base = `http://voice.acme.test:${port}`;
    // The brand's outside support desk (not on this machine): answered here so the tab can load.
    await context.route('https://help.acme.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Acme help desk</title>' }),
    );
    await page.goto(`${base}/app/signin`);
    await page.getByRole('heading', { name: 'Sign in to Acme Voice' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Acme Voice');
    expect(await page.getByRole('link', { name: /home/i }).first().textContent()).toContain('Acme Voice');
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand-600').trim());
    expect(primary).toBe('#0f766e');
    await snap(page, 'brand-signin-390');

    await page.evaluate((t) => localStorage.setItem('token', t), partnerToken);
    await page.goto(`${base}/app`);
    await page.locator('[data-home]').waitFor();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Help' }).click();
    const desk = await popup;
    await desk.waitForLoadState();
    expect(desk.url()).toBe('https://help.acme.test/desk');
    expect(new URL(page.url()).searchParams.has('help')).toBe(false);
    await context.close();
  });

  it("without a support URL the help button opens the 'get-support' form; generic-brand mode hides the main brand's marks", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const base = `http://plain.acme.test:${port}`;
    await page.addInitScript((t) => localStorage.setItem('token', t), partnerToken);
    await page.goto(`${base}/app`);
    await page.locator('[data-home]').waitFor();
    await page.getByRole('link', { name: /home/i }).first().getByText('Plain Calls').waitFor();
    await page.getByRole('button', { name: 'Help' }).click();
    await page.waitForURL((u) => u.searchParams.get('form') === 'get-support');
    await page.getByRole('dialog', { name: 'Get support' }).getByText('Contact Plain Calls').waitFor();

    await context.close();

    // Generic-brand mode hides the main brand's marks; a partner's own brand stays.
    const signedOut = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const plain = await signedOut.newPage();
    await plain.goto(`${base}/app/signin?genericBrand=true`);
    await plain.getByRole('heading', { name: 'Sign in to Plain Calls' }).waitFor();
    await signedOut.close();

    const main = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const mainPage = await main.newPage();
    await mainPage.goto(`${server.url}/app/signin?genericBrand=true`);
    await mainPage.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    expect(await mainPage.getByText('Switchboard').count()).toBe(0);
    await expect.poll(() => mainPage.title()).toBe('Sign in');
    // The mode is kept for the session.
    await mainPage.goto(`${server.url}/install`);
    await mainPage.getByRole('heading', { name: 'Get the app' }).waitFor();
    await snap(mainPage, 'brand-generic-1280');
    await main.close();
  });
});
