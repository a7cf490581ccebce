import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Result, RunOptions } from 'axe-core';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { buildApp, type BuiltApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

/**
 * Browser tests run the real server (built web app, fresh SQLite or TEST_DATABASE_URL database) on a
 * free port of 127.0.0.1 and drive Debian's Chromium through playwright-core.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../apps/web/dist');
export const SUPER_ADMIN_EMAIL = 'root@admin.test';
export const SCREENSHOTS = path.join(here, 'screenshots');

export interface RunningServer {
  url: string;
  built: BuiltApp;
  dataDir: string;
  /** The newest 6-digit code the local outbox holds for an address. */
  code(address: string): Promise<string>;
  close(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web app not built: run "npm run build" first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-e2e-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL,
    SIGNIN_RATE_LIMIT: '10000',
    WEB_DIST,
    PORT: '0',
    HOST: '127.0.0.1',
    // Browser tests open no SIP port unless they ask (e2e/sip.test.ts).
    SIP_PORT: 'off',
    // Without a model the agent only takes messages; tests of functions use the keyword stand-in
    // (tests of the message taker pass LLM_STAND_IN: 'none').
    LLM_STAND_IN: 'keywords',
    ...env,
  });
  const built = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    built,
    dataDir,
    async code(addr: string) {
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(addr)}`);
        const body = (await res.json()) as { messages: { body: string }[] };
        const m = body.messages[0]?.body.match(/\b(\d{6})\b/);
        if (m) return m[1]!;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code for ${addr}`);
    },
    async close() {
      await built.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell), else Debian's full Chromium. The shell is the same engine without the
 * desktop browser around it: a page load of the app took 2.5-3.2 s of CPU in it against 6.2-6.7 s in
 * `chromium --headless` (test process and server included), see docs/performance.md.
 */
export const CHROMIUM_PATH =
  (process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p))) ??
  '/usr/bin/chromium';

/** The full Chromium (or CHROMIUM_PATH), for what the shell leaves out: Web Push (no PushManager in the shell). */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Launches a Chromium headless (the shell unless told), with `args` after the ones every test uses. */
export async function launchBrowser(args: string[] = [], executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', ...args],
  });
}

/** Saves a screenshot under e2e/screenshots/ to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** What the sign-in endpoints answer, as the web app keeps it in local storage. */
export interface Session {
  token: string;
  id: number;
  accountType: string;
  username: string;
  superAdmin: boolean;
}

/** An API answer as tests read it (`r.campaign.agentInstructions`); the harness of the server checks contracts. */
export type Json = Record<string, any>;

/** Calls the API of a running server as a client would; a non-2xx answer throws with its body. */
export async function call(server: RunningServer, method: string, url: string, token: string | null, body?: unknown): Promise<Json> {
  const sep = url.includes('?') ? '&' : '?';
  const res = await fetch(`${server.url}${url}${token ? `${sep}token=${token}` : ''}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function verifyEmail(server: RunningServer, email: string): Promise<Session> {
  return (await call(server, 'POST', '/api/v1/email/verify', null, { email, verificationCode: await server.code(email) })) as Session;
}

/** Signs up an organization through the API, reading the code from the outbox. */
export async function signUp(server: RunningServer, email: string, businessName: string): Promise<Session> {
  await call(server, 'POST', '/api/v1/signup/email', null, { email, businessName, name: 'Olive Owner' });
  return verifyEmail(server, email);
}

export async function signIn(server: RunningServer, email: string): Promise<Session> {
  await call(server, 'POST', '/api/v1/signin/email', null, { email });
  return verifyEmail(server, email);
}

/** A browser context whose local storage holds the session, as the app keeps it after sign-in. */
export async function signedInPage(
  browser: Browser,
  s: Session,
  width = 1280,
  height = 800,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript((session) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', session.token);
      localStorage.setItem('id', String(session.id));
      localStorage.setItem('user', JSON.stringify(session));
      if (session.superAdmin) localStorage.setItem('adminToken', session.token);
      sessionStorage.setItem('seeded', '1');
    }
  }, s);
  return { context, page: await context.newPage() };
}

/** Opens a section of the app shell: from the sidebar or bottom bar, or from "More" on a phone when the bar is full. */
export async function openSection(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Sections' }).filter({ visible: true });
  await bar.getByRole('link').first().waitFor();
  const link = bar.getByRole('link', { name, exact: true });
  if (await link.count()) return link.click();
  await bar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('navigation', { name: 'More sections' }).getByRole('link', { name, exact: true }).click();
}

/**
 * The text of what an element's aria-describedby points at ('' while it points at nothing). Poll it:
 * a field gets its description only once its error arrives from the server.
 */
export function describedBy(element: Locator): Promise<string> {
  return element.evaluate((el) => {
    const ids = el.getAttribute('aria-describedby');
    return ids
      ? ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
  });
}

/**
 * axe-core as `@axe-core/playwright` brings it, read once. `AxeBuilder.analyze()` puts it into the page
 * again on every call and finishes each run in a new blank page with axe put in again: about 6 s of CPU
 * per check against under 1 s for running it in the page (measured on a 2-core machine), across some 80
 * checks. So axe goes into a page once (it stays until the page navigates) and runs there; a page with
 * frames still goes through AxeBuilder, which runs axe inside each frame.
 */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
export const AXE_SOURCE = fs.readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

/** Puts axe-core into the page unless it is there already. */
export async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
}

/** The violations axe finds on the whole page with these run options (axe's defaults when none). */
async function axeViolations(page: Page, options: RunOptions = {}): Promise<Result[]> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).options(options).analyze()).violations;
  await injectAxe(page);
  return page.evaluate(
    async (options) => (await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, options)).violations,
    { ...options, resultTypes: ['violations'] } as RunOptions,
  );
}

/** Serious and critical axe violations on the page, one line each (an empty list passes). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Axe with the rules the default run leaves out or ranks as moderate but that a screen-reader user
 * trips over: the visible label inside the accessible name (experimental in axe), one `main`, headings in
 * order, allowed roles. Serious and critical findings of every other rule count too.
 */
export async function strictAxeViolations(page: Page): Promise<string[]> {
  const strict = new Set([
    'label-content-name-mismatch',
    'landmark-no-duplicate-main',
    'landmark-main-is-top-level',
    'landmark-one-main',
    'heading-order',
    'aria-allowed-role',
  ]);
  return (await axeViolations(page, { rules: { 'label-content-name-mismatch': { enabled: true } } }))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || strict.has(v.id))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * One server and one browser for a describe block, started before its tests and closed after, with
 * the API and sign-in helpers bound to them. `E2E_WEB_DIST` points the server at a private build;
 * `fullChromium` launches the full Chromium instead of the headless shell.
 */
export function browserSuite(env: Record<string, string> = {}, { fullChromium = false } = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}), ...env }),
      launchBrowser([], fullChromium ? FULL_CHROMIUM_PATH : CHROMIUM_PATH),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const running = () => {
    if (!server || !browser) throw new Error('browserSuite: used outside its tests');
    return { server, browser };
  };
  return {
    get server() {
      return running().server;
    },
    call: (method: string, url: string, token: string | null, body?: unknown) => call(running().server, method, url, token, body),
    signUp: (email: string, businessName: string) => signUp(running().server, email, businessName),
    signIn: (email: string) => signIn(running().server, email),
    page: (s: Session, width?: number, height?: number) => signedInPage(running().browser, s, width, height),
    /** A signed-out browser context at a viewport size. */
    browserContext: (width = 1280, height = 800) => running().browser.newContext({ viewport: { width, height } }),
  };
}
