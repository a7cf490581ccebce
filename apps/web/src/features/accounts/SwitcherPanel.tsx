import { useQuery } from '@tanstack/react-query';
import type { AccountListItem } from '@switchboard/core/contracts/accounts';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { Avatar, Card } from '../../ui/index.ts';
import type { AppPanelProps } from '../home/panels.ts';
import { TYPE_LABEL } from './parts.tsx';

const SEGMENT: Record<string, string> = { partner: 'partner', reseller: 'reseller', organization: 'org', agent: 'agent' };

/** The accounts the signed-in user owns or was invited to; shown when there is more than one. */
export default function SwitcherPanel({ account, path }: AppPanelProps) {
  const mine = useQuery({
    queryKey: ['accounts', 'mine'],
    queryFn: ({ signal }) => api<{ accounts: (AccountListItem & { isOwner: boolean })[] }>('/api/v2/myAccounts', { target: false, signal }),
    staleTime: 60_000,
  });
  const items = mine.data?.accounts ?? [];
  if (items.length < 2) return null;
  const openRoot = path[0]?.id ?? (items.some((i) => i.id === account.user.id) ? account.user.id : account.id);
  return (
    <Card>
      <nav aria-label="Your accounts" className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-5">
        <h2 className="shrink-0 text-sm font-medium text-slate-600">Your accounts</h2>
        <ul className="flex flex-wrap gap-2">
          {items.map((a) => {
            const current = a.id === openRoot;
            const href = a.id === account.user.id ? '/app' : `/app/${SEGMENT[a.type] ?? 'org'}/${a.id}`;
            return (
              <li key={a.id}>
                <Link
                  to={href}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm ring-1 ring-inset ${current ? 'bg-brand-50 font-medium text-brand-800 ring-brand-200' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'}`}
                >
                  <Avatar name={a.displayName} src={a.image} size="xs" />
                  <span className="max-w-48 truncate">{a.displayName}</span>
                  <span className="sr-only">({TYPE_LABEL[a.type] ?? a.type}{a.isOwner ? ', owner' : ''})</span>
                  {current && <Check className="size-4" aria-hidden="true" />}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </Card>
  );
}
