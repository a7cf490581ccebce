import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, type Session } from './harness.ts';

/** The onboarding wizard and the template setup, as a new user meets them. */
describe('wizard friction', () => {
  const suite = browserSuite();
  const { call, signUp } = suite;
  const as = (s: Session, width = 1280, height = 900) => suite.page(s, width, height);
  const focused = (page: import('playwright-core').Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName ?? null, label: el?.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? null) : null };
    });

  it('pre-fills the business name, keeps the focus on the new question after Next, has one Back button', async () => {
    const owner = await signUp('friction@wizard.test', 'Harbor Bakery');
    const { context, page } = await as(owner);
    await page.goto(`${suite.server.url}/app?onboard=true&activeStep=templates`);
    await page
      .getByRole('dialog', { name: 'Choose a template' })
      .getByRole('button', { name: /Appointment setter/ })
      .click();
    const fields = page.getByRole('dialog', { name: 'Tell us about your business' });
    // The business name is the account's name already.
    await expect.poll(() => fields.getByLabel('Business name').inputValue()).toBe('Harbor Bakery');
    // Next (clicked with the mouse) moves the focus to the next question's field.
    await fields.getByRole('button', { name: 'Next' }).click();
    await fields.getByLabel('Services offered').waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: 'TEXTAREA', label: 'Services offered' });
    // One Back button, and it goes to the previous question first.
    expect(await fields.getByRole('button', { name: 'Back' }).count()).toBe(1);
    await fields.getByRole('button', { name: 'Back' }).click();
    await fields.getByLabel('Business name').waitFor();
    await page.waitForURL(/fieldIndex=0/);
    await expect.poll(() => focused(page)).toEqual({ tag: 'INPUT', label: 'Business name' });
    // The last question says what happens next, not "Done".
    for (const [label, value] of [
      ['Business name', null],
      ['Services offered', 'bread and cakes'],
      ['Length of an appointment', null],
      ['Opening hours', 'daily 7 to 3'],
    ] as const) {
      await fields.getByLabel(label).waitFor();
      if (value) await fields.getByLabel(label).fill(value);
      if (label === 'Opening hours') break;
      await fields.getByRole('button', { name: 'Next' }).click();
    }
    expect(await fields.getByRole('button', { name: 'Done' }).count()).toBe(0);
    await fields.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Connect your tools' }).waitFor();
    await context.close();
  });

  it('the timezone is searched by city and saved; the step takes the focus after Continue', async () => {
    const owner = await signUp('tz@wizard.test', 'Kyoto Tea');
    const { context, page } = await as(owner, 390, 844);
    await page.goto(`${suite.server.url}/app?onboard=true&activeStep=voice`);
    await page.getByRole('dialog', { name: 'Pick a voice' }).getByRole('button', { name: 'Continue' }).click();
    const tz = page.getByRole('dialog', { name: 'Set your timezone' });
    const box = tz.getByRole('combobox', { name: 'Timezone' });
    await box.waitFor();
    // The new step's field has the focus (it was lost on the body before).
    await expect.poll(() => focused(page)).toEqual({ tag: 'INPUT', label: 'Timezone' });
    await box.fill('tokyo');
    const options = tz.getByRole('option');
    await expect.poll(() => options.count()).toBe(1);
    await snap(page, 'wizard-timezone-search-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toMatch(/^Tokyo, Asia/);
    await tz.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Review the instructions' }).waitFor();
    const staging = await call('GET', '/api/v2/agentEventRules/staging', owner.token);
    expect(staging.campaign.timezone).toBe('Asia/Tokyo');
    await context.close();
  });

  it('the agent editor uses the same searchable timezone field, and the draft saves it', async () => {
    const owner = await signUp('editor-tz@wizard.test', 'Lisbon Bakery');
    const { context, page } = await as(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app/agents`);
    const box = page.getByRole('combobox', { name: 'Timezone' });
    await box.click();
    await box.fill('lisbon');
    await page.getByRole('option', { name: /Lisbon, Europe/ }).click();
    await expect.poll(() => box.inputValue()).toMatch(/^Lisbon, Europe/);
    // Autosave (1500 ms) writes the draft.
    await expect
      .poll(async () => (await call('GET', '/api/v2/agentEventRules/staging', owner.token)).campaign.timezone, { timeout: 10_000 })
      .toBe('Europe/Lisbon');
    await context.close();
  });

  it('template setup: one button to finish the last question ("Create the agent"), business name pre-filled', async () => {
    const owner = await signUp('setup@wizard.test', 'Luigi Trattoria');
    const { context, page } = await as(owner, 390, 844);
    await page.goto(`${suite.server.url}/app?setupAgent=true&templateId=restaurant`);
    const setup = page.getByRole('dialog', { name: 'Set up your agent' });
    await expect.poll(() => setup.getByLabel('Business name').inputValue()).toBe('Luigi Trattoria');
    const next = setup.getByRole('button', { name: 'Next' });
    await next.click();
    await setup.getByLabel('Cuisine').fill('Italian');
    await next.click();
    await setup.getByLabel('Opening hours').fill('every day 5pm to 11pm');
    await next.click();
    await next.click();
    await setup.getByLabel('Menu highlights').waitFor();
    expect(await setup.getByRole('button', { name: /Done|Create the agent now/ }).count()).toBe(0);
    expect(await setup.getByRole('button', { name: 'Create the agent' }).count()).toBe(1);
    await snap(page, 'wizard-setup-last-question-390');
    await setup.getByRole('button', { name: 'Create the agent' }).click();
    await setup.waitFor({ state: 'detached' });
    const staging = await call('GET', '/api/v2/agentEventRules/staging', owner.token);
    expect(staging.campaign.templateFields).toMatchObject({ businessName: 'Luigi Trattoria', cuisine: 'Italian' });
    await context.close();
  });
});
