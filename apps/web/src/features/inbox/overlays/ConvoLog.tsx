import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { ErrorState, LoadingBlock } from '../../../ui/index.ts';
import type { Message, Room } from '../api.ts';
import { clock, statusLabel } from '../format.ts';

/** ?convoLog=<roomId>: the transcript of a conversation, read-only, with who said what and when. */
export default function ConvoLogOverlay({ value }: OverlayProps) {
  const q = useQuery({
    queryKey: ['convoLog', value],
    queryFn: ({ signal }) => api<{ room: Room; messages: Message[] }>(`/api/v1/conversations/${encodeURIComponent(value)}`, { query: { limit: 200 }, signal }),
  });
  return (
    <OverlayFrame title="Conversation log" description={q.data ? `${q.data.room.username} · ${q.data.room.channel === 'sms' ? 'SMS' : 'Chat'}` : undefined} size="sheet">
      {q.isPending ? (
        <LoadingBlock />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch convo" message={(q.error as Error).message} />
      ) : (
        <ol className="space-y-2 text-sm">
          {q.data.messages.map((m) => (
            <li key={m.id} className="border-b border-slate-100 pb-2">
              <span className="text-xs text-slate-500">
                {clock(m.createdAt)} · {m.sender.kind === 'agent' ? 'AI agent' : m.sender.kind === 'staff' ? 'Team' : (m.sender.address ?? 'Contact')}
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
