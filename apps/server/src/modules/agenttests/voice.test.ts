import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPath } from '../../platform/providers/tts/index.ts';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { fundWallet, subscribeToMeteredPlan, walletBalance } from '../../testing/money.ts';

/** A call the server holds (its session and what it recorded). */
type LiveEntry = NonNullable<ReturnType<TestApp['services']['calls']['live']['get']>>;

/**
 * Voice scenarios played as phone calls through the simulated carrier, with the local speech engines:
 * the test call comes in on the server's media WebSocket (Twilio Media Streams, a real socket),
 * espeak-ng speaks the customer's lines in real-time frames, pocketsphinx hears them for the agent, and
 * pocketsphinx transcribes the agent's audio frames for the transcript the expectations are checked on.
 * The agent's model is a fake that answers by the customer's turn (what it heard is recognised speech,
 * too loose to match words): the hours first, then it transfers the call. The customer's lines are the
 * scripted ones. A test call leaves no trace: a phone call placed afterwards is the only one in the
 * call log, the usage, the charges, the webhooks, the inbox and the event log.
 */
const engines = onPath('espeak-ng') && onPath('pocketsphinx_continuous');
let t: TestApp;
let org: Session;
let hooks: FakeServer;
let model: FakeServer;

type Message = { role: string; content: string | null };
/** An OpenAI-compatible answer: JSON, or server-sent events when the request streams (a call's turns do). */
function answer(stream: boolean, content: string | null, tool?: { name: string; args: Record<string, unknown> }) {
  const toolCalls = tool
    ? [{ index: 0, id: 'call_0', type: 'function', function: { name: tool.name, arguments: JSON.stringify(tool.args) } }]
    : [];
  const usage = { prompt_tokens: 10, completion_tokens: 5 };
  if (!stream)
    return {
      status: 200,
      body: { choices: [{ message: { role: 'assistant', content, ...(tool ? { tool_calls: toolCalls } : {}) } }], usage },
    };
  const chunks = [
    ...(content ? [{ choices: [{ index: 0, delta: { role: 'assistant', content } }] }] : []),
    ...(tool ? [{ choices: [{ index: 0, delta: { tool_calls: toolCalls } }] }] : []),
    { choices: [{ index: 0, delta: {}, finish_reason: tool ? 'tool_calls' : 'stop' }], usage },
  ];
  const raw = `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\n`;
  return { status: 200, headers: { 'content-type': 'text/event-stream' }, raw };
}

beforeAll(async () => {
  hooks = await startFake(() => ({ status: 204 }));
  model = await startFake((r) => {
    const messages = (r.body.messages ?? []) as Message[];
    const stream = r.body.stream === true;
    // Anything but the agent (the analysis after a phone call) gets an empty answer.
    if (!(messages[0]?.content ?? '').includes('receptionist of Voice Clinic')) return answer(stream, '{}');
    if (messages.at(-1)?.role === 'tool') return answer(stream, 'I am connecting you now.');
    const customerTurns = messages.filter((m) => m.role === 'user').length;
    if (customerTurns >= 2) return answer(stream, null, { name: 'transfer_call', args: { reason: 'wants a person' } });
    return answer(stream, 'We are open Monday to Friday, 9am to 5pm.');
  });
  t = await createTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', LLM_BASE_URL: `${model.url}/v1`, LLM_API_KEY: 'sk-test' });
  // The test call comes in on the media WebSocket where the server listens.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  org = await t.signUp('owner@voicesuite.test', { businessName: 'Voice Clinic' });
  await t.request('POST', '/api/v2/campaign', {
    token: org.token,
    body: {
      greeting: 'Hello, how can I help you today?',
      agentInstructions: 'You are the receptionist of Voice Clinic.\nWe are open Monday to Friday, 9am to 5pm.',
    },
  });
  // Phone calls are counted and charged, and their events go to a webhook: a test call must do neither.
  expect((await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id } })).status).toBe(200);
  const tier = { type: 'volume', unit: 'minute', tiers: [{ quantityMin: 1, quantityMax: null, price: 50_000 }] };
  await subscribeToMeteredPlan(t.database.db, org.id, { voiceMinutes: tier });
  await fundWallet(t.database.db, org.id, 1_000_000);
  const events = ['call.started', 'call.ended'];
  expect((await t.request('POST', '/api/v2/webhooks', { token: org.token, body: { url: `${hooks.url}/calls`, events } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await hooks.close();
  await model.close();
});

async function scenario(body: Record<string, unknown>): Promise<number> {
  const s = await t.request('POST', '/api/v2/agent/tests', { token: org.token, body: { channel: 'voice', ...body } });
  expect(s.status).toBe(200);
  return s.body.scenario.id;
}

/** Runs the scenarios; while they play, the calls the server holds are kept (each scenario is one). */
async function run(scenarioIds: number[], calls = new Map<string, LiveEntry>()) {
  const started = await t.request('POST', '/api/v2/agent/tests/run', { token: org.token, body: { scenarioIds } });
  expect(started.status).toBe(200);
  let run: any = null;
  await expect
    .poll(
      async () => {
        for (const id of t.services.calls.live.ids()) calls.set(id, t.services.calls.live.get(id)!);
        run = (await t.request('GET', `/api/v2/agent/tests/runs/${started.body.run.id}`, { token: org.token })).body.run;
        return run.status;
      },
      { timeout: 150_000, interval: 50 },
    )
    .toMatch(/^(passed|failed|error)$/);
  return run.results.sort(
    (a: { scenarioId: number }, b: { scenarioId: number }) => scenarioIds.indexOf(a.scenarioId) - scenarioIds.indexOf(b.scenarioId),
  );
}

describe.skipIf(!engines)('a voice scenario through the simulated carrier', () => {
  const testCalls = new Map<string, LiveEntry>();

  it("passes on what was heard of the agent's audio, and fails with the reason", { timeout: 180_000 }, async () => {
    const passing = await scenario({
      name: 'Hours, then a person',
      openingMessage: 'What are your opening hours?',
      turns: ['Can I talk to a person, please?'],
      maxTurns: 2,
      expectations: [
        { kind: 'said', phrase: 'help' },
        { kind: 'said', phrase: 'Friday' },
        { kind: 'notSaid', phrase: 'Sunday' },
        { kind: 'functionCalled', name: 'transfer_call' },
        { kind: 'transferred' },
      ],
    });
    const failing = await scenario({
      name: 'Open on Sunday?',
      openingMessage: 'What are your opening hours?',
      maxTurns: 1,
      expectations: [
        { kind: 'said', phrase: 'Friday' },
        { kind: 'said', phrase: 'Sunday' },
        { kind: 'transferred' },
        { kind: 'endedByAgent' },
      ],
    });
    const [pass, fail] = await run([passing, failing], testCalls);

    expect(pass.status, JSON.stringify(pass)).toBe('passed');
    // The greeting, each customer line as written and the agent's turns as transcribed speech (no capitals or punctuation).
    expect(pass.transcript.map((x: { role: string }) => x.role)).toEqual(['agent', 'customer', 'agent', 'customer', 'agent']);
    expect(pass.transcript[1].text).toBe('What are your opening hours?');
    expect(pass.transcript[3].text).toBe('Can I talk to a person, please?');
    for (const turn of [pass.transcript[0], pass.transcript[2]]) expect(turn.text).toMatch(/^[a-z' ]+$/);
    expect(pass.expectations[0].reason).toMatch(/^Said in turn 1: /);
    expect(pass.expectations[1].reason).toMatch(/^Said in turn 3: /);
    expect(pass.transcript[4].functionCalls).toEqual([expect.objectContaining({ name: 'transfer_call', ok: true })]);

    expect(fail.status).toBe('failed');
    expect(fail.expectations.map((e: { passed: boolean }) => e.passed)).toEqual([true, false, false, false]);
    expect(fail.failure).toEqual({ index: 1, kind: 'said', reason: 'The agent never said “Sunday”.' });
    expect(fail.expectations[2].reason).toBe('The agent did not transfer the conversation.');
    expect(fail.expectations[3].reason).toBe('The agent did not end the conversation.');

    // Each scenario was a call on the media stream: a test session, the customer's speech heard, the agent's marks echoed.
    expect(testCalls.size).toBe(2);
    for (const call of testCalls.values()) {
      expect(call.session.test).toBe(true);
      const kinds = new Set(call.session.events.map((e) => e.type));
      for (const kind of ['speech_start', 'final_transcript', 'first_audio', 'mark']) expect(kinds).toContain(kind);
    }
    // Both calls ended when their scenario did.
    await expect.poll(() => t.services.calls.live.ids(), { timeout: 10_000 }).toEqual([]);
  });

  it(
    'leaves no call record, usage, charge, webhook, conversation or call event; a phone call afterwards does',
    { timeout: 60_000 },
    async () => {
      expect(testCalls.size).toBe(2);
      const testIds = [...testCalls.keys()];
      // A phone call after the test calls: the simulated phone answers, hears the greeting and hangs up.
      const placed = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to: '+14155551401' } });
      expect(placed.status).toBe(200);
      const phoneCall = placed.body.call.id as string;
      const read = async (id: string) =>
        (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token, query: { targetAccountId: org.id } })).body.call;
      await expect.poll(() => read(phoneCall), { timeout: 30_000 }).toMatchObject({ status: 'completed' });
      // Its webhooks arrive (the test calls' would have been emitted before them).
      const delivered = () => hooks.seen.filter((r) => r.path === '/calls').map((r) => `${r.body.type} ${r.body.data.call.id}`);
      await expect.poll(delivered, { timeout: 20_000 }).toEqual([`call.started ${phoneCall}`, `call.ended ${phoneCall}`]);

      const db = t.database.db;
      // The call log.
      const log = await t.request('GET', '/api/v1/calls', { token: org.token, query: { targetAccountId: org.id } });
      expect(log.body.calls.map((c: { id: string }) => c.id)).toEqual([phoneCall]);
      expect(await db.selectFrom('calls').select('id').execute()).toEqual([{ id: phoneCall }]);
      // Call minutes counted and charged: the phone call's one minute (the agent's model tokens are model usage, test or not).
      const minutes = (table: 'usage_daily' | 'usage_charges') =>
        db
          .selectFrom(table)
          .select(['item', 'quantity'])
          .where('account_id', '=', org.id)
          .where('item', 'in', ['voice', 'advancedVoice'])
          .execute();
      expect(await minutes('usage_daily')).toEqual([{ item: 'voice', quantity: 1 }]);
      await expect.poll(() => minutes('usage_charges')).toEqual([{ item: 'voice', quantity: 1 }]);
      expect(await walletBalance(db, org.id)).toBe(950_000);
      // Webhooks: the outbox holds the phone call's events only.
      const outbox = await db.selectFrom('webhook_outbox').select(['type', 'payload']).where('type', 'like', 'call.%').execute();
      expect(outbox.length).toBeGreaterThanOrEqual(2);
      for (const row of outbox) expect(JSON.stringify(row.payload)).toContain(phoneCall);
      // The inbox: one conversation, the phone call's contact's.
      expect((await db.selectFrom('rooms').select('contact_address').execute()).map((r) => r.contact_address)).toEqual(['+14155551401']);
      // The event log (what staff's inbox hears live): the phone call only.
      const events = await db.selectFrom('events').select(['type', 'payload']).where('type', 'like', 'call.%').execute();
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) {
        for (const id of testIds) expect(JSON.stringify(e.payload)).not.toContain(id);
        expect(JSON.stringify(e.payload)).toContain(phoneCall);
      }
    },
  );
});

describe.skipIf(!engines)('a voice scenario without speech engines', () => {
  it('fails with the reason when a speech engine is missing, and runs as text only when the scenario asks', async () => {
    const { stt, sttEngines } = t.services.voice;
    t.services.voice.stt = null;
    t.services.voice.sttEngines = {};
    try {
      const [call] = await run([await scenario({ name: 'No recogniser', openingMessage: 'When are you open?', maxTurns: 1 })]);
      expect(call.status).toBe('error');
      expect(call.failure.reason).toContain('Speech recognition is not installed');
      expect(call.failure.reason).toContain('voice mode to text');
      const [text] = await run([
        await scenario({
          name: 'As text',
          voiceMode: 'text',
          openingMessage: 'When are you open?',
          maxTurns: 1,
          expectations: [{ kind: 'said', phrase: 'Monday to Friday' }],
        }),
      ]);
      expect(text.status).toBe('passed');
      expect(text.transcript[0].text).toBe('Hello, how can I help you today?');
    } finally {
      t.services.voice.stt = stt;
      t.services.voice.sttEngines = sttEngines;
    }
  });
});
