import { describe, expect, it } from 'vitest';
import { browserSuite, describedBy, seriousAxeViolations, snap, SUPER_ADMIN_EMAIL } from './harness.ts';

/** The smaller things a new user hit. Each check fails on the old behaviour. */
describe('smaller items', () => {
  const suite = browserSuite();
  const { call, signUp, signIn } = suite;

  it('confirm dialogs are described by their message, not by the word "Dialog"', async () => {
    const owner = await signUp('confirm@small.test', 'Confirm Co');
    const { context, page } = await suite.page(owner, 390, 844);
    await page.goto(`${suite.server.url}/app?onboard=true&activeStep=voice`);
    await page.getByRole('dialog', { name: 'Pick a voice' }).getByRole('button', { name: 'Exit setup' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave the setup?' });
    await confirm.waitFor();
    expect(await describedBy(confirm)).toContain('Your answers so far are discarded');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // While a dialog is open, a toast stays at the bottom (spec §2) but above the dialog's buttons.
    const placement = await page.evaluate(() => {
      const c = document.createElement('div');
      c.className = 'Toastify__toast-container Toastify__toast-container--bottom-center';
      c.style.position = 'fixed';
      c.textContent = 'toast';
      c.style.minHeight = '64px'; // a toast's height
      document.body.append(c);
      const r = c.getBoundingClientRect();
      c.remove();
      // No button of the dialog on top lies under the toast.
      const top = [...document.querySelectorAll('[role="dialog"]')].at(-1)!;
      const under = [...top.querySelectorAll('button')].filter((b) => {
        const br = b.getBoundingClientRect();
        return br.height > 0 && br.bottom > r.top && br.top < r.bottom;
      });
      return { top: r.top, height: innerHeight, under: under.map((b) => b.textContent) };
    });
    expect(placement.top).toBeGreaterThan(placement.height / 2);
    expect(placement.under).toEqual([]);
    await context.close();
  });

  it('the debug overlay shows only the signed-in user’s own messages; signed out, only the address typed', async () => {
    await signUp('first@tenant-a.test', 'Tenant A');
    const b = await signUp('second@tenant-b.test', 'Tenant B');
    const { context, page } = await suite.page(b, 1280, 800);
    await page.goto(`${suite.server.url}/app?debug=true`);
    const debug = page.getByRole('dialog', { name: 'Debug' });
    await debug.locator('[data-code]').first().waitFor();
    const shown = await debug.getByRole('list', { name: 'Outbox messages' }).textContent();
    expect(shown).toContain('second@tenant-b.test');
    expect(shown).not.toContain('first@tenant-a.test');
    await snap(page, 'debug-own-messages-1280');
    await context.close();

    // Signed out: a browser context of its own, with nothing in its storage.
    const anon = await suite.browserContext(390, 844);
    try {
      const p = await anon.newPage();
      await p.goto(`${suite.server.url}/app/signin?debug=true`);
      const d = p.getByRole('dialog', { name: 'Debug' });
      await d.getByText('Nothing sent to you yet').waitFor();
      expect(await d.locator('[data-code]').count()).toBe(0);
      await d.getByLabel('Your e-mail address').fill('first@tenant-a.test');
      await d.locator('[data-code]').first().waitFor();
      expect(await d.getByRole('list', { name: 'Outbox messages' }).textContent()).not.toContain('tenant-b');
    } finally {
      await anon.close();
    }
  });

  it('members: an invitation not yet accepted says it is pending, not "Added"', async () => {
    const owner = await signUp('owner@invites.test', 'Invite Co');
    await call('POST', '/api/v2/inviteAdminUser', owner.token, { email: 'new@invites.test' });
    const { context, page } = await suite.page(owner, 390, 844);
    await page.goto(`${suite.server.url}/app?members=true`);
    const row = page.getByRole('dialog', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'new@invites.test' });
    await row.getByText('Invitation pending').waitFor();
    expect(await row.textContent()).toContain('has not signed in yet');
    expect(await row.textContent()).not.toContain('Added');
    await snap(page, 'members-pending-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('?convoLog=true lists the conversations to read instead of "Failed to fetch convo"', async () => {
    const owner = await signUp('log@small.test', 'Log Co');
    const { context, page } = await suite.page(owner, 390, 844);
    await page.goto(`${suite.server.url}/app?convoLog=true`);
    const log = page.getByRole('dialog', { name: 'Conversation log' });
    await log.getByText('No conversations yet').waitFor();
    expect(await log.getByText('Failed to fetch convo').count()).toBe(0);
    await context.close();
  });

  it('generic-brand mode shows a neutral mark, not the word "Home" as the brand', async () => {
    const context = await suite.browserContext(390, 844);
    try {
      const p = await context.newPage();
      await p.goto(`${suite.server.url}/install?genericBrand=true`);
      await p.getByRole('heading', { name: 'Get the app' }).waitFor();
      const home = p.getByRole('link', { name: 'Home' }).first();
      await home.locator('[data-generic-mark]').waitFor();
      expect(await p.getByText('Home', { exact: true }).count()).toBe(0);
      expect(await p.getByText('Switchboard').count()).toBe(0);
      await snap(p, 'brand-generic-mark-390');
    } finally {
      await context.close();
    }
  });

  it('an inbox row shows its whole focus ring (drawn inside the row, which clips what overflows)', async () => {
    const owner = await signUp('ring@small.test', 'Ring Co');
    const username = (await call('GET', '/api/v1/account', owner.token)).username as string;
    const v = await call('GET', '/api/v1/allocateTempUserSession', null);
    const sent = await call('POST', '/api/v1/messages', v.token as string, { to: username, body: 'Hello there' });
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/inbox?filter=agent`);
    const button = page.locator(`li[data-room="${sent.roomId}"] button`).first();
    await button.waitFor();
    await button.focus();
    expect(await button.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    const offset = await button.evaluate((el) => parseFloat(getComputedStyle(el).outlineOffset));
    const width = await button.evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth));
    expect(offset + width).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('/docs links each guide to where it is done in the app, and to the API reference', async () => {
    const owner = await signUp('docs@small.test', 'Docs Co');
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/docs`);
    await page.getByRole('heading', { name: 'Documentation', level: 1 }).waitFor();
    for (const name of [
      'Get started',
      'Edit your agent',
      'Open the inbox',
      'Choose a number',
      'Manage members',
      'Open the API reference',
    ]) {
      expect(await page.getByRole('link', { name }).count(), name).toBeGreaterThan(0);
    }
    await snap(page, 'docs-1280');
    await page.getByRole('link', { name: 'Open the inbox' }).click();
    await page.waitForURL(/\/inbox$/);
    await context.close();
  });

  it('organization filter: the results come into view and take the focus after Search', async () => {
    const admin = await signUp(SUPER_ADMIN_EMAIL, 'Switchboard HQ');
    await call('POST', '/internal/createPartner', admin.token, { name: 'Filter Partners', email: 'partner@filter.test' });
    const partner = await signIn('partner@filter.test');
    for (const name of ['Clinic North', 'Clinic South']) await call('POST', '/api/v2/createOrganization', partner.token, { name });
    const { context, page } = await suite.page(partner, 390, 700);
    await page.goto(`${suite.server.url}/app?orgSearch=true`);
    const dialog = page.getByRole('dialog', { name: 'Find organizations' });
    await dialog.getByLabel('Name, username or e-mail').fill('Clinic');
    await dialog.getByRole('button', { name: 'Search' }).click();
    const heading = dialog.getByTestId('org-results');
    await expect.poll(() => heading.textContent()).toBe('2 organizations found');
    await expect.poll(() => heading.evaluate((el) => document.activeElement === el)).toBe(true);
    const box = await heading.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 700).toBe(true);
    await snap(page, 'org-filter-results-390');
    await context.close();
  });
  it('overlays opened without what they need say what is needed, not a raw error', async () => {
    const owner = await signUp('bare@small.test', 'Bare Overlay Co');
    const { context, page } = await suite.page(owner, 390, 844);
    const expectations: [string, string, RegExp][] = [
      ['editPlan=true', 'New plan', /Plans are defined by partners and resellers/],
      ['resellerApp=true', 'Your brand’s app', /For resellers and partners/],
      ['renameTemplate=true', 'Rename template', /Which template\?/],
      ['callVerify=true', 'Enter your code', /Which number\?/],
      ['form=true', 'Write to us', /Which would you like to send\?/],
    ];
    for (const [query, title, text] of expectations) {
      await page.goto(`${suite.server.url}/app/settings?${query}`);
      const dialog = page.getByRole('dialog', { name: title });
      await expect.poll(() => dialog.innerText(), { timeout: 10_000 }).toMatch(text);
      const shown = await dialog.innerText();
      expect(shown).not.toMatch(/Something went wrong|does not match|sent a six-digit code to true|422/);
      if (query === 'callVerify=true') await snap(page, 'overlay-callverify-bare-390');
    }
    // The bare form overlay leads to the forms.
    await page.getByRole('dialog', { name: 'Write to us' }).getByRole('button', { name: 'Send feedback' }).click();
    await page.getByRole('dialog', { name: 'Send feedback' }).waitFor();
    await context.close();
  }, 120_000);

  it('serves /favicon.ico for pages without the app (public link pages, chat, checkout)', async () => {
    const res = await fetch(`${suite.server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/icon/);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
