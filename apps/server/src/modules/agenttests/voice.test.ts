import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPath } from '../../platform/providers/tts/index.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * A voice scenario played as a call with the local speech engines: espeak-ng speaks the customer's
 * line into the call session, pocketsphinx hears it for the agent, and pocketsphinx transcribes the
 * agent's spoken audio for the transcript the expectations are checked on. No model is connected, so
 * the agent answers from its instructions and the customer's lines are the scripted ones.
 */
const engines = onPath('espeak-ng') && onPath('pocketsphinx_continuous');
let t: TestApp;
let org: Session;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.signUp('owner@voicesuite.test', { businessName: 'Voice Clinic' });
  await t.request('POST', '/api/v2/campaign', {
    token: org.token,
    body: {
      greeting: 'Hello, how can I help you today?',
      agentInstructions: 'You are the receptionist of Voice Clinic.\nWe are open Monday to Friday, 9am to 5pm.',
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function run(body: Record<string, unknown>) {
  const s = await t.request('POST', '/api/v2/agent/tests', { token: org.token, body: { channel: 'voice', ...body } });
  expect(s.status).toBe(200);
  const started = await t.request('POST', '/api/v2/agent/tests/run', { token: org.token, body: { scenarioIds: [s.body.scenario.id] } });
  expect(started.status).toBe(200);
  let result: any = null;
  await expect
    .poll(
      async () => {
        const r = await t.request('GET', `/api/v2/agent/tests/runs/${started.body.run.id}`, { token: org.token });
        result = r.body.run.results[0];
        return r.body.run.status;
      },
      { timeout: 50_000, interval: 100 },
    )
    .toMatch(/^(passed|failed|error)$/);
  return result;
}

describe.skipIf(!engines)('a voice scenario through the speech engines', () => {
  it("speaks the customer's line and checks expectations on what was heard of the agent", { timeout: 60_000 }, async () => {
    const r = await run({
      name: 'Hours by phone',
      openingMessage: 'What are your opening hours?',
      maxTurns: 1,
      expectations: [
        { kind: 'said', phrase: 'help' },
        { kind: 'said', phrase: 'Friday' },
        { kind: 'said', phrase: 'Sunday' },
      ],
    });
    // The greeting, the customer's line and the reply; the agent's turns are transcribed speech (no capitals or punctuation).
    expect(r.transcript.map((x: { role: string }) => x.role)).toEqual(['agent', 'customer', 'agent']);
    expect(r.transcript[1].text).toBe('What are your opening hours?');
    for (const turn of [r.transcript[0], r.transcript[2]]) expect(turn.text).toMatch(/^[a-z' ]+$/);
    expect(r.transcript[0].text).toContain('help');
    expect(r.transcript[2].text).not.toBe('');
    // Keywords match what was heard, loosely: the greeting's in turn 1, the reply's in turn 3.
    expect(r.expectations.map((e: { passed: boolean }) => e.passed)).toEqual([true, true, false]);
    expect(r.expectations[0].reason).toMatch(/^Said in turn 1: /);
    expect(r.expectations[1].reason).toMatch(/^Said in turn 3: /);
    expect(r.status).toBe('failed');
    expect(r.failure).toEqual({ index: 2, kind: 'said', reason: 'The agent never said “Sunday”.' });
  });

  it('fails with the reason when a speech engine is missing, and runs as text only when the scenario asks', async () => {
    const { stt, sttEngines } = t.services.voice;
    t.services.voice.stt = null;
    t.services.voice.sttEngines = {};
    try {
      const call = await run({ name: 'No recogniser', openingMessage: 'When are you open?', maxTurns: 1 });
      expect(call.status).toBe('error');
      expect(call.failure.reason).toContain('Speech recognition is not installed');
      expect(call.failure.reason).toContain('voice mode to text');
      const text = await run({
        name: 'As text',
        voiceMode: 'text',
        openingMessage: 'When are you open?',
        maxTurns: 1,
        expectations: [{ kind: 'said', phrase: 'Monday to Friday' }],
      });
      expect(text.status).toBe('passed');
      expect(text.transcript[0].text).toBe('Hello, how can I help you today?');
    } finally {
      t.services.voice.stt = stt;
      t.services.voice.sttEngines = sttEngines;
    }
  });
});
