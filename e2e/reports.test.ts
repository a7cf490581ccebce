import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap } from './harness.ts';

/** A visitor's chat is counted in Reports and listed in Logs, which download as CSV. */
describe('reports', () => {
  const suite = browserSuite();

  it('counts a visitor’s chat in Reports, lists it in Logs, filters and downloads them as CSV', async () => {
    const owner = await suite.signUp('olive@reports.test', 'Bright Dental');

    // The visitor is nobody signed in: a browser context of their own (no storage shared with staff) on a phone.
    const visitorContext = await suite.browserContext(390, 760);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${suite.server.url}/chat/${owner.username}`);
    await visitor.getByText('Online').waitFor();
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Do you take new patients, "this week"?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.locator('.msg.in').first().waitFor();
    await visitorContext.close();

    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const inbound = page.locator('[data-total="inbound-message"] dd');
    await expect.poll(() => inbound.textContent()).toBe('1');
    await expect(page.locator('[data-total="outbound-message"] dd').textContent()).resolves.toBe('1');
    await page.locator('[data-usage-table]').waitFor();
    await page.locator('.recharts-responsive-container').waitFor();
    // Agents: the chat counted as one conversation of the organization's shared inbox.
    const shared = page.locator('[data-agents-table] tr[data-agent-row="organization"]');
    await expect.poll(() => shared.locator('td').first().textContent()).toBe('1');
    expect(await shared.locator('th').textContent()).toBe('Bright Dental (shared inbox)');

    // Logs: the visitor's message, the agent's turn and its reply.
    const row = page.locator('[data-logs-table] tr[data-log-kind="message"]', { hasText: 'new patients' });
    await row.waitFor();
    await expect(page.locator('[data-logs-table] tr[data-log-kind="agent_turn"]').count()).resolves.toBe(1);
    await page.getByLabel('Kind').selectOption('agent_turn');
    await expect.poll(() => page.locator('[data-logs-table] tr[data-log-kind="message"]').count()).toBe(0);
    await page.getByLabel('Kind').selectOption('message');
    await page.getByLabel('Text').fill('patients');
    await expect.poll(() => page.locator('[data-logs-table] tbody tr').count()).toBe(1);
    await snap(page, 'reports-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,timestamp,kind,status,agentId,direction,contact,number,roomId,summary,outcome,details');
    expect(csv).toContain('"Do you take new patients, ""this week""?"');
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    await context.close();

    const phone = await suite.page(owner, 390, 800);
    await phone.page.goto(`${suite.server.url}/app/reports`);
    await expect.poll(() => phone.page.locator('[data-total="inbound-message"] dd').textContent()).toBe('1');
    await phone.page.locator('[data-logs-table]').waitFor();
    await phone.page.locator('.recharts-responsive-container').waitFor();
    await snap(phone.page, 'reports-390');
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });

  it('opens the reporting overlay', async () => {
    const owner = await suite.signUp('ruth@reports.test', 'Quiet Salon');
    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app?reporting=true`);
    const dialog = page.getByRole('dialog', { name: 'Reporting' });
    await dialog.waitFor();
    await dialog.getByText('No usage in this period').waitFor();
    await dialog.getByText('No agent activity in this period').waitFor();
    await dialog.getByText('No logs match').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
