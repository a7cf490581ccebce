import { describe, expect, it } from 'vitest';
import { LINK_THEMES } from '@switchboard/core';
import { browserSuite, seriousAxeViolations, snap, type Session } from './harness.ts';

/** Build a link page in the app, publish it, open it as a visitor, click a link, see the click counted. */
describe('link pages', () => {
  const suite = browserSuite();
  let owner: Session;

  it('builds a page with the editor, publishes it, and a visitor’s click is counted', async () => {
    owner = await suite.signUp('owner@links.test', 'Crusty Bakery');
    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app/links`);
    await page.getByRole('heading', { name: 'Link page' }).waitFor();
    await page.getByText('No links yet', { exact: false }).first().waitFor();

    await page.getByRole('button', { name: 'Add link' }).click();
    const rows = page.locator('[data-link]');
    await rows.nth(0).getByLabel('Title').fill('Opening hours');
    await rows.nth(0).getByLabel('Address').fill(`${suite.server.url}/api/health`);
    await page.getByRole('button', { name: 'Add link' }).click();
    await rows.nth(1).getByLabel('Title').fill('Order bread');
    await rows.nth(1).getByLabel('Address').fill('https://bread.example/order');
    // Reorder from the keyboard: focus the second link's "up" arrow and press Enter.
    await page.getByRole('button', { name: 'Move Order bread up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.nth(0).getByLabel('Title').inputValue()).toBe('Order bread');
    await page.getByRole('radio', { name: 'Noir' }).click();
    // A new page is a draft: a badge says so, and there is no "Open" (its address answers "No page")
    // but a preview of the draft as edited, with Publish beside it.
    await page.getByText('Draft', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Open' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Preview' }).click();
    const previewDialog = page.getByRole('dialog', { name: 'Preview of your page' });
    await previewDialog.getByTestId('page-preview').getByText('Order bread').waitFor();
    expect(await previewDialog.getByTestId('page-preview').getAttribute('data-theme')).toBe('Noir');
    await snap(page, 'linkpages-draft-preview-1280');
    await previewDialog.getByRole('button', { name: 'Close' }).first().click();
    await previewDialog.waitFor({ state: 'detached' });
    // Share says the page is a draft and offers to publish it, and does not link to the 404.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share your page' });
    await share.getByText('The page is a draft').waitFor();
    await share.getByRole('button', { name: 'Publish now' }).waitFor();
    expect(await share.getByRole('link', { name: 'Open it' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'detached' });
    await snap(page, 'linkpages-draft-1280');
    const preview = page.getByTestId('page-preview');
    expect(await preview.getAttribute('data-theme')).toBe('Noir');
    expect(await preview.textContent()).toMatch(/Order bread.*Opening hours/);

    // An unsafe address is refused, named at its field.
    await page.getByRole('button', { name: 'Add link' }).click();
    await rows.nth(2).getByLabel('Title').fill('Bad');
    await rows.nth(2).getByLabel('Address').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await rows.nth(2).getByText('Only http, https, mailto and tel links are allowed.').waitFor();
    await page.getByRole('button', { name: 'Remove Bad' }).click();
    // Publish saves the edits too and makes the page public: the badge turns, Open appears.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published', { exact: true }).waitFor();
    await page.getByTestId('draft-state').filter({ hasText: 'All changes saved' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(`/p/${owner.username}`);
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await snap(page, 'linkpages-editor-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The share overlay shows the page address with its QR code.
    await page.getByRole('button', { name: 'Share' }).click();
    const qr = page.locator('img[data-qr]');
    await qr.waitFor();
    expect(await qr.getAttribute('data-qr')).toBe(`${suite.server.url}/p/${owner.username}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A visitor opens the public page (no app bundle, no script) and clicks a link.
    const visitor = await context.browser()!.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const pub = await visitor.newPage();
    await pub.goto(`${suite.server.url}/p/${owner.username}`);
    expect(await pub.title()).toBe('Crusty Bakery');
    expect(await pub.getByRole('link').allTextContents()).toEqual(['Order bread', 'Opening hours']);
    await snap(pub, 'linkpages-public-noir-390');
    await pub.getByRole('link', { name: 'Opening hours' }).click();
    await pub.waitForURL(/\/api\/health$/);
    await visitor.close();

    await page.reload();
    await expect.poll(async () => page.locator('[data-stat="Clicks"]').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await page.locator('[data-stat="Views"]').textContent()).toBe('1');
    // Countries and campaigns under the statistics; invitations with their rewards below.
    await page.getByRole('table', { name: 'Countries' }).waitFor();
    await page.getByRole('table', { name: 'Campaigns' }).waitFor();
    await page.getByLabel('E-mail or phone number').fill('friend@linkpages-e2e.test');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByRole('list', { name: 'Invitations' }).getByText('friend@linkpages-e2e.test').waitFor();
    expect(await page.locator('[data-referral-stat="Invited"]').textContent()).toBe('1');
    await snap(page, 'linkpages-stats-referrals-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the editor is accessible on a phone', async () => {
    const { context, page } = await suite.page(owner, 390, 844);
    await page.goto(`${suite.server.url}/app/links`);
    await page.getByRole('button', { name: 'Add link' }).waitFor();
    await page.getByText('Published', { exact: true }).waitFor();
    await snap(page, 'linkpages-editor-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
    // A new page on a phone: the draft badge and Publish in the header.
    const other = await suite.signUp('draft@links.test', 'Draft Deli');
    const phone = await suite.page(other, 390, 844);
    await phone.page.goto(`${suite.server.url}/app/links`);
    await phone.page.getByText('Draft', { exact: true }).waitFor();
    await phone.page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    await snap(phone.page, 'linkpages-draft-390');
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });

  it('every bundled theme renders the public page with readable contrast at 390 px, and a dark and a light one at 1280 px', async () => {
    const { context } = await suite.page(owner, 390, 844);
    const page = await context.newPage();
    const links = [{ id: 'a', title: 'Order bread', url: 'https://bread.example/' }];
    for (const theme of LINK_THEMES) {
      await suite.call('POST', '/api/v1/account/links', owner.token, {
        links,
        linksConfig: { theme: theme.key, published: true, description: 'Fresh every morning' },
      });
      for (const width of theme.key === 'Noir' || theme.key === 'Swan' ? [390, 1280] : [390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${suite.server.url}/p/${owner.username}`);
        expect(await page.locator('main').getAttribute('data-theme')).toBe(theme.key);
        expect(await seriousAxeViolations(page), `${theme.key} at ${width}px`).toEqual([]);
        if (width === 1280) await snap(page, `linkpages-public-${theme.key.toLowerCase()}-1280`);
      }
    }
    await context.close();
  });
});
