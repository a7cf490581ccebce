import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, type Session } from './harness.ts';

/** Onboarding from scratch, and template → fields → agent. */
describe('agents: onboarding and templates', () => {
  const suite = browserSuite();
  const { call, signUp } = suite;
  const as = (s: Session, width = 1280, height = 900) => suite.page(s, width, height);
  const axe = seriousAxeViolations;

  it('onboards from scratch to a published agent', async () => {
    const owner = await signUp('scratch@agents.test', 'Bright Dental');
    const { context, page } = await as(owner);
    await page.goto(`${suite.server.url}/app?onboard=true`);
    const wizard = page.getByRole('dialog', { name: 'Welcome' });
    await wizard.waitFor();
    await snap(page, 'agents-onboard-welcome-1280');
    expect(await axe(page)).toEqual([]);
    await wizard.getByRole('button', { name: /Build from scratch/ }).click();

    const generate = page.getByRole('dialog', { name: 'Create your agent' });
    await generate.waitFor();
    await page.waitForURL(/activeStep=GENERATE_AGENT/);
    await generate.getByLabel('Business name').fill('Bright Dental');
    await generate
      .getByLabel(/What does your business do/)
      .fill('We are a family dental practice. Cleanings cost $80 and we are open 9 to 5 on weekdays.');
    await generate.getByRole('button', { name: 'Write my agent' }).click();
    const instructions = generate.getByLabel('Your agent’s instructions');
    await expect.poll(() => instructions.inputValue(), { timeout: 10_000 }).toContain('Cleanings cost $80');
    await snap(page, 'agents-onboard-generate-1280');
    await generate.getByRole('button', { name: 'Use these instructions' }).click();

    const voice = page.getByRole('dialog', { name: 'Pick a voice' });
    await voice.getByRole('radio', { name: /Nova/ }).click();
    await voice.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Set your timezone' }).getByRole('button', { name: 'Continue' }).click();
    const edit = page.getByRole('dialog', { name: 'Review the instructions' });
    await expect.poll(() => edit.getByTestId('agent-instructions').inputValue(), { timeout: 10_000 }).toContain('Cleanings cost $80');
    await edit.getByRole('button', { name: 'Continue' }).click();
    const test = page.getByRole('dialog', { name: 'Try your agent' });
    await test.getByLabel('Message to the agent').fill('How much do cleanings cost?');
    await test.getByRole('button', { name: 'Send' }).click();
    await test
      .getByText(/Cleanings cost \$80/)
      .last()
      .waitFor();
    await test.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Choose a number' }).getByRole('button', { name: 'Skip for now' }).click();
    const finish = page.getByRole('dialog', { name: 'Talk with an expert' });
    await finish.getByRole('button', { name: 'Publish my agent and finish' }).click();
    await finish.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('onboard')).toBe(false);

    const live = await call('GET', '/api/v2/agentEventRules/default', owner.token);
    expect(live.campaign).toMatchObject({ voice: 'nova', published: true });
    expect(live.campaign.agentInstructions).toContain('Cleanings cost $80');
    const me = await call('GET', '/api/v1/account', owner.token);
    expect(me.settings.onboarding).toMatchObject({ onboardingComplete: true });
    await page.getByTestId('walkthrough-SETUP_AGENT').and(page.locator('[data-done="true"]')).waitFor();
    await snap(page, 'agents-app-after-onboarding-1280');
    await context.close();
  });

  it('makes an agent from a template, one field at a time (phone)', async () => {
    const owner = await signUp('template@agents.test', 'Luigi Trattoria');
    const { context, page } = await as(owner, 390, 844);
    await page.goto(`${suite.server.url}/app?setupAgent=true`);
    const setup = page.getByRole('dialog', { name: 'Set up your agent' });
    await setup.getByRole('button', { name: /Restaurant host/ }).click();
    await setup.getByText('question 1 of 5').waitFor();
    await snap(page, 'agents-template-fields-390');
    expect(await axe(page)).toEqual([]);
    const next = setup.getByRole('button', { name: 'Next' });
    await setup.getByLabel('Business name').fill('Luigi Trattoria');
    await next.click();
    await setup.getByLabel('Cuisine').fill('Italian');
    await next.click();
    await expect.poll(() => next.isDisabled(), { timeout: 10_000 }).toBe(true); // opening hours are required
    await setup.getByLabel('Opening hours').fill('every day 5pm to 11pm');
    await next.click();
    await next.click(); // address is optional
    await setup.getByLabel('Menu highlights').fill('wood-fired pizza');
    await setup.getByRole('button', { name: 'Create the agent' }).click();

    const editor = page.getByRole('dialog', { name: 'Edit agent' });
    await editor.waitFor();
    await expect
      .poll(() => editor.getByTestId('agent-instructions').inputValue(), { timeout: 10_000 })
      .toContain('You are the host of Luigi Trattoria, a Italian restaurant.');
    await editor.getByText('Made from the template').waitFor();
    await snap(page, 'agents-editor-from-template-390');
    await context.close();
  });

  it('onboards from a template: fields and integrations one at a time, in the address, resumed after a reload', async () => {
    const owner = await signUp('wizard@agents.test', 'Smile Studio');
    const { context, page } = await as(owner);
    await page.goto(`${suite.server.url}/app?onboard=true&activeStep=templates`);
    const gallery = page.getByRole('dialog', { name: 'Choose a template' });
    await gallery.getByRole('button', { name: /Appointment setter/ }).click();
    const fields = page.getByRole('dialog', { name: 'Tell us about your business' });
    // The business name starts as the account's name; typing over it waits for that (else the two meet).
    await expect.poll(() => fields.getByLabel('Business name').inputValue()).toBe('Smile Studio');
    await fields.getByLabel('Business name').fill('Smile Studio');
    await fields.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/fieldIndex=1/);
    await fields.getByLabel('Services offered').fill('cleanings and whitening');
    await fields.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/fieldIndex=2/);

    // The state is saved (debounced) and the address says where we are: a reload comes back here.
    await expect
      .poll(async () => (await call('GET', '/api/v1/account', owner.token)).settings.onboarding?.fieldIndex, { timeout: 10_000 })
      .toBe(2);
    await page.reload();
    await fields.getByLabel('Length of an appointment').waitFor();
    await fields.getByRole('button', { name: 'Next' }).click();
    await fields.getByLabel('Opening hours').fill('weekdays 8am to 6pm');
    await fields.getByRole('button', { name: 'Continue' }).click();

    const integrations = page.getByRole('dialog', { name: 'Connect your tools' });
    await integrations.getByText('Integration 1 of 2').waitFor();
    await page.waitForURL(/activeStep=SETUP_INTEGRATIONS/);
    await integrations.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(/integrationIndex=1/);
    await integrations.getByText('Integration 2 of 2').waitFor();
    await snap(page, 'agents-onboard-integrations-1280');
    await integrations.getByRole('button', { name: 'Skip for now' }).click();

    const generate = page.getByRole('dialog', { name: 'Create your agent' });
    await generate.getByRole('button', { name: 'Create my agent' }).click();
    await page.getByRole('dialog', { name: 'Pick a voice' }).waitFor();
    const staging = await call('GET', '/api/v2/agentEventRules/staging', owner.token);
    expect(staging.campaign).toMatchObject({
      templateId: 'appointment-setter',
      mode: 'TEMPLATE',
      templateFields: { businessName: 'Smile Studio', hours: 'weekdays 8am to 6pm' },
    });
    expect(staging.campaign.agentInstructions).toContain('We offer cleanings and whitening.');
    await context.close();
  });
});
