import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { saveInstalledApp } from '../apps/index.ts';
import { builtinApp } from '../apps/index.ts';
import { campaignsRepository, defaultCampaign } from './repository.ts';

let t: TestApp;
let orgId: number;
let hook: http.Server;
let hookUrl: string;
const hookCalls: any[] = [];

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      hookCalls.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ summary: 'Ticket 42 opened.' }));
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  t = await createTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  orgId = (await t.signUp('owner@runtime.test', { businessName: 'Bright Dental' })).id;
  const data = defaultCampaign();
  await campaignsRepository.put(t.database.db, orgId, 'default', {
    ...data,
    agentInstructions: 'You are the receptionist of {{businessName}}.\nOur opening hours are Monday to Friday, 9am to 5pm.',
    apps: [
      { appId: 'messages', version: '1' },
      { appId: 'schedule', version: '1' },
      { appId: 'sms', version: '1' },
      { appId: 'webhook', version: '1' },
    ],
    enabledFunctions: {
      'messages:1': ['take_message'],
      'schedule:1': ['book_appointment'],
      'sms:1': ['send_sms'],
      'webhook:1': ['call_webhook'],
    },
  });
  await campaignsRepository.put(t.database.db, orgId, 'staging', { ...data, agentInstructions: 'Staging copy: we are closed on Sundays.' });
});
afterAll(async () => {
  await t.close();
  hook.closeAllConnections();
  await new Promise((r) => hook.close(r));
});

const respond = (message: string, extra: Record<string, unknown> = {}) =>
  t.services.agentRuntime.respond({ accountId: orgId, history: [], message, channel: 'chat', ...extra });

describe('agent runtime with the offline responder', () => {
  it('greets with the greeting, variables filled in, and says no model is configured', async () => {
    const r = await respond('Hello');
    expect(r.provider).toBe('offline');
    expect(r.text).toContain('Hello, thanks for contacting Bright Dental!');
    expect(r.text).toContain('No language model is configured');
    expect(r.functionCalls).toEqual([]);
  });

  it('answers from the production copy by default and from staging when asked', async () => {
    expect((await respond('When are your opening hours?')).text).toContain('Monday to Friday');
    expect((await respond('Are you open on Sundays?', { copy: 'staging' })).text).toContain('closed on Sundays');
  });

  it('books an appointment when asked, recording the request', async () => {
    const r = await respond('I want to book an appointment tomorrow at 3pm, my name is Ana Diaz', {
      conversation: { roomId: 'r1', from: '+14155552671' },
    });
    expect(r.functionCalls).toHaveLength(1);
    expect(r.functionCalls[0]).toMatchObject({
      name: 'book_appointment',
      appId: 'schedule',
      ok: true,
      arguments: { time: 'tomorrow at 3pm', name: 'Ana Diaz' },
    });
    expect(r.text).toContain('requested an appointment for tomorrow at 3pm');
    const rows = await t.database.db
      .selectFrom('agent_requests')
      .selectAll()
      .where('account_id', '=', orgId)
      .where('kind', '=', 'schedule')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.room_id).toBe('r1');
  });

  it('sends an SMS once per turn even when the turn is retried', async () => {
    const input = { conversation: { roomId: 'room-sms', from: '+14155552672' } };
    const a = await respond('Please text me the address', input);
    const b = await respond('Please text me the address', input);
    expect(a.functionCalls[0]).toMatchObject({ name: 'send_sms', ok: true });
    expect(b.functionCalls[0]).toMatchObject({ name: 'send_sms', ok: true });
    const sms = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('channel', '=', 'sms')
      .where('to_address', '=', '+14155552672')
      .execute();
    expect(sms).toHaveLength(1);
  });

  it('reports a failed SMS to an unreachable number', async () => {
    const r = await respond('text me please', { conversation: { roomId: 'bad', from: '+12025550142' } });
    expect(r.functionCalls[0]).toMatchObject({ name: 'send_sms', ok: false });
    expect(r.text).toContain('Number unreachable');
  });

  it('does not text a chat visitor who has no phone number', async () => {
    const r = await respond('text me the menu', { channel: 'chat', conversation: { roomId: 'chat-1', from: 'visitor-42' } });
    expect(r.functionCalls[0]).toMatchObject({
      name: 'send_sms',
      ok: false,
      result: { error: 'visitor-42 is not a phone number that can get texts' },
    });
    const sms = await t.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'visitor-42').execute();
    expect(sms).toEqual([]);
  });

  it('calls the webhook with the conversation’s data', async () => {
    await saveInstalledApp(t.database.db, orgId, {
      ...builtinApp('webhook', '1')!,
      dependencies: {
        providers: { auth: { webhook: { parameters: { properties: { url: { value: hookUrl }, secret: { value: 's3cret' } } } } } },
      },
    });
    const r = await respond('Please use the webhook to create a ticket', {
      history: [{ role: 'user', content: 'earlier' }],
      conversation: { roomId: 'w1' },
    });
    expect(r.functionCalls[0]).toMatchObject({ name: 'call_webhook', ok: true });
    expect(r.text).toBe('Ticket 42 opened.');
    const call = hookCalls.at(-1);
    expect(call.headers['x-webhook-secret']).toBe('s3cret');
    expect(call.body).toMatchObject({
      function: 'call_webhook',
      accountId: orgId,
      conversation: { roomId: 'w1', message: 'Please use the webhook to create a ticket' },
    });
    expect(call.body.conversation.history).toEqual([{ role: 'user', content: 'earlier' }]);
  });

  it('records token usage per account and day, adding up', async () => {
    const before = await t.database.db
      .selectFrom('usage_daily')
      .select('quantity')
      .where('account_id', '=', orgId)
      .where('item', '=', 'tokens')
      .executeTakeFirst();
    const r = await respond('hello');
    const after = await t.database.db
      .selectFrom('usage_daily')
      .selectAll()
      .where('account_id', '=', orgId)
      .where('item', '=', 'tokens')
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(Number(after[0]!.quantity)).toBe(Number(before!.quantity) + r.usage.inputTokens + r.usage.outputTokens);
  });

  it('refuses an account that is not an agent', async () => {
    await expect(t.services.agentRuntime.respond({ accountId: 999999, history: [], message: 'hi', channel: 'chat' })).rejects.toThrow(
      'Agent not found.',
    );
  });

  it('streams the same turn as events', async () => {
    const events = [];
    for await (const e of t.services.agentRuntime.stream({
      accountId: orgId,
      history: [],
      message: 'When are your opening hours?',
      channel: 'chat',
    }))
      events.push(e);
    const text = events
      .filter((e) => e.type === 'text')
      .map((e) => (e as { delta: string }).delta)
      .join('');
    const done = events.at(-1) as { type: 'done'; result: { text: string } };
    expect(done.type).toBe('done');
    expect(text.trim()).toBe(done.result.text);
  });
});
