import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer, type SeenRequest } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { connect } from '../../testing/ws.ts';

/**
 * Agent test suites against a fake OpenAI-compatible model server. The fake plays three parts by the
 * request's system prompt: the agent (answers by keywords of the customer's message and the agent's
 * instructions, calling functions), the simulated customer (a line per persona, then [END]) and the
 * judge (passes a rubric when the word it quotes is in the conversation).
 */
let t: TestApp;
let fake: FakeServer;
let org: Session;
let crowd: Session;
let stranger: Session;
let base: string;

const chat = (content: string | null, toolCalls: { name: string; args: Record<string, unknown> }[] = []) => ({
  status: 200,
  body: {
    choices: [
      {
        message: {
          role: 'assistant',
          content,
          ...(toolCalls.length
            ? {
                tool_calls: toolCalls.map((c, i) => ({
                  id: `call_${i}`,
                  type: 'function',
                  function: { name: c.name, arguments: JSON.stringify(c.args) },
                })),
              }
            : {}),
        },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5 },
  },
});

/** Agent requests in flight, and the most seen at once (the parallel run holds its replies until five are). */
let inFlight = 0;
let maxInFlight = 0;
let holdUntil = 0;
const waiters: (() => void)[] = [];

async function agentTurn(r: SeenRequest) {
  const messages = r.body.messages as { role: string; content: string | null; name?: string }[];
  const system = messages[0]!.content ?? '';
  const last = messages.at(-1)!;
  const tools = ((r.body.tools ?? []) as { function: { name: string } }[]).map((x) => x.function.name);
  if (last.role === 'tool') return chat(last.name === 'end_call' ? 'Goodbye, take care!' : 'All done: you are booked for Friday at 10am.');
  const said = (last.content ?? '').toLowerCase();
  if (said.includes('parallel')) {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (inFlight >= holdUntil) waiters.splice(0).forEach((w) => w());
    else await new Promise<void>((res) => (waiters.push(res), setTimeout(res, 5000)));
    inFlight--;
    return chat('Parallel answer.');
  }
  if (said.includes('hours')) return chat('We are open Monday to Friday, 9am to 5pm.');
  if (said.includes('price'))
    return chat(system.includes('A cleaning costs $80') ? 'A cleaning costs $80.' : 'I am not sure about our prices, sorry.');
  if (said.includes('book')) return chat(null, [{ name: 'book_appointment', args: { name: 'Ana Diaz', time: 'Friday 10am' } }]);
  if (said.includes('person')) return chat(null, [{ name: 'transfer_call', args: { reason: 'wants a person' } }]);
  if (said.includes('bye') && tools.includes('end_call')) return chat(null, [{ name: 'end_call', args: { reason: 'done' } }]);
  return chat('How can I help you today?');
}

beforeAll(async () => {
  fake = await startFake(async (r) => {
    const system: string = r.body.messages?.[0]?.content ?? '';
    if (system.startsWith('You are role-playing a customer')) {
      const lines = (r.body.messages as { role: string }[]).filter((m) => m.role === 'assistant').length;
      // The persona says what the customer asks next; once it asked, its goal is met.
      const next = /asks about (\w+)/.exec(system)?.[1];
      return chat(lines < 2 && next ? `And what about your ${next}?` : '[END]');
    }
    if (system.startsWith('You grade a conversation')) {
      const user: string = r.body.messages[1].content;
      const word = /mentions '([^']+)'/.exec(user)?.[1] ?? '';
      const conversation = user.split('Conversation:')[1] ?? '';
      const pass = word !== '' && conversation.includes(word);
      return chat(JSON.stringify({ pass, reason: pass ? `It mentions ${word}.` : `It never mentions ${word}.` }));
    }
    return agentTurn(r);
  });
  t = await createTestApp({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  org = await t.signUp('owner@suite.test', { businessName: 'Suite Dental' });
  crowd = await t.signUp('owner@crowd.test', { businessName: 'Crowd Dental' });
  stranger = await t.signUp('owner@stranger.test', { businessName: 'Stranger Dental' });
  for (const s of [org, crowd]) {
    const saved = await t.request('POST', '/api/v2/campaign', {
      token: s.token,
      body: {
        agentInstructions: 'You are the receptionist of {{businessName}}.',
        apps: [
          { appId: 'schedule', version: '1' },
          { appId: 'transfer', version: '1' },
        ],
        enabledFunctions: { 'schedule:1': ['book_appointment'], 'transfer:1': ['transfer_call'] },
      },
    });
    expect(saved.status).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const create = (s: Session, body: Record<string, unknown>) => t.request('POST', '/api/v2/agent/tests', { token: s.token, body });

/** Polls the run until it finished (the job worker runs it in the background). */
async function finished(s: Session, runId: number) {
  for (let i = 0; i < 400; i++) {
    const r = await t.request('GET', `/api/v2/agent/tests/runs/${runId}`, { token: s.token });
    expect(r.status).toBe(200);
    if (['passed', 'failed', 'error'].includes(r.body.run.status)) return r.body.run;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe('agent test suites', () => {
  it('checks each kind of expectation: one passing and one failing scenario of each', async () => {
    const cases: [string, Record<string, unknown>, 'passed' | 'failed', string?][] = [
      ['said passes', { openingMessage: 'What are your hours?', expectations: [{ kind: 'said', phrase: 'monday to  FRIDAY' }] }, 'passed'],
      [
        'said fails',
        { openingMessage: 'What are your hours?', expectations: [{ kind: 'said', phrase: 'Sunday' }] },
        'failed',
        'The agent never said “Sunday”.',
      ],
      ['never said passes', { openingMessage: 'What are your hours?', expectations: [{ kind: 'notSaid', phrase: 'closed' }] }, 'passed'],
      [
        'never said fails',
        { openingMessage: 'What are your hours?', expectations: [{ kind: 'notSaid', phrase: '9am' }] },
        'failed',
        'The agent said “9am” in turn 2',
      ],
      [
        'function passes',
        {
          openingMessage: 'I want to book a cleaning',
          expectations: [{ kind: 'functionCalled', name: 'book_appointment', arguments: { time: 'friday' } }],
        },
        'passed',
      ],
      [
        'function argument fails',
        {
          openingMessage: 'I want to book a cleaning',
          expectations: [{ kind: 'functionCalled', name: 'book_appointment', arguments: { time: 'monday' } }],
        },
        'failed',
        'book_appointment was called, but its argument time was “Friday 10am”; expected it to contain “monday”.',
      ],
      [
        'function missing fails',
        { openingMessage: 'What are your hours?', expectations: [{ kind: 'functionCalled', name: 'book_appointment' }] },
        'failed',
        'The agent did not call book_appointment (it called no function).',
      ],
      ['booking passes', { openingMessage: 'Please book me in', expectations: [{ kind: 'booked' }] }, 'passed'],
      [
        'booking fails',
        { openingMessage: 'What are your hours?', expectations: [{ kind: 'booked' }] },
        'failed',
        'The agent made no booking.',
      ],
      ['transfer passes', { openingMessage: 'Can I talk to a person?', expectations: [{ kind: 'transferred' }] }, 'passed'],
      [
        'transfer fails',
        { openingMessage: 'What are your hours?', expectations: [{ kind: 'transferred' }] },
        'failed',
        'The agent did not transfer the conversation.',
      ],
      [
        'ended passes',
        { channel: 'voice', voiceMode: 'text', openingMessage: 'Thanks, bye!', expectations: [{ kind: 'endedByAgent' }] },
        'passed',
      ],
      [
        'ended fails',
        {
          channel: 'voice',
          voiceMode: 'text',
          openingMessage: 'What are your hours?',
          maxTurns: 1,
          expectations: [{ kind: 'endedByAgent' }],
        },
        'failed',
        'The agent did not end the conversation.',
      ],
      [
        'rubric passes',
        { openingMessage: 'What are your hours?', expectations: [{ kind: 'rubric', rubric: "The agent mentions 'Monday'." }] },
        'passed',
      ],
      [
        'rubric fails',
        { openingMessage: 'What are your hours?', expectations: [{ kind: 'rubric', rubric: "The agent mentions 'Sunday'." }] },
        'failed',
        'Judge: It never mentions Sunday.',
      ],
    ];
    const ids: number[] = [];
    for (const [name, body] of cases) {
      const r = await create(org, { name, ...body });
      expect(r.status).toBe(200);
      ids.push(r.body.scenario.id);
    }
    const started = await t.request('POST', '/api/v2/agent/tests/run', { token: org.token, body: {} });
    expect(started.status).toBe(200);
    expect(started.body.run).toMatchObject({ copy: 'staging', status: 'queued', total: cases.length, trigger: 'manual' });
    const run = await finished(org, started.body.run.id);
    expect(run.status).toBe('failed');
    for (const [name, , status, reason] of cases) {
      const r = run.results.find((x: { scenarioName: string }) => x.scenarioName === name);
      expect(r, name).toBeDefined();
      expect(`${name}: ${r.status}`).toBe(`${name}: ${status}`);
      if (reason) expect(r.failure.reason).toContain(reason);
      else expect(r.failure).toBeNull();
    }
    expect(run.passed).toBe(7);
    expect(run.failed).toBe(8);

    // The transcript is kept: the customer's line, the agent's reply and the (simulated) function it called.
    const booked = run.results.find((x: { scenarioName: string }) => x.scenarioName === 'booking passes');
    expect(booked.transcript).toEqual([
      { role: 'customer', text: 'Please book me in', functionCalls: [] },
      {
        role: 'agent',
        text: 'All done: you are booked for Friday at 10am.',
        functionCalls: [{ name: 'book_appointment', arguments: { name: 'Ana Diaz', time: 'Friday 10am' }, ok: true }],
      },
    ]);
    // A test run books nothing for real.
    expect(await t.database.db.selectFrom('bookings').select('id').execute()).toEqual([]);

    // The list shows each scenario's latest result.
    const list = await t.request('GET', '/api/v2/agent/tests', { token: org.token });
    expect(list.body.modelPlaysCustomer).toBe(true);
    const last = list.body.scenarios.find((s: { name: string }) => s.name === 'transfer fails').last;
    expect(last).toMatchObject({ runId: run.id, status: 'failed', reason: 'The agent did not transfer the conversation.' });
    for (const id of ids) expect((await t.request('DELETE', `/api/v2/agent/tests/${id}`, { token: org.token })).status).toBe(200);
  });

  it('lets the model play the persona after the opening message, and a voice call opens with the greeting', async () => {
    const s = await create(org, {
      name: 'Asks twice',
      persona: 'A new patient who asks about hours',
      goal: 'Learn when the clinic is open',
      openingMessage: 'Hello there',
      channel: 'voice',
      voiceMode: 'text',
      expectations: [{ kind: 'said', phrase: 'Monday to Friday' }],
    });
    const run = await finished(
      org,
      (await t.request('POST', '/api/v2/agent/tests/run', { token: org.token, body: { scenarioIds: [s.body.scenario.id] } })).body.run.id,
    );
    expect(run.status).toBe('passed');
    const roles = run.results[0].transcript.map((x: { role: string; text: string }) => `${x.role}: ${x.text}`);
    expect(roles[0]).toMatch(/^agent: /); // the call's greeting
    expect(roles.slice(1)).toEqual([
      'customer: Hello there',
      'agent: How can I help you today?',
      'customer: And what about your hours?',
      'agent: We are open Monday to Friday, 9am to 5pm.',
    ]);
    await t.request('DELETE', `/api/v2/agent/tests/${s.body.scenario.id}`, { token: org.token });
  });

  it('runs five scenarios in parallel and reports their progress in order over the live socket', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await create(crowd, { name: `Parallel ${i}`, openingMessage: `parallel question ${i}` })).status).toBe(200);
    const ws = await connect(`${base}/api/v1/ws?token=${crowd.token}`);
    const outsider = await connect(`${base}/api/v1/ws?token=${stranger.token}`);
    holdUntil = 5;
    maxInFlight = 0;
    const started = await t.request('POST', '/api/v2/agent/tests/run', { token: crowd.token });
    const runId = started.body.run.id as number;
    const last = await ws.until(
      (e) => e.type === 'agent.test' && e.payload.runId === runId && e.payload.status === 'passed',
      'the run to pass',
    );
    expect(maxInFlight).toBe(5);
    const events = ws.events.filter((e) => e.type === 'agent.test' && e.payload.runId === runId).map((e) => e.payload);
    expect(events[0]).toMatchObject({ status: 'queued', total: 5, done: 0 });
    const finishedOnes = events.filter((e) => e.scenarioStatus === 'passed');
    expect(finishedOnes.map((e) => e.done)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(finishedOnes.map((e) => e.scenarioId)).size).toBe(5);
    expect(events.filter((e) => e.scenarioStatus === 'running')).toHaveLength(5);
    expect(last.payload).toMatchObject({ status: 'passed', total: 5, done: 5, passed: 5, failed: 0, scenarioId: null });
    // Another organization's socket heard nothing of it.
    expect(outsider.events.filter((e) => e.type === 'agent.test')).toEqual([]);
    await ws.close();
    await outsider.close();
    holdUntil = 0;
  });

  it('refuses to publish while the suite fails, naming the scenario, and publishes once it passes', async () => {
    const s = await create(org, {
      name: 'Quotes the cleaning price',
      openingMessage: 'What is the price of a cleaning?',
      expectations: [{ kind: 'said', phrase: '$80' }],
    });
    expect(s.status).toBe(200);
    // Without the setting, publishing does not ask the tests.
    expect((await t.request('POST', '/api/v2/agent/publish', { token: org.token, body: {} })).status).toBe(200);
    const on = await t.request('POST', '/api/v2/agent/tests/settings', { token: org.token, body: { requirePassToPublish: true } });
    expect(on.body.settings).toEqual({ requirePassToPublish: true });

    await t.request('POST', '/api/v2/campaign', { token: org.token, body: { agentInstructions: 'Be nice. Prices: ask the front desk.' } });
    const refused = await t.request('POST', '/api/v2/agent/publish', { token: org.token, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Not published: the test “Quotes the cleaning price” failed: The agent never said “$80”.');
    const production = await t.request('GET', '/api/v2/agentEventRules/default', { token: org.token });
    expect(production.body.campaign.agentInstructions).not.toContain('front desk');
    const runs = await t.request('GET', '/api/v2/agent/tests/runs', { token: org.token, query: { copy: 'staging' } });
    expect(runs.body.runs[0]).toMatchObject({ trigger: 'publish', status: 'failed' });

    await t.request('POST', '/api/v2/campaign', { token: org.token, body: { agentInstructions: 'Be nice. A cleaning costs $80.' } });
    const allowed = await t.request('POST', '/api/v2/agent/publish', { token: org.token, body: {} });
    expect(allowed.status).toBe(200);
    expect(allowed.body.campaign.agentInstructions).toBe('Be nice. A cleaning costs $80.');
    // Runs are kept per version: the passing one carries the published version's fingerprint.
    const passing = await t.request('GET', '/api/v2/agent/tests/runs', { token: org.token, query: { limit: 1 } });
    expect(passing.body.runs[0]).toMatchObject({ status: 'passed', trigger: 'publish' });
    const same = await t.request('GET', '/api/v2/agent/tests/runs', {
      token: org.token,
      query: { versionHash: passing.body.runs[0].versionHash },
    });
    expect(same.body.runs.map((r: { id: number }) => r.id)).toEqual([passing.body.runs[0].id]);
    await t.request('POST', '/api/v2/agent/tests/settings', { token: org.token, body: { requirePassToPublish: false } });
  });

  it('compares staging with production side by side', async () => {
    await t.request('POST', '/api/v2/campaign', { token: org.token, body: { agentInstructions: 'Be nice. Prices: ask the front desk.' } });
    const r = await t.request('POST', '/api/v2/agent/tests/compare', { token: org.token, body: {} });
    expect(r.status).toBe(200);
    const [staging, production] = [await finished(org, r.body.staging.id), await finished(org, r.body.production.id)];
    expect(staging).toMatchObject({ copy: 'staging', compareId: r.body.compareId, status: 'failed' });
    expect(production).toMatchObject({ copy: 'default', compareId: r.body.compareId, status: 'passed' });
    expect(staging.versionHash).not.toBe(production.versionHash);
  });

  it('lets another tree’s token read nothing and change nothing', async () => {
    const mine = await t.request('GET', '/api/v2/agent/tests', { token: org.token });
    const scenarioId = mine.body.scenarios[0].id as number;
    const runId = (await t.request('GET', '/api/v2/agent/tests/runs', { token: org.token })).body.runs[0].id as number;
    const before = JSON.stringify(mine.body);
    const runsBefore = (await t.request('GET', '/api/v2/agent/tests/runs', { token: org.token, query: { limit: 50 } })).body.runs.length;

    const as = { targetAccountId: org.id };
    expect((await t.request('GET', '/api/v2/agent/tests', { token: stranger.token, query: as })).status).toBe(403);
    expect((await t.request('GET', `/api/v2/agent/tests/runs/${runId}`, { token: stranger.token, query: as })).status).toBe(403);
    expect((await t.request('POST', '/api/v2/agent/tests/run', { token: stranger.token, query: as, body: {} })).status).toBe(403);
    // With its own acting account, the ids of another agent are not found.
    expect((await t.request('GET', `/api/v2/agent/tests/runs/${runId}`, { token: stranger.token })).status).toBe(404);
    const put = await t.request('PUT', `/api/v2/agent/tests/${scenarioId}`, {
      token: stranger.token,
      body: { name: 'Taken over', openingMessage: 'hi' },
    });
    expect(put.status).toBe(404);
    expect((await t.request('DELETE', `/api/v2/agent/tests/${scenarioId}`, { token: stranger.token })).status).toBe(404);
    const run = await t.request('POST', '/api/v2/agent/tests/run', { token: stranger.token, body: { scenarioIds: [scenarioId] } });
    expect(run.status).toBe(404);
    expect(
      (await t.request('POST', '/api/v2/agent/tests/settings', { token: stranger.token, query: as, body: { requirePassToPublish: true } }))
        .status,
    ).toBe(403);

    expect(JSON.stringify((await t.request('GET', '/api/v2/agent/tests', { token: org.token })).body)).toBe(before);
    expect((await t.request('GET', '/api/v2/agent/tests/runs', { token: org.token, query: { limit: 50 } })).body.runs).toHaveLength(
      runsBefore,
    );
  });

  it('answers malformed input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', openingMessage: 'hi', colour: 'red' }, 'colour'],
      [{ openingMessage: 'hi' }, 'name'],
      [{ name: 'x' }, 'openingMessage'],
      [{ name: 'x', openingMessage: 'hi', maxTurns: 0 }, 'maxTurns'],
      [{ name: 'x', openingMessage: 'hi', channel: 'fax' }, 'channel'],
      [{ name: 'x', openingMessage: 'hi', expectations: [{ kind: 'said', phrase: 'a', extra: 1 }] }, 'expectations.0.extra'],
      [{ name: 'x', openingMessage: 'hi', expectations: [{ kind: 'said' }] }, 'expectations.0.phrase'],
      [{ name: 'x', openingMessage: 'hi', expectations: [{ kind: 'smiled' }] }, 'expectations.0.kind'],
      [{ name: 'x', turns: ['fine', ''] }, 'turns.1'],
    ];
    for (const [body, field] of cases) {
      const r = await create(org, body);
      expect(`${r.status} ${r.body.field}`, JSON.stringify(body)).toBe(`400 ${field}`);
    }
    const run = await t.request('POST', '/api/v2/agent/tests/run', { token: org.token, body: { scenarioIds: ['one'] } });
    expect(`${run.status} ${run.body.field}`).toBe('400 scenarioIds.0');
    const settings = await t.request('POST', '/api/v2/agent/tests/settings', { token: org.token, body: {} });
    expect(`${settings.status} ${settings.body.field}`).toBe('400 requirePassToPublish');
    const runs = await t.request('GET', '/api/v2/agent/tests/runs', { token: org.token, query: { sort: 'x' } });
    expect(`${runs.status} ${runs.body.field}`).toBe('400 sort');
  });
});
