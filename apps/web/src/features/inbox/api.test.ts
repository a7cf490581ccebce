import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyEvent, roomKey, roomsKey, type ConversationPage, type Message, type Room, type RoomPage } from './api.ts';

const room = (id: string, extra: Partial<Room> = {}): Room => ({
  id,
  roomId: id,
  room: id,
  uuid: `u-${id}`,
  username: `guest-${id}`,
  channel: 'chat',
  status: 'open',
  inboxType: 'agent',
  agentId: null,
  aiAgentEnabled: true,
  rating: null,
  isGroup: false,
  users: [],
  lastMessage: 'hi',
  lastMessageTimestamp: 1,
  lastMessageDirection: 'inbound',
  lastMessageSender: 'contact',
  lastMessageStatus: 'received',
  unread: true,
  createdAt: 1,
  ...extra,
});
const message = (id: number, roomId: string): Message => ({
  id,
  roomId,
  direction: 'inbound',
  channel: 'chat',
  sender: { kind: 'contact', accountId: null, address: 'guest' },
  body: `m${id}`,
  attachments: [],
  status: 'received',
  error: null,
  blocked: false,
  reactions: [],
  createdAt: id,
  updatedAt: id,
});

function setup() {
  const qc = new QueryClient();
  qc.setQueryData<InfiniteData<RoomPage>>(roomsKey(1, 'agent', false), {
    pages: [{ rooms: [room('a'), room('b')], totalRooms: 2 }],
    pageParams: [0],
  });
  qc.setQueryData<InfiniteData<RoomPage>>(roomsKey(1, 'priority', false), { pages: [{ rooms: [], totalRooms: 0 }], pageParams: [0] });
  const list = (type: 'agent' | 'priority') => qc.getQueryData<InfiniteData<RoomPage>>(roomsKey(1, type, false))!.pages[0]!;
  return { qc, list };
}

describe('live events in the inbox caches', () => {
  it('puts a new or updated conversation at the top, once, and counts it', () => {
    const { qc, list } = setup();
    applyEvent(qc, 1, { id: 1, type: 'conversation.created', payload: { room: room('c') } });
    expect(list('agent').rooms.map((r) => r.roomId)).toEqual(['c', 'a', 'b']);
    expect(list('agent').totalRooms).toBe(3);
    applyEvent(qc, 1, { id: 2, type: 'conversation.updated', payload: { room: room('b', { lastMessage: 'newest' }) } });
    expect(list('agent').rooms.map((r) => r.roomId)).toEqual(['b', 'c', 'a']);
    expect(list('agent').totalRooms).toBe(3);
  });

  it('moves a conversation between tabs and drops a closed one', () => {
    const { qc, list } = setup();
    applyEvent(qc, 1, {
      id: 1,
      type: 'conversation.updated',
      payload: { room: room('a', { inboxType: 'priority', aiAgentEnabled: false }) },
    });
    expect(list('agent').rooms.map((r) => r.roomId)).toEqual(['b']);
    expect(list('priority').rooms.map((r) => r.roomId)).toEqual(['a']);
    applyEvent(qc, 1, { id: 2, type: 'conversation.closed', payload: { roomId: 'b', room: room('b', { status: 'closed' }) } });
    expect(list('agent').rooms).toEqual([]);
    expect(list('agent').totalRooms).toBe(0);
  });

  it('appends a new message to an open conversation and updates one in place', () => {
    const { qc } = setup();
    qc.setQueryData<InfiniteData<ConversationPage>>(roomKey('a'), {
      pages: [{ room: room('a'), messages: [message(1, 'a')], hasMore: false }],
      pageParams: [0],
    });
    applyEvent(qc, 1, { id: 3, type: 'message.created', payload: { roomId: 'a', message: message(2, 'a') } });
    applyEvent(qc, 1, { id: 4, type: 'message.created', payload: { roomId: 'a', message: message(2, 'a') } });
    applyEvent(qc, 1, {
      id: 5,
      type: 'message.updated',
      payload: { roomId: 'a', message: { ...message(1, 'a'), reactions: [{ reaction: '👍', username: 'x', accountId: 1 }] } },
    });
    const msgs = qc.getQueryData<InfiniteData<ConversationPage>>(roomKey('a'))!.pages[0]!.messages;
    expect(msgs.map((m) => m.id)).toEqual([1, 2]);
    expect(msgs[0]!.reactions).toHaveLength(1);
  });
});
