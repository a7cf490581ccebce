import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, launchBrowser, signUp, startServer, type RunningServer } from './harness.ts';

/**
 * Framing in a real browser, from another site (another origin): the chat widget works only for an
 * organization that allows embeds; the app is never framed. The server's CSP frame-ancestors decides.
 */
describe('embedding from another site', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: http.Server;
  let siteUrl = '';
  let html = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    site?.closeAllConnections();
    await new Promise((r) => site?.close(r));
  });

  /** Opens the other site's page; the answer is whether a frame from our server was refused. */
  async function visit(body: string): Promise<Page> {
    html = `<!doctype html><title>Another site</title><main><h1>Another site</h1>${body}</main>`;
    const page = await browser.newPage();
    await page.goto(siteUrl);
    return page;
  }
  const refused = (page: Page) => page.frames().some((f) => f.url().startsWith('chrome-error://'));

  it('the widget opens the chat only when the organization allows embeds; the app is never framed', async () => {
    const owner = await signUp(server, 'embed@bright.test', 'Embed Dental');
    const widget = `<script src="${server.url}/widget.js" data-username="${owner.username}"></script>`;

    let page = await visit(widget);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(() => refused(page)).toBe(true);
    await page.close();

    await call(server, 'POST', '/api/v1/accountSetting', owner.token, { settings: { allowEmbeds: true } });
    page = await visit(widget);
    await page.getByRole('button', { name: 'Open chat' }).click();
    // Online: the framed chat made its session (in memory if the browser denies it storage) and connected.
    const chat = page.frameLocator('iframe[title="Chat"]');
    await chat.getByText('Online').waitFor();
    await chat.getByRole('textbox', { name: 'Message' }).fill('Hello from another site');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.locator('.msg.in').first().waitFor();
    expect(refused(page)).toBe(false);
    await page.close();

    page = await visit(`<iframe title="App" src="${server.url}/app"></iframe>`);
    await expect.poll(() => refused(page)).toBe(true);
    await page.close();
  });
});
