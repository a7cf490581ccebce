import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '../packages/core/src/rules/format.ts';
import type { Browser } from 'playwright-core';
import {
  call as apiCall,
  launchBrowser,
  seriousAxeViolations,
  signedInPage,
  signUp,
  snap,
  startServer,
  type RunningServer,
  type Session,
} from './harness.ts';

/** The live inbox, the public chat page and the phone simulator, in a real browser. */
describe('live inbox', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Session;
  let number: string;

  const call = (method: string, url: string, token: string | null, body?: unknown) => apiCall(server, method, url, token, body);

  const staff = (width = 1280, height = 800) => signedInPage(browser, owner, width, height);

  const axe = seriousAxeViolations;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = await signUp(server, 'olive@bright.test', 'Bright Dental');
    number = (await call('POST', '/api/v2/phoneNumber/assign', owner.token, { targetAccountId: owner.id })).number;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a visitor chats on the public page, the agent answers, and the inbox shows it live; staff take over with the AI off', async () => {
    const { context: staffCtx, page: inbox } = await staff();
    await inbox.goto(`${server.url}/inbox?filter=agent`);
    await inbox.getByRole('tab', { name: /Junk/ }).waitFor();
    await inbox.getByText('Live', { exact: true }).waitFor();

    const visitorCtx = await browser.newContext({ viewport: { width: 390, height: 760 } });
    const visitor = await visitorCtx.newPage();
    await visitor.goto(`${server.url}/chat/${owner.username}`);
    await visitor.getByText('Online').waitFor();
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Hi, are you open on Saturday?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    // The agent's answer arrives over the WebSocket (the offline responder answers at once).
    await visitor.locator('.msg.in').first().waitFor();
    await snap(visitor, 'inbox-public-chat-390');
    expect(await axe(visitor)).toEqual([]);

    // The conversation appeared in the open inbox without a reload.
    const row = inbox.locator('li[data-room]').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('AI answering');
    await row.locator('button').click();
    await inbox.getByText('Hi, are you open on Saturday?').waitFor();
    await inbox.locator('[data-message-id]').nth(1).waitFor();
    await snap(inbox, 'inbox-conversation-1280');
    expect(await axe(inbox)).toEqual([]);

    // Take over: AI off, answer as a person, the visitor sees it live.
    await inbox.getByRole('switch', { name: 'AI agent' }).click();
    await inbox.getByText('You are answering').waitFor();
    await inbox.getByRole('textbox', { name: 'Message' }).fill('Hi, this is Olive. Yes, 9 to 1.');
    await inbox.getByRole('button', { name: 'Send' }).click();
    await visitor.getByText('Hi, this is Olive. Yes, 9 to 1.').waitFor();

    // A text file is sent as an attachment; a file that is not one of the kinds says why beside the composer.
    const attach = inbox.getByLabel('Attach a file');
    await attach.setInputFiles({ name: 'hours.txt', mimeType: 'text/plain', buffer: Buffer.from('Saturday 9 to 1\nSunday closed\n') });
    await inbox.getByText('Attached: hours.txt').waitFor();
    await inbox.getByRole('textbox', { name: 'Message' }).fill('Our hours, as a file.');
    await inbox.getByRole('button', { name: 'Send' }).click();
    const sentFile = inbox
      .locator('[data-message-id]')
      .filter({ hasText: 'Our hours, as a file.' })
      .getByRole('link', { name: 'hours.txt' });
    await sentFile.waitFor();
    const fileUrl = await sentFile.getAttribute('href');
    expect(await (await fetch(`${server.url}${fileUrl}`)).text()).toBe('Saturday 9 to 1\nSunday closed\n');
    await attach.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0]),
    });
    const uploadError = inbox.getByTestId('upload-error');
    await uploadError.waitFor();
    expect(await uploadError.textContent()).toContain(
      'tool.exe was not attached: Only images (PNG, JPEG, GIF, WebP), PDFs and text files (.txt)',
    );
    await snap(inbox, 'inbox-attachment-error-1280');
    await inbox.setViewportSize({ width: 390, height: 800 });
    await snap(inbox, 'inbox-attachment-error-390');
    await inbox.setViewportSize({ width: 1280, height: 800 });

    // The visitor keeps the conversation across a reload.
    await visitor.reload();
    await visitor.getByText('Hi, this is Olive. Yes, 9 to 1.').waitFor();
    await visitor.getByRole('textbox', { name: 'Message' }).pressSequentially('Great, thanks!');
    // Staff see the visitor typing; the line goes once the message arrives.
    await inbox
      .getByText(/is typing…/)
      .first()
      .waitFor();
    await visitor.getByRole('button', { name: 'Send' }).click();
    await inbox.getByText('Great, thanks!').waitFor();
    await expect.poll(() => inbox.getByText(/is typing…/).count()).toBe(0);
    // Read while open on screen: the list shows no unread dot for it.
    await row.getByLabel('Unread').waitFor({ state: 'detached' });
    const agentReplies = await inbox.locator('[data-message-id]').filter({ hasText: 'AI agent' }).count();
    expect(agentReplies).toBe(1);
    await Promise.all([staffCtx.close(), visitorCtx.close()]);
  });

  it('the embeddable widget opens the chat in a frame on any page', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/api/health`);
    await page.setContent(
      `<!doctype html><title>Bright Dental</title><main><h1>Our practice</h1></main><script src="${server.url}/widget.js" data-username="${owner.username}"></script>`,
    );
    await page.getByRole('button', { name: 'Open chat' }).click();
    const frame = page.frameLocator('iframe[title="Chat"]');
    await frame.getByText('Online').waitFor();
    await frame.getByRole('textbox', { name: 'Message' }).fill('Hello from the widget');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.locator('.msg.in').first().waitFor();
    await snap(page, 'inbox-widget-1280');
    await ctx.close();
  });

  it('a text from the phone simulator is answered by the agent by SMS', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 760 } });
    const phone = await ctx.newPage();
    await phone.goto(`${server.url}/dev/phone?to=${encodeURIComponent(number)}`);
    await phone.getByRole('textbox', { name: 'Message' }).fill('Do you take walk-ins?');
    await phone.getByRole('button', { name: 'Send' }).click();
    await phone.locator('[data-direction="sent"]').getByText('Do you take walk-ins?').waitFor();
    await phone.locator('[data-direction="received"]').first().waitFor({ timeout: 15_000 });
    await snap(phone, 'inbox-phone-simulator-390');
    expect(await axe(phone)).toEqual([]);
    const from = await phone.getByLabel('Your phone').inputValue();
    const sent = await call('GET', `/api/dev/carrier/sent?to=${encodeURIComponent(from)}`, null);
    expect(sent.messages[0]).toMatchObject({ from: number });
    await ctx.close();

    // Staff see the texter's number formatted as spec §5 says (+1 (xxx) xxx-xxxx).
    const { context, page } = await staff(1280, 800);
    await page.goto(`${server.url}/inbox?filter=agent`);
    await page.getByText(formatPhone(from), { exact: true }).first().waitFor();
    expect(formatPhone(from)).toMatch(/^\+1 \(\d{3}\) \d{3}-\d{4}$/);
    await context.close();
  });

  it('staff close, unarchive, mark unread and block, at phone and desktop widths', async () => {
    const v = await call('GET', '/api/v1/allocateTempUserSession', null);
    const sent = await call('POST', `/api/v1/messages`, v.token, { to: owner.username, body: 'Please call me back' });
    const { context, page } = await staff(390, 800);
    await page.goto(`${server.url}/inbox?filter=agent`);
    const row = page.locator(`li[data-room="${sent.roomId}"]`);
    await row.waitFor();
    await snap(page, 'inbox-list-390');
    await row.locator('button').click();
    await page.getByText('Please call me back', { exact: true }).waitFor();
    await snap(page, 'inbox-conversation-390');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Conversation closed').waitFor();
    await expect(page.locator(`li[data-room="${sent.roomId}"]`).count()).resolves.toBe(0);

    await page.getByLabel('Show').selectOption('closed');
    await page.locator(`li[data-room="${sent.roomId}"] button`).click();
    await page.getByRole('button', { name: 'Reopen' }).click();
    // (Toasts show one at a time; the state itself is what to wait for.)
    await page.getByRole('button', { name: 'Close' }).waitFor();

    // Archived is its own list, apart from closed; Unarchive opens the conversation again.
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByLabel('Show').selectOption('archived');
    await page.locator(`li[data-room="${sent.roomId}"] button`).click();
    await page.getByText('Please call me back', { exact: true }).waitFor();
    // At 390 px the conversation header keeps its actions on one line with the name.
    const header = page.locator('header').filter({ has: page.getByRole('button', { name: 'Unarchive' }) });
    const middles = await header
      .getByRole('button')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => r.top + r.height / 2));
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8);
    await snap(page, 'inbox-archived-conversation-390');
    // On a phone the conversation covers the list: back to it.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.getByLabel('Show').selectOption('closed');
    await expect.poll(() => page.locator(`li[data-room="${sent.roomId}"]`).count()).toBe(0);
    await page.getByLabel('Show').selectOption('archived');
    await page.locator(`li[data-room="${sent.roomId}"] button`).click();
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
    expect((await call('GET', `/api/v1/conversations/${sent.roomId}?targetAccountId=${owner.id}`, owner.token)).room.status).toBe('open');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/inbox?filter=agent&active=${sent.roomId}`);
    await page.getByText('Please call me back', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await page.locator(`li[data-room="${sent.roomId}"]`).getByLabel('Unread').waitFor();

    await page.locator(`li[data-room="${sent.roomId}"] button`).click();
    await page.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await page.getByRole('button', { name: 'Unblock' }).waitFor();
    await snap(page, 'inbox-blocked-1280');
    const status = await call(
      'GET',
      `/api/v1/block/${(await call('GET', '/api/v1/account', v.token)).username}?targetAccountId=${owner.id}`,
      owner.token,
    );
    expect(status.blocked).toBe(true);
    await context.close();
  });
});
