import { formatPhone } from '@switchboard/core/rules/format';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState, Skeleton } from '../../../ui/index.ts';
import { useNeedsPerson } from '../api.ts';
import { timeAgo } from '../format.ts';

/**
 * What the AI did that a person must follow up (bookings to confirm, messages taken, transfers asked),
 * newest first; each opens its conversation. An item leaves the list when staff answer there.
 */
export function NeedsPersonList({ accountId, inboxPath = '/inbox' }: { accountId: number; inboxPath?: string }) {
  const q = useNeedsPerson(accountId);
  if (q.isPending) return <Skeleton className="h-16 w-full" />;
  if (q.isError) return <ErrorState message={(q.error as Error).message} />;
  if (q.data.items.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="needs-person-list-empty">
        <CheckCircle2 className="size-4 text-emerald-600" aria-hidden /> Nothing the AI did is waiting for you.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Needs a person" data-testid="needs-person-list">
      {q.data.items.map((i) => (
        <li key={i.messageId}>
          <Link
            to={`${inboxPath}?${new URLSearchParams({ ...(i.inboxType === 'agent' ? { filter: 'agent' } : {}), active: i.roomId, highlightId: String(i.messageId) })}`}
            className="flex min-w-0 flex-col gap-0.5 rounded-lg px-2 py-2 hover:bg-slate-50"
          >
            <span className="flex min-w-0 items-baseline gap-2">
              <span className="truncate text-sm font-medium text-slate-900">{formatPhone(i.username)}</span>
              <span className="ml-auto shrink-0 text-[11px] text-slate-500">{timeAgo(i.createdAt)}</span>
            </span>
            <span className="line-clamp-2 text-xs text-slate-600">{i.body}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
