import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, type Session } from './harness.ts';

/** The agent editor (autosave, publish, versions) and the test chat. */
describe('agents: editor and test chat', () => {
  const suite = browserSuite();
  const { call, signUp } = suite;
  const as = (s: Session, width = 1280, height = 900) => suite.page(s, width, height);
  const axe = seriousAxeViolations;

  it('edits with autosave, publishes, saves a version and restores it', async () => {
    const owner = await signUp('editor@agents.test', 'Northwind Clinic');
    const { context, page } = await as(owner);
    // The editor is a full page (the Agent section) with the test chat and versions beside it.
    await page.goto(`${suite.server.url}/app/agents`);
    const editor = page.locator('main');
    const status = editor.getByTestId('save-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    const box = editor.getByTestId('agent-instructions');
    await box.fill('You are the receptionist of Northwind Clinic. We open at 8am.');
    expect(await status.textContent()).toContain('Unsaved changes');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    expect(await status.textContent()).toContain('Draft saved · not live yet');
    const staging = await call('GET', '/api/v2/agentEventRules/staging', owner.token);
    expect(staging.campaign.agentInstructions).toContain('We open at 8am.');
    await snap(page, 'agents-editor-saved-1280');
    expect(await axe(page)).toEqual([]);

    await editor.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    expect((await call('GET', '/api/v2/agentEventRules/default', owner.token)).campaign.agentInstructions).toContain('We open at 8am.');

    // A version of what is live, then a change, then back to the version.
    await editor.getByRole('tab', { name: 'Versions' }).click();
    await editor.getByLabel('Version title').fill('Opens at eight');
    await editor.getByRole('button', { name: 'Save version' }).click();
    await editor.getByTestId('version').filter({ hasText: 'Opens at eight' }).waitFor();
    await box.fill('You are the receptionist of Northwind Clinic. We open at 10am.');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    await editor.getByRole('tab', { name: 'Versions' }).click();
    await editor.getByRole('button', { name: 'Preview' }).click();
    // A version is previewed and compared with the draft before it is restored.
    expect(await editor.getByTestId('version-preview').textContent()).toContain('We open at 8am.');
    const diff = editor.getByTestId('version-diff');
    await diff.getByText('− You are the receptionist of Northwind Clinic. We open at 8am.').waitFor();
    await diff.getByText('+ You are the receptionist of Northwind Clinic. We open at 10am.').waitFor();
    await snap(page, 'agents-versions-diff-1280');
    await editor.getByRole('button', { name: 'Restore' }).click();
    const confirmDialog = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: /Restore/ }));
    await confirmDialog.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toContain('We open at 8am.');
    expect((await call('GET', '/api/v2/agentEventRules/staging', owner.token)).campaign.agentInstructions).toContain('We open at 8am.');
    await context.close();
  });

  it('tests the agent in a chat where the offline responder calls a function', async () => {
    const owner = await signUp('chat@agents.test', 'Harbor Dental');
    const { context, page } = await as(owner);
    await page.goto(`${suite.server.url}/app?testAgent=true`);
    const chat = page.getByTestId('test-chat');
    await chat.getByLabel('Message to the agent').fill('Hello');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText(/No language model is configured/).waitFor();
    await chat.getByLabel('Message to the agent').fill('Can I leave a message for the dentist? My name is Ana Diaz.');
    await chat.getByRole('button', { name: 'Send' }).click();
    const fn = chat.getByTestId('function-call');
    await fn.filter({ hasText: 'take_message' }).waitFor();
    expect(await fn.textContent()).toContain('name: Ana Diaz');
    await chat.getByText("I've taken your message and passed it on to the team.").waitFor();
    await snap(page, 'agents-test-chat-1280');
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'agents-test-chat-390');
    await context.close();
  });

  it('edits a reseller’s template with targetTemplateId; publishing saves the template as published', async () => {
    const admin = await signUp('root@admin.test', 'Switchboard HQ');
    await call('POST', '/internal/createPartner', admin.token, { name: 'Agency Partners', email: 'agency@agents.test' });
    await call('POST', '/api/v1/signin/email', null, { email: 'agency@agents.test' });
    const partner = (await call('POST', '/api/v1/email/verify', null, {
      email: 'agency@agents.test',
      verificationCode: await suite.server.code('agency@agents.test'),
    })) as Session;
    const created = await call('POST', '/api/v2/templates/createTemplate', partner.token, {
      name: 'Agency dental',
      agentInstructions: 'You answer for {{clinic}}.',
    });
    const id = created.template.templateId as string;
    const { context, page } = await as(partner);
    await page.goto(`${suite.server.url}/app?editAgent=true&targetTemplateId=${id}`);
    const editor = page.getByRole('dialog', { name: 'Edit template' });
    const box = editor.getByTestId('agent-instructions');
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toBe('You answer for {{clinic}}.');
    await box.fill('You answer the phone for {{clinic}}. Cleanings cost {{price}}.');
    await expect.poll(() => editor.getByTestId('save-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    await editor.getByRole('button', { name: 'Publish template' }).click();
    await expect.poll(() => editor.getByTestId('save-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    const after = await call('GET', `/api/v2/templates/${id}`, partner.token);
    expect(after.template).toMatchObject({
      published: true,
      agentInstructions: 'You answer the phone for {{clinic}}. Cleanings cost {{price}}.',
    });
    await snap(page, 'agents-template-editor-1280');
    await context.close();
  });

  it('warns before editing the instructions detaches the agent from its template', async () => {
    const owner = await signUp('detach@agents.test', 'Detach Dental');
    await call('POST', '/api/v2/createAgentFromTemplate', owner.token, {
      templateId: 'appointment-setter',
      templateFields: { businessName: 'Detach Dental', services: 'cleanings', hours: 'weekdays 9 to 5' },
    });
    const { context, page } = await as(owner);
    await page.goto(`${suite.server.url}/app/agents`);
    const box = page.getByTestId('agent-instructions');
    await box.waitFor();
    // The template's text is read-only until the user chooses to edit it, and is told what that does.
    expect(await box.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Edit instructions' }).click();
    const warn = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: /Edit the instructions/ }));
    await warn.getByText(/stops following the template/).waitFor();
    await warn.getByRole('button', { name: 'Cancel' }).click();
    expect((await call('GET', '/api/v2/agentEventRules/staging', owner.token)).campaign.mode).toBe('TEMPLATE');
    await page.getByRole('button', { name: 'Edit instructions' }).click();
    await warn.getByRole('button', { name: 'Edit and detach' }).click();
    await box.fill('You are the front desk of Detach Dental.');
    await expect
      .poll(async () => (await call('GET', '/api/v2/agentEventRules/staging', owner.token)).campaign.mode, { timeout: 10_000 })
      .toBe('FULL_AGENT');
    await context.close();
  });
});
