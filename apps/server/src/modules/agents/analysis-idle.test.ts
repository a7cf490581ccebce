import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_IDLE_MS } from '@switchboard/core';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { fromJson } from '../../platform/db/columns.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * A conversation nobody closes is analyzed when it goes idle (no message for ANALYSIS_IDLE_MS): once,
 * and again over the whole thread when it continues and goes idle (or closes) again; each analysis
 * sends its conversation.analyzed once. The queue's clock is moved forward instead of waiting.
 */
let t: TestApp;
let org: Session;
let model: FakeServer;
let receiver: FakeServer;
/** The queue's clock: held still, moved forward by the test. */
let clock = Date.now();

const FIELDS = [{ name: 'insurance', type: 'string', description: 'The dental insurance the customer names.' }];
const answer = (insurance: string | null) =>
  JSON.stringify({
    summary: `Asked about a cleaning (${insurance ?? 'no insurance named'}).`,
    outcome: 'resolved',
    sentiment: 'neutral',
    fields: { insurance },
  });

const run = async () => {
  await t.services.inbox.queue.drain();
  await t.services.webhooks.scan();
  await t.services.inbox.queue.drain();
};
/** Moves the queue's clock forward by `ms` and runs what fell due. */
const later = async (ms: number) => {
  clock += ms;
  await run();
};
const analysisRequests = () => model.seen.filter((r) => r.body?.response_format?.type === 'json_object');
const hooks = (roomId: string) => receiver.seen.filter((r) => r.body?.type === 'conversation.analyzed' && r.body.data?.roomId === roomId);
const analysisOf = async (roomId: string) =>
  (await t.request('GET', `/api/v1/conversations/${roomId}`, { token: org.token })).body.room.analysis;

beforeAll(async () => {
  model = await startFake((r) => {
    const usage = { prompt_tokens: 50, completion_tokens: 20 };
    if (r.body?.response_format?.type === 'json_object') {
      const said = JSON.stringify(r.body.messages);
      const content = answer(said.includes('Delta Dental') ? 'Delta Dental' : null);
      return { status: 200, body: { choices: [{ message: { role: 'assistant', content } }], usage } };
    }
    return { status: 200, body: { choices: [{ message: { role: 'assistant', content: 'Happy to help. Anything else?' } }], usage } };
  });
  receiver = await startFake(() => ({ status: 204 }));
  t = await createTestApp({ JOBS_AUTOSTART: 'false', LLM_STAND_IN: 'none', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  t.services.inbox.queue.now = () => clock;
  org = await t.signUp('owner@idle-analysis.test', { businessName: 'Idle Dental' });
  const connected = await t.request('POST', '/api/v2/agent/model', {
    token: org.token,
    body: { provider: 'openai-compatible', baseUrl: `${model.url}/v1`, model: 'llama3.2' },
  });
  expect(connected.status).toBe(200);
  expect((await t.request('POST', '/api/v2/campaign', { token: org.token, body: { analysisFields: FIELDS } })).status).toBe(200);
  expect((await t.request('POST', '/api/v2/agent/publish', { token: org.token, body: {} })).status).toBe(200);
  const hook = await t.request('POST', '/api/v2/webhooks', {
    token: org.token,
    body: { url: `${receiver.url}/idle`, events: ['conversation.analyzed'] },
  });
  expect(hook.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await model.close();
  await receiver.close();
});

describe('a conversation that goes idle', () => {
  it('is analyzed once when nobody writes for the idle time, and again over the whole thread after it continues', async () => {
    const to = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username as string;
    const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    const write = async (body: string) => {
      const sent = await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to, body } });
      expect(sent.status).toBe(200);
      await run();
      return sent.body.roomId as string;
    };
    const roomId = await write('Hi, do you do cleanings on Saturdays?');
    const asked = analysisRequests().length;

    // The idle analysis is a job in the database (a restart loses nothing), due the idle time after the
    // last message: one row per room, carrying the room's state at that message.
    const idleJobs = async () => {
      const room = await t.services.deps.db
        .selectFrom('rooms')
        .select(['id', 'last_message_id'])
        .where('room_id', '=', roomId)
        .executeTakeFirstOrThrow();
      const jobs = await t.services.deps.db
        .selectFrom('jobs')
        .select(['kind', 'status', 'run_at', 'payload', 'idempotency_key'])
        .where('kind', '=', 'conversation.analyze')
        .where((eb) =>
          eb.or([eb('idempotency_key', '=', `analyze:idle:${room.id}`), eb('idempotency_key', 'like', `analyze:idle:${room.id}:%`)]),
        )
        .execute();
      return { room, jobs };
    };
    const first = await idleJobs();
    expect(first.jobs).toHaveLength(1);
    expect(first.jobs[0]!.status).toBe('queued');
    expect(Number(first.jobs[0]!.run_at)).toBe(t.services.inbox.queue.now() + ANALYSIS_IDLE_MS);
    expect(fromJson(first.jobs[0]!.payload, {})).toMatchObject({ key: `${first.room.id}:${first.room.last_message_id}`, idle: true });

    // Not before the idle time.
    await later(ANALYSIS_IDLE_MS - 60_000);
    expect(await analysisOf(roomId)).toBeNull();
    expect(analysisRequests()).toHaveLength(asked);

    // Then once: stored, sent once; more idle time changes nothing.
    await later(2 * 60_000);
    expect(await analysisOf(roomId)).toMatchObject({ source: 'model', fields: { insurance: null } });
    expect(analysisRequests()).toHaveLength(asked + 1);
    await later(3 * ANALYSIS_IDLE_MS);
    expect(analysisRequests()).toHaveLength(asked + 1);
    expect(hooks(roomId)).toHaveLength(1);

    // A message before the idle time passes again postpones it: only the last message's idle time counts.
    expect(await write('Also, I have Delta Dental.')).toBe(roomId);
    await later(ANALYSIS_IDLE_MS - 5 * 60_000);
    expect(await write('Is that accepted?')).toBe(roomId);
    // Still the room's one job, moved to the idle time after this message and carrying it.
    const moved = await idleJobs();
    expect(moved.jobs).toHaveLength(1);
    expect(moved.jobs[0]!.status).toBe('queued');
    expect(Number(moved.jobs[0]!.run_at)).toBe(t.services.inbox.queue.now() + ANALYSIS_IDLE_MS);
    expect(fromJson(moved.jobs[0]!.payload, {})).toMatchObject({ key: `${moved.room.id}:${moved.room.last_message_id}` });
    expect(moved.room.last_message_id).not.toBe(first.room.last_message_id);
    await later(10 * 60_000);
    expect(analysisRequests()).toHaveLength(asked + 1);
    expect(hooks(roomId)).toHaveLength(1);

    // Idle again: analyzed again, over the whole thread (the first message too), and sent again once.
    await later(ANALYSIS_IDLE_MS);
    expect(analysisRequests()).toHaveLength(asked + 2);
    const thread = analysisRequests().at(-1)!.body.messages[1].content as string;
    expect(thread).toContain('Customer: Hi, do you do cleanings on Saturdays?');
    expect(thread).toContain('Customer: Is that accepted?');
    expect(await analysisOf(roomId)).toMatchObject({ source: 'model', fields: { insurance: 'Delta Dental' } });
    const sent = hooks(roomId);
    expect(sent).toHaveLength(2);
    expect(sent.map((h) => h.body.data.analysis.fields.insurance)).toEqual([null, 'Delta Dental']);

    // Closing it now, with nothing new said since, is the same analysis: no model request, no webhook.
    expect((await t.request('POST', '/api/v1/closeConversation', { token: org.token, body: { roomId } })).status).toBe(200);
    await later(60_000);
    await later(ANALYSIS_IDLE_MS);
    expect(analysisRequests()).toHaveLength(asked + 2);
    expect(hooks(roomId)).toHaveLength(2);

    // One analysis row in the logs per analysis.
    const logs = await t.request('GET', '/api/v2/logs', { token: org.token, query: { kind: 'analysis' } });
    expect(logs.body.logs.filter((l: { roomId: string }) => l.roomId === roomId)).toHaveLength(2);
  });
});
