import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap } from './harness.ts';

/**
 * The agent editor's comparison of the draft with the published agent (the same scenarios, side by
 * side), and its analysis fields editor (a field added in the editor is extracted from a closed
 * conversation). The keyword stand-in answers for the agent in the first; no model in the second.
 */
describe('agents: compare the draft with the live agent', () => {
  const suite = browserSuite();
  const { call, signUp } = suite;

  it('runs the suite against both and shows where the draft fails and the live agent passes', async () => {
    const owner = await signUp('compare@agents.test', 'Harbor Dental');
    await call('POST', '/api/v2/campaign', owner.token, {
      agentInstructions: 'You are the receptionist of Harbor Dental.\nWe are open Monday to Friday, 9am to 5pm.',
    });
    await call('POST', '/api/v2/agent/publish', owner.token, {});
    await call('POST', '/api/v2/agent/tests', owner.token, {
      name: 'Asks for opening hours',
      openingMessage: 'When are you open?',
      expectations: [{ kind: 'said', phrase: 'Monday to Friday' }],
    });

    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app/agents`);
    const editor = page.locator('main');
    // Break the draft's instructions: the opening hours are gone (the live agent still has them).
    await editor.getByTestId('agent-instructions').fill('You are the receptionist of Harbor Dental.\nWe are open on weekends only.');
    await expect.poll(() => editor.getByTestId('save-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');

    await editor.getByRole('tab', { name: 'Tests' }).click();
    await editor.getByRole('button', { name: 'Compare with live' }).click();
    const dialog = page.getByRole('dialog', { name: 'Draft compared with live' });
    const status = dialog.getByTestId('compare-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(await status.textContent()).toBe('Draft: 0 passed, 1 failed · Live: 1 passed, 0 failed · 1 scenario differs');

    const row = dialog.getByTestId('compare-scenario').filter({ hasText: 'Asks for opening hours' });
    expect(await row.getAttribute('data-differs')).toBe('true');
    await row.getByText('Different results').waitFor();
    const draft = row.getByTestId('compare-staging');
    const live = row.getByTestId('compare-production');
    expect(await draft.getAttribute('data-status')).toBe('failed');
    expect(await live.getAttribute('data-status')).toBe('passed');
    expect(await draft.getByTestId('compare-reason').textContent()).toBe('The agent never said “Monday to Friday”.');
    expect(await live.getByTestId('compare-reason').count()).toBe(0);

    // Each transcript on demand, by keyboard.
    const show = draft.getByRole('button', { name: 'Show the draft transcript of Asks for opening hours' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.focus();
    await page.keyboard.press('Enter');
    const transcript = draft.getByRole('list', { name: 'Draft transcript of Asks for opening hours' });
    await transcript.getByText('We are open on weekends only.').first().waitFor();
    await live.getByRole('button', { name: 'Show the live transcript of Asks for opening hours' }).click();
    await live
      .getByRole('list', { name: 'Live transcript of Asks for opening hours' })
      .getByText('Monday to Friday', { exact: false })
      .first()
      .waitFor();
    await snap(page, 'agent-compare-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await snap(page, 'agent-compare-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  }, 60_000);
});

describe('agents: analysis fields', () => {
  const suite = browserSuite({ LLM_STAND_IN: 'none' });
  const { call, signUp } = suite;

  it('adds a field in the editor, shows the server’s refusal beside it, and extracts it from a closed conversation', async () => {
    const owner = await signUp('fields@agents.test', 'Bright Smiles');
    const { context, page } = await suite.page(owner, 1280, 900);
    await page.goto(`${suite.server.url}/app/agents`);
    const editor = page.locator('main');
    const status = editor.getByTestId('save-status');
    await editor.getByRole('heading', { name: 'Analysis fields' }).waitFor();
    await editor.getByRole('button', { name: 'Add field' }).click();
    const field = editor.getByRole('group', { name: 'Field 1' });
    // A field not yet filled in is kept on the page and left out of the autosave, not refused.
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    expect(await field.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();
    await field.getByLabel('Name').focus();
    // The new field's name has the focus; a name the server refuses is answered beside it.
    await page.keyboard.type('Call back number');
    await field.getByLabel('Type').selectOption('string');
    await field.getByLabel('Description').fill('The number to call back.');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('error');
    const name = field.getByLabel('Name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await field.getByText('Field names are lowercase letters, digits and _, starting with a letter (at most 40).').waitFor();
    await snap(page, 'agent-analysis-fields-error-1280');

    await name.fill('phone');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    expect((await call('GET', '/api/v2/agentEventRules/staging', owner.token)).campaign.analysisFields).toEqual([
      { name: 'phone', type: 'string', description: 'The number to call back.' },
    ]);
    await page.reload();
    await expect
      .poll(() => editor.getByRole('group', { name: 'Field 1' }).getByLabel('Name').inputValue(), { timeout: 10_000 })
      .toBe('phone');
    await editor.getByRole('heading', { name: 'Analysis fields' }).scrollIntoViewIfNeeded();
    await snap(page, 'agent-analysis-fields-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('published');

    // A conversation where the agent takes a message, closed: its analysis carries the field.
    const visitor = await call('GET', '/api/v1/allocateTempUserSession', null);
    const sent = await call('POST', '/api/v1/messages', visitor.token, {
      to: owner.username,
      body: 'Hi, my name is Victor. I have a toothache, please call me at (415) 555-2671',
    });
    const roomId = sent.roomId as string;
    await expect
      .poll(
        async () =>
          (await call('GET', `/api/v1/conversations/${roomId}`, owner.token)).messages.map((m: { body: string }) => m.body).join('\n'),
        { timeout: 15_000 },
      )
      .toContain('Message taken');
    await call('POST', '/api/v1/closeConversation', owner.token, { roomId });
    await expect
      .poll(async () => (await call('GET', `/api/v1/conversations/${roomId}`, owner.token)).room.analysis?.fields ?? null, {
        timeout: 15_000,
      })
      .toEqual({ phone: '+14155552671' });
    await page.goto(`${suite.server.url}/inbox?active=${roomId}`);
    const card = page.getByRole('region', { name: 'Analysis' });
    await card.waitFor();
    expect(await card.locator('dt', { hasText: 'Phone' }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('+14155552671');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/app/agents`);
    const onPhone = editor.getByRole('group', { name: 'Field 1' });
    await onPhone.scrollIntoViewIfNeeded();
    await snap(page, 'agent-analysis-fields-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
