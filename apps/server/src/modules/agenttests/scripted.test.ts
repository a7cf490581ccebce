import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** Without a language model the simulated customer sends the scenario's messages in order, and a rubric cannot be graded. */
let t: TestApp;
let org: Session;

beforeAll(async () => {
  // The keyword stand-in answers for the agent; it is not a model, so no model plays the customer.
  t = await createTestApp();
  org = await t.signUp('owner@scripted.test', { businessName: 'Scripted Clinic' });
  await t.request('POST', '/api/v2/campaign', {
    token: org.token,
    body: { agentInstructions: 'You are the receptionist of Scripted Clinic.\nWe are open Monday to Friday, 9am to 5pm.' },
  });
});
afterAll(async () => {
  await t.close();
});

async function finished(runId: number) {
  for (let i = 0; i < 400; i++) {
    const r = await t.request('GET', `/api/v2/agent/tests/runs/${runId}`, { token: org.token });
    if (['passed', 'failed', 'error'].includes(r.body.run.status)) return r.body.run;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe('agent test suites without a model', () => {
  it('sends the opening message and the scripted turns in order, stopping when they run out', async () => {
    const s = await t.request('POST', '/api/v2/agent/tests', {
      token: org.token,
      body: {
        name: 'Hours, then thanks',
        persona: 'Ignored without a model',
        openingMessage: 'When are you open?',
        turns: ['Thanks, that is all.'],
        maxTurns: 5,
        expectations: [
          { kind: 'said', phrase: 'Monday to Friday' },
          { kind: 'rubric', rubric: 'Polite' },
        ],
      },
    });
    expect(s.status).toBe(200);
    const list = await t.request('GET', '/api/v2/agent/tests', { token: org.token });
    expect(list.body.modelPlaysCustomer).toBe(false);
    const run = await finished((await t.request('POST', '/api/v2/agent/tests/run', { token: org.token })).body.run.id);
    const r = run.results[0];
    expect(r.transcript.filter((x: { role: string }) => x.role === 'customer').map((x: { text: string }) => x.text)).toEqual([
      'When are you open?',
      'Thanks, that is all.',
    ]);
    expect(r.transcript).toHaveLength(4);
    expect(r.expectations[0]).toMatchObject({ passed: true });
    expect(r.status).toBe('failed');
    expect(r.failure).toEqual({
      index: 1,
      kind: 'rubric',
      reason: 'A rubric needs a language model to grade it; none is connected.',
    });
  });
});
