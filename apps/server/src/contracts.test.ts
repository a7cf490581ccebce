import { inboxEvent } from '@switchboard/core/contracts/conversations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson } from './platform/db/columns.ts';
import { checkResponse, createTestApp, type TestApp } from './testing/harness.ts';

/**
 * Responses and events against their contracts (packages/core/src/contracts). The harness checks every
 * response every API test receives (testing/harness.ts checkResponse); this file shows that a drift
 * fails, and checks the realtime events a conversation leaves in the event log.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
});
afterAll(async () => {
  await t.close();
});

describe('response contracts', () => {
  it('fails a success body that drifted from its route contract', () => {
    const good = { success: true, rooms: [], totalRooms: 0 };
    expect(() => checkResponse('GET', '/api/v1/conversations?page=0', 200, good)).not.toThrow();
    // A room without its id fields, as the web's old copy of the shape had it.
    const drifted = {
      success: true,
      rooms: [{ roomId: 'r_1', username: 'amy', lastMessage: '', lastMessageTimestamp: 1, aiAgentEnabled: true, unread: false }],
      totalRooms: 1,
    };
    expect(() => checkResponse('GET', '/api/v1/conversations', 200, drifted)).toThrow(/rooms\.0\.id/);
    // The route with a parameter is found too, and a static route wins over a parameter one.
    expect(() =>
      checkResponse('GET', '/api/v1/conversations/r_1', 200, { success: true, room: null, messages: [{}], hasMore: false }),
    ).toThrow(/messages\.0/);
  });

  it('fails an error body that is not the envelope {success: false, message, code}', () => {
    expect(() =>
      checkResponse('POST', '/api/v1/messages', 400, { success: false, message: 'Please write a message.', code: 'bad_request' }),
    ).not.toThrow();
    expect(() => checkResponse('POST', '/api/v1/messages', 400, { error: 'Bad Request' })).toThrow(/success/);
  });
});

describe('realtime event contract', () => {
  it('every event a conversation writes to the event log parses as the inbox event union', async () => {
    const org = await t.signUp('owner@contracts.test', { businessName: 'Contract Co' });
    const username = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username as string;
    const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body as { token: string };
    const sent = await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to: username, body: 'Hello there' } });
    expect(sent.status).toBe(200);
    const asOrg = { token: org.token, query: { targetAccountId: org.id } };
    await t.request('POST', '/api/v1/messages', { ...asOrg, body: { roomId: sent.body.roomId, body: 'Hi! How can we help?' } });
    await t.request('POST', '/api/v1/reaction', { ...asOrg, body: { messageId: sent.body.message.id, reaction: '👍' } });
    await t.request('POST', '/api/v1/typing', { ...asOrg, body: { roomId: sent.body.roomId } });
    await t.request('POST', '/api/v1/closeConversation', { ...asOrg, body: { roomId: sent.body.roomId } });
    await t.request('POST', '/api/v1/activity', { ...asOrg, body: { clearAll: true } });

    const rows = await t.database.db.selectFrom('events').selectAll().orderBy('id').execute();
    const types = new Set<string>();
    for (const r of rows) {
      const event = {
        id: Number(r.id),
        type: r.type,
        accountId: r.account_id,
        agentId: r.agent_id,
        contactAccountId: r.contact_account_id,
        payload: fromJson(r.payload, {}),
        createdAt: Number(r.created_at),
      };
      const parsed = inboxEvent.safeParse(event);
      expect(parsed.success, `${r.type}: ${parsed.error?.message}`).toBe(true);
      types.add(r.type);
    }
    expect([...types].sort()).toEqual([
      'activity',
      'conversation.closed',
      'conversation.created',
      'conversation.updated',
      'message.created',
      'message.updated',
      'typing',
    ]);
  });
});
