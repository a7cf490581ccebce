// Over 400 lines: the open conversation (header with the AI switch and takeover, history, composer with
// attachments) shares one room's queries and mutations; its parts are split here as local components.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import {
  AlertTriangle,
  ArrowLeft,
  Ban,
  Bot,
  Check,
  CheckCheck,
  Clock,
  Mail,
  Paperclip,
  Phone,
  Send,
  SmilePlus,
  Star,
  Archive,
  ArchiveRestore,
  CircleX,
  RotateCcw,
} from 'lucide-react';
import { BOTTOM_DETECTION_PX } from '@switchboard/core/constants';
import { formatPhone } from '@switchboard/core/rules/format';
import { ApiError } from '../../api/mutation.ts';
import { confirm } from '../../shell/confirm.tsx';
import { notify } from '../../shell/toast.tsx';
import { Avatar, Button, ErrorState, Skeleton, cn } from '../../ui/index.ts';
import {
  roomsKey,
  useConversation,
  useConversationCalls,
  useInboxAction,
  useUploadMedia,
  type InboxType,
  type Message,
  type Room,
} from './api.ts';
import { ThreadEvent } from './components/ThreadEvent.tsx';
import { AnalysisCard } from './components/AnalysisCard.tsx';
import { CallEntry } from './components/CallEntry.tsx';
import { useOpenOverlay } from '../../overlays/open.ts';
import { clock, statusLabel } from './format.ts';

const REACTIONS = ['👍', '❤️', '😂', '🙏'];

function StatusIcon({ status }: { status: string }) {
  const cls = 'size-3.5';
  if (status === 'queued') return <Clock className={cls} aria-hidden />;
  if (status === 'sent') return <Check className={cls} aria-hidden />;
  if (status === 'delivered' || status === 'read') return <CheckCheck className={cls} aria-hidden />;
  if (status === 'failed') return <AlertTriangle className={cn(cls, 'text-red-500')} aria-hidden />;
  return null;
}

function Bubble({ m, highlight, onReact }: { m: Message; highlight: boolean; onReact: (reaction: string, add: boolean) => void }) {
  const ours = m.direction === 'outbound';
  const [picking, setPicking] = useState(false);
  const who =
    m.sender.kind === 'agent' ? 'AI agent' : m.sender.kind === 'staff' ? (m.sender.address ?? 'Team') : (m.sender.address ?? 'Contact');
  const counts = m.reactions.reduce<Record<string, number>>((acc, r) => ((acc[r.reaction] = (acc[r.reaction] ?? 0) + 1), acc), {});
  return (
    <li
      className={cn('group flex flex-col', ours ? 'items-end' : 'items-start')}
      style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 64px' }}
      data-message-id={m.id}
      data-status={m.status}
    >
      <div
        className={cn(
          'relative max-w-[80%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap break-words',
          ours
            ? m.sender.kind === 'agent'
              ? 'rounded-br-md bg-indigo-100 text-indigo-950'
              : 'rounded-br-md bg-brand-600 text-white'
            : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200',
          m.blocked && 'opacity-60 ring-red-300',
          highlight && 'ring-2 ring-amber-400',
        )}
      >
        {m.body}
        {m.attachments.map((a) =>
          a.type.startsWith('image/') ? (
            <img key={a.url} src={a.url} alt={a.name ?? 'Attachment'} className="mt-2 max-h-60 rounded-lg" loading="lazy" />
          ) : (
            <a key={a.url} href={a.url} target="_blank" rel="noreferrer" className="mt-1 block underline">
              {a.name ?? 'Attachment'}
            </a>
          ),
        )}
        <button
          type="button"
          onClick={() => setPicking((p) => !p)}
          className={cn(
            'absolute top-1 hidden rounded-full bg-white p-1 text-slate-500 shadow ring-1 ring-slate-200 group-hover:block focus:block',
            ours ? '-left-8' : '-right-8',
          )}
          aria-label="React"
        >
          <SmilePlus className="size-3.5" aria-hidden />
        </button>
      </div>
      {picking && (
        <div className="mt-1 flex gap-1 rounded-full bg-white px-2 py-1 shadow ring-1 ring-slate-200" role="menu">
          {REACTIONS.map((r) => (
            <button
              key={r}
              role="menuitem"
              type="button"
              className="text-base"
              onClick={() => (setPicking(false), onReact(r, true))}
              aria-label={`React ${r}`}
            >
              {r}
            </button>
          ))}
        </div>
      )}
      {Object.keys(counts).length > 0 && (
        <div className="mt-0.5 flex gap-1">
          {Object.entries(counts).map(([r, n]) => (
            <button
              key={r}
              type="button"
              onClick={() => onReact(r, false)}
              className="rounded-full bg-white px-1.5 text-xs ring-1 ring-slate-200"
              aria-label={`Remove ${r}`}
            >
              {r} {n > 1 ? n : ''}
            </button>
          ))}
        </div>
      )}
      <div className="mt-0.5 flex items-center gap-1 text-[11px] text-slate-500">
        <span>{who}</span>
        <span>· {clock(m.createdAt)}</span>
        {m.blocked && <span className="text-red-500">· blocked</span>}
        {ours && (
          <span className={cn('flex items-center gap-0.5', m.status === 'failed' && 'text-red-500')} title={m.error ?? undefined}>
            · <StatusIcon status={m.status} /> {statusLabel(m.status)}
          </span>
        )}
      </div>
    </li>
  );
}

/** The composer: text, an attachment (image, PDF or text file), Enter sends. */
function Composer({
  onSend,
  onTyping,
  disabled,
}: {
  onSend: (body: string, attachments: Message['attachments']) => Promise<void>;
  onTyping?: () => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Message['attachments']>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const uploadMedia = useUploadMedia();
  const lastTyping = useRef(0);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() && files.length === 0) return;
    setBusy(true);
    setFailed(null);
    try {
      await onSend(text.trim(), files);
      setText('');
      setFiles([]);
    } catch (err) {
      // The text stays in the composer; the reason is said next to it.
      setFailed(err instanceof Error && err.message ? err.message : 'The message could not be sent.');
    } finally {
      setBusy(false);
    }
  };
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setUploadError(null);
    try {
      const res = await uploadMedia.mutateAsync(file);
      setFiles((f) => [...f, { url: res.url, type: res.type, name: res.name }]);
    } catch (err) {
      // Said beside the composer (not only in a passing toast), with the file's name.
      setUploadError(`${file.name} was not attached: ${err instanceof Error && err.message ? err.message : 'the upload failed.'}`);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="border-t border-slate-200 bg-white p-3">
      {failed && (
        <p
          role="alert"
          className="mb-2 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="send-error"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>Not sent: {failed} Your message is kept below.</span>
        </p>
      )}
      {uploadError && (
        <p
          role="alert"
          className="mb-2 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="upload-error"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{uploadError}</span>
        </p>
      )}
      {files.length > 0 && (
        <p className="mb-2 text-xs text-slate-600">
          Attached: {files.map((f) => f.name ?? 'file').join(', ')}{' '}
          <button type="button" className="underline" onClick={() => setFiles([])}>
            remove
          </button>
        </p>
      )}
      <div className="flex items-end gap-2">
        <label className="cursor-pointer rounded-lg p-2 text-slate-500 hover:bg-slate-100" aria-label="Attach a file">
          <Paperclip className="size-5" aria-hidden />
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain,.txt"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared so the same file can be chosen again after a failure.
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
        <label htmlFor="composer" className="sr-only">
          Message
        </label>
        <textarea
          id="composer"
          rows={1}
          value={text}
          disabled={disabled}
          maxLength={5000}
          placeholder={disabled ? 'The AI agent is answering. Turn it off to write.' : 'Write a message…'}
          onChange={(e) => {
            setText(e.target.value);
            if (onTyping && Date.now() - lastTyping.current > 3000) {
              lastTyping.current = Date.now();
              onTyping();
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-50"
        />
        <Button type="submit" size="md" loading={busy} disabled={disabled} aria-label="Send">
          <Send className="size-4" aria-hidden />
        </Button>
      </div>
    </form>
  );
}

export function ConversationView({
  accountId,
  roomId,
  inboxType,
  fallbackRoom,
  highlightId,
  typing,
  onTyping,
  onBack,
  onClosed,
}: {
  accountId: number;
  roomId: string;
  inboxType: InboxType;
  fallbackRoom: Room | null;
  highlightId: number | null;
  typing?: string;
  onTyping: () => void;
  onBack: () => void;
  onClosed: () => void;
}) {
  const calls = useConversationCalls(accountId);
  const conv = useConversation(accountId, roomId);
  const room = conv.data?.pages[0]?.room ?? fallbackRoom;
  const messages = conv.data ? [...conv.data.pages].reverse().flatMap((p) => p.messages) : [];
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const lastCount = useRef(0);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (messages.length !== lastCount.current && nearBottom.current) el.scrollTop = el.scrollHeight;
    lastCount.current = messages.length;
  });

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    // Older history loads within 400 px of the top.
    if (el.scrollTop < BOTTOM_DETECTION_PX && conv.hasNextPage && !conv.isFetchingNextPage) {
      const before = el.scrollHeight;
      void conv.fetchNextPage().then(() => requestAnimationFrame(() => (el.scrollTop += el.scrollHeight - before)));
    }
  };

  const act = useInboxAction((err) => notify.error(err instanceof ApiError ? err.message : 'Something went wrong.'));
  const refresh = () => calls.refreshRoom(roomId);

  const send = async (body: string, attachments: Message['attachments']) => {
    const res = await calls.send(roomId, body, attachments, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
    calls.applyEvent({ id: 0, type: 'message.created', payload: { roomId, message: res.message } });
    nearBottom.current = true;
  };

  const openOverlay = useOpenOverlay();
  const setAi = (enabled: boolean) =>
    act.mutate(async () => {
      await calls.setAiEnabled(roomId, enabled);
      refresh();
    });

  const markUnread = () =>
    act.mutate(async () => {
      await calls.markUnread(inboxType, roomId);
      calls.refreshActivity(inboxType);
      calls.refreshLists();
      notify('Marked unread');
      onBack();
    });

  const toggleClosed = () =>
    act.mutate(async () => {
      const closing = room?.status === 'open';
      await calls.setClosed(roomId, closing);
      calls.refreshLists();
      refresh();
      notify(closing ? 'Conversation closed' : 'Conversation reopened');
      if (closing) onClosed();
    });

  // Archived is apart from closed: filed away until unarchived (or until a new message arrives).
  const toggleArchived = () =>
    act.mutate(async () => {
      const archiving = room?.status !== 'archived';
      await calls.setArchived(roomId, archiving);
      calls.refreshLists();
      refresh();
      notify(archiving ? 'Conversation archived' : 'Conversation unarchived');
      if (archiving) onClosed();
    });

  const unblock = () =>
    act.mutate(async () => {
      if (!room) return;
      await calls.block(room.username, false);
      notify(`${formatPhone(room.username)} is unblocked`);
      refresh();
    });

  const block = async () => {
    if (!room) return;
    const ok = await confirm({
      icon: <Ban className="size-6 text-red-600" aria-hidden />,
      title: `Block ${formatPhone(room.username)}?`,
      message: 'Their messages will be kept as blocked, never reach the AI agent, and stay out of Priority.',
      confirmText: 'Block',
      confirmColor: 'red',
    });
    if (!ok) return;
    act.mutate(async () => {
      await calls.block(room.username, true);
      calls.refreshLists();
      notify(`${formatPhone(room.username)} is blocked`);
      refresh();
    });
  };

  const rate = (rating: number) =>
    act.mutate(async () => {
      await calls.rate(roomId, rating);
      refresh();
    });

  const react = (messageId: number, reaction: string, add: boolean) =>
    act.mutate(async () => {
      const res = await calls.react(messageId, reaction, add);
      calls.applyEvent({ id: 0, type: 'message.updated', payload: { roomId, message: res.message } });
    });

  // A message arriving while this conversation is open on screen is read: tell the server (reading
  // the newest message marks it), and the list drops its unread dot.
  const newest = messages.at(-1);
  const loadedNewest = useRef<number | null>(null);
  useEffect(() => {
    if (!newest) return;
    // Opening the conversation already marked what it loaded: the counts (tab badges, navigation) follow
    // now, not when the row was clicked (a count read before the server marked it would stay stale).
    if (loadedNewest.current == null) {
      loadedNewest.current = newest.id;
      calls.refreshUnreadCounts();
      return;
    }
    if (newest.direction !== 'inbound' || document.visibilityState !== 'visible') return;
    const ctrl = new AbortController();
    calls
      .markRead(roomId, ctrl.signal)
      .then(() => {
        for (const key of [roomsKey(accountId, inboxType, false), roomsKey(accountId, inboxType, true)]) {
          calls.updateRooms(key, (rooms) => rooms.map((r) => (r.roomId === roomId ? { ...r, unread: false } : r)));
        }
        calls.refreshUnreadCounts();
      })
      .catch(() => undefined);
    return () => ctrl.abort();
    // Only when the newest message changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest?.id]);

  useEffect(() => {
    if (highlightId == null) return;
    document.querySelector(`[data-message-id="${highlightId}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlightId, conv.data]);

  if (conv.isError) {
    return (
      <div className="p-4">
        <ErrorState
          title="Failed to fetch convo"
          message={(conv.error as Error).message}
          action={
            <Button size="sm" variant="secondary" onClick={onBack}>
              Back
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={`Conversation with ${room?.contactName ?? room?.username ?? ''}`}>
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 md:hidden"
          aria-label="Back to the list"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </button>
        <Avatar name={room?.contactName ?? room?.username ?? '?'} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-slate-900">
            {room ? (room.contactName ?? formatPhone(room.username)) : <Skeleton className="h-4 w-24" />}
          </h2>
          <p className="text-xs text-slate-500">
            {room?.contactName ? `${formatPhone(room.username)} · ` : ''}
            {room?.channel === 'sms' ? 'SMS' : 'Chat'}
            {room?.status === 'closed' ? ' · closed' : room?.status === 'archived' ? ' · archived' : ''}
            {room?.blocked ? <span className="text-red-600"> · blocked</span> : null}
          </p>
        </div>
        {/* One row at every width: the actions are icons until 1536 px (the pane beside the list is narrow), and below 768 px the AI state is the switch alone. */}
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          <label className="flex items-center gap-2 rounded-lg px-1 py-1 text-xs text-slate-700 sm:px-2">
            <Bot className="hidden size-4 sm:block" aria-hidden />
            {/* A staff reply or takeover pauses the AI here until someone hands the conversation back. */}
            <span aria-live="polite" data-testid="ai-state" className="sr-only sm:not-sr-only">
              {room?.aiAgentEnabled ? 'AI agent answering' : 'AI paused · you are answering'}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={!!room?.aiAgentEnabled}
              aria-label={room?.aiAgentEnabled ? 'AI agent (on): turn off to take over' : 'AI agent (paused): turn on to hand back'}
              onClick={() => setAi(!room?.aiAgentEnabled)}
              className={cn('relative h-5 w-9 rounded-full transition-colors', room?.aiAgentEnabled ? 'bg-brand-600' : 'bg-slate-300')}
            >
              <span
                className={cn(
                  'absolute top-0.5 size-4 rounded-full bg-white shadow transition-all',
                  room?.aiAgentEnabled ? 'left-4.5' : 'left-0.5',
                )}
              />
            </button>
          </label>
          {room?.channel === 'sms' && (
            <Button size="2xs" variant="ghost" onClick={() => openOverlay('call', room.username)} aria-label="Call">
              <Phone className="size-4" aria-hidden /> <span className="hidden xl:inline">Call</span>
            </Button>
          )}
          <Button size="2xs" variant="ghost" onClick={markUnread} aria-label="Mark unread">
            <Mail className="size-4" aria-hidden /> <span className="hidden xl:inline">Unread</span>
          </Button>
          {room?.status !== 'archived' && (
            <Button size="2xs" variant="ghost" onClick={toggleClosed} aria-label={room?.status === 'closed' ? 'Reopen' : 'Close'}>
              {room?.status === 'closed' ? <RotateCcw className="size-4" aria-hidden /> : <CircleX className="size-4" aria-hidden />}
              <span className="hidden xl:inline">{room?.status === 'closed' ? 'Reopen' : 'Close'}</span>
            </Button>
          )}
          <Button size="2xs" variant="ghost" onClick={toggleArchived} aria-label={room?.status === 'archived' ? 'Unarchive' : 'Archive'}>
            {room?.status === 'archived' ? <ArchiveRestore className="size-4" aria-hidden /> : <Archive className="size-4" aria-hidden />}
            <span className="hidden xl:inline">{room?.status === 'archived' ? 'Unarchive' : 'Archive'}</span>
          </Button>
          {room?.blocked ? (
            <Button size="2xs" variant="ghost" onClick={unblock} aria-label="Unblock">
              <Ban className="size-4 text-red-600" aria-hidden /> <span className="hidden xl:inline">Unblock</span>
            </Button>
          ) : (
            <Button size="2xs" variant="ghost" onClick={() => void block()} aria-label="Block">
              <Ban className="size-4" aria-hidden /> <span className="hidden xl:inline">Block</span>
            </Button>
          )}
        </div>
      </header>
      <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-4 py-4" aria-live="polite">
        {conv.isFetchingNextPage && <p className="pb-2 text-center text-xs text-slate-500">Loading earlier messages…</p>}
        {conv.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {messages.map((m) =>
              m.channel === 'voice' ? (
                <CallEntry key={m.id} m={m} over={messages.some((x) => x.callId === m.callId && x.id > m.id)} />
              ) : m.sender.kind === 'system' ? (
                <ThreadEvent key={m.id} m={m} />
              ) : (
                <Bubble key={m.id} m={m} highlight={m.id === highlightId} onReact={(r, add) => react(m.id, r, add)} />
              ),
            )}
          </ul>
        )}
        {room?.analysis && <AnalysisCard analysis={room.analysis} className="mt-4" />}
        {typing && <p className="mt-3 text-xs italic text-slate-500">{typing} is typing…</p>}
      </div>
      <div className="flex items-center gap-1 border-t border-slate-100 bg-white px-4 py-1.5 text-xs text-slate-500">
        <span>Rate this conversation</span>
        {[1, 2, 3, 4, 5].map((n) => (
          <button key={n} type="button" onClick={() => rate(n)} aria-label={`Rate ${n}`} aria-pressed={room?.rating === n}>
            <Star
              className={cn('size-4', room?.rating != null && n <= room.rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
              aria-hidden
            />
          </button>
        ))}
      </div>
      <Composer onSend={send} onTyping={onTyping} />
    </section>
  );
}

/** A new conversation: a username or phone number, then the first message. Cancelling an empty one removes it. */
export function NewConversation({
  accountId,
  onCancel,
  onStarted,
}: {
  accountId: number;
  onCancel: () => void;
  onStarted: (roomId: string) => void;
}) {
  const [to, setTo] = useState('');
  const calls = useConversationCalls(accountId);
  const send = async (body: string, attachments: Message['attachments']) => {
    const users = to
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    if (users.length === 0) {
      // Starting with an empty user list cancels the new conversation (spec §5).
      onCancel();
      return;
    }
    // A failure throws on to the composer, which keeps the text and says why.
    const room = await calls.groupRoom(users).catch((err: unknown) => {
      throw err instanceof ApiError ? err : new Error('Unable to start conversation with this user.');
    });
    await calls.send(room.details.room, body, attachments);
    onStarted(room.details.room);
  };
  return (
    <section className="flex h-full flex-col" aria-label="New message">
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <label htmlFor="new-to" className="text-sm font-medium text-slate-600">
          To
        </label>
        <input
          id="new-to"
          autoFocus
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder="Phone number or username"
          className="flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
        />
        <Button size="xs" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </header>
      <div className="flex-1 p-4 text-sm text-slate-500">Start a conversation by SMS with a phone number, or by chat with a username.</div>
      <Composer onSend={send} />
    </section>
  );
}
