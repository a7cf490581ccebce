import { MessagesSquare } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { formatPhone } from '@switchboard/core/rules/format';
import { useAccount } from '../../../api/hooks.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useConversation, useConversations } from '../api.ts';
import { clock, statusLabel, timeAgo } from '../format.ts';

/**
 * ?convoLog=<roomId>: the transcript of a conversation, read-only, with who said what and when.
 * `?convoLog=true` opens the log of the open conversation (`active`), else lists the recent ones.
 */
export default function ConvoLogOverlay({ value, params }: OverlayProps) {
  const self = useAccount(null);
  const roomId = value && value !== 'true' ? value : params.get('active');
  if (self.isError)
    return (
      <OverlayFrame title="Conversation log">
        <ErrorState message={(self.error as Error).message} />
      </OverlayFrame>
    );
  if (!self.data)
    return (
      <OverlayFrame title="Conversation log">
        <LoadingBlock />
      </OverlayFrame>
    );
  return roomId ? <Transcript accountId={self.data.id} roomId={roomId} /> : <RecentConversations accountId={self.data.id} />;
}

function Transcript({ accountId, roomId }: { accountId: number; roomId: string }) {
  const q = useConversation(accountId, roomId);
  const first = q.data?.pages[0];
  // Pages come newest first; the log reads oldest first.
  const messages = q.data ? [...q.data.pages].reverse().flatMap((p) => p.messages) : [];
  return (
    <OverlayFrame
      title="Conversation log"
      description={first ? `${formatPhone(first.room.username)} · ${first.room.channel === 'sms' ? 'SMS' : 'Chat'}` : undefined}
      size="sheet"
    >
      {q.isPending ? (
        <LoadingBlock />
      ) : q.isError ? (
        <ErrorState title="This conversation could not be read" message={(q.error as Error).message} />
      ) : messages.length === 0 ? (
        <EmptyState icon={<MessagesSquare className="size-6" aria-hidden />} title="No messages yet" />
      ) : (
        <ol className="space-y-2 text-sm" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id} className="border-b border-slate-100 pb-2">
              <span className="text-xs text-slate-500">
                {clock(m.createdAt)} ·{' '}
                {m.sender.kind === 'agent' ? 'AI agent' : m.sender.kind === 'staff' ? 'Team' : (m.sender.address ?? 'Contact')}
                {m.direction === 'outbound' ? ` · ${statusLabel(m.status)}` : ''}
                {m.blocked ? ' · blocked' : ''}
              </span>
              <p className="whitespace-pre-wrap text-slate-900">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
    </OverlayFrame>
  );
}

/** No conversation named: the newest conversations of both tabs, each opening its log. */
function RecentConversations({ accountId }: { accountId: number }) {
  const location = useLocation();
  const priority = useConversations(accountId, 'priority', false);
  const agent = useConversations(accountId, 'agent', false);
  const rooms = [...(priority.data?.pages[0]?.rooms ?? []), ...(agent.data?.pages[0]?.rooms ?? [])].sort(
    (a, b) => b.lastMessageTimestamp - a.lastMessageTimestamp,
  );
  const href = (roomId: string) => {
    const q = new URLSearchParams(location.search);
    q.set('convoLog', roomId);
    return `${location.pathname}?${q}`;
  };
  return (
    <OverlayFrame title="Conversation log" description="Pick a conversation to read its whole log." size="sheet">
      {priority.isPending || agent.isPending ? (
        <LoadingBlock />
      ) : priority.isError ? (
        <ErrorState message={(priority.error as Error).message} />
      ) : rooms.length === 0 ? (
        <EmptyState
          icon={<MessagesSquare className="size-6" aria-hidden />}
          title="No conversations yet"
          message="Conversations from your chat page and your number appear here."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Conversations">
          {rooms.map((r) => (
            <li key={r.roomId}>
              <Link to={href(r.roomId)} replace className="flex items-baseline gap-2 rounded-lg px-2 py-2.5 hover:bg-slate-50">
                <span className="truncate text-sm font-medium text-slate-900">{formatPhone(r.username)}</span>
                <span className="min-w-0 flex-1 truncate text-xs text-slate-500">{r.lastMessage}</span>
                <span className="shrink-0 text-[11px] text-slate-500">{timeAgo(r.lastMessageTimestamp)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </OverlayFrame>
  );
}
