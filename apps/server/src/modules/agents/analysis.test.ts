import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * The analysis after a conversation closes or a call ends: written by the organization's model (one
 * JSON answer, checked) or, without one, from what the agent recorded; stored on the room and the call,
 * logged (and in the logs CSV), sent as conversation.analyzed / call.analyzed once, counted as model usage
 * once, and seen by no other tree.
 */
let t: TestApp;
let withModel: Session;
let plain: Session;
let stranger: Session;
let model: FakeServer;
let receiver: FakeServer;
/** What the fake model answers to the analysis request (a chat turn gets a plain sentence). */
let analysisAnswer: string;

const FIELDS = [
  { name: 'name', type: 'string', description: 'The customer’s name.' },
  { name: 'insurance', type: 'string', description: 'The dental insurance the customer names.' },
  { name: 'urgent', type: 'boolean', description: 'Whether the customer is in pain now.' },
];
const GOOD_ANSWER = JSON.stringify({
  summary: 'Ana booked a cleaning for Tuesday at 3pm and mentioned Delta Dental.',
  outcome: 'booked',
  sentiment: 'positive',
  fields: { name: 'Ana', insurance: 'Delta Dental', urgent: false },
});

const run = async () => {
  await t.services.inbox.queue.drain();
  await t.services.webhooks.scan();
  await t.services.inbox.queue.drain();
};
const delivered = (type: string, path: string) => receiver.seen.filter((r) => r.body?.type === type && r.path === path);
const tokensUsed = async (accountId: number) =>
  (
    await t.services.deps.db
      .selectFrom('usage_daily')
      .select('quantity')
      .where('account_id', '=', accountId)
      .where('item', '=', 'tokens')
      .execute()
  ).reduce((n, r) => n + Number(r.quantity), 0);
const orgName = async (s: Session) => (await t.request('GET', '/api/v1/account', { token: s.token })).body.username as string;
const room = async (s: Session, roomId: string) =>
  (await t.request('GET', `/api/v1/conversations/${roomId}`, { token: s.token })).body.room;

async function visitorWrites(to: string, lines: string[]): Promise<string> {
  const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
  let roomId = '';
  for (const body of lines) {
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to, body } });
    expect(sent.status).toBe(200);
    roomId = sent.body.roomId;
    await t.services.inbox.queue.drain();
  }
  return roomId;
}

async function setUp(s: Session) {
  const saved = await t.request('POST', '/api/v2/campaign', { token: s.token, body: { analysisFields: FIELDS } });
  expect(saved.status).toBe(200);
  expect(saved.body.campaign.analysisFields).toEqual(FIELDS);
  expect((await t.request('POST', '/api/v2/agent/publish', { token: s.token, body: {} })).status).toBe(200);
  const events = ['conversation.analyzed', 'call.analyzed'];
  const hook = await t.request('POST', '/api/v2/webhooks', { token: s.token, body: { url: `${receiver.url}/${s.id}`, events } });
  expect(hook.status).toBe(200);
}

beforeAll(async () => {
  analysisAnswer = GOOD_ANSWER;
  model = await startFake((r) => {
    const usage = { prompt_tokens: 120, completion_tokens: 40 };
    if (r.body?.response_format?.type === 'json_object')
      return { status: 200, body: { choices: [{ message: { role: 'assistant', content: analysisAnswer } }], usage } };
    return { status: 200, body: { choices: [{ message: { role: 'assistant', content: 'Happy to help. Tuesday at 3pm works.' } }], usage } };
  });
  receiver = await startFake(() => ({ status: 204 }));
  t = await createTestApp({ JOBS_AUTOSTART: 'false', LLM_STAND_IN: 'none', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  withModel = await t.signUp('owner@analysed.test', { businessName: 'Analysed Dental' });
  plain = await t.signUp('owner@plain-analysis.test', { businessName: 'Plain Dental' });
  stranger = await t.signUp('owner@stranger-analysis.test', { businessName: 'Stranger Dental' });
  const connected = await t.request('POST', '/api/v2/agent/model', {
    token: withModel.token,
    body: { provider: 'openai-compatible', baseUrl: `${model.url}/v1`, model: 'llama3.2' },
  });
  expect(connected.status).toBe(200);
  await setUp(withModel);
  await setUp(plain);
  await setUp(stranger);
});
afterAll(async () => {
  await t.close();
  await model.close();
  await receiver.close();
});

describe('the analysis fields of an agent', () => {
  it('refuses a field that is not a name, a type or a description, naming the setting', async () => {
    for (const bad of [
      [{ name: 'Insurance Plan', type: 'string', description: 'x' }],
      [{ name: 'plan', type: 'date', description: 'x' }],
      [{ name: 'plan', type: 'string', description: '' }],
      [{ name: 'plan', type: 'string', description: 'x', required: true }],
      [
        { name: 'plan', type: 'string', description: 'x' },
        { name: 'plan', type: 'number', description: 'y' },
      ],
    ]) {
      const r = await t.request('POST', '/api/v2/campaign', { token: plain.token, body: { analysisFields: bad } });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toContain('analysisFields');
    }
  });
});

describe('a conversation that closes', () => {
  it('is analyzed by the organization’s model: fields extracted, stored, logged, sent once, counted once', async () => {
    const roomId = await visitorWrites(await orgName(withModel), [
      'Hi, I am Ana, I would like a cleaning.',
      'Tuesday 3pm please, I have Delta Dental.',
    ]);
    const before = await tokensUsed(withModel.id);
    const chatRequests = model.seen.length;
    expect((await t.request('POST', '/api/v1/closeConversation', { token: withModel.token, body: { roomId } })).status).toBe(200);
    await run();

    const analysis = (await room(withModel, roomId)).analysis;
    expect(analysis).toMatchObject({
      source: 'model',
      outcome: 'booked',
      sentiment: 'positive',
      summary: 'Ana booked a cleaning for Tuesday at 3pm and mentioned Delta Dental.',
      fields: { name: 'Ana', insurance: 'Delta Dental', urgent: false },
    });
    // One structured request, with the fields' descriptions and the transcript.
    const asked = model.seen.slice(chatRequests);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(asked[0]!.body.messages[0].content).toContain('- insurance (string): The dental insurance the customer names.');
    expect(asked[0]!.body.messages[1].content).toContain('Customer: Tuesday 3pm please, I have Delta Dental.');
    // The tokens count as model usage.
    expect((await tokensUsed(withModel.id)) - before).toBe(160);

    // Sent once; a retried job (or a second close without new messages) changes nothing and charges nothing more.
    expect(delivered('conversation.analyzed', `/${withModel.id}`)).toHaveLength(1);
    const row = await t.services.deps.db
      .selectFrom('rooms')
      .select(['id', 'analysis_key'])
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    expect(row.analysis_key?.startsWith(`${row.id}:`)).toBe(true);
    await t.services.inbox.queue.enqueue('conversation.analyze', { roomPk: row.id, key: row.analysis_key }, { key: 'a retry' });
    expect((await t.request('POST', '/api/v1/closeConversation', { token: withModel.token, body: { roomId } })).status).toBe(200);
    await run();
    await run();
    const hook = delivered('conversation.analyzed', `/${withModel.id}`);
    expect(hook).toHaveLength(1);
    expect(hook[0]!.body.data).toMatchObject({ roomId, analysis: { outcome: 'booked', fields: { insurance: 'Delta Dental' } } });
    expect(model.seen.length - chatRequests).toBe(1);
    expect((await tokensUsed(withModel.id)) - before).toBe(160);

    // In the logs, with its outcome, and as a column of the CSV export.
    const logs = await t.request('GET', '/api/v2/logs', { token: withModel.token, query: { kind: 'analysis' } });
    expect(logs.body.logs).toEqual([expect.objectContaining({ kind: 'analysis', roomId, outcome: 'booked', summary: analysis.summary })]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/v2/logs?format=csv&kind=analysis&token=${withModel.token}` });
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.split('\r\n');
    const columns = header!.split(',');
    expect(columns).toContain('outcome');
    expect(line!.split(',')[columns.indexOf('outcome')]).toBe('booked');
  });

  it('falls back to the recorded actions when the model’s answer does not hold up', async () => {
    analysisAnswer = JSON.stringify({ summary: 'x', outcome: 'great', sentiment: 'neutral', fields: {} });
    try {
      const roomId = await visitorWrites(await orgName(withModel), ['Just checking your hours, thanks.']);
      expect((await t.request('POST', '/api/v1/closeConversation', { token: withModel.token, body: { roomId } })).status).toBe(200);
      await run();
      expect((await room(withModel, roomId)).analysis).toMatchObject({ source: 'actions', outcome: 'resolved', fields: { name: null } });
    } finally {
      analysisAnswer = GOOD_ANSWER;
    }
  });

  it('is analyzed from the recorded actions without a model: the message taken and its fields', async () => {
    const before = await tokensUsed(plain.id);
    const roomId = await visitorWrites(await orgName(plain), [
      'Hi, my name is Victor. I have a toothache, please call me at (415) 555-2671',
    ]);
    expect((await t.request('POST', '/api/v1/closeConversation', { token: plain.token, body: { roomId } })).status).toBe(200);
    await run();
    const analysis = (await room(plain, roomId)).analysis;
    expect(analysis).toMatchObject({
      source: 'actions',
      outcome: 'message_taken',
      sentiment: 'neutral',
      fields: { name: 'Victor', insurance: null, urgent: null },
    });
    expect(analysis.summary).toBe('Victor (+14155552671) left a message: I have a toothache, please call me at');
    expect(delivered('conversation.analyzed', `/${plain.id}`).map((r) => r.body.data.roomId)).toEqual([roomId]);
    expect(await tokensUsed(plain.id)).toBe(before);
  });
});

describe('a call that ends', () => {
  it('is analyzed once: on the call, in the logs, as call.analyzed', async () => {
    const call = await t.request('POST', '/api/v1/calls/web', { token: plain.token, body: {} });
    expect(call.status).toBe(200);
    const id = call.body.call.id as string;
    expect(await t.services.calls.answer(id)).not.toBeNull();
    await t.services.calls.finish(id, 'caller hung up');
    await run();
    await t.services.inbox.queue.enqueue('call.analyze', { callId: id }, { key: 'a retry of the call' });
    await run();
    const got = (await t.request('GET', `/api/v1/calls/${id}`, { token: plain.token })).body.call;
    expect(got.analysis).toMatchObject({
      source: 'actions',
      outcome: 'abandoned',
      summary: 'The customer left the call without saying anything.',
      fields: { name: null, insurance: null, urgent: null },
    });
    const list = (await t.request('GET', '/api/v1/calls', { token: plain.token })).body.calls as { id: string; analysis: unknown }[];
    expect(list.find((c) => c.id === id)?.analysis).toMatchObject({ outcome: 'abandoned' });
    const hooks = delivered('call.analyzed', `/${plain.id}`);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.body.data).toMatchObject({ callId: id, analysis: { outcome: 'abandoned' } });
    const logs = await t.request('GET', '/api/v2/logs', { token: plain.token, query: { kind: 'analysis' } });
    expect(logs.body.logs.filter((l: any) => l.details.callId === id)).toHaveLength(1);
  });
});

describe('another tree', () => {
  it('reads no analysis of this one and receives none of its events', async () => {
    const roomId = await visitorWrites(await orgName(plain), ['Hello, I am Ada, please call me on (415) 555-2672 about a crown']);
    await t.request('POST', '/api/v1/closeConversation', { token: plain.token, body: { roomId } });
    await run();
    expect((await room(plain, roomId)).analysis).not.toBeNull();
    const theirs = await t.request('GET', `/api/v1/conversations/${roomId}`, { token: stranger.token });
    expect(JSON.stringify(theirs.body)).not.toContain('analysis":{');
    expect(theirs.body.room ?? null).toBeNull();
    const calls = (await t.request('GET', '/api/v1/calls', { token: stranger.token })).body.calls;
    expect(calls).toEqual([]);
    const logs = await t.request('GET', '/api/v2/logs', { token: stranger.token, query: { kind: 'analysis' } });
    expect(logs.body.logs).toEqual([]);
    expect(receiver.seen.filter((r) => r.path === `/${stranger.id}`)).toEqual([]);
  });
});
