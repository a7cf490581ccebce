import { describe, expect, it } from 'vitest';
import { browserSuite, SCREENSHOTS, seriousAxeViolations } from './harness.ts';

/** Inbox state that can be trusted through a takeover, a reply, a move and a reaction. */
describe('inbox: tabs, badges and unread stay true', () => {
  const suite = browserSuite();

  it('says what Junk holds, clears unread when opened, says where a moved conversation went, and keeps it read through a send and a reaction', async () => {
    const owner = await suite.signUp('olive@state.test', 'State Dental');
    const { number } = await suite.call('POST', '/api/v2/phoneNumber/assign', owner.token, { targetAccountId: owner.id });
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/inbox?filter=agent`);
    const junk = page.getByRole('tab', { name: /^Junk/ });
    const priority = page.getByRole('tab', { name: /^Priority/ });
    await page.getByText('Live', { exact: true }).waitFor();
    // The tab says what it holds: conversations handled by the AI agent, not spam.
    expect(await page.getByTestId('tab-holds').textContent()).toContain('Handled by your AI agent');
    expect(await junk.getByTestId('junk-holds').textContent()).toBe('· AI agent');

    await suite.call('POST', '/api/dev/carrier/inbound', null, { from: '+14155550300', to: number, body: 'Do you take new patients?' });
    const row = page.locator('li[data-room]').first();
    await row.waitFor();
    // The badge counts what the list shows as unread.
    await expect.poll(() => junk.textContent(), { timeout: 10_000 }).toBe('Junk· AI agent1 unread');
    await row.getByRole('button').first().click();
    await expect.poll(() => junk.textContent(), { timeout: 10_000 }).toBe('Junk· AI agent');
    expect(await row.getByLabel('Unread').count()).toBe(0);

    // Taking over moves it to Priority: the list says where it went instead of just losing it.
    await page.getByRole('switch', { name: /turn off to take over/ }).click();
    const moved = page.getByTestId('moved-notice');
    await moved.waitFor();
    expect(await moved.textContent()).toContain('now in Priority');
    await page.locator('#composer').fill('Yes, we do. When would suit you?');
    await page.keyboard.press('Enter');
    await page.locator('li', { hasText: 'Yes, we do. When would suit you?' }).first().waitFor();
    await moved.getByRole('button', { name: 'Show Priority' }).click();
    await expect.poll(() => priority.getAttribute('aria-selected')).toBe('true');
    await moved.waitFor({ state: 'detached' });
    const moved_row = page.locator('li[data-room]').first();
    await moved_row.waitFor();
    expect(await moved_row.getByLabel('Unread').count()).toBe(0);

    // A reaction on the customer's message leaves the open conversation read.
    const bubble = page.locator('li', { hasText: 'Do you take new patients?' }).last();
    await bubble.hover();
    await bubble.getByRole('button', { name: 'React' }).click();
    await page.getByRole('menuitem', { name: 'React 👍' }).click();
    await bubble.getByText('👍').first().waitFor();
    expect(await moved_row.getByLabel('Unread').count()).toBe(0);
    expect(await priority.textContent()).toBe('Priority');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-conversation-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-conversation-390.png` });
    await context.close();
  });
});
