import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSlack, startFake, type FakeServer } from '../apps/server/src/testing/fakes/server.ts';
import { launchBrowser, seriousAxeViolations, signedInPage, signUp, snap, startServer, type RunningServer } from './harness.ts';

/**
 * The Integrations section connects Slack against a fake Slack on 127.0.0.1
 * and shows it healthy with its token masked; a webhook is added (its secret shown once), tested, and
 * its delivery listed.
 */
describe('integrations and webhooks', () => {
  let server: RunningServer;
  let browser: Browser;
  let slack: Awaited<ReturnType<typeof fakeSlack>>;
  let receiver: FakeServer;

  beforeAll(async () => {
    [slack, receiver] = await Promise.all([fakeSlack(['xoxb-e2e-token']), startFake(() => ({ status: 200, body: { ok: true } }))]);
    [server, browser] = await Promise.all([startServer({ SLACK_API_URL: slack.url, WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all([slack?.close(), receiver?.close()]);
  });

  it('connects Slack and shows it healthy, with the token masked', async () => {
    const org = await signUp(server, 'olive@integrations.test', 'Olive Plumbing');
    const { context, page } = await signedInPage(browser, org);
    await page.goto(`${server.url}/app/integrations`);
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    const card = page.getByRole('listitem', { name: 'Slack' });
    await expect.poll(() => card.getByText('Not connected').count()).toBe(1);
    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    await card.getByLabel('Bot token (xoxb-…)').fill('xoxb-e2e-token');
    await card.getByLabel('Channel (name or id)').fill('#front-desk');
    await card.getByRole('button', { name: 'Connect Slack' }).click();
    await card.getByText('Healthy').waitFor();
    expect(slack.seen.at(-1)).toMatchObject({ path: '/auth.test', headers: { authorization: 'Bearer xoxb-e2e-token' } });

    await page.reload();
    const again = page.getByRole('listitem', { name: 'Slack' });
    await again.getByText('Healthy').waitFor();
    await again.getByRole('button', { name: 'Settings' }).click();
    expect(await again.getByLabel('Bot token (xoxb-…)').inputValue()).toBe('••••••••');
    expect(await page.content()).not.toContain('xoxb-e2e-token');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'integrations-1280');

    // The agent's integrations overlay is the same catalog, opened on the integration its value names.
    await page.goto(`${server.url}/app?integrations=slack`);
    const overlay = page.getByRole('dialog', { name: 'Integrations' });
    const inOverlay = overlay.getByRole('listitem', { name: 'Slack' });
    await inOverlay.getByText('Healthy').waitFor();
    expect(await inOverlay.getByLabel('Channel (name or id)').inputValue()).toBe('#front-desk');
    await overlay.getByRole('listitem', { name: 'HubSpot' }).getByText('Not connected').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('adds a webhook, shows its secret once, sends a test event and lists the delivery (phone width)', async () => {
    const org = await signUp(server, 'hooks@integrations.test', 'Hook Bakery');
    const { context, page } = await signedInPage(browser, org, 390, 844);
    await page.goto(`${server.url}/app/integrations`);
    await page.getByText('No webhooks yet').waitFor();
    const form = page.getByRole('form', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill(`${receiver.url}/hooks`);
    await form.getByLabel('Description (optional)').fill('Our CRM');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByText(/^whsec_/);
    await secret.waitFor();
    const shown = (await secret.textContent())!;
    await page.getByRole('button', { name: 'Done' }).click();
    const item = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').first();
    await item.getByText(`${receiver.url}/hooks`).waitFor();
    expect(await page.content()).not.toContain(shown);

    await item.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => receiver.seen.length, { timeout: 10_000 }).toBe(1);
    expect(receiver.seen[0]!.body).toMatchObject({ type: 'webhook.test' });
    await item.getByRole('button', { name: 'Recent deliveries' }).click();
    await item.getByRole('list', { name: 'Recent deliveries' }).getByText('delivered').waitFor({ timeout: 10_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'integrations-webhooks-390');
    await context.close();
  });

  it('the zap parameter on the inbox opens the webhook setup for Zapier', async () => {
    const org = await signUp(server, 'zappy@integrations.test', 'Zappy Cleaning');
    const { context, page } = await signedInPage(browser, org);
    await page.goto(`${server.url}/app/inbox?zap=zapier`);
    await page.getByRole('heading', { name: 'Send events to Zapier' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/integrations');
    expect(await page.getByLabel('Description (optional)').inputValue()).toBe('Zapier');
    await snap(page, 'integrations-zap-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
