import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousAxeViolations, snap, startServer, type RunningServer } from './harness.ts';

/** The shell: overlays by query key, back button, confirm + toast, widths, page routes, axe. */
describe('web shell', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: { token: string; id: number };

  async function signUp(email: string, businessName: string) {
    const post = (url: string, body: unknown) =>
      fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/v1/signup/email', { email, businessName })).ok).toBe(true);
    const code = await server.code(email);
    return (await (await post('/api/v1/email/verify', { email, verificationCode: code })).json()) as { token: string; id: number };
  }

  async function signedIn(width = 1280, height = 800, token = session.token): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addInitScript((token) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', token);
        sessionStorage.setItem('seeded', '1');
      }
    }, token);
    return { context, page: await context.newPage() };
  }

  const search = (page: Page) => new URL(page.url()).searchParams;

  // axe runs inside the page (the harness puts it in once per page load) rather than through AxeBuilder.
  const axe = seriousAxeViolations;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    session = await signUp('owner@shell.test', 'Shell Works');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens an overlay from its query key and closes it with the back button or its close button', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${server.url}/app`);
    await page.locator('[data-home]').waitFor();

    // The help button adds ?help to the address; Back removes it and closes the overlay.
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'How can we help?' });
    await help.waitFor();
    expect(search(page).get('help')).toBe('true');
    await snap(page, 'overlay-help-1280');
    await page.goBack();
    await help.waitFor({ state: 'detached' });
    expect(search(page).has('help')).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/app');

    // Opened straight from the address: the close button removes the key.
    await page.goto(`${server.url}/app?debug=true`);
    const debug = page.getByRole('dialog', { name: 'Debug' });
    await debug.waitFor();
    // The local outbox shows the sign-up code that was sent to this account.
    await debug.locator('[data-code]').first().waitFor();
    expect(await debug.locator('[data-code]').first().getAttribute('data-code')).toMatch(/^\d{6}$/);
    await snap(page, 'overlay-debug-1280');
    await debug.getByRole('button', { name: 'Close' }).first().click();
    await debug.waitFor({ state: 'detached' });
    expect(search(page).has('debug')).toBe(false);

    // Escape closes too.
    await page.goto(`${server.url}/app?help=true`);
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(search(page).has('help')).toBe(false);

    // A key outside the allowed list opens nothing.
    await page.goto(`${server.url}/app?notAnOverlay=true`);
    await page.locator('[data-home]').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // upgrade carries upgradeRedirect, removed with it.
    await page.goto(`${server.url}/app?upgrade=true&upgradeRedirect=%2Fapp%2FpaymentCancel`);
    await page.getByRole('dialog', { name: 'Upgrade to Premium' }).getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(search(page).toString()).toBe('');
    await context.close();
  });

  it('asks with the global confirmation dialog and shows one toast at a time', async () => {
    // Its own account: signing out revokes the token.
    const own = await signUp('leaver@shell.test', 'Leaver Inc');
    const { context, page } = await signedIn(390, 844, own.token);
    await page.goto(`${server.url}/app`);
    await page.locator('[data-home]').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel', 'Sign out']);
    await snap(page, 'confirm-390');
    // Cancel keeps the session.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/signin/);
    const toast = page.locator('.Toastify__toast');
    await toast.getByText('You are signed out.').waitFor();
    expect(await toast.count()).toBe(1);
    expect(await page.locator('.Toastify__toast-container--bottom-center').count()).toBe(1);
    expect(await toast.first().getAttribute('class')).toContain('Toastify__toast-theme--dark');
    expect(await page.locator('.Toastify__close-button').count()).toBe(0);
    // react-toastify keeps the bar element for timing but makes it transparent when hidden.
    expect(await page.locator('.Toastify__progress-bar--wrp').first().getAttribute('data-hidden')).toBe('true');
    await page.waitForFunction(() => {
      const r = document.querySelector('.Toastify__toast')?.getBoundingClientRect();
      return r != null && r.bottom <= window.innerHeight;
    });
    await snap(page, 'toast-390');
    await context.close();
  });

  it('fits phone (390x844) and desktop (1280) widths without sideways scrolling', async () => {
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const { context, page } = await signedIn(w, h);
      for (const path of ['/app', '/app?help=billing', '/docs', '/install', '/app/paymentSuccess', '/nowhere']) {
        await page.goto(`${server.url}${path}`);
        await page.locator('h1, [role=dialog]').first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${w}px`).toBeLessThanOrEqual(0);
      }
      await page.goto(`${server.url}/app?help=billing`);
      await page.getByRole('dialog', { name: 'Billing and plans' }).waitFor();
      await snap(page, `overlay-help-${w}`);
      await page.goto(`${server.url}/docs`);
      await page.getByRole('heading', { name: 'Documentation' }).waitFor();
      await snap(page, `docs-${w}`);
      await context.close();
    }
  });

  it('serves the page routes: results, install by platform, docs, schedule, account paths and a real 404', async () => {
    const { context, page } = await signedIn(390, 844);
    await page.goto(`${server.url}/app/paymentSuccess`);
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await expect.poll(() => page.title()).toBe('Payment received · Switchboard');
    await snap(page, 'payment-success-390');
    await page.goto(`${server.url}/app/stripePayoutConnectFailure`);
    await page.getByRole('heading', { name: 'Payout account not connected' }).waitFor();
    await page.getByRole('link', { name: 'Try again from your wallet' }).click();
    await page.waitForURL((u) => u.pathname === '/app' && u.searchParams.get('wallet') === 'true');

    // The mobile wrapper's platform (kept for the session) picks the store.
    await page.goto(`${server.url}/mobile/start?mobileApp=true&platform=Android&appVersion=3.1`);
    await page.waitForURL((u) => u.pathname === '/app');
    await page.goto(`${server.url}/install`);
    await page.getByRole('heading', { name: 'Get the Switchboard app' }).waitFor();
    expect(await page.locator('[data-store]').evaluateAll((els) => els.map((e) => e.getAttribute('data-store')))).toEqual(['Android']);
    await snap(page, 'install-390');

    await page.goto(`${server.url}/docs`);
    expect(await page.getByRole('link', { name: 'Open the API reference' }).getAttribute('href')).toBe('/docs/api');
    await page.goto(`${server.url}/schedule?host=ada&type=intro`);
    await page.getByText('Booking page not found').waitFor();

    // /app/org/<id> opens that account; a bad path is said in words.
    await page.goto(`${server.url}/app/org/${session.id}`);
    await page.getByRole('navigation', { name: 'Account path' }).waitFor();
    expect(await page.locator('[data-home]').getAttribute('data-home')).toBe(String(session.id));
    await page.goto(`${server.url}/app/org/abc`);
    await page.getByText('This address does not name an account').waitFor();

    const res = await page.goto(`${server.url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await snap(page, 'notfound-390');
    await context.close();
  });

  it('has no serious or critical axe violations on the sign-in page and /app', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/signin`);
    await page.getByRole('heading', { name: 'Sign in to Switchboard' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await snap(page, 'signin-1280');
    await page.goto(`${server.url}/mobile/start`);
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'mobile-start-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ['/docs', '/install', '/app/paymentCancel', '/nowhere']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('h1').first().waitFor();
      expect(await axe(page), path).toEqual([]);
    }
    await page.goto(`${server.url}/app/signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await context.close();

    const s = await signedIn(390, 844);
    await s.page.goto(`${server.url}/app`);
    await s.page.locator('[data-home]').waitFor();
    expect(await axe(s.page)).toEqual([]);
    await s.page.goto(`${server.url}/app?help=true`);
    await s.page.getByRole('dialog', { name: 'How can we help?' }).waitFor();
    expect(await axe(s.page)).toEqual([]);
    await s.page.goto(`${server.url}/app?debug=true`);
    await s.page.getByRole('dialog', { name: 'Debug' }).locator('[data-code]').first().waitFor();
    expect(await axe(s.page)).toEqual([]);
    await snap(s.page, 'overlay-debug-390');
    await s.context.close();
  });
});
