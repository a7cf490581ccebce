import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap } from './harness.ts';

/**
 * The agent editor's test suite: write a scenario, run it and watch it pass; break the instructions and
 * watch it fail with the reason. The keyword stand-in answers for the agent (no model: the customer
 * sends the scripted messages).
 */
describe('agents: test suites', () => {
  const suite = browserSuite();
  const { call, signUp } = suite;

  it('writes a scenario in the editor and runs it to a pass', async () => {
    const owner = await signUp('suite@agents.test', 'Lakeside Clinic');
    await call('POST', '/api/v2/campaign', owner.token, {
      agentInstructions: 'You are the receptionist of Lakeside Clinic.\nWe are open Monday to Friday, 9am to 5pm.',
    });
    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app/agents`);
    const editor = page.locator('main');
    await editor.getByRole('tab', { name: 'Tests' }).click();
    await editor.getByText('No scenarios yet').waitFor();
    await snap(page, 'agent-tests-empty-1280');

    await editor.getByRole('button', { name: 'Write a scenario' }).click();
    const form = page.getByRole('dialog', { name: 'New scenario' });
    await form.getByLabel('Name').fill('Asks for opening hours');
    await form.getByLabel('Customer persona').fill('A new patient');
    await form.getByLabel('Customer goal').fill('Find out when the clinic is open');
    await form.getByLabel('Opening message').fill('When are you open?');
    await form.getByLabel('Phrase of expectation 1').fill('Monday to Friday');
    await form.getByRole('button', { name: 'Add expectation' }).click();
    await form.getByLabel('Kind of expectation 2').selectOption('notSaid');
    await form.getByLabel('Phrase of expectation 2').fill('closed');
    await snap(page, 'agent-tests-form-1280');
    await form.getByRole('button', { name: 'Save scenario' }).click();
    await form.waitFor({ state: 'detached' });

    const scenario = editor.getByTestId('test-scenario').filter({ hasText: 'Asks for opening hours' });
    await scenario.getByText('Not run').waitFor();
    await editor.getByRole('button', { name: 'Run all' }).click();
    const run = editor.getByTestId('test-run-status');
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 15_000 }).toBe('passed');
    await scenario.getByText('Passed').waitFor();
    expect(await run.textContent()).toContain('1 passed, 0 failed');
    await snap(page, 'agent-tests-passed-1280');
    await context.close();
  });

  it('fails the scenario once the instructions break, with the reason and the transcript', async () => {
    const owner = await suite.signIn('suite@agents.test');
    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app/agents`);
    const editor = page.locator('main');
    const status = editor.getByTestId('save-status');
    await editor.getByRole('tab', { name: 'Tests' }).click();
    const scenario = editor.getByTestId('test-scenario').filter({ hasText: 'Asks for opening hours' });
    await scenario.getByText('Passed').waitFor();
    const run = editor.getByTestId('test-run-status');
    // Break the instructions: the opening hours are gone from what the agent knows.
    await editor.getByTestId('agent-instructions').fill('You are the receptionist of Lakeside Clinic.\nWe are open on weekends only.');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    await scenario.getByRole('button', { name: 'Run Asks for opening hours' }).click();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 15_000 }).toBe('failed');
    await scenario.getByText('Failed').waitFor();
    expect(await scenario.getByTestId('test-reason').textContent()).toBe('The agent never said “Monday to Friday”.');

    await scenario.getByRole('button', { name: 'Results of Asks for opening hours' }).click();
    const results = page.getByRole('dialog', { name: 'Asks for opening hours' });
    const failing = results.locator('[data-testid="expectation-result"][data-passed="false"]');
    expect(await failing.textContent()).toContain('The agent never said “Monday to Friday”.');
    await results.getByRole('list', { name: 'Transcript' }).getByText('When are you open?').waitFor();
    await results.getByText('We are open on weekends only.').first().waitFor();
    await snap(page, 'agent-tests-failed-result-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('shows the suite and the scenario form on a phone', async () => {
    const owner = await suite.signIn('suite@agents.test');
    const phone = await suite.page(owner, 390, 844);
    await phone.page.goto(`${suite.server.url}/app/agents`);
    await phone.page.locator('main').getByRole('tab', { name: 'Tests' }).click();
    const onPhone = phone.page.locator('main').getByTestId('test-scenario').filter({ hasText: 'Asks for opening hours' });
    await onPhone.getByText('Failed').waitFor();
    await onPhone.scrollIntoViewIfNeeded();
    await snap(phone.page, 'agent-tests-failed-390');
    await onPhone.getByRole('button', { name: 'Edit Asks for opening hours' }).click();
    await phone.page.getByRole('dialog', { name: 'Edit scenario' }).waitFor();
    await snap(phone.page, 'agent-tests-form-390');
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
