import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap } from './harness.ts';

/** The agent's call settings (speech engines, end of turn, interruption) in the editor. */
describe('agents: call settings', () => {
  const suite = browserSuite();

  it('chooses engines and turn-taking, refuses out-of-range values, and autosaves to staging', async () => {
    const owner = await suite.signUp('voice@settings.test', 'Quayside Vets');
    const { context, page } = await suite.page(owner, 1280, 1400);
    await page.goto(`${suite.server.url}/app/agents`);
    const editor = page.locator('main');
    const status = editor.getByTestId('save-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    const settings = editor.getByRole('region', { name: 'Call settings' }).or(editor.locator('section', { hasText: 'Call settings' }));
    await settings.getByLabel('Speech recognition').selectOption('deepgram');
    await settings.getByLabel('Speech synthesis').selectOption('elevenlabs');
    const endOfTurn = settings.getByLabel('End of turn (ms of silence)');
    await endOfTurn.fill('50');
    await settings.getByRole('alert').filter({ hasText: 'At least 200 ms.' }).waitFor();
    await endOfTurn.fill('900');
    await expect.poll(() => settings.getByRole('alert').count()).toBe(0);
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    const staging = await suite.call('GET', '/api/v2/agentEventRules/staging', owner.token);
    expect(staging.campaign.voiceSettings).toEqual({
      sttEngine: 'deepgram',
      ttsEngine: 'elevenlabs',
      vadThreshold: 400,
      confirmMs: 120,
      endOfTurnMs: 900,
    });
    const production = await suite.call('GET', '/api/v2/agentEventRules/default', owner.token);
    expect(production.campaign.voiceSettings.endOfTurnMs).toBe(600);
    await settings.scrollIntoViewIfNeeded();
    await snap(page, 'agents-call-settings-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
