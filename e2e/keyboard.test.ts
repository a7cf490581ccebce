import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, type Session } from './harness.ts';

/**
 * The main jobs with the keyboard alone: Tab, Shift+Tab, Enter, Space and the arrow keys move and act;
 * text is typed into the focused field. No clicks. Every element focus lands on must show it: an
 * outline, or a ring (a box-shadow of 2 px or more) — `visibleFocus` below.
 */

/** Whether the focused element shows focus: an outline, or a ring of a box-shadow spread of 2 px or more. */
function focusShown(): string | null {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const shows = (e: Element) => {
    const s = getComputedStyle(e);
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) return true;
    if (s.boxShadow === 'none') return false;
    // Shadows are comma-separated outside colour functions; the fourth length of each is its spread.
    return s.boxShadow.split(/,(?![^(]*\))/).some((one) => Number((one.match(/-?\d+(?:\.\d+)?px/g) ?? [])[3]?.replace('px', '') ?? 0) >= 2);
  };
  if (shows(el)) return null;
  // A field whose wrapper shows focus (`focus-within:` classes).
  for (let p = el.parentElement, i = 0; p && i < 3; p = p.parentElement, i++) {
    if (/focus-within:/.test(p.className) && shows(p)) return null;
  }
  const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
  return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
}

/** Asserts the focused element shows focus (the page's body holds none). */
async function expectVisibleFocus(page: Page): Promise<void> {
  expect(await page.evaluate(focusShown), 'focus is not visible').toBeNull();
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking focus is visible on each stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The first Tab stop of a signed-in page is "Skip to content"; Enter on it moves on to the page's main region. */
async function skipToContent(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await tabTo(page, skip, { max: 3 });
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
}

/** Whether `target` holds focus now. */
const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

describe('the main jobs with the keyboard alone', () => {
  const suite = browserSuite();
  let owner: Session;

  it('signs up', async () => {
    const context = await suite.browserContext(1280, 800);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/app/signup`);
    const name = page.getByLabel('Your name');
    await name.waitFor();
    await tabTo(page, name);
    await page.keyboard.type('Ada Lovelace');
    await tabTo(page, page.getByLabel('Business name'));
    await page.keyboard.type('Analytical Engines');
    await tabTo(page, page.getByRole('textbox', { name: 'E-mail' }));
    await page.keyboard.type('ada@keys.test');
    await tabTo(page, page.getByRole('button', { name: 'Create account' }));
    await page.keyboard.press('Enter');
    const code = page.getByLabel('Verification code');
    await code.waitFor();
    // The code field takes focus (or is the next stop).
    if (!(await focused(code))) await tabTo(page, code);
    await expectVisibleFocus(page);
    await page.keyboard.type(await suite.server.code('ada@keys.test'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app(\/|$|\?)/);
    await page.getByRole('navigation', { name: 'Sections' }).filter({ visible: true }).waitFor();
    await context.close();
  });

  it('builds the agent and tests it', async () => {
    owner = await suite.signUp('owner@keys.test', 'Harbor Dental');
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/app/agents`);
    const status = page.getByTestId('save-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    await skipToContent(page);
    await tabTo(page, page.getByTestId('agent-instructions'));
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' We open at nine.');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    // The test chat beside the editor.
    const chat = page.getByTestId('test-chat');
    await tabTo(page, chat.getByLabel('Message to the agent'));
    await page.keyboard.type('Can I leave a message for the dentist? My name is Ana Diaz.');
    await page.keyboard.press('Enter');
    await chat.getByText("I've taken your message and passed it on to the team.").waitFor();
    const staging = await suite.call('GET', '/api/v2/agentEventRules/staging', owner.token);
    expect(staging.campaign.agentInstructions).toContain('We open at nine.');
    await context.close();
  });

  it('takes over a conversation and replies', async () => {
    const { number } = await suite.call('POST', '/api/v2/phoneNumber/assign', owner.token, { targetAccountId: owner.id });
    await suite.call('POST', '/api/dev/carrier/inbound', null, { from: '+14155550311', to: number, body: 'Can I book for Friday?' });
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/inbox?filter=agent`);
    const row = page.locator('li[data-room]').first();
    await row.waitFor();
    for (let i = 0; i < 60 && !(await row.evaluate((el) => el.contains(document.activeElement))); i++) {
      await page.keyboard.press('Tab');
      await expectVisibleFocus(page);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('active')).toBeTruthy();
    const convo = page.getByRole('region', { name: /^Conversation with/ });
    const ai = convo.getByRole('switch');
    await expect.poll(() => ai.getAttribute('aria-checked')).toBe('true');
    await tabTo(page, ai);
    await page.keyboard.press('Space');
    await expect.poll(() => ai.getAttribute('aria-checked')).toBe('false');
    await tabTo(page, convo.getByRole('textbox', { name: 'Message' }));
    await page.keyboard.type('Yes, Friday at ten works.');
    await page.keyboard.press('Enter');
    await convo
      .locator('div', { hasText: /^Yes, Friday at ten works\.$/ })
      .first()
      .waitFor();
    const roomId = new URL(page.url()).searchParams.get('active');
    const room = await suite.call('GET', `/api/v1/conversations/${roomId}`, owner.token);
    expect(JSON.stringify(room)).toContain('Yes, Friday at ten works.');
    await context.close();
  });

  it('buys a number', async () => {
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/app/numbers`);
    await page.getByRole('heading', { name: 'Phone numbers', level: 1 }).waitFor();
    await skipToContent(page);
    await tabTo(page, page.getByRole('button', { name: 'Get a number' }).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose a phone number' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel('Area code or first digits'));
    await page.keyboard.type('512');
    await page.keyboard.press('Enter');
    const results = dialog.getByRole('radiogroup', { name: 'Available numbers' });
    await results.waitFor();
    // Into the list: the first radio; the arrow key picks the next one.
    const radios = results.getByRole('radio');
    await tabTo(page, radios.first());
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => radios.nth(1).isChecked()).toBe(true);
    const chosen = await radios.nth(1).getAttribute('value');
    await tabTo(page, dialog.getByRole('button', { name: 'Buy this number' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const list = await suite.call('GET', '/api/v2/phoneNumbers', owner.token);
    expect(JSON.stringify(list)).toContain(String(chosen));
    await context.close();
  });

  it('tops up the wallet', async () => {
    const { context, page } = await suite.page(owner, 1280, 800);
    await page.goto(`${suite.server.url}/app/billing`);
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await skipToContent(page);
    await tabTo(page, page.getByRole('button', { name: 'Add funds' }).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add funds' });
    await dialog.waitFor();
    // The payment methods are tabs: the arrow keys move between them and select.
    const card = dialog.getByRole('tab', { name: 'Card' });
    const lightning = dialog.getByRole('tab', { name: 'Lightning' });
    if (!(await focused(card))) await tabTo(page, card);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lightning.getAttribute('aria-selected')).toBe('true');
    expect(await focused(lightning)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => card.getAttribute('aria-selected')).toBe('true');
    await tabTo(page, dialog.getByRole('button', { name: 'Continue to payment' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/pay\/checkout\//);
    const pay = page.getByRole('button', { name: 'Pay $10.00' });
    await pay.waitFor();
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/paymentSuccess/);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('$10.00 was added to your wallet');
    await tabTo(page, page.getByRole('link', { name: 'Back to the app' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/billing$/);
    await expect.poll(() => page.locator('[data-balance]').textContent()).toBe('$10.00');
    await context.close();
  });
});
