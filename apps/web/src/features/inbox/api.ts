import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { CONVERSATION_CACHE_LIMIT, PAGE_SIZE, STORAGE_KEYS } from '@switchboard/core/constants';
import { api } from '../../api/client.ts';
import { getToken } from '../../api/session.ts';
import type { InboxEvent, InboxType, Message, Room as CoreRoom } from '@switchboard/core/contracts/conversations';

/** A conversation as the inbox holds it: core's room (as staff open it), or a new one being written (client only). */
export type Room = CoreRoom & { blocked?: boolean; draft?: boolean };
export type { InboxType, Message };

export interface RoomPage {
  rooms: Room[];
  totalRooms: number;
}

/** A live change as the caches take it: core's realtime event (`inboxEvent`), of which they read the id, type and payload. */
type ChangeOf<E extends InboxEvent> = E extends InboxEvent ? Pick<E, 'id' | 'type' | 'payload'> : never;
export type InboxChange = ChangeOf<InboxEvent>;

/** What GET /api/v1/ws sends: `ready` once subscribed, `reset` when it has no events after the cursor, then events. */
type LiveFrame = InboxEvent | { type: 'ready' } | { type: 'reset'; id: number };

export const isAbort = (e: unknown) => (e as Error)?.name === 'AbortError';

// Local cache of the newest conversations: at most 100 per account and inbox type (spec §9).
type CacheMap = Record<string, Room[]>;
function readCache(): CacheMap {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.inboxCache) ?? '{}') as CacheMap;
  } catch {
    return {};
  }
}
export function cachedRooms(accountId: number, type: InboxType): Room[] | undefined {
  return readCache()[`${accountId}:${type}`];
}
export function storeRooms(accountId: number, type: InboxType, rooms: Room[]): void {
  const all = readCache();
  all[`${accountId}:${type}`] = rooms.filter((r) => !r.draft).slice(0, CONVERSATION_CACHE_LIMIT);
  try {
    localStorage.setItem(STORAGE_KEYS.inboxCache, JSON.stringify(all));
  } catch {
    /* storage full: the cache is only a head start */
  }
}

/** Which conversations a list shows: open (the default), closed, or archived. */
export type ListStatus = 'open' | 'closed' | 'archived';

export const roomsKey = (accountId: number, type: InboxType, unread: boolean, status: ListStatus = 'open') =>
  ['inbox', accountId, type, unread ? 'unread' : 'all', ...(status === 'open' ? [] : [status])] as const;
export const roomKey = (roomId: string) => ['conversation', roomId] as const;
export const unreadCountKey = (accountId: number, type: InboxType) => ['unreadCount', accountId, type] as const;
export const activityKey = (accountId: number, type: InboxType) => ['activity', accountId, type] as const;

/** GET /api/v1/conversations, page by page (20), newest first; aborted fetches are ignored. */
export function useConversations(accountId: number, type: InboxType, unread: boolean, status: ListStatus = 'open') {
  const closed = status !== 'open';
  return useInfiniteQuery({
    queryKey: roomsKey(accountId, type, unread, status),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const page = await api<RoomPage>('/api/v1/conversations', {
        query: {
          page: pageParam,
          pageSize: PAGE_SIZE,
          pagination: true,
          type,
          ...(unread ? { unread: true } : {}),
          ...(closed ? { status } : {}),
        },
        target: accountId,
        signal,
      });
      if (pageParam === 0 && !unread && !closed) storeRooms(accountId, type, page.rooms);
      return page;
    },
    getNextPageParam: (last, all) => (all.reduce((n, p) => n + p.rooms.length, 0) < last.totalRooms ? all.length : undefined),
    placeholderData: () => {
      const rooms = unread || closed ? undefined : cachedRooms(accountId, type);
      return rooms ? { pages: [{ rooms, totalRooms: rooms.length }], pageParams: [0] } : undefined;
    },
  });
}

export interface ConversationPage {
  room: Room;
  messages: Message[];
  hasMore: boolean;
}

/** One conversation's history, newest page first; older pages load with `before`. */
export function useConversation(accountId: number, roomId: string | null) {
  return useInfiniteQuery({
    queryKey: roomKey(roomId ?? ''),
    enabled: !!roomId,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api<ConversationPage>(`/api/v1/conversations/${roomId}`, {
        query: { limit: 50, ...(pageParam ? { before: pageParam } : {}) },
        target: accountId,
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].id : undefined),
  });
}

export function useActivity(accountId: number, type: InboxType) {
  return useQuery({
    queryKey: activityKey(accountId, type),
    queryFn: ({ signal }) =>
      api<{ activity: { roomId: string; username: string; count: number }[] }>(
        type === 'priority' ? '/api/v1/activity' : '/api/v1/activityAgent',
        { target: accountId, signal },
      ),
  });
}

/** The conversation open on screen: list rows never show it unread (its messages are being read). */
let openRoomId: string | null = null;
export function setOpenRoom(roomId: string | null): void {
  openRoomId = roomId;
}

/** Applies one live event to the caches: lists and open conversations update without a refetch. */
export function applyEvent(qc: QueryClient, accountId: number, e: InboxChange): void {
  const upsertRoom = (incoming: Room) => {
    const room = incoming.roomId === openRoomId ? { ...incoming, unread: false } : incoming;
    for (const type of ['priority', 'agent'] as const) {
      for (const unread of [false, true]) {
        qc.setQueryData<InfiniteData<RoomPage>>(roomsKey(accountId, type, unread), (data) => {
          if (!data) return data;
          const belongs = room.inboxType === type && room.status === 'open' && (!unread || room.unread);
          const pages = data.pages.map((p) => ({ ...p, rooms: p.rooms.filter((r) => r.roomId !== room.roomId) }));
          const had = data.pages.some((p) => p.rooms.some((r) => r.roomId === room.roomId));
          if (belongs) {
            // The newest conversation goes to the top (after a draft being written).
            const first = pages[0]!;
            const drafts = first.rooms.filter((r) => r.draft);
            pages[0] = { rooms: [...drafts, room, ...first.rooms.filter((r) => !r.draft)], totalRooms: first.totalRooms + (had ? 0 : 1) };
          } else if (had) {
            pages[0] = { ...pages[0]!, totalRooms: Math.max(0, pages[0]!.totalRooms - 1) };
          }
          return { ...data, pages };
        });
      }
    }
    qc.setQueryData<InfiniteData<ConversationPage>>(roomKey(room.roomId), (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, room: { ...p.room, ...room, unread: p.room.unread } })) } : data,
    );
  };
  const upsertMessage = (m: Message) => {
    qc.setQueryData<InfiniteData<ConversationPage>>(roomKey(m.roomId), (data) => {
      if (!data) return data;
      const exists = data.pages.some((p) => p.messages.some((x) => x.id === m.id));
      const pages = data.pages.map((p) => ({ ...p, messages: p.messages.map((x) => (x.id === m.id ? m : x)) }));
      if (!exists) pages[0] = { ...pages[0]!, messages: [...pages[0]!.messages, m] };
      return { ...data, pages };
    });
  };
  switch (e.type) {
    case 'message.created':
    case 'message.updated':
      upsertMessage(e.payload.message);
      // An agent action (system message) or a staff answer changes what needs a person.
      if (e.type === 'message.created') void qc.invalidateQueries({ queryKey: ['needsPerson', accountId] });
      break;
    case 'conversation.created':
    case 'conversation.updated':
    case 'conversation.closed':
      if (e.payload.room) upsertRoom(e.payload.room);
      break;
    case 'activity':
      void qc.invalidateQueries({ queryKey: ['activity', accountId] });
      break;
  }
  // Counts (tab badges, the navigation's unread count) follow every message and conversation change.
  if (e.type !== 'typing') void qc.invalidateQueries({ queryKey: ['unreadCount', accountId] });
}

/**
 * The live connection: /api/v1/ws with the last event id seen, so a reconnect resumes without loss.
 * Returns who is typing per room (cleared after a few seconds).
 */
export function useLive(accountId: number | null) {
  const qc = useQueryClient();
  const [typing, setTyping] = useState<Record<string, string>>({});
  const [connected, setConnected] = useState(false);
  const wsRef = useRef<WebSocket | null>(null);
  useEffect(() => {
    if (accountId == null) return;
    let last = 0;
    let retry = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timers: Record<string, ReturnType<typeof setTimeout>> = {};
    const open = () => {
      const token = getToken();
      if (!token || stopped) return;
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(
        `${proto}://${location.host}/api/v1/ws?token=${encodeURIComponent(token)}&targetAccountId=${accountId}${last ? `&since=${last}` : ''}`,
      );
      wsRef.current = ws;
      ws.onmessage = (msg) => {
        const e = JSON.parse(String(msg.data)) as LiveFrame;
        if (e.type === 'ready') {
          setConnected(true);
          retry = 0;
          return;
        }
        // The server had no events after our cursor (it was reset or is another server): refetch, then
        // follow from the id it gave.
        if (e.type === 'reset') {
          last = e.id;
          void qc.invalidateQueries();
          return;
        }
        if (!e.id || e.id <= last) return;
        last = e.id;
        if (e.type === 'typing') {
          const roomId = e.payload.roomId;
          if (e.payload.who === 'staff') return;
          setTyping((t) => ({ ...t, [roomId]: e.payload.who === 'agent' ? 'The AI agent' : (e.payload.username ?? 'They') }));
          clearTimeout(timers[roomId]);
          timers[roomId] = setTimeout(() => setTyping((t) => Object.fromEntries(Object.entries(t).filter(([k]) => k !== roomId))), 4000);
          return;
        }
        // A message from the one who was typing (the visitor, or the AI agent) ends "… is typing".
        if (e.type === 'message.created') {
          const m = e.payload.message as Message | undefined;
          const roomId = String(m?.roomId ?? e.payload.roomId ?? '');
          clearTimeout(timers[roomId]);
          setTyping((t) => (roomId in t ? Object.fromEntries(Object.entries(t).filter(([k]) => k !== roomId)) : t));
        }
        applyEvent(qc, accountId, e);
      };
      ws.onclose = (ev) => {
        setConnected(false);
        // 4429: too many connections for this session or address; wait longer before trying again.
        if (!stopped) timer = setTimeout(open, ev.code === 4429 ? 30_000 : Math.min(10_000, 500 * 2 ** retry++));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      wsRef.current?.close();
    };
  }, [accountId, qc]);
  const sendTyping = (roomId: string) => {
    if (wsRef.current?.readyState === WebSocket.OPEN) wsRef.current.send(JSON.stringify({ type: 'typing', roomId }));
  };
  return { typing, connected, sendTyping };
}

/**
 * Conversations a person should look at: open priority conversations with unread messages (the total
 * of GET /api/v1/conversations?type=priority&unread=true). Live events refresh it (see useLive).
 */
export function useUnreadCount(accountId: number, type: InboxType = 'priority') {
  return useQuery({
    queryKey: unreadCountKey(accountId, type),
    queryFn: ({ signal }) =>
      api<RoomPage>('/api/v1/conversations', {
        query: { page: 0, pageSize: 1, pagination: true, type, unread: true },
        target: accountId,
        signal,
      }).then((p) => p.totalRooms),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/**
 * Today's conversations (any tab, open or closed; the first page of each tab, `more` when a page was
 * full) since `since` (epoch ms: the start of the organization's day, in its time zone), and how many
 * the AI agent answered: those it still handles, and those whose last message is the agent's reply.
 */
export function useTodayCount(accountId: number, since: number | null) {
  return useQuery({
    queryKey: ['inbox', accountId, 'today', since],
    enabled: since != null,
    queryFn: async ({ signal }) => {
      const from = since ?? 0;
      const pages = await Promise.all(
        (['priority', 'agent'] as const).map((type) =>
          api<RoomPage>('/api/v1/conversations', {
            query: { page: 0, pageSize: PAGE_SIZE, pagination: true, type },
            target: accountId,
            signal,
          }),
        ),
      );
      const today = pages
        .flatMap((p) => p.rooms)
        .filter((r) => r.lastMessageTimestamp >= from)
        .sort((a, b) => b.lastMessageTimestamp - a.lastMessageTimestamp);
      const more = pages.some((p) => p.rooms.length === PAGE_SIZE && p.rooms.every((r) => r.lastMessageTimestamp >= from));
      const byAi = today.filter((r) => r.inboxType === 'agent' || r.aiAgentEnabled || r.lastMessageSender === 'agent').length;
      return { count: today.length, more, byAi, recent: today.slice(0, 5) };
    },
    staleTime: 15_000,
  });
}

export interface NeedsPersonItem {
  messageId: number;
  roomId: string;
  username: string;
  channel: 'chat' | 'sms';
  inboxType: InboxType;
  kind: string;
  body: string;
  createdAt: number;
}

export const needsPersonKey = (accountId: number) => ['needsPerson', accountId] as const;

/** GET /api/v1/needsPerson: the agent's actions a person should follow up; live events refresh it. */
export function useNeedsPerson(accountId: number) {
  return useQuery({
    queryKey: needsPersonKey(accountId),
    queryFn: ({ signal }) => api<{ items: NeedsPersonItem[] }>('/api/v1/needsPerson', { target: accountId, signal }),
    staleTime: 15_000,
  });
}

/** Opening a conversation clears its priority or junk activity entry (spec §4). */
function clearActivity(accountId: number, type: InboxType, username: string) {
  return api(type === 'priority' ? '/api/v1/activity' : '/api/v1/activityAgent', {
    body: { username, targetAccountId: accountId },
    target: accountId,
  });
}

function closeConversation(accountId: number, roomId: string) {
  return api('/api/v1/closeConversation', { body: { roomId }, target: accountId });
}

/** The calls of the conversation screens, by what they do (screens never name a URL path). */
const inboxCalls = {
  uploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<{ url: string; type: string; name: string }>('/api/v1/chat/media', { method: 'POST', body: form });
  },
  send: (accountId: number, roomId: string, body: string, attachments: Message['attachments'], idempotencyKey?: string) =>
    api<{ message: Message }>('/api/v1/messages', { body: { roomId, body, attachments, idempotencyKey }, target: accountId }),
  setAiEnabled: (accountId: number, roomId: string, aiAgentEnabled: boolean) =>
    api(`/api/v1/conversations/${roomId}/aiAgentEnabled`, { body: { aiAgentEnabled }, target: accountId }),
  markUnread: (accountId: number, type: InboxType, roomId: string) =>
    api(type === 'priority' ? '/api/v1/activity/markUnread' : '/api/v1/activityAgent/markUnread', { body: { roomId }, target: accountId }),
  setClosed: (accountId: number, roomId: string, closed: boolean) =>
    api(closed ? '/api/v1/closeConversation' : '/api/v1/unarchiveConversation', { body: { roomId }, target: accountId }),
  /** Archive files a conversation away (apart from closed ones); unarchive opens it again. */
  setArchived: (accountId: number, roomId: string, archived: boolean) =>
    api(archived ? '/api/v1/archiveConversation' : '/api/v1/unarchiveConversation', { body: { roomId }, target: accountId }),
  block: (accountId: number, targetUsername: string, block: boolean) =>
    api('/api/v1/block', { body: block ? { targetUsername } : { targetUsername, block: false }, target: accountId }),
  rate: (accountId: number, roomId: string, rating: number) => api('/api/v1/rateConvo', { body: { roomId, rating }, target: accountId }),
  react: (accountId: number, messageId: number, reaction: string, add: boolean) =>
    api<{ message: Message }>('/api/v1/reaction', { method: add ? 'POST' : 'DELETE', body: { messageId, reaction }, target: accountId }),
  /** Reading the newest message marks the conversation read. */
  markRead: (accountId: number, roomId: string, signal: AbortSignal) =>
    api(`/api/v1/conversations/${roomId}`, { query: { limit: 1 }, target: accountId, signal }),
  groupRoom: (accountId: number, users: string[]) =>
    api<{ details: { room: string } }>('/api/v1/getGroupConversationRoomId', { body: { users }, target: accountId }),
  /** The chat overlay: the signed-in user's conversation with one user, and a message to them. */
  messagesWith: (who: string, signal?: AbortSignal) =>
    api<{ roomId: string | null; messages: Message[] }>(`/api/v1/messages/${encodeURIComponent(who)}`, { signal }),
  sendTo: (to: string, body: string) => api('/api/v1/messages', { body: { to, body } }),
};

/** The inbox's query keys: the factories above, and the prefixes its refreshes name. */
export const inboxKeys = {
  rooms: roomsKey,
  room: roomKey,
  unreadCount: unreadCountKey,
  activity: activityKey,
  needsPerson: needsPersonKey,
  /** Every conversation list of an account. */
  lists: (accountId: number) => ['inbox', accountId] as const,
  /** Every unread count of an account. */
  unreadCounts: (accountId: number) => ['unreadCount', accountId] as const,
  chat: (who: string) => ['chatOverlay', who] as const,
};

/** A picture or file for a message: uploaded, it comes back as an attachment. */
export const useUploadMedia = () => useMutation({ mutationFn: (file: File) => inboxCalls.uploadMedia(file) });

/**
 * The calls of the conversation screens for one account, and the cache updates that follow them (the
 * screens never name a URL path or a query key). Each call is the same request as before; the screen
 * runs it inside its own action (`act`), which toasts a failure.
 */
export function useConversationCalls(accountId: number) {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      send: (roomId: string, body: string, attachments: Message['attachments'], idempotencyKey?: string) =>
        inboxCalls.send(accountId, roomId, body, attachments, idempotencyKey),
      setAiEnabled: (roomId: string, enabled: boolean) => inboxCalls.setAiEnabled(accountId, roomId, enabled),
      markUnread: (type: InboxType, roomId: string) => inboxCalls.markUnread(accountId, type, roomId),
      setClosed: (roomId: string, closed: boolean) => inboxCalls.setClosed(accountId, roomId, closed),
      setArchived: (roomId: string, archived: boolean) => inboxCalls.setArchived(accountId, roomId, archived),
      block: (username: string, block: boolean) => inboxCalls.block(accountId, username, block),
      rate: (roomId: string, rating: number) => inboxCalls.rate(accountId, roomId, rating),
      react: (messageId: number, reaction: string, add: boolean) => inboxCalls.react(accountId, messageId, reaction, add),
      markRead: (roomId: string, signal: AbortSignal) => inboxCalls.markRead(accountId, roomId, signal),
      groupRoom: (users: string[]) => inboxCalls.groupRoom(accountId, users),
      clearActivity: (type: InboxType, username: string) => clearActivity(accountId, type, username),
      closeConversation: (roomId: string) => closeConversation(accountId, roomId),
      /** Puts a message the server answered with into the cached lists and conversation. */
      applyEvent: (e: InboxChange) => applyEvent(qc, accountId, e),
      refreshRoom: (roomId: string) => void qc.invalidateQueries({ queryKey: roomKey(roomId) }),
      refreshLists: () => void qc.invalidateQueries({ queryKey: inboxKeys.lists(accountId) }),
      refreshActivity: (type: InboxType) => void qc.invalidateQueries({ queryKey: activityKey(accountId, type) }),
      refreshUnreadCount: (type: InboxType) => void qc.invalidateQueries({ queryKey: unreadCountKey(accountId, type) }),
      refreshUnreadCounts: () => void qc.invalidateQueries({ queryKey: inboxKeys.unreadCounts(accountId) }),
      /** Changes the cached rooms of one list (e.g. drops a room's unread dot). */
      updateRooms: (key: ReturnType<typeof roomsKey>, update: (rooms: Room[]) => Room[]) =>
        qc.setQueryData<InfiniteData<RoomPage>>(key, (d) =>
          d ? { ...d, pages: d.pages.map((p) => ({ ...p, rooms: update(p.rooms) })) } : d,
        ),
    }),
    [qc, accountId],
  );
}

/** One action of the conversation screen at a time: the screen passes what to run, a failure is toasted. */
export function useInboxAction(onError: (err: unknown) => void) {
  return useMutation({ mutationFn: async (fn: () => Promise<unknown>) => fn(), onError });
}

/** The chat overlay: the signed-in user's conversation with one user, and a message to them. */
export function useChatWith(who: string) {
  const qc = useQueryClient();
  return {
    messages: useQuery({ queryKey: inboxKeys.chat(who), enabled: !!who, queryFn: ({ signal }) => inboxCalls.messagesWith(who, signal) }),
    refresh: () => void qc.invalidateQueries({ queryKey: inboxKeys.chat(who) }),
    sendTo: (to: string, body: string) => inboxCalls.sendTo(to, body),
  };
}
