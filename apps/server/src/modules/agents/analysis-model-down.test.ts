import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_MAX_ATTEMPTS } from '@switchboard/core';
import { startFake, type FakeServer, type Reply } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * The language model is down (5xx, 429): the analysis job tries again with the queue's backoff, uses the
 * model once it is back, and after its last attempt writes the analysis from the recorded actions
 * (source 'actions', modelError saying why). Never a conversation or call without one, never a webhook
 * twice. The queue's clock is moved forward instead of waiting for the backoff.
 */
let t: TestApp;
let org: Session;
let model: FakeServer;
let receiver: FakeServer;
/** The queue's clock: held still, moved forward by the test. */
let clock = Date.now();
/** How the fake model answers the analysis requests now: failing `left` more times with `reply`, then well. */
let outage: { reply: Reply; left: number } | null = null;

const GOOD = JSON.stringify({ summary: 'Asked about whitening.', outcome: 'resolved', sentiment: 'neutral', fields: {} });

const run = async () => {
  await t.services.inbox.queue.drain();
  await t.services.webhooks.scan();
  await t.services.inbox.queue.drain();
};
/** Moves the queue's clock past the next backoff (well short of the idle time) and runs what fell due. */
const later = async () => {
  clock += 2 * 60_000;
  await run();
};
const analysisRequests = (text: string) =>
  model.seen.filter((r) => r.body?.response_format?.type === 'json_object' && JSON.stringify(r.body.messages).includes(text));
const hooks = (type: string, match: (data: any) => boolean) => receiver.seen.filter((r) => r.body?.type === type && match(r.body.data));
const job = (key: string) =>
  t.services.deps.db.selectFrom('jobs').select(['status', 'attempts']).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
const roomJobKey = async (roomId: string) => {
  const r = await t.services.deps.db
    .selectFrom('rooms')
    .select(['id', 'last_message_id'])
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return `analyze:room:${r.id}:${r.last_message_id}`;
};
const analysisOf = async (roomId: string) =>
  (await t.request('GET', `/api/v1/conversations/${roomId}`, { token: org.token })).body.room.analysis;

/** A visitor's conversation, closed by the business; its analysis job is enqueued (not yet run). */
async function closedConversation(line: string): Promise<string> {
  const to = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username as string;
  const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
  const sent = await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to, body: line } });
  expect(sent.status).toBe(200);
  await run();
  const roomId = sent.body.roomId as string;
  expect((await t.request('POST', '/api/v1/closeConversation', { token: org.token, body: { roomId } })).status).toBe(200);
  return roomId;
}

beforeAll(async () => {
  model = await startFake((r) => {
    const usage = { prompt_tokens: 30, completion_tokens: 10 };
    if (r.body?.response_format?.type === 'json_object') {
      if (outage && outage.left > 0) {
        outage.left--;
        return outage.reply;
      }
      return { status: 200, body: { choices: [{ message: { role: 'assistant', content: GOOD } }], usage } };
    }
    return { status: 200, body: { choices: [{ message: { role: 'assistant', content: 'Happy to help.' } }], usage } };
  });
  receiver = await startFake(() => ({ status: 204 }));
  t = await createTestApp({ JOBS_AUTOSTART: 'false', LLM_STAND_IN: 'none', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  t.services.inbox.queue.now = () => clock;
  org = await t.signUp('owner@model-down.test', { businessName: 'Model Down Dental' });
  const connected = await t.request('POST', '/api/v2/agent/model', {
    token: org.token,
    body: { provider: 'openai-compatible', baseUrl: `${model.url}/v1`, model: 'llama3.2' },
  });
  expect(connected.status).toBe(200);
  expect((await t.request('POST', '/api/v2/agent/publish', { token: org.token, body: {} })).status).toBe(200);
  const hook = await t.request('POST', '/api/v2/webhooks', {
    token: org.token,
    body: { url: `${receiver.url}/down`, events: ['conversation.analyzed', 'call.analyzed'] },
  });
  expect(hook.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await model.close();
  await receiver.close();
});

describe('the analysis while the model is down', () => {
  it('is tried again with backoff and written by the model once it recovers', async () => {
    outage = { reply: { status: 503, body: { error: { message: 'overloaded' } } }, left: 2 };
    const roomId = await closedConversation('Do you do whitening? (recovers)');
    const key = await roomJobKey(roomId);
    await run();
    // Failed once: no analysis yet, the job waits for its backoff (not due in the same drain).
    expect(await analysisOf(roomId)).toBeNull();
    expect(await job(key)).toEqual({ status: 'queued', attempts: 1 });
    expect(hooks('conversation.analyzed', (d) => d.roomId === roomId)).toEqual([]);
    await later();
    await later();
    expect(await analysisOf(roomId)).toMatchObject({ source: 'model', summary: 'Asked about whitening.' });
    expect((await analysisOf(roomId)).modelError).toBeUndefined();
    expect(await job(key)).toEqual({ status: 'done', attempts: 3 });
    expect(analysisRequests('(recovers)')).toHaveLength(3);
    await later();
    expect(hooks('conversation.analyzed', (d) => d.roomId === roomId)).toHaveLength(1);
  });

  it('falls back to the recorded actions after the last attempt, marked as such, and sends its webhook once', async () => {
    outage = { reply: { status: 429, body: { error: { message: 'rate limited' } }, headers: { 'retry-after': '30' } }, left: Infinity };
    const roomId = await closedConversation('Do you do whitening? (stays down)');
    const key = await roomJobKey(roomId);
    await run();
    for (let i = 1; i < ANALYSIS_MAX_ATTEMPTS; i++) {
      expect(await analysisOf(roomId)).toBeNull();
      await later();
    }
    const analysis = await analysisOf(roomId);
    expect(analysis).toMatchObject({ source: 'actions', outcome: 'resolved' });
    expect(analysis.modelError).toContain('429');
    expect(await job(key)).toEqual({ status: 'done', attempts: ANALYSIS_MAX_ATTEMPTS });
    expect(analysisRequests('(stays down)')).toHaveLength(ANALYSIS_MAX_ATTEMPTS);
    // A retried job (the model back by then) changes nothing: the webhook was sent once.
    outage = null;
    await t.services.inbox.queue.enqueue(
      'conversation.analyze',
      { roomPk: Number(key.split(':')[2]), key: key.slice('analyze:room:'.length) },
      { key: 'a retry after the fallback' },
    );
    await later();
    await later();
    expect(await analysisOf(roomId)).toMatchObject({ source: 'actions' });
    const sent = hooks('conversation.analyzed', (d) => d.roomId === roomId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.data.analysis).toMatchObject({ source: 'actions', modelError: analysis.modelError });
  });

  it('does not wait for a model that refuses the request (a 4xx other than 429): the actions answer at once', async () => {
    outage = { reply: { status: 401, body: { error: { message: 'invalid api key' } } }, left: 1 };
    const roomId = await closedConversation('Do you do whitening? (refused)');
    const key = await roomJobKey(roomId);
    await run();
    expect(await analysisOf(roomId)).toMatchObject({ source: 'actions', modelError: expect.stringContaining('401') });
    expect(await job(key)).toEqual({ status: 'done', attempts: 1 });
    outage = null;
  });

  it('leaves no call without an analysis: the call falls back after its last attempt, call.analyzed once', async () => {
    outage = { reply: { status: 500, body: { error: { message: 'internal error' } } }, left: Infinity };
    const call = await t.request('POST', '/api/v1/calls/web', { token: org.token, body: {} });
    expect(call.status).toBe(200);
    const id = call.body.call.id as string;
    expect(await t.services.calls.answer(id)).not.toBeNull();
    await t.services.calls.finish(id, 'caller hung up');
    await run();
    for (let i = 1; i < ANALYSIS_MAX_ATTEMPTS; i++) {
      expect((await t.request('GET', `/api/v1/calls/${id}`, { token: org.token })).body.call.analysis ?? null).toBeNull();
      await later();
    }
    const got = (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token })).body.call;
    expect(got.analysis).toMatchObject({ source: 'actions', outcome: 'abandoned', modelError: expect.stringContaining('500') });
    expect(await job(`analyze:call:${id}`)).toEqual({ status: 'done', attempts: ANALYSIS_MAX_ATTEMPTS });
    outage = null;
    await later();
    expect(hooks('call.analyzed', (d) => d.callId === id)).toHaveLength(1);
  });
});
