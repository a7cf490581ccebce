import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let org: Session & { username: string };
let other: Session & { username: string };

async function visitor() {
  const res = await t.request('GET', '/api/v1/allocateTempUserSession');
  return res.body as { id: number; token: string };
}

const asOrg = (s: Session) => ({ token: s.token, query: { targetAccountId: s.id } });

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  const a = await t.signUp('owner@bright.test', { businessName: 'Bright Dental' });
  const b = await t.signUp('owner@other.test', { businessName: 'Other Shop' });
  const me = async (s: Session) => (await t.request('GET', '/api/v1/account', { token: s.token })).body.username as string;
  org = { ...a, username: await me(a) };
  other = { ...b, username: await me(b) };
});
afterAll(async () => {
  await t.close();
});

describe('a visitor chats with an organization', () => {
  it('stores the message, lists the room in Junk (the agent answers), and the agent replies through a job', async () => {
    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', {
      token: v.token,
      body: { to: org.username, body: 'Hi, are you open on Saturday?' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      roomId: expect.stringMatching(/^r_/),
      message: { direction: 'inbound', channel: 'chat', body: 'Hi, are you open on Saturday?' },
    });
    const roomId = sent.body.roomId;

    const junk = await t.request('GET', '/api/v1/conversations', {
      ...asOrg(org),
      query: { targetAccountId: org.id, type: 'agent', page: 0, pageSize: 20, pagination: true },
    });
    expect(junk.status).toBe(200);
    expect(junk.body.totalRooms).toBe(1);
    expect(junk.body.rooms[0]).toMatchObject({
      roomId,
      lastMessage: 'Hi, are you open on Saturday?',
      aiAgentEnabled: true,
      unread: true,
      channel: 'chat',
    });
    const priority = await t.request('GET', '/api/v1/conversations', { ...asOrg(org), query: { targetAccountId: org.id } });
    expect(priority.body).toMatchObject({ success: true, rooms: [], totalRooms: 0 });

    expect(await t.services.inbox.queue.drain()).toBeGreaterThan(0);
    const opened = await t.request('GET', `/api/v1/conversations/${roomId}`, asOrg(org));
    expect(opened.status).toBe(200);
    expect(opened.body.messages).toHaveLength(2);
    expect(opened.body.messages[1]).toMatchObject({ direction: 'outbound', sender: { kind: 'agent' }, status: 'delivered' });
    expect(opened.body.messages[1].body.length).toBeGreaterThan(0);

    // The visitor sees the reply in their own conversation, across reloads (same token).
    const mine = await t.request('GET', `/api/v1/messages/${org.username}`, { token: v.token, query: { public: true } });
    expect(mine.body.roomId).toBe(roomId);
    expect(mine.body.messages.map((m: { direction: string }) => m.direction)).toEqual(['inbound', 'outbound']);

    // Reading it (GET above) marked it read for this staff member.
    const after = await t.request('GET', '/api/v1/conversations', {
      ...asOrg(org),
      query: { targetAccountId: org.id, type: 'agent', unread: true },
    });
    expect(after.body.totalRooms).toBe(0);

    // A retried job never replies twice.
    await t.services.inbox.queue.enqueue('agent.reply', { messageId: sent.body.message.id }, { key: 'manual-retry' });
    await t.services.inbox.queue.drain();
    const again = await t.request('GET', `/api/v2/conversation/${roomId}/${opened.body.room.uuid}`, asOrg(org));
    expect(again.body.messages).toHaveLength(2);
  });

  it('sends a request with the same idempotency key once', async () => {
    const v = await visitor();
    const body = { to: org.username, body: 'once', idempotencyKey: 'k1' };
    const a = await t.request('POST', '/api/v1/messages', { token: v.token, body });
    const b = await t.request('POST', '/api/v1/messages', { token: v.token, body });
    expect(b.body.message.id).toBe(a.body.message.id);
    const conv = await t.request('GET', `/api/v1/conversations/${a.body.roomId}`, { token: v.token });
    expect(conv.body.messages.filter((m: { body: string }) => m.body === 'once')).toHaveLength(1);
  });

  it('takes uploaded files and http(s) links as attachments, nothing else', async () => {
    const v = await visitor();
    const ok = await t.request('POST', '/api/v1/messages', {
      token: v.token,
      body: { to: org.username, body: 'see', attachments: [{ url: '/files/media-abc.png', type: 'image/png' }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message.attachments).toEqual([{ url: '/files/media-abc.png', type: 'image/png' }]);
    const bad = await t.request('POST', '/api/v1/messages', {
      token: v.token,
      body: { to: org.username, body: 'x', attachments: [{ url: 'javascript:alert(1)', type: 'text/html' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toContain('attachments');
  });

  it('pages the history backwards with before', async () => {
    const v = await visitor();
    let roomId = '';
    for (let i = 0; i < 5; i++)
      roomId = (await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: `m${i}` } })).body.roomId;
    const first = await t.request('GET', `/api/v1/conversations/${roomId}`, {
      ...asOrg(org),
      query: { targetAccountId: org.id, limit: 2 },
    });
    expect(first.body.messages.map((m: { body: string }) => m.body)).toEqual(['m3', 'm4']);
    expect(first.body.hasMore).toBe(true);
    const older = await t.request('GET', `/api/v1/conversations/${roomId}`, {
      ...asOrg(org),
      query: { targetAccountId: org.id, limit: 2, before: first.body.messages[0].id },
    });
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2']);
  });
});

describe('staff take over', () => {
  it('turning the AI off moves the room to priority; the agent stays quiet and staff answer', async () => {
    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'I need a person' } });
    const roomId = sent.body.roomId;
    const off = await t.request('POST', `/api/v1/conversations/${roomId}/aiAgentEnabled`, {
      ...asOrg(org),
      body: { aiAgentEnabled: false, targetAccountId: org.id },
    });
    expect(off.body).toMatchObject({ success: true, aiAgentEnabled: false });
    const state = await t.request('GET', `/api/v1/conversations/${roomId}/aiAgentEnabled`, asOrg(org));
    expect(state.body.aiAgentEnabled).toBe(false);
    await t.services.inbox.queue.drain();

    const reply = await t.request('POST', '/api/v1/messages', {
      ...asOrg(org),
      body: { roomId, body: 'Hi, this is Olive.', targetAccountId: org.id },
    });
    expect(reply.body.message).toMatchObject({ direction: 'outbound', sender: { kind: 'staff' }, status: 'delivered' });
    await t.request('POST', '/api/v1/messages', { token: v.token, body: { roomId, body: 'Thanks Olive' } });
    await t.services.inbox.queue.drain();
    const conv = await t.request('GET', `/api/v1/conversations/${roomId}`, asOrg(org));
    expect(conv.body.messages.map((m: { sender: { kind: string } }) => m.sender.kind)).toEqual(['contact', 'staff', 'contact']);
    const priority = await t.request('GET', '/api/v1/conversations', {
      ...asOrg(org),
      query: { targetAccountId: org.id, type: 'priority' },
    });
    expect(priority.body.rooms.map((r: { roomId: string }) => r.roomId)).toContain(roomId);
  });
});

describe('a staff reply pauses the AI until handed back', () => {
  it('after a staff reply the agent does not answer the next message; handing back lets it answer again', async () => {
    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'Do you do whitening?' } });
    const roomId = sent.body.roomId;
    await t.services.inbox.queue.drain();
    const kinds = async () =>
      (await t.request('GET', `/api/v1/conversations/${roomId}`, asOrg(org))).body.messages.map(
        (m: { sender: { kind: string } }) => m.sender.kind,
      );
    expect(await kinds()).toEqual(['contact', 'agent']);

    // Staff answer without switching the AI off first: the room is theirs now.
    const reply = await t.request('POST', '/api/v1/messages', {
      ...asOrg(org),
      body: { roomId, body: 'Yes! I am Olive, I can help.', targetAccountId: org.id },
    });
    expect(reply.status).toBe(200);
    const state = await t.request('GET', `/api/v1/conversations/${roomId}/aiAgentEnabled`, asOrg(org));
    expect(state.body.aiAgentEnabled).toBe(false);
    await t.request('POST', '/api/v1/messages', { token: v.token, body: { roomId, body: 'Great, how much is it?' } });
    await t.services.inbox.queue.drain();
    expect(await kinds()).toEqual(['contact', 'agent', 'staff', 'contact']);

    // Handed back: the AI answers the next message.
    const on = await t.request('POST', `/api/v1/conversations/${roomId}/aiAgentEnabled`, {
      ...asOrg(org),
      body: { aiAgentEnabled: true, targetAccountId: org.id },
    });
    expect(on.body.aiAgentEnabled).toBe(true);
    await t.request('POST', '/api/v1/messages', { token: v.token, body: { roomId, body: 'And on Saturdays?' } });
    await t.services.inbox.queue.drain();
    expect(await kinds()).toEqual(['contact', 'agent', 'staff', 'contact', 'contact', 'agent']);
  });
});

describe('agent actions in the thread', () => {
  it('records a booking as an event before the reply and lists it as needing a person until staff answer', async () => {
    const a = await t.signUp('owner@actions.test', { businessName: 'Action Dental' });
    const org2 = { ...a, username: (await t.request('GET', '/api/v1/account', { token: a.token })).body.username as string };
    const campaign = await t.request('POST', '/api/v2/campaign', {
      ...asOrg(org2),
      body: {
        targetAccountId: org2.id,
        apps: [
          { appId: 'messages', version: '1' },
          { appId: 'schedule', version: '1' },
        ],
        enabledFunctions: { 'messages:1': ['take_message'], 'schedule:1': ['book_appointment'] },
      },
    });
    expect(campaign.status).toBe(200);
    expect((await t.request('POST', '/api/v2/agent/publish', { ...asOrg(org2), body: { targetAccountId: org2.id } })).status).toBe(200);

    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', {
      token: v.token,
      body: { to: org2.username, body: 'I want to book an appointment tomorrow at 3pm, my name is Ana Diaz' },
    });
    const roomId = sent.body.roomId;
    await t.services.inbox.queue.drain();
    await t.services.inbox.queue.drain(); // a second run records nothing twice
    const conv = await t.request('GET', `/api/v1/conversations/${roomId}`, asOrg(org2));
    const msgs = conv.body.messages as { sender: { kind: string }; body: string; status: string }[];
    expect(msgs.map((m) => m.sender.kind)).toEqual(['contact', 'system', 'agent']);
    expect(msgs[1]!.body).toBe(
      'Booked an appointment · name: Ana Diaz · time: tomorrow at 3pm · reason: I want to book an appointment tomorrow at 3pm, my name is Ana Diaz',
    );
    expect(msgs[1]!.status).toBe('delivered');

    const needs = await t.request('GET', '/api/v1/needsPerson', asOrg(org2));
    expect(needs.status).toBe(200);
    expect(needs.body.items).toEqual([expect.objectContaining({ roomId, kind: 'booking', body: msgs[1]!.body, channel: 'chat' })]);
    // Another organization sees none of it.
    expect(
      (await t.request('GET', '/api/v1/needsPerson', asOrg(org))).body.items.some((i: { roomId: string }) => i.roomId === roomId),
    ).toBe(false);
    // It is on the Priority activity list too.
    const activity = await t.request('GET', '/api/v1/activity', asOrg(org2));
    expect(activity.body.activity.map((x: { roomId: string }) => x.roomId)).toContain(roomId);

    // A staff answer follows it up: off the list.
    await t.request('POST', '/api/v1/messages', {
      ...asOrg(org2),
      body: { roomId, body: 'Confirmed for 3pm, Ana!', targetAccountId: org2.id },
    });
    expect((await t.request('GET', '/api/v1/needsPerson', asOrg(org2))).body.items).toEqual([]);
  });
});

describe('activity', () => {
  it("answers 'no account id' without one, lists entries, clears by username and all, and marks unread", async () => {
    const none = await t.request('GET', '/api/v1/activity', { token: org.token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('no account id');

    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'ping' } });
    const junk = await t.request('GET', '/api/v1/activityAgent', asOrg(org));
    const entry = junk.body.activity.find((a: { roomId: string }) => a.roomId === sent.body.roomId);
    expect(entry).toMatchObject({ lastMessage: 'ping', count: 1 });

    const cleared = await t.request('POST', '/api/v1/activityAgent', {
      ...asOrg(org),
      body: { targetAccountId: org.id, username: entry.username },
    });
    expect(cleared.body.cleared).toBe(1);
    const left = await t.request('GET', '/api/v1/activityAgent', asOrg(org));
    expect(left.body.activity.find((a: { roomId: string }) => a.roomId === sent.body.roomId)).toBeUndefined();

    await t.request('GET', `/api/v1/conversations/${sent.body.roomId}`, asOrg(org));
    const unread = await t.request('POST', '/api/v1/activity/markUnread', {
      ...asOrg(org),
      body: { targetAccountId: org.id, roomId: sent.body.roomId },
    });
    expect(unread.body).toMatchObject({ success: true, unread: true });
    const pri = await t.request('GET', '/api/v1/activity', asOrg(org));
    expect(pri.body.activity.map((a: { roomId: string }) => a.roomId)).toContain(sent.body.roomId);
    const list = await t.request('GET', '/api/v1/conversations', {
      ...asOrg(org),
      query: { targetAccountId: org.id, type: 'agent', unread: true },
    });
    expect(list.body.rooms.map((r: { roomId: string }) => r.roomId)).toContain(sent.body.roomId);

    const all = await t.request('POST', '/api/v1/activity', { ...asOrg(org), body: { targetAccountId: org.id, clearAll: true } });
    expect(all.body.success).toBe(true);
    expect((await t.request('GET', '/api/v1/activity', asOrg(org))).body.activity).toEqual([]);
  });
});

describe('close, unarchive, rate, react', () => {
  it('closes a room out of the list, reopens it, rates it and toggles a reaction', async () => {
    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'bye' } });
    const roomId = sent.body.roomId;
    const closed = await t.request('POST', '/api/v1/closeConversation', { ...asOrg(org), body: { targetAccountId: org.id, roomId } });
    expect(closed.body.room.status).toBe('closed');
    const open = await t.request('GET', '/api/v1/conversations', { ...asOrg(org), query: { targetAccountId: org.id, type: 'agent' } });
    expect(open.body.rooms.map((r: { roomId: string }) => r.roomId)).not.toContain(roomId);
    const archived = await t.request('GET', '/api/v1/conversations', {
      ...asOrg(org),
      query: { targetAccountId: org.id, type: 'agent', status: 'closed' },
    });
    expect(archived.body.rooms.map((r: { roomId: string }) => r.roomId)).toContain(roomId);
    const back = await t.request('POST', '/api/v1/unarchiveConversation', { ...asOrg(org), body: { targetAccountId: org.id, roomId } });
    expect(back.body.room.status).toBe('open');

    const rated = await t.request('POST', '/api/v1/rateConvo', { token: v.token, body: { roomId, rating: 5 } });
    expect(rated.body).toMatchObject({ success: true, rating: 5 });
    const bad = await t.request('POST', '/api/v1/rateConvo', { token: v.token, body: { roomId, rating: 9 } });
    expect(bad.status).toBe(400);

    const react = await t.request('POST', '/api/v1/reaction', {
      ...asOrg(org),
      body: { targetAccountId: org.id, messageId: sent.body.message.id, reaction: '👍' },
    });
    expect(react.body.message.reactions).toEqual([expect.objectContaining({ reaction: '👍' })]);
    const unreact = await t.request('DELETE', '/api/v1/reaction', {
      ...asOrg(org),
      body: { targetAccountId: org.id, messageId: sent.body.message.id, reaction: '👍' },
    });
    expect(unreact.body.message.reactions).toEqual([]);
    const conv = await t.request('GET', `/api/v1/conversations/${roomId}`, asOrg(org));
    expect(conv.body.room.rating).toBe(5);
  });

  it('archives a room apart from closed ones, unarchives it, and a new message brings it back', async () => {
    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'file me' } });
    const roomId = sent.body.roomId;
    const ids = async (status: string) =>
      (
        await t.request('GET', '/api/v1/conversations', { ...asOrg(org), query: { targetAccountId: org.id, type: 'agent', status } })
      ).body.rooms.map((r: { roomId: string }) => r.roomId);
    const archived = await t.request('POST', '/api/v1/archiveConversation', { ...asOrg(org), body: { targetAccountId: org.id, roomId } });
    expect(archived.body.room.status).toBe('archived');
    expect(await ids('archived')).toContain(roomId);
    expect(await ids('open')).not.toContain(roomId);
    expect(await ids('closed')).not.toContain(roomId);
    const back = await t.request('POST', '/api/v1/unarchiveConversation', { ...asOrg(org), body: { targetAccountId: org.id, roomId } });
    expect(back.body.room.status).toBe('open');
    expect(await ids('archived')).not.toContain(roomId);
    // Archived, then the visitor writes again: open.
    await t.request('POST', '/api/v1/archiveConversation', { ...asOrg(org), body: { targetAccountId: org.id, roomId } });
    await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'one more thing' } });
    expect(await ids('open')).toContain(roomId);
    // Another organization cannot archive it.
    const foreign = await t.request('POST', '/api/v1/archiveConversation', { token: other.token, body: { roomId } });
    expect([403, 404]).toContain(foreign.status);
    const bad = await t.request('GET', '/api/v1/conversations', { ...asOrg(org), query: { targetAccountId: org.id, status: 'filed' } });
    expect(bad.status).toBe(400);
  });
});

describe('blocking', () => {
  it("stores a blocked sender's messages as blocked, never reaching the agent or the priority tab", async () => {
    const v = await visitor();
    const first = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'spam 1' } });
    await t.services.inbox.queue.drain();
    const username = (await t.request('GET', `/api/v1/conversations/${first.body.roomId}`, asOrg(org))).body.room.username;
    await t.request('POST', `/api/v1/conversations/${first.body.roomId}/aiAgentEnabled`, {
      ...asOrg(org),
      body: { targetAccountId: org.id, aiAgentEnabled: false },
    });
    await t.request('POST', `/api/v1/conversations/${first.body.roomId}/aiAgentEnabled`, {
      ...asOrg(org),
      body: { targetAccountId: org.id, aiAgentEnabled: true },
    });

    const blocked = await t.request('POST', '/api/v1/block', {
      ...asOrg(org),
      body: { targetAccountId: org.id, targetUsername: username },
    });
    expect(blocked.body).toMatchObject({ success: true, blocked: true });
    const status = await t.request('GET', `/api/v1/block/${username}`, { ...asOrg(org), query: { targetAccountId: org.id, both: true } });
    expect(status.body).toMatchObject({ blocked: true, blockedBy: false });

    const spam = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'spam 2' } });
    expect(spam.status).toBe(200);
    expect(spam.body.message.blocked).toBe(true);
    expect(await t.services.inbox.queue.drain()).toBe(0);
    const conv = await t.request('GET', `/api/v1/conversations/${first.body.roomId}`, asOrg(org));
    expect(conv.body.messages.at(-1)).toMatchObject({ body: 'spam 2', blocked: true });
    expect(conv.body.messages.filter((m: { sender: { kind: string } }) => m.sender.kind === 'agent')).toHaveLength(1);
    const pri = await t.request('GET', '/api/v1/conversations', { ...asOrg(org), query: { targetAccountId: org.id, type: 'priority' } });
    expect(pri.body.rooms.map((r: { roomId: string }) => r.roomId)).not.toContain(first.body.roomId);
    const act = await t.request('GET', '/api/v1/activity', asOrg(org));
    expect(act.body.activity.map((a: { roomId: string }) => a.roomId)).not.toContain(first.body.roomId);

    const un = await t.request('POST', '/api/v1/block', {
      ...asOrg(org),
      body: { targetAccountId: org.id, targetUsername: username, block: false },
    });
    expect(un.body.blocked).toBe(false);
  });
});

describe('starting conversations', () => {
  it('finds or starts a room with a user, and refuses unknown users with the spec text', async () => {
    const v = await visitor();
    const vUser = (await t.request('GET', '/api/v1/account', { token: v.token })).body.username;
    const room = await t.request('POST', '/api/v1/getGroupConversationRoomId', {
      ...asOrg(org),
      body: { targetAccountId: org.id, users: [vUser] },
    });
    expect(room.status).toBe(200);
    expect(room.body).toMatchObject({ success: true, details: { room: expect.stringMatching(/^r_/) } });
    const again = await t.request('POST', '/api/v1/getGroupConversationRoomId', {
      ...asOrg(org),
      body: { targetAccountId: org.id, users: [vUser] },
    });
    expect(again.body.details.room).toBe(room.body.details.room);
    const nobody = await t.request('POST', '/api/v1/getGroupConversationRoomId', {
      ...asOrg(org),
      body: { targetAccountId: org.id, users: ['no-such-user-x'] },
    });
    // The spec's text, then why.
    expect(nobody.body).toMatchObject({
      success: false,
      message: 'Unable to start conversation with this user. No one has that username.',
      field: 'to',
    });
    const empty = await t.request('POST', '/api/v1/getGroupConversationRoomId', {
      ...asOrg(org),
      body: { targetAccountId: org.id, users: [] },
    });
    expect(empty.body.message).toBe('Unable to start conversation with this user. Enter a phone number or a username.');
    const sms = await t.request('POST', '/api/v1/getGroupConversationRoomId', {
      ...asOrg(org),
      body: { targetAccountId: org.id, users: ['+1 415 555 0100'] },
    });
    expect(sms.body.message).toBe(
      'Unable to start conversation with this user. This organization needs a phone number before it can text.',
    );

    const sent = await t.request('POST', '/api/v1/messages', {
      ...asOrg(org),
      body: { targetAccountId: org.id, roomId: room.body.details.room, body: 'Hello from the team' },
    });
    expect(sent.status).toBe(200);
    const seen = await t.request('GET', `/api/v1/conversations/${room.body.details.room}`, { token: v.token });
    expect(seen.body.messages[0]).toMatchObject({ body: 'Hello from the team', direction: 'outbound' });
  });

  it('needs a number before texting a phone, and makes external destinations', async () => {
    const res = await t.request('POST', '/api/v1/messages', {
      ...asOrg(other),
      body: { targetAccountId: other.id, to: '+1 415 555 0123', body: 'hi' },
    });
    expect(res.status).toBe(422);
    const dest = await t.request('POST', '/api/v1/createExternalDestinationProfile', {
      ...asOrg(other),
      body: { targetAccountId: other.id, address: '(415) 555-2671' },
    });
    expect(dest.body).toMatchObject({
      success: true,
      profile: { kind: 'phone', address: '+14155552671', username: expect.stringMatching(/^ext-/) },
    });
    const same = await t.request('POST', '/api/v1/createExternalDestinationProfile', {
      ...asOrg(other),
      body: { targetAccountId: other.id, address: '+14155552671' },
    });
    expect(same.body.profile.username).toBe(dest.body.profile.username);
    const bad = await t.request('POST', '/api/v1/createExternalDestinationProfile', {
      ...asOrg(other),
      body: { targetAccountId: other.id, address: 'nonsense' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('notifications, search and media', () => {
  it('notifies of new conversations and marks them read', async () => {
    const list = await t.request('GET', '/api/v1/notifications', {
      ...asOrg(org),
      query: { targetAccountId: org.id, username: org.username },
    });
    expect(list.body.notifications.length).toBeGreaterThan(0);
    expect(list.body.notifications[0]).toMatchObject({ kind: 'conversation', title: 'New conversation', read: false });
    const marked = await t.request('POST', '/api/v1/notifications', { ...asOrg(org), body: { targetAccountId: org.id, all: true } });
    expect(marked.body.marked).toBe(list.body.unread);
    const after = await t.request('GET', '/api/v1/notifications', asOrg(org));
    expect(after.body.unread).toBe(0);
    const foreign = await t.request('GET', '/api/v1/notifications', {
      ...asOrg(org),
      query: { targetAccountId: org.id, username: other.username },
    });
    expect(foreign.status).toBe(404);
  });

  it('searches contacts, and messages with enhancedSearch, within the tree only', async () => {
    const v = await visitor();
    await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'root canal pricing?' } });
    const plain = await t.request('GET', '/api/v1/search/canal', asOrg(org));
    expect(plain.body.messages).toBeUndefined();
    const enhanced = await t.request('GET', '/api/v1/enhancedSearch/canal', asOrg(org));
    expect(enhanced.body.messages.map((m: { body: string }) => m.body)).toContain('root canal pricing?');
    const foreign = await t.request('GET', '/api/v1/enhancedSearch/canal', asOrg(other));
    expect(foreign.body.messages).toEqual([]);
    const accounts = await t.request('GET', '/api/v1/search/bright', asOrg(org));
    expect(accounts.body.accounts.map((a: { id: number }) => a.id)).toContain(org.id);
    const notMine = await t.request('GET', '/api/v1/search/bright', asOrg(other));
    expect(notMine.body.accounts).toEqual([]);
  });

  it('accepts images and text files and refuses other files', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = (data: Buffer, name: string) => {
      const boundary = 'xyzBOUNDARY';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const ok = await t.app.inject({ method: 'POST', url: `/api/v1/chat/media?token=${org.token}`, ...form(png, 'dot.png') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, type: 'image/png', url: expect.stringMatching(/^\/files\/media-/) });
    const exe = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chat/media?token=${org.token}`,
      ...form(Buffer.from('MZ\x90\x00 not an image'), 'x.exe'),
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ field: 'file', message: expect.stringContaining('text files (.txt)') });
    // A text file: stored as .txt and served as UTF-8 text (not sniffed); binary bytes named .txt are not text.
    const txt = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chat/media?token=${org.token}`,
      ...form(Buffer.from('Opening hours: 9–5, café closed on Monday.\r\n'), 'Notes.TXT'),
    });
    expect(txt.statusCode).toBe(200);
    expect(txt.json()).toMatchObject({
      type: 'text/plain',
      name: 'Notes.TXT',
      url: expect.stringMatching(/^\/files\/media-[a-z0-9]+\.txt$/),
    });
    const served = await t.app.inject({ method: 'GET', url: txt.json().url });
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe('Opening hours: 9–5, café closed on Monday.\r\n');
    const fake = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chat/media?token=${org.token}`,
      ...form(Buffer.from('MZ\x90\x00\x00 binary'), 'x.txt'),
    });
    expect(fake.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/chat/media', ...form(png, 'dot.png') });
    expect(anon.statusCode).toBe(401);
  });
});

describe('authorization: another tree reads nothing and changes nothing', () => {
  it('answers 404 for every room route and leaves the room as it was', async () => {
    const v = await visitor();
    const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: 'private' } });
    const roomId = sent.body.roomId;
    const as = { ...asOrg(other) };
    const body = (extra: object) => ({ ...as, body: { targetAccountId: other.id, ...extra } });
    const attempts = [
      await t.request('GET', `/api/v1/conversations/${roomId}`, as),
      await t.request('GET', `/api/v1/conversations/${roomId}/aiAgentEnabled`, as),
      await t.request('POST', `/api/v1/conversations/${roomId}/aiAgentEnabled`, body({ aiAgentEnabled: false })),
      await t.request('POST', '/api/v1/closeConversation', body({ roomId })),
      await t.request('POST', '/api/v1/unarchiveConversation', body({ roomId })),
      await t.request('POST', '/api/v1/activity/markUnread', body({ roomId })),
      await t.request('POST', '/api/v1/rateConvo', body({ roomId, rating: 1 })),
      await t.request('POST', '/api/v1/reaction', body({ messageId: sent.body.message.id, reaction: 'x' })),
      await t.request('POST', '/api/v1/messages', body({ roomId, body: 'intrusion' })),
      await t.request('POST', '/api/v1/messages', { token: (await visitor()).token, body: { roomId, body: 'other visitor' } }),
    ];
    for (const a of attempts) expect(a.status).toBe(404);
    // Acting on the other organization's account is refused outright.
    const cross = await t.request('GET', '/api/v1/conversations', { token: other.token, query: { targetAccountId: org.id } });
    expect(cross.status).toBe(403);
    const list = await t.request('GET', '/api/v1/conversations', { ...as, query: { targetAccountId: other.id, type: 'agent' } });
    expect(list.body.rooms.map((r: { roomId: string }) => r.roomId)).not.toContain(roomId);

    const mine = await t.request('GET', `/api/v1/conversations/${roomId}`, asOrg(org));
    expect(mine.body.room).toMatchObject({ status: 'open', aiAgentEnabled: true, rating: null });
    expect(mine.body.messages.map((m: { body: string }) => m.body)).toEqual(['private']);
    expect(mine.body.messages[0].reactions).toEqual([]);
  });
});
