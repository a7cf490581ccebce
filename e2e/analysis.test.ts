import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  call as apiCall,
  launchBrowser,
  seriousAxeViolations,
  signedInPage,
  signUp,
  snap,
  startServer,
  type RunningServer,
  type Session,
} from './harness.ts';

/**
 * The analysis after a conversation and a call, in a real browser: without a model the agent takes a
 * message; once the conversation is closed its analysis (outcome, summary, the agent's fields) shows in
 * the inbox thread, and a finished test call's analysis shows in the call log.
 */
describe('analysis in the inbox and the call log', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Session;
  const call = (method: string, url: string, token: string | null, body?: unknown) => apiCall(server, method, url, token, body);

  beforeAll(async () => {
    server = await startServer({ LLM_STAND_IN: 'none' });
    browser = await launchBrowser();
    owner = await signUp(server, 'owner@analysis.test', 'Bright Smiles');
    await call('POST', '/api/v2/campaign', owner.token, {
      analysisFields: [
        { name: 'name', type: 'string', description: 'The customer’s name.' },
        { name: 'phone', type: 'string', description: 'The number to call back.' },
      ],
    });
    await call('POST', '/api/v2/agent/publish', owner.token, {});
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a closed conversation’s analysis in its thread', async () => {
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
        {
          timeout: 15_000,
        },
      )
      .toContain('Message taken');
    await call('POST', '/api/v1/closeConversation', owner.token, { roomId });
    await expect
      .poll(async () => (await call('GET', `/api/v1/conversations/${roomId}`, owner.token)).room.analysis?.outcome ?? null, {
        timeout: 15_000,
      })
      .toBe('message_taken');

    const { context, page } = await signedInPage(browser, owner, 1280, 900);
    await page.goto(`${server.url}/inbox?active=${roomId}`);
    const card = page.getByRole('region', { name: 'Analysis' });
    await card.waitFor();
    expect(await card.getByTestId('analysis-outcome').textContent()).toBe('Message taken');
    const text = await card.textContent();
    expect(text).toContain('Victor (+14155552671) left a message: I have a toothache, please call me at');
    expect(text).toContain('Neutral');
    expect(text).toContain('+14155552671');
    expect(text).toContain('From what the agent recorded (no language model)');
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'analysis-inbox-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'analysis-inbox-390');
    await context.close();
  }, 60_000);

  it('shows an ended call’s analysis in the call log', async () => {
    const placed = await call('POST', '/api/v1/calls/web', owner.token, {});
    const id = placed.call.id as string;
    expect(await server.built.services.calls.answer(id)).not.toBeNull();
    await server.built.services.calls.finish(id, 'caller hung up');
    await expect
      .poll(async () => (await call('GET', `/api/v1/calls/${id}`, owner.token)).call.analysis?.outcome ?? null, { timeout: 15_000 })
      .toBe('abandoned');

    const { context, page } = await signedInPage(browser, owner, 1280, 900);
    await page.goto(`${server.url}/app/calls`);
    const row = page.getByTestId('call-row').first();
    await row.waitFor();
    expect(await row.getByTestId('call-outcome').textContent()).toBe('Abandoned');
    await row.getByText('Test call', { exact: true }).click();
    const card = row.getByRole('region', { name: 'Analysis' });
    await card.waitFor();
    expect(await card.textContent()).toContain('The customer left the call without saying anything.');
    await snap(page, 'analysis-call-log-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'analysis-call-log-390');
    await context.close();
  }, 60_000);
});
