import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, type Session } from './harness.ts';

/**
 * Activity adds up: after a test chat with the agent and a visitor's public chat, Home, Reports, Logs
 * and the CSV all count it, on the organization's own days. The organization's time zone is chosen so
 * that its date differs from UTC's at the time the test runs (a day ahead from 10:00 UTC, a day behind
 * before), which is where figures read on UTC days came out empty.
 */
describe('activity', () => {
  const suite = browserSuite();
  // The organization of both tests: the first does the activity and reads Home, the second reads Reports.
  let owner: Session;
  const timezone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  const orgToday = () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());

  it('counts a test chat and a visitor’s chat on Home, today in the organization’s time zone; calls once a number exists', async () => {
    owner = await suite.signUp('vera@activity.test', 'Harbor Bakery');
    await suite.call('POST', '/api/v1/schedule', owner.token, { timezone });
    expect(orgToday()).not.toBe(new Date().toISOString().slice(0, 10));

    // A test chat with the agent, from Home.
    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app?testAgent=true`);
    const chat = page.getByTestId('test-chat');
    await chat.getByLabel('Message to the agent').fill('Hello');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText(/No language model is configured/).waitFor();
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'detached' });

    // A visitor's public chat, from a browser context of their own (no storage shared with staff).
    const visitorContext = await suite.browserContext(390, 760);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${suite.server.url}/chat/${owner.username}`);
    await visitor.getByText('Online').waitFor();
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Are the croissants fresh today?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.locator('.msg.in').first().waitFor();
    await visitorContext.close();

    // Home: today's conversation, answered by the agent; without a number, calls wait for one.
    await page.goto(`${suite.server.url}/app`);
    const todayCount = page.getByTestId('today-conversations');
    await expect.poll(() => todayCount.textContent()).toBe('1');
    await page.getByText('conversation today, 1 answered by your AI agent', { exact: true }).waitFor();
    expect(await page.getByTestId('today-calls').textContent()).toBe('Calls show here once a phone number is connected.');

    // With a number bought, Home says there were no calls today instead.
    await suite.call('POST', '/api/v2/phoneNumber/assign', owner.token, {});
    await page.reload();
    await expect.poll(() => page.getByTestId('today-calls').textContent()).toBe('No calls today yet.');
    await page.getByText('conversation today, 1 answered by your AI agent', { exact: true }).waitFor();
    await snap(page, 'activity-home-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();

    const phone = await suite.page(owner, 390, 844);
    await phone.page.goto(`${suite.server.url}/app`);
    await expect.poll(() => phone.page.getByTestId('today-conversations').textContent()).toBe('1');
    await phone.page.getByText('No calls today yet.').waitFor();
    await snap(phone.page, 'activity-home-390');
    await phone.context.close();
  });

  it('counts the same activity in Reports, Logs and the CSV, on the organization’s days', async () => {
    const { context, page } = await suite.page(owner, 1280, 900);

    // Reports: the messages on the organization's today, the agents' figures, the logs.
    await page.goto(`${suite.server.url}/app/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await expect.poll(() => page.locator('[data-total="inbound-message"] dd').textContent()).toBe('1');
    expect(await page.locator('[data-total="outbound-message"] dd').textContent()).toBe('1');
    // The default periods (usage, agents) end on the organization's today, not UTC's.
    const ends = page.getByLabel('To', { exact: true });
    await expect.poll(() => ends.count()).toBe(2);
    expect(await ends.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([orgToday(), orgToday()]);
    const shared = page.locator('[data-agents-table] tr[data-agent-row="organization"]');
    await expect.poll(() => shared.locator('td').first().textContent()).toBe('1');
    const message = page.locator('[data-logs-table] tr[data-log-kind="message"]', { hasText: 'croissants' });
    await message.waitFor();
    const logRows = await page.locator('[data-logs-table] tbody tr').count();
    expect(logRows).toBeGreaterThanOrEqual(2);
    // The logs' day filter is the organization's day too: today's logs are all there.
    await page.getByLabel('From day').fill(orgToday());
    await page.getByLabel('To day').fill(orgToday());
    await expect.poll(() => page.locator('[data-logs-table] tbody tr').count()).toBe(logRows);
    await snap(page, 'activity-reports-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The CSV holds the same rows as the table, the visitor's message among them.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(1 + logRows);
    expect(csv.some((l) => l.includes('Are the croissants fresh today?'))).toBe(true);
    await context.close();

    // At 390 px: the same figures.
    const phone = await suite.page(owner, 390, 844);
    await phone.page.goto(`${suite.server.url}/app/reports`);
    await expect.poll(() => phone.page.locator('[data-total="inbound-message"] dd').textContent()).toBe('1');
    await phone.page.locator('[data-logs-table]').waitFor();
    await phone.page.locator('.recharts-responsive-container').waitFor();
    await snap(phone.page, 'activity-reports-390');
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
