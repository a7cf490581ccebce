import { describe, expect, it } from 'vitest';
import { call, seriousAxeViolations, signUp, snap, type Session } from './harness.ts';
import { callSuite, hasProgram } from './voice.ts';

const hasEspeak = hasProgram('espeak-ng');

/**
 * A web test call from the agent editor. Chromium's fake microphone plays a WAV made by
 * espeak-ng (after 5 s of silence, so the agent's greeting is heard first); the server runs its local
 * engines (espeak-ng speaks, pocketsphinx listens).
 */
describe.skipIf(!hasEspeak)('calls: a web test call from the agent editor (needs espeak-ng)', () => {
  const suite = callSuite('Hello. What are your opening hours?', [5, 3]);

  it('starts a call, hears the greeting, and shows the caller turn and the reply with its latency', async () => {
    const { server, browser } = suite;
    const owner: Session = await signUp(server, 'owner@webcall.test', 'Webcall Bakery');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('id', String(s.id));
      localStorage.setItem('user', JSON.stringify(s));
    }, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/agents`);
    await page.getByRole('button', { name: 'Test call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test call' });
    await dialog.getByText('No conversation yet').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Start call' }).click();
    await dialog.getByRole('status').getByText('On the call').waitFor({ timeout: 15_000 });

    const transcript = dialog.getByRole('list', { name: 'Transcript' });
    // The greeting, then what the caller said (recognised by pocketsphinx: some words, not exact text), then the reply with its latency.
    await transcript.getByText('Agent:').first().waitFor({ timeout: 20_000 });
    await transcript.getByText('You:').first().waitFor({ timeout: 30_000 });
    await dialog.getByTestId('turn-latency').first().waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('turn-latency').first().textContent()).toMatch(/^\d+ ms to answer$/);
    await snap(page, 'calls-web-call-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Hang up' }).click();
    await dialog.getByRole('status').getByText('Call ended').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'calls-web-call-390');

    const list = await call(server, 'GET', '/api/v1/calls', owner.token);
    expect(list.calls[0]).toMatchObject({ direction: 'web' });
    await expect
      .poll(async () => (await call(server, 'GET', `/api/v1/calls/${list.calls[0].id}`, owner.token)).call.status)
      .toBe('completed');

    // The call log: the test call with its transcript.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/app/calls`);
    const row = page.getByTestId('call-row').first();
    await row.getByText('Test call', { exact: true }).click();
    await row.getByRole('list', { name: 'Transcript' }).getByText('Agent:').first().waitFor();
    expect(await row.textContent()).toContain('Completed');
    expect(await row.textContent()).toContain('Free (a test call)');
    await page.getByLabel('Direction').selectOption('outbound');
    await page.getByText('No calls yet').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Direction').selectOption('');
    await page.getByTestId('call-row').first().getByText('Test call', { exact: true }).click();
    await snap(page, 'calls-log-1280');
    await context.close();
  }, 120_000);
});
