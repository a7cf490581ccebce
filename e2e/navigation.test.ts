import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, SCREENSHOTS, seriousAxeViolations, strictAxeViolations, SUPER_ADMIN_EMAIL, type Session } from './harness.ts';

/** Screens to look at: home, inbox and editor at 390 and 1280 px. */
const SCREENS = process.env.SCREENS_DIR ?? SCREENSHOTS;
async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** A way around the product, from one section list, on a phone and a desktop. */
describe('app shell: navigation', () => {
  const suite = browserSuite();
  let owner: Session;
  const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' }).filter({ visible: true });

  it('reaches Home, Agent, Inbox and Settings by clicking at 1280 px; ids live in Settings', async () => {
    owner = await suite.signUp('owner@nav.test', 'Harbor Dental');
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/app`);
    const nav = sections(page);
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Agent',
      'Inbox',
      'Calls',
      'Numbers',
      'SIP trunk',
      'Contacts',
      'Calendar',
      'Link page',
      'Reports',
      'Integrations',
      'Billing',
      'Settings',
    ]);
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    // Home answers "is my agent working?" and shows no ids or usernames.
    await page.getByTestId('agent-state').waitFor();
    expect(await page.getByTestId('agent-number').textContent()).toContain('No phone number yet');
    await page.getByTestId('needs-person').waitFor();
    expect(await page.locator('[data-field="Account id"]').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(`@${owner.username}`);
    await shot(page, 'home-1280');
    expect(await strictAxeViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL(/\/inbox$/);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await shot(page, 'inbox-1280');
    expect(await strictAxeViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'Agent' }).click();
    await page.waitForURL(/\/app\/agents$/);
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    await page.getByTestId('test-chat').waitFor();
    await shot(page, 'editor-1280');
    expect(await strictAxeViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/app\/settings$/);
    expect(await page.locator('[data-field="Account id"]').textContent()).toBe(String(owner.id));
    expect(await page.locator('[data-field="Username"]').textContent()).toBe(owner.username);
    await context.close();
  });

  it('has a bottom bar with the same sections at 390 px and the spec routes keep working', async () => {
    const { context, page } = await suite.page(owner, 390, 844);
    await page.goto(`${suite.server.url}/app`);
    const bar = sections(page);
    await bar.getByRole('link', { name: 'Home' }).waitFor();
    // Four sections in the bar; the rest are behind "More".
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Home', 'Agent', 'Inbox', 'Calls']);
    await bar.getByRole('button', { name: 'More' }).waitFor();
    const box = await bar.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThan(800);
    await page.getByTestId('agent-state').waitFor();
    await shot(page, 'home-390');
    expect(await strictAxeViolations(page)).toEqual([]);

    await bar.getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL(/\/inbox$/);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await shot(page, 'inbox-390');
    expect(await strictAxeViolations(page)).toEqual([]);

    await bar.getByRole('link', { name: 'Agent' }).click();
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    await shot(page, 'editor-390');
    expect(await strictAxeViolations(page)).toEqual([]);

    // Spec routes: the account path with a section, an overlay key on a section, an unknown path.
    await page.goto(`${suite.server.url}/app/org/${owner.id}/settings?members=true`);
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('[data-field="Account id"]').textContent()).toBe(String(owner.id));
    await page.goto(`${suite.server.url}/app/org/${owner.id}/nowhere`);
    await page.getByText('This page does not exist here').waitFor();
    await context.close();
  });

  it('passes axe on every section of an organization at 390 and 1280 px (sign-up included)', async () => {
    // Home, Agent and Inbox are checked at both widths in the tests above.
    const sectionsToCheck = ['calls', 'numbers', 'sip', 'contacts', 'calendar', 'links', 'reports', 'integrations', 'billing', 'settings'];
    const found: Record<string, string[]> = {};
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const { context, page } = await suite.page(owner, width, height);
      for (const id of sectionsToCheck) {
        await page.goto(`${suite.server.url}/app/${id}`);
        await sections(page).getByRole('link').first().waitFor();
        await page.locator('main h1').first().waitFor();
        // Wait for the section's loading placeholders to settle before judging it.
        await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
        const v = await strictAxeViolations(page);
        if (process.env.AXE_LOG) console.log(id, width, Date.now(), v);
        if (v.length) found[`${id || 'home'}@${width}`] = v;
      }
      await context.close();
      // The sign-up form, signed out.
      const signedOut = await suite.browserContext(width, height);
      const p = await signedOut.newPage();
      await p.goto(`${suite.server.url}/app/signup`);
      await p.getByRole('button', { name: 'Create account' }).first().waitFor();
      const v = await strictAxeViolations(p);
      if (v.length) found[`signup@${width}`] = v;
      await signedOut.close();
    }
    expect(found).toEqual({});
  }, 240_000);

  it('gives a partner its console (organizations, resellers, brand) at 1280 and 390 px', async () => {
    const admin = await suite.signUp(SUPER_ADMIN_EMAIL, 'Switchboard HQ');
    await suite.call('POST', '/internal/createPartner', admin.token, { name: 'Acme Partners', email: 'partner@nav.test' });
    const partner = await suite.signIn('partner@nav.test');
    await suite.call('POST', '/api/v2/createOrganization', partner.token, { name: 'Bayside Clinic' });
    await suite.call('POST', '/api/v2/createReseller', partner.token, { name: 'Harbor Resellers', email: 'owner@harbor-nav.test' });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const { context, page } = await suite.page(partner, width, height);
      await page.goto(`${suite.server.url}/app`);
      const nav = sections(page);
      await nav.getByRole('link', { name: 'Home' }).waitFor();
      const all = ['Home', 'Organizations', 'Resellers', 'Reports', 'Billing', 'Brand', 'Settings'];
      expect(await nav.getByRole('link').allTextContents()).toEqual(width > 1000 ? all : all.slice(0, 4));
      await nav.getByRole('link', { name: 'Organizations' }).click();
      await page.waitForURL(/\/app\/organizations$/);
      await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
      await page.getByText('Bayside Clinic').waitFor();
      expect(await page.getByText('Harbor Resellers').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `console-organizations-${width}`);
      await nav.getByRole('link', { name: 'Resellers' }).click();
      await page.waitForURL(/\/app\/resellers$/);
      await page.getByRole('heading', { level: 1, name: 'Resellers' }).waitFor();
      await page.getByText('Harbor Resellers').waitFor();
      expect(await nav.getByRole('link', { name: 'Resellers' }).getAttribute('aria-current')).toBe('page');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('works with the keyboard alone: skip link, sections, search with Ctrl+K', async () => {
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/app`);
    await page.getByTestId('agent-state').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    // Tab reaches the Inbox link in the sidebar; Enter opens it.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.section)) === 'inbox') break;
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/inbox$/);

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('true');
    await page.keyboard.type('Harbor');
    await dialog.getByRole('link', { name: /Harbor Dental/ }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('uses the inbox and the editor with the keyboard alone', async () => {
    const { number } = await suite.call('POST', '/api/v2/phoneNumber/assign', owner.token, { targetAccountId: owner.id });
    await suite.call('POST', '/api/dev/carrier/inbound', null, { from: '+14155550311', to: number, body: 'Can I book for Friday?' });
    const { context, page } = await suite.page(owner, 1280, 800);
    const tabUntil = async (test: () => boolean | Promise<boolean>, max = 40) => {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        if (await test()) return;
      }
      throw new Error('focus never got there');
    };
    await page.goto(`${suite.server.url}/inbox?filter=agent`);
    await page.locator('li[data-room]').first().waitFor();
    await tabUntil(() => page.evaluate(() => !!document.activeElement?.closest('li[data-room]')));
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('active')).toBeTruthy();
    await page.getByText('Can I book for Friday?').last().waitFor();

    // Search finds conversations too (by what was said); the keyboard opens the result.
    await page.goto(`${suite.server.url}/app`);
    await page.getByTestId('agent-state').waitFor();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.waitFor();
    await page.keyboard.type('Friday');
    const hit = search.getByRole('link', { name: /Can I book for Friday\?/ });
    await hit.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await tabUntil(() => hit.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    await search.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('active')).toBeTruthy();
    await page.getByText('Can I book for Friday?').last().waitFor();

    await page.goto(`${suite.server.url}/app/agents`);
    const status = page.getByTestId('save-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    await tabUntil(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'agent-instructions'));
    await page.keyboard.press('End');
    await page.keyboard.type(' We open at nine.');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    // The panes beside the editor are tabs (Test chat, Tests, Versions): arrow keys move between them.
    await page.locator('#agent-side-test').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#agent-side-tests').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('agent-side-tests');
    await context.close();
  });
});
