import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describedBy, launchBrowser, openSection, snap, startServer, type RunningServer } from './harness.ts';

/** Sign-up in a browser: sign up with e-mail, read the code from the outbox, land in /app. */
describe('sign-up and sign-in', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs up with e-mail, reads the code from the outbox and lands in /app; sign-out clears local storage', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/app`);
    await page.waitForURL(/\/app\/signin/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Business name').fill('Analytical Engines');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.test');
    await snap(page, 'signup-390');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Verification code').waitFor();

    // A wrong code is said in words next to the field.
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await expect.poll(() => page.locator('[role=alert]').first().textContent()).toMatch(/code/i);
    await snap(page, 'signup-code-error-390');

    const code = await server.code('ada@example.test');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL((u) => u.pathname === '/app');
    // The URL changes before Home renders: until it does, the code step's heading is still on the page.
    await page.locator('[data-home]').waitFor();
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toContain('Analytical Engines');
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), id: localStorage.getItem('id') }));
    expect(stored.token).toBeTruthy();
    expect(await page.locator('[data-home]').getAttribute('data-home')).toBe(stored.id);
    await snap(page, 'app-390');
    // The account's details are in Settings.
    await openSection(page, 'Settings');
    expect(await page.locator('[data-field="E-mail"]').textContent()).toBe('ada@example.test');
    expect(await page.locator('[data-field="Type"]').textContent()).toBe('Organization');
    expect(await page.locator('[data-field="Account id"]').textContent()).toBe(stored.id);
    await page.getByRole('navigation', { name: 'Sections' }).filter({ visible: true }).getByRole('link', { name: 'Home' }).click();

    // A reload keeps the session (the token is in local storage).
    await page.reload();
    await page.locator('[data-home]').waitFor();
    // Signed in, the sign-in page leads back to the app.
    await page.goto(`${server.url}/app/signin`);
    await page.waitForURL((u) => u.pathname === '/app');
    await page.locator('[data-home]').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/signin/);
    await page.getByText('You are signed out.').waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The old token no longer works on the server.
    const res = await fetch(`${server.url}/api/v1/account?token=${stored.token}`);
    expect(res.status).toBe(401);
    await page.close();
  });

  it('signs in by phone with the texted code', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/app/signin`);
    // Keyboard: the method tabs move with the arrow keys.
    await page.getByRole('tab', { name: 'E-mail' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Phone' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Phone number').fill('+1 415 734 0142');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByLabel('Verification code').waitFor();
    const code = await server.code('+14157340142');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/app');
    await page.locator('[data-home]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await snap(page, 'app-1280');
    await page.close();
  });

  it('a number the carrier cannot reach: the page says so and asks for no code', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/app/signin`);
    await page.getByRole('tab', { name: 'Phone' }).click();
    const phone = page.getByLabel('Phone number');
    await phone.fill('+1 202 555 0123');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect.poll(() => describedBy(phone)).toMatch(/could not send a code to this number.*no code was issued/i);
    expect(await page.getByLabel('Verification code').count()).toBe(0);
    await snap(page, 'signin-phone-unreachable-390');
    await page.close();
  });

  it('shows a server error next to the field it names', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/app/signin`);
    const email = page.getByRole('textbox', { name: 'E-mail' });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => describedBy(email)).toMatch(/valid e-mail/i);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'signin-error-1280');
    // An address without an account: the page answers as for any address (sign-in does not reveal
    // accounts); the mailbox is told there is none.
    await page.getByRole('textbox', { name: 'E-mail' }).fill('stranger@example.test');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByText('We sent a 6-digit code to').count()).toBe(1);
    await page.close();
  });

  it('opens a page signed in when local storage already holds the token; oneTimeToken signs in', async () => {
    const signup = await fetch(`${server.url}/api/v1/signup/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'grace@example.test' }),
    });
    expect(signup.ok).toBe(true);
    const code = await server.code('grace@example.test');
    const session = (await (
      await fetch(`${server.url}/api/v1/email/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'grace@example.test', verificationCode: code }),
      })
    ).json()) as { token: string; id: number };
    const context = await browser.newContext();
    await context.addInitScript((token) => localStorage.setItem('token', token), session.token);
    const page = await context.newPage();
    await page.goto(`${server.url}/app`);
    await page.locator('[data-home]').waitFor();
    expect(await page.locator('[data-home]').getAttribute('data-home')).toBe(String(session.id));

    // An invitation link (?oneTimeToken=) signs the invited person in once, in a fresh browser.
    const invite = await fetch(`${server.url}/api/v2/inviteAdminUser?token=${session.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'helper@example.test' }),
    });
    expect(invite.ok).toBe(true);
    const mail = (await (await fetch(`${server.url}/api/dev/outbox?to=helper@example.test`)).json()) as { messages: { body: string }[] };
    const oneTimeToken = new URL(mail.messages[0]!.body.match(/https?:\/\/\S+/)![0]).searchParams.get('oneTimeToken')!;
    const fresh = await browser.newContext();
    const invited = await fresh.newPage();
    await invited.goto(`${server.url}/app?oneTimeToken=${encodeURIComponent(oneTimeToken)}`);
    // The invited user acts on the account that invited them.
    await invited.locator('[data-signed-in-as]').waitFor();
    expect(await invited.locator('[data-signed-in-as]').getAttribute('data-signed-in-as')).toBe('helper@example.test');
    expect(await invited.locator('[data-home]').getAttribute('data-home')).toBe(String(session.id));
    expect(new URL(invited.url()).searchParams.has('oneTimeToken')).toBe(false);
    expect(await invited.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // The link works once.
    await invited.evaluate(() => localStorage.clear());
    await invited.goto(`${server.url}/app?oneTimeToken=${encodeURIComponent(oneTimeToken)}`);
    await invited.getByRole('heading', { name: 'This sign-in link did not work' }).waitFor();
    await snap(invited, 'onetime-used-1280');

    // A stored token the server refuses: the account read fails, the app signs out (spec §7).
    await invited.evaluate(() => {
      localStorage.setItem('token', 'not-a-real-token');
      localStorage.setItem('id', '999');
    });
    await invited.goto(`${server.url}/app`);
    await invited.waitForURL(/\/app\/signin/);
    expect(await invited.evaluate(() => localStorage.length)).toBe(0);
    await fresh.close();
    await context.close();
  });
});
