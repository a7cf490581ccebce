import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, injectAxe, snap, SUPER_ADMIN_EMAIL, type Session } from './harness.ts';

/**
 * WCAG 2.2 AA with axe: every section of an organization and every overlay of the spec's list, at 390
 * and 1280 px. One signed-in page per width; sections and overlays open by address without reloading
 * the app (the router follows history), so the whole sweep stays quick. Overlays that show an entity
 * (a contact, a conversation, a number, a plan, a template) get one made in setup, so axe reads their
 * real content rather than the "needs …" message.
 */
/** The spec's overlay keys, read from the web app's registry (it loads its screens through Vite, so it is read, not imported). */
const REGISTRY = fs.readFileSync(new URL('../apps/web/src/overlays/registry.ts', import.meta.url), 'utf8');
const OVERLAY_KEYS = [
  ...REGISTRY.slice(REGISTRY.indexOf('DEFAULT_OVERLAY_KEYS = ['), REGISTRY.indexOf('] as const')).matchAll(/'(\w+)'/g),
].map((m) => m[1]!);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const SECTIONS = [
  '',
  'agents',
  'inbox',
  'calls',
  'numbers',
  'sip',
  'contacts',
  'calendar',
  'links',
  'reports',
  'integrations',
  'billing',
  'settings',
];

/** The app's other routes (router.tsx): public pages and the results of payments. */
const PAGES = [
  '/docs',
  '/install',
  '/mobile/start',
  '/schedule',
  '/app/paymentSuccess',
  '/app/paymentCancel',
  '/app/stripePayoutConnectSuccess',
  '/app/stripePayoutConnectFailure',
  '/no-such-page',
];

/** Serious and critical findings under the WCAG 2.0–2.2 A/AA rules, one line per rule and node. */
async function findings(page: Page, include?: string): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(
    async ([include, tags]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
    },
    [include, TAGS] as const,
  );
}

/** Moves the app to an address as a link would (history + popstate), without reloading it. */
async function go(page: Page, to: string): Promise<void> {
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Waits for loading placeholders to go (a page judged mid-load is judged on its skeleton). */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"], [data-loading="true"]').count(), { timeout: 10_000 }).toBe(0);
}

/** A11Y_ONLY=<regex> narrows the sweep while fixing ('?checkout', 'inbox'); A11Y_LOG=1 prints each count. */
const only = new RegExp(process.env.A11Y_ONLY ?? '');
const widths = process.env.A11Y_WIDTH
  ? [[Number(process.env.A11Y_WIDTH), 844] as const]
  : ([
      [1280, 800],
      [390, 844],
    ] as const);
const started = Date.now();
const log = (what: string, v: string[]) => {
  if (process.env.A11Y_LOG)
    console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${what} ${v.length}${v.map((x) => `\n  ${x}`).join('')}`);
};

/** Each finding of one screen goes into `found` under its name. */
async function check(page: Page, name: string, found: Record<string, string[]>, include?: string): Promise<void> {
  const v = await findings(page, include);
  log(name, v);
  if (v.length) found[name] = v;
}

describe('accessibility: axe on every section and overlay', () => {
  const suite = browserSuite();
  let owner: Session;
  let partner: Session;
  /** The value each overlay that shows an entity opens with (the rest open with `true`). */
  let values: Record<string, string> = {};

  beforeAll(async () => {
    owner = await suite.signUp('owner@a11y.test', 'Harbor Dental');
    const t = owner.token;
    // What the overlays show: a number with a conversation on it, a contact, a template, a plan.
    const { number } = await suite.call('POST', '/api/v2/phoneNumber/assign', t, { targetAccountId: owner.id });
    await suite.call('POST', '/api/dev/carrier/inbound', null, { from: '+14155550311', to: number, body: 'Can I book for Friday?' });
    const contact = (await suite.call('POST', '/api/v2/contact', t, { name: 'Ada Lovelace', phones: ['+14155550312'], emails: [] }))
      .contact;
    const rooms = (await suite.call('GET', '/api/v1/conversations?type=agent', t)).rooms as { roomId: string }[];
    const templates = (await suite.call('GET', '/api/v2/templates', t)).templates as { templateId: string }[];
    const plans = (await suite.call('GET', '/api/v2/product/allAvailablePlans', t)).productPlans as { id: number }[];
    values = {
      editContact: String(contact.id),
      deleteContact: String(contact.id),
      previewContact: String(contact.id),
      convoLog: rooms[0]!.roomId,
      chat: '+14155550311',
      call: '+14155550311',
      number,
      callVerify: '+14155550313',
      renameTemplate: templates[0]!.templateId,
      checkout: String(plans[0]!.id),
      planDetails: String(plans[0]!.id),
      memberDelete: String(owner.id),
    };
    // A partner's console has sections of its own.
    const admin = await suite.signUp(SUPER_ADMIN_EMAIL, 'Switchboard HQ');
    await suite.call('POST', '/internal/createPartner', admin.token, { name: 'Acme Partners', email: 'partner@a11y.test' });
    partner = await suite.signIn('partner@a11y.test');
    await suite.call('POST', '/api/v2/createOrganization', partner.token, { name: 'Bayside Clinic' });
  });

  for (const [width, height] of widths) {
    it(`passes on every page and section at ${width} px`, async () => {
      const found: Record<string, string[]> = {};
      // Signed out: sign-in and sign-up.
      const signedOut = await suite.browserContext(width, height);
      const out = await signedOut.newPage();
      for (const route of ['/app/signin', '/app/signup']) {
        if (!only.test(route)) continue;
        await out.goto(`${suite.server.url}${route}`);
        await out.getByRole('heading', { level: 1 }).first().waitFor();
        await check(out, `${route}@${width}`, found);
      }
      await signedOut.close();

      const { context, page } = await suite.page(owner, width, height);
      await page.goto(`${suite.server.url}/app`);
      await page.getByTestId('agent-state').waitFor();
      for (const id of SECTIONS) {
        const route = `/app${id ? `/${id}` : ''}`;
        if (!only.test(route)) continue;
        await go(page, route);
        await page.locator('main h1').first().waitFor();
        await settled(page);
        await check(page, `${route}@${width}`, found);
      }
      // The other routes of the app (public pages and payment results), opened the same way.
      for (const route of [...PAGES, `/payto/${owner.username}`]) {
        if (!only.test(route)) continue;
        await go(page, route);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await settled(page);
        await check(page, `${route}@${width}`, found);
      }
      await context.close();

      const console_ = await suite.page(partner, width, height);
      await console_.page.goto(`${suite.server.url}/app`);
      await console_.page.locator('main h1').first().waitFor();
      for (const id of ['', 'organizations', 'resellers', 'reports', 'billing', 'brand', 'settings']) {
        const route = `/app${id ? `/${id}` : ''}`;
        if (!only.test(`partner${route}`)) continue;
        await go(console_.page, route);
        await console_.page.locator('main h1').first().waitFor();
        await settled(console_.page);
        await check(console_.page, `partner ${route}@${width}`, found);
      }
      await console_.context.close();
      expect(found).toEqual({});
    }, 240_000);

    it(`passes on every overlay at ${width} px`, async () => {
      const found: Record<string, string[]> = {};
      const { context, page } = await suite.page(owner, width, height);
      await page.goto(`${suite.server.url}/app/settings`);
      await page.locator('main h1').first().waitFor();
      for (const key of OVERLAY_KEYS) {
        if (!only.test(`?${key}`)) continue;
        await go(page, `/app/settings?${key}=${encodeURIComponent(values[key] ?? 'true')}`);
        const dialog = page.getByRole('dialog').last();
        await dialog.waitFor();
        await settled(page);
        await check(page, `?${key}@${width}`, found, '[role="dialog"]');
        // Screens to look at: the chat overlay (its contrast was fixed here).
        if (key === 'chat') await snap(page, `a11y-chat-${width}`);
        await go(page, '/app/settings');
        await dialog.waitFor({ state: 'detached' });
      }
      await context.close();
      expect(found).toEqual({});
    }, 240_000);
  }
});
