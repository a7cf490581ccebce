import http from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, SUPER_ADMIN_EMAIL, type Session } from './harness.ts';

/**
 * The device overlays: `install`, `mobile`, `orgApp`, `resellerApp` and the
 * `form` values beyond get-support, each opened from the address, used, and checked with axe.
 */
describe('the app on a device', () => {
  // Web Push needs the full Chromium: the headless shell has no PushManager.
  const suite = browserSuite({}, { fullChromium: true });
  let org: Session;

  /** GET on the test server with another Host header (a brand's domain), read as JSON. */
  const getWithHost = (path: string, host: string) =>
    new Promise<{ status: number; body: Record<string, unknown> | null }>((resolve, reject) => {
      const u = new URL(suite.server.url);
      http
        .get({ hostname: u.hostname, port: u.port, path, headers: { host } }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        })
        .on('error', reject);
    });

  const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

  it('install: the brand’s manifest is installable with the service worker, with a QR code for the phone', async () => {
    org = await suite.signUp('olive@device.test', 'Olive Phones');
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app?install=true`);
    const d = dialog(page, 'Install the app');
    await d.waitFor();
    await expect.poll(() => d.getByTestId('app-name').textContent()).toBe('Switchboard');
    // The QR code opens this page, with this overlay, on a phone.
    const qr = d.getByRole('img', { name: 'QR code that opens Switchboard on a phone' });
    await qr.waitFor();
    expect(await qr.getAttribute('data-qr')).toBe(`${suite.server.url}/app?install=true`);
    // Chromium finds the manifest and the service worker good enough to install the app.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 10_000 })
      .toBe('activated');
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    // An organization's page links its own manifest (the brand's app until it names its own).
    expect(manifest.url).toBe(`${suite.server.url}/manifest.webmanifest?account=${org.id}`);
    expect(manifest.errors).toEqual([]);
    // Apart from the test's own incognito profile (no app installs there), nothing stands in the way.
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors
            .map((e) => e.errorId)
            .filter((id) => id !== 'in-incognito'),
        { timeout: 10_000 },
      )
      .toEqual([]);
    // A signed-in browser checks itself in once per session (before any device screen is opened).
    await expect.poll(async () => (await suite.call('GET', '/api/v1/devices', org.token)).devices.length).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'device-install-1280');
    // Offline, a page of the app still opens from the service worker's shell.
    await context.setOffline(true);
    await page.goto(`${suite.server.url}/app`);
    await page.locator('#root *').first().waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('orgApp: the organization names its app; a bad store link is refused by field; the install overlay and manifest show it', async () => {
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app?orgApp=true`);
    const d = dialog(page, 'Your organization’s app');
    await d.getByLabel('App name').fill('Olive Mobile');
    await d.getByRole('textbox', { name: 'Theme colour', exact: true }).fill('#aa3300');
    await d.getByLabel('App Store address').fill('https://play.google.com/store/apps/details?id=olive');
    await d.getByRole('button', { name: 'Save app identity' }).click();
    await d.getByText('Use the App Store address of the app (https://apps.apple.com/...).').waitFor();
    expect(await d.getByLabel('App Store address').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'device-orgapp-error-1280');
    await d.getByLabel('App Store address').fill('https://apps.apple.com/app/olive/id42');
    await d.getByRole('button', { name: 'Save app identity' }).click();
    await d.waitFor({ state: 'detached' });
    expect((await suite.call('GET', '/api/v2/orgApp', org.token)).identity).toMatchObject({
      name: 'Olive Mobile',
      themeColor: '#aa3300',
      iosUrl: 'https://apps.apple.com/app/olive/id42',
    });

    await page.goto(`${suite.server.url}/app?install=true`);
    const inst = dialog(page, 'Install the app');
    await expect.poll(() => inst.getByTestId('app-name').textContent()).toBe('Olive Mobile');
    await inst.getByRole('link', { name: 'Download on the App Store' }).waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(`/manifest.webmanifest?account=${org.id}`);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => ((await cdp.send('Page.getAppManifest')) as { data?: string }).data ?? '')
      .toContain('"name":"Olive Mobile"');
    await context.close();
  });

  it('resellerApp: a partner’s app identity is served in the manifest of its brand’s domain; an organization cannot open it', async () => {
    const admin = await suite.signUp(SUPER_ADMIN_EMAIL, 'HQ');
    await suite.call('POST', '/internal/createPartner', admin.token, { name: 'Acme Partners', email: 'partner@acme-device.test' });
    const partner = await suite.signIn('partner@acme-device.test');
    await suite.call('POST', '/api/v2/domain', partner.token, { domain: 'app.acme-device.test', name: 'Acme Voice' });
    const { context, page } = await suite.page(partner, 390, 844);
    await page.goto(`${suite.server.url}/app?resellerApp=true`);
    const d = dialog(page, 'Your brand’s app');
    await d.getByLabel('App name').fill('Acme Phone');
    await d.getByLabel('Google Play address').fill('https://play.google.com/store/apps/details?id=test.acme');
    await d.getByLabel('Sales enquiries go to').fill('sales@acme-device.test');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'device-resellerapp-390');
    await d.getByRole('button', { name: 'Save app identity' }).click();
    await d.waitFor({ state: 'detached' });
    const m = await getWithHost('/manifest.webmanifest', 'app.acme-device.test');
    expect(m.body).toMatchObject({ name: 'Acme Phone', related_applications: [{ platform: 'play', id: 'test.acme' }] });
    await context.close();

    const asOrg = await suite.page(org);
    await asOrg.page.goto(`${suite.server.url}/app?resellerApp=true`);
    await dialog(asOrg.page, 'Your brand’s app').getByText('For resellers and partners').waitFor();
    await asOrg.context.close();
  });

  it('mobile: lists this device from its check-in, switches new-conversation pushes, and says what Web Push did', async () => {
    const { context, page } = await suite.page(org, 390, 844);
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    await page.goto(`${suite.server.url}/app?mobile=true`);
    const d = dialog(page, 'Devices and notifications');
    const devices = d.getByRole('list', { name: 'Your devices' });
    await devices.getByText('This device').waitFor();
    const sw = d.getByRole('switch', { name: 'New conversations in Olive Phones' });
    expect(await sw.getAttribute('aria-checked')).toBe('false');
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    expect((await suite.call('GET', '/api/v1/push', org.token)).newConversations).toBe(true);

    // Web Push needs the browser's push service (none in this offline headless Chromium): what the
    // screen says must match what the server holds for this device.
    await d.getByRole('button', { name: 'Turn on for this device' }).click();
    const error = d.getByTestId('push-error');
    const on = d.getByText('Web Push is on for this device.');
    await expect.poll(async () => (await error.isVisible()) || (await on.isVisible()), { timeout: 15_000 }).toBe(true);
    const here = (await suite.call('GET', '/api/v1/devices', org.token)).devices as { push: boolean; userAgent: string }[];
    expect(here.some((x) => x.push)).toBe(await on.isVisible());
    if (await error.isVisible()) expect((await error.textContent())!.length).toBeGreaterThan(10);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'device-mobile-390');
    await context.close();
  });

  it('form=feedback and form=contact-sales: validated by field, delivered to the brand’s address', async () => {
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app?form=feedback`);
    const fb = dialog(page, 'Send feedback');
    await fb.getByRole('button', { name: 'Send feedback' }).click();
    await fb.getByText('Please write your feedback.').waitFor();
    await fb.getByRole('button', { name: '4 of 5' }).click();
    await fb.getByLabel('Your feedback').fill('The inbox is quick.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fb.getByRole('button', { name: 'Send feedback' }).click();
    await fb.getByText('It was sent to support@switchboard.local.', { exact: false }).waitFor();
    const out = await suite.call('GET', `/api/dev/outbox?to=${encodeURIComponent('support@switchboard.local')}`, null);
    expect(out.messages[0].body).toContain('The inbox is quick.');
    expect(out.messages[0].body).toContain('Rating: 4 of 5');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('formsSubmitted'))) ?? '[]').map((e: { form: string }) => e.form),
    ).toEqual(['feedback']);

    await page.goto(`${suite.server.url}/app?form=contact-sales`);
    const cs = dialog(page, 'Contact sales');
    await cs.getByRole('button', { name: 'Send to sales' }).click();
    await cs.getByText('Please enter your name.').waitFor();
    await cs.getByLabel('Name', { exact: true }).fill('Olive Owner');
    await cs.getByLabel('Work e-mail').fill('not-an-address');
    await cs.getByLabel('What are you looking for?').fill('Pricing for 30 seats');
    await cs.getByRole('button', { name: 'Send to sales' }).click();
    await cs.getByText('Please enter a valid e-mail address.').waitFor();
    expect(await cs.getByLabel('Work e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'device-contact-sales-error-1280');
    await cs.getByLabel('Work e-mail').fill('olive@buyer.test');
    await cs.getByLabel('Team size (optional)').selectOption('11-50');
    await cs.getByRole('button', { name: 'Send to sales' }).click();
    await cs.getByText('It was sent to support@switchboard.local.', { exact: false }).waitFor();
    const sales = await suite.call('GET', `/api/dev/outbox?to=${encodeURIComponent('support@switchboard.local')}`, null);
    expect(sales.messages[0].body).toContain('Pricing for 30 seats');
    expect(sales.messages[0].body).toContain('reply to olive@buyer.test');
    await context.close();
  });
});
