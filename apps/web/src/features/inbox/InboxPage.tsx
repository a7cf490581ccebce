import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Inbox, MessageSquarePlus, Wifi, WifiOff } from 'lucide-react';
import { BOTTOM_DETECTION_PX, TIMINGS } from '@switchboard/core/constants';
import { formatPhone } from '@switchboard/core/rules/format';
import { useOpenOverlay } from '../../overlays/open.ts';
import { confirm } from '../../shell/confirm.tsx';
import { Avatar, Button, EmptyState, ErrorState, Skeleton, cn, tabListKeyDown } from '../../ui/index.ts';
import {
  roomsKey,
  setOpenRoom,
  useConversation,
  useConversationCalls,
  useConversations,
  useLive,
  useUnreadCount,
  type InboxType,
  type ListStatus,
  type Room,
} from './api.ts';
import { ConversationView, NewConversation } from './ConversationView.tsx';
import { timeAgo } from './format.ts';
import { newMessageGate } from '@switchboard/core/rules/newMessage';
import { zapSetupUrl, zapTool } from '../integrations/index.ts';

const DRAFT_ID = 'new';

/**
 * The inbox (spec §4 Inbox), the Inbox section of the app shell (`/inbox`, `/app/<path>/inbox`): tabs
 * priority (default) and agent (shown as Junk), the unread-only filter, conversations newest first with
 * live updates, and the open conversation beside the list (or instead of it on phones). Query
 * parameters: filter, active, new, highlightId, zap.
 */
export function InboxView({
  accountId,
  account,
}: {
  accountId: number;
  account: { vidaPremium?: boolean; vidaPhoneNumber?: string | null; smsEnabled?: boolean; displayName?: string };
}) {
  const [params, setParams] = useSearchParams();
  const calls = useConversationCalls(accountId);
  const openOverlay = useOpenOverlay();
  const type: InboxType = params.get('filter') === 'agent' ? 'agent' : 'priority';
  const active = params.get('active');
  const composing = params.has('new');
  const highlightId = params.get('highlightId');
  // ?zap=zapier|make|n8n: the webhook setup for that tool, in the Integrations section.
  const zap = zapTool(params.get('zap'));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (zap) navigate(zapSetupUrl(pathname, zap), { replace: true });
  }, [zap, pathname, navigate]);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [listStatus, setListStatus] = useState<ListStatus>('open');
  const list = useConversations(accountId, type, unreadOnly, listStatus);
  // Tab badges count unread open conversations of each tab, as the lists below them do.
  const priorityUnread = useUnreadCount(accountId, 'priority');
  const junkUnread = useUnreadCount(accountId, 'agent');
  const live = useLive(accountId);
  // The open conversation (shared cache with its thread): when it changes tabs, say where it went.
  const open = useConversation(accountId, composing ? null : active);
  const openRoomNow = open.data?.pages[0]?.room;
  const movedTo = openRoomNow && openRoomNow.inboxType !== type ? openRoomNow.inboxType : null;
  useEffect(() => {
    setOpenRoom(composing ? null : active);
    return () => setOpenRoom(null);
  }, [active, composing]);

  const setParam = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(changes)) {
            if (v == null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const rooms = useMemo(() => {
    const all = list.data?.pages.flatMap((p) => p.rooms) ?? [];
    // Merging pages can repeat a room that moved between fetches: keep the first (spec §5).
    const seen = new Set<string>();
    const unique = all.filter((r) => (seen.has(r.roomId) ? false : (seen.add(r.roomId), true)));
    if (composing) {
      const draft: Room = {
        id: DRAFT_ID,
        roomId: DRAFT_ID,
        room: DRAFT_ID,
        uuid: '',
        username: 'New message',
        channel: 'sms',
        status: 'open',
        inboxType: type,
        agentId: null,
        aiAgentEnabled: false,
        rating: null,
        isGroup: false,
        users: [],
        lastMessage: '',
        lastMessageTimestamp: Date.now(),
        lastMessageDirection: null,
        lastMessageSender: null,
        lastMessageStatus: null,
        unread: false,
        createdAt: Date.now(),
        draft: true,
      };
      return [draft, ...unique];
    }
    return unique;
  }, [list.data, composing, type]);
  const total = list.data?.pages[0]?.totalRooms ?? 0;

  const switchTab = async (next: InboxType) => {
    if (next === type) return;
    if (composing) {
      const ok = await confirm({
        title: 'Cancel the new message?',
        message: 'What you wrote so far will be discarded.',
        confirmText: 'Cancel message',
        cancelText: 'Keep writing',
        confirmColor: 'red',
      });
      if (!ok) return;
    }
    setParam({ filter: next === 'priority' ? null : 'agent', new: null, active: null });
  };

  const select = async (room: Room) => {
    if (room.draft) return setParam({ active: null });
    setParam({ active: room.roomId, highlightId: null });
    // Opening a conversation clears its activity entry (spec §4).
    await calls.clearActivity(type, room.username).catch(() => undefined);
    calls.refreshActivity(type);
    calls.refreshUnreadCount(type);
    calls.updateRooms(roomsKey(accountId, type, false), (rooms) =>
      rooms.map((r) => (r.roomId === room.roomId ? { ...r, unread: false } : r)),
    );
  };

  const startNew = () => {
    // Premium first, then a phone number, then SMS enabled (spec §5).
    const gate = newMessageGate(account);
    if (gate === 'upgrade') return openOverlay('upgrade', 'true', { upgradeRedirect: '/inbox?new=true' });
    if (gate) return openOverlay(gate);
    setParam({ new: 'true', active: null });
  };

  const closeRoom = useCallback(
    async (room: Room) => {
      await calls.closeConversation(room.roomId);
      for (const unread of [false, true]) {
        calls.updateRooms(roomsKey(accountId, type, unread), (rooms) => rooms.filter((r) => r.roomId !== room.roomId));
      }
      if (active === room.roomId) setParam({ active: null });
    },
    [accountId, calls, type, active, setParam],
  );

  // Infinite scroll: the next page loads within 400 px of the bottom (spec §9).
  const listRef = useRef<HTMLDivElement>(null);
  const onScroll = () => {
    const el = listRef.current;
    if (!el || !list.hasNextPage || list.isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_DETECTION_PX) void list.fetchNextPage();
  };

  const activeRoom = rooms.find((r) => r.roomId === active) ?? null;
  const showList = !active && !composing;
  const badge = (n: number | undefined) =>
    n ? (
      <span className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-[10px] font-semibold text-white" data-testid="tab-unread">
        {n > 99 ? '99+' : n}
        <span className="sr-only"> unread</span>
      </span>
    ) : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col bg-slate-50">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <h1 className="text-lg font-semibold text-slate-900">Inbox</h1>
        <span className="ml-auto flex items-center gap-1 text-xs text-slate-500" aria-live="polite">
          {live.connected ? <Wifi className="size-3.5 text-emerald-600" aria-hidden /> : <WifiOff className="size-3.5" aria-hidden />}
          {live.connected ? 'Live' : 'Connecting…'}
        </span>
      </header>
      <div className="flex min-h-0 flex-1">
        <aside
          className={cn(
            'flex min-h-0 w-full flex-col border-r border-slate-200 bg-white md:w-[360px] md:shrink-0',
            !showList && 'hidden md:flex',
          )}
        >
          <div className="flex items-center gap-2 px-3 pt-3">
            <div className="flex items-center gap-2" role="tablist" aria-label="Inbox" onKeyDown={tabListKeyDown}>
              <button
                role="tab"
                aria-selected={type === 'priority'}
                className={cn(
                  'rounded-lg px-3 py-1.5 text-sm font-medium',
                  type === 'priority' ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100',
                )}
                aria-describedby="inbox-tab-holds"
                onClick={() => void switchTab('priority')}
              >
                Priority{badge(priorityUnread.data)}
              </button>
              <button
                role="tab"
                aria-selected={type === 'agent'}
                className={cn(
                  'rounded-lg px-3 py-1.5 text-sm font-medium',
                  type === 'agent' ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100',
                )}
                aria-describedby="inbox-tab-holds"
                onClick={() => void switchTab('agent')}
              >
                Junk
                {/* The tab itself says what Junk holds (the spec's name for the agent type), so no one reads it as spam. */}
                <span
                  className={cn('ml-1 text-xs font-normal', type === 'agent' ? 'text-brand-700' : 'text-slate-500')}
                  data-testid="junk-holds"
                >
                  · AI agent
                </span>
                {badge(junkUnread.data)}
              </button>
            </div>
            <Button size="xs" variant="secondary" className="ml-auto" onClick={startNew} aria-label="New message">
              <MessageSquarePlus className="size-4" aria-hidden /> New
            </Button>
          </div>
          {/* What the tab holds, so no one reads Junk (the spec's name for the agent type) as spam. */}
          <p id="inbox-tab-holds" className="px-4 pt-2 text-xs text-slate-600" data-testid="tab-holds">
            {type === 'agent'
              ? 'Handled by your AI agent (and blocked senders). Not spam: reply to take one over.'
              : 'Conversations your team handles: replies from a person, AI turned off.'}
          </p>
          {movedTo && active && (
            <p
              role="status"
              className="mx-3 mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900"
              data-testid="moved-notice"
            >
              The open conversation is now in {movedTo === 'agent' ? 'Junk (handled by your AI agent)' : 'Priority'}.
              <button
                type="button"
                className="font-medium underline"
                onClick={() => setParam({ filter: movedTo === 'priority' ? null : 'agent', new: null })}
              >
                Show {movedTo === 'agent' ? 'Junk' : 'Priority'}
              </button>
            </p>
          )}
          <div className="flex items-center gap-4 px-4 py-2 text-xs text-slate-600">
            <label className="flex items-center gap-2">
              {/* Toggling the filter starts the list again from page 0 (its own query key). */}
              <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} className="accent-brand-600" />
              Unread only
            </label>
            <label className="flex items-center gap-2">
              Show
              <select
                value={listStatus}
                onChange={(e) => setListStatus(e.target.value as ListStatus)}
                className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <option value="open">Open</option>
                <option value="closed">Closed</option>
                <option value="archived">Archived</option>
              </select>
            </label>
          </div>
          <div ref={listRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" role="region" aria-label="Conversations">
            {list.isPending && !list.data ? (
              <div className="space-y-3 p-4">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="h-12 w-full" />
                ))}
              </div>
            ) : list.isError ? (
              <div className="p-4">
                <ErrorState message={(list.error as Error).message} />
              </div>
            ) : rooms.length === 0 ? (
              <EmptyState
                icon={<Inbox className="size-6" aria-hidden />}
                title={unreadOnly ? 'Nothing unread' : type === 'priority' ? 'No conversations need you' : 'Junk is empty'}
                message={
                  type === 'priority'
                    ? 'Conversations a person handles show here. Those the AI agent answers are under Junk.'
                    : 'Conversations the AI agent answers, and blocked senders, show here.'
                }
              />
            ) : (
              <ul>
                {rooms.map((r) => (
                  <RoomItem
                    key={r.roomId}
                    room={r}
                    active={r.roomId === active || (!!r.draft && composing)}
                    typing={live.typing[r.roomId]}
                    onSelect={() => void select(r)}
                    onSwipeClose={() => void closeRoom(r)}
                  />
                ))}
              </ul>
            )}
            {list.isFetchingNextPage && <p className="p-3 text-center text-xs text-slate-500">Loading more…</p>}
            {!list.isPending && rooms.length > 0 && (
              <p className="p-3 text-center text-[11px] text-slate-500">
                {total} conversation{total === 1 ? '' : 's'}
              </p>
            )}
          </div>
        </aside>
        <section aria-label="Conversation" className={cn('min-h-0 flex-1', showList && 'hidden md:block')}>
          {composing ? (
            <NewConversation
              accountId={accountId}
              onCancel={() => setParam({ new: null })}
              onStarted={(roomId) => setParam({ new: null, active: roomId })}
            />
          ) : active ? (
            <ConversationView
              key={active}
              accountId={accountId}
              roomId={active}
              inboxType={type}
              fallbackRoom={activeRoom}
              highlightId={highlightId ? Number(highlightId) : null}
              typing={live.typing[active]}
              onTyping={() => live.sendTyping(active)}
              onBack={() => setParam({ active: null, highlightId: null })}
              onClosed={() => setParam({ active: null })}
            />
          ) : (
            <EmptyState
              className="h-full"
              icon={<Inbox className="size-6" aria-hidden />}
              title="Pick a conversation"
              message="Messages arrive here live, from your chat page and your number."
            />
          )}
        </section>
      </div>
    </div>
  );
}

/** A list row; on touch screens a swipe left reveals Close, which closes after 250 ms. */
function RoomItem({
  room,
  active,
  typing,
  onSelect,
  onSwipeClose,
}: {
  room: Room;
  active: boolean;
  typing?: string;
  onSelect: () => void;
  onSwipeClose: () => void;
}) {
  const [dx, setDx] = useState(0);
  const [closing, setClosing] = useState(false);
  const start = useRef<number | null>(null);
  useEffect(() => {
    if (!closing) return;
    const t = setTimeout(onSwipeClose, TIMINGS.swipeCloseMs);
    return () => clearTimeout(t);
  }, [closing, onSwipeClose]);
  return (
    <li className="relative overflow-hidden border-b border-slate-100" data-room={room.roomId}>
      <div
        className="absolute inset-y-0 right-0 flex w-24 items-center justify-center bg-red-600 text-sm font-medium text-white"
        aria-hidden
      >
        Close
      </div>
      <button
        type="button"
        onClick={onSelect}
        onPointerDown={(e) => e.pointerType === 'touch' && (start.current = e.clientX)}
        onPointerMove={(e) => start.current != null && setDx(Math.min(0, Math.max(-96, e.clientX - start.current)))}
        onPointerUp={() => {
          start.current = null;
          // Swiped to the action (index 0 of the actions): close after the spec's 250 ms.
          if (dx <= -72 && !room.draft) setClosing(true);
          else setDx(0);
        }}
        style={{ transform: `translateX(${closing ? -96 : dx}px)` }}
        className={cn(
          'relative flex w-full items-start gap-3 bg-white px-4 py-3 text-left transition-transform hover:bg-slate-50 focus-visible:outline-offset-[-2px]',
          active && 'bg-brand-50 hover:bg-brand-50',
        )}
        aria-current={active || undefined}
      >
        <Avatar name={room.contactName ?? room.username} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span
              className={cn('truncate text-sm', room.unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700')}
              title={room.contactName ? formatPhone(room.username) : undefined}
            >
              {room.contactName ?? formatPhone(room.username)}
            </span>
            <span className="ml-auto shrink-0 text-[11px] text-slate-500">{room.draft ? '' : timeAgo(room.lastMessageTimestamp)}</span>
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('truncate text-xs', typing ? 'italic text-brand-700' : room.unread ? 'text-slate-800' : 'text-slate-500')}>
              {typing
                ? `${typing} is typing…`
                : room.draft
                  ? 'Write a new message'
                  : `${room.lastMessageSender === 'agent' ? 'AI: ' : room.lastMessageSender === 'staff' ? 'You: ' : ''}${room.lastMessage}`}
            </span>
            {room.unread && <span className="ml-auto size-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" />}
          </span>
          <span className="mt-0.5 flex gap-1.5 text-[10px] uppercase tracking-wide text-slate-500">
            <span>{room.channel === 'sms' ? 'SMS' : 'Chat'}</span>
            {!room.draft && <span>{room.aiAgentEnabled ? '· AI answering' : '· Team'}</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
