import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let org: Session;
let orgName: string;
let agent: { id: number; username: string };
let other: Session;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@agents.test', { businessName: 'Agent House' });
  other = await t.signUp('owner@rival.test', { businessName: 'Rival House' });
  orgName = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username;
  const created = await t.request('POST', '/api/v2/createAccount', {
    token: org.token,
    body: { targetAccountId: org.id, accountName: 'Front Desk' },
  });
  expect(created.status).toBe(200);
  const id = created.body.id ?? created.body.account?.id;
  agent = { id, username: (await t.request('GET', '/api/v1/account', { token: org.token, query: { targetAccountId: id } })).body.username };
});
afterAll(async () => {
  await t.close();
});

describe('public chat pages', () => {
  it('serves the chat page for an organization or agent, 404 otherwise', async () => {
    const page = await t.app.inject({ url: `/chat/${orgName}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Agent House');
    expect(page.body).toContain('/api/v1/allocateTempUserSession');
    expect((await t.app.inject({ url: `/chat/${agent.username}` })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/chat/nobody-<b>here' });
    expect(missing.statusCode).toBe(404);
    // A styled page in the chat page's look that says what happened, with the name escaped.
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('<style>');
    expect(missing.body).toContain('No one chats under “nobody-&lt;b&gt;here”');
    expect(missing.body).toContain('href="/"');
  });

  it('serves the embeddable widget and the phone simulator', async () => {
    const widget = await t.app.inject({ url: '/widget.js' });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['content-type']).toContain('javascript');
    expect(widget.body).toContain("'/chat/'");
    const phone = await t.app.inject({ url: '/dev/phone' });
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain('/api/dev/carrier/inbound');
  });
});

describe("an agent's conversations", () => {
  it("keeps a visitor's chat with one agent in that agent's list, and nobody else's", async () => {
    const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: agent.username, body: 'Hello front desk' } });
    expect(sent.status).toBe(200);
    await t.services.inbox.queue.drain();

    const list = await t.request('GET', `/api/v1/agentConversations/${agent.id}`, { token: org.token, query: { targetAccountId: org.id } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, totalRooms: 1, rooms: [{ roomId: sent.body.roomId }] });
    // Acting as the agent shows the same room in its inbox.
    const asAgent = await t.request('GET', '/api/v1/conversations', {
      token: org.token,
      query: { targetAccountId: agent.id, type: 'agent' },
    });
    expect(asAgent.body.rooms.map((r: { roomId: string }) => r.roomId)).toEqual([sent.body.roomId]);
    const conv = await t.request('GET', `/api/v1/conversations/${sent.body.roomId}`, {
      token: org.token,
      query: { targetAccountId: agent.id },
    });
    expect(conv.body.messages.map((m: { sender: { kind: string } }) => m.sender.kind)).toEqual(['contact', 'agent']);
    // The organization writing to its own agent is not a visitor.
    const self = await t.request('POST', '/api/v1/messages', {
      token: org.token,
      body: { targetAccountId: org.id, to: agent.username, body: 'hi' },
    });
    expect(self.status).toBe(422);

    const foreign = await t.request('GET', `/api/v1/agentConversations/${agent.id}`, {
      token: other.token,
      query: { targetAccountId: other.id },
    });
    expect(foreign.status).toBe(404);
    const cross = await t.request('GET', `/api/v1/agentConversations/${agent.id}`, {
      token: other.token,
      query: { targetAccountId: agent.id },
    });
    expect(cross.status).toBe(403);
  });
});
