import { appPathUrl, type AppPathStep } from '@switchboard/core/rules/appPath';
import { formatPhone } from '@switchboard/core/rules/format';
import { Building2, MessageSquare, Search as SearchIcon, User } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { appLocation, useActingTarget } from '../../../api/acting.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { EmptyState, ErrorState, Input, Spinner } from '../../../ui/index.ts';
import { useSearch } from '../api.ts';

const SEGMENT: Record<string, AppPathStep['type']> = { partner: 'partner', reseller: 'reseller', organization: 'org', agent: 'agent' };

/** `?search` (Ctrl+K, ⌘K or "/"): accounts, contacts and conversations of the acting account. */
export default function Search({ value }: OverlayProps) {
  const [q, setQ] = useState(value && value !== 'true' ? value : '');
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q), 200);
    return () => clearTimeout(t);
  }, [q]);
  const target = useActingTarget();
  const { pathname } = useLocation();
  const loc = appLocation(pathname);
  const path = loc.parsed.ok ? loc.parsed.path : [];
  const base = path.length ? appPathUrl(path) : '/app';
  const inbox = path.length ? `${base}/inbox` : '/inbox';
  const r = useSearch(debounced, target);
  const d = r.data;
  const none = d && !d.accounts.length && !d.contacts.length && !d.messages?.length;
  return (
    <OverlayFrame title="Search" size="md">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search"
          placeholder="Accounts, contacts, conversations"
          data-autofocus
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="pl-9"
        />
        {r.isFetching && <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2" />}
      </div>
      <div aria-live="polite" className="mt-3">
        {debounced.trim().length < 2 ? (
          <EmptyState
            icon={<SearchIcon className="size-6" aria-hidden="true" />}
            title="Type to search"
            message="Find an account, a contact by name or number, or words in a message."
            className="py-8"
          />
        ) : r.isError ? (
          <ErrorState message={(r.error as Error).message} />
        ) : none ? (
          <EmptyState
            icon={<SearchIcon className="size-6" aria-hidden="true" />}
            title={`No results for “${debounced.trim()}”`}
            message="Try a name, a phone number or a word from a message."
            className="py-8"
          />
        ) : d ? (
          <div className="space-y-4">
            <Group
              title="Accounts"
              items={d.accounts.map((a) => ({
                key: `a${a.id}`,
                to: `${appPathUrl([...path, { type: SEGMENT[a.type] ?? 'org', id: a.id }])}`,
                icon: <Building2 className="size-4" />,
                label: a.displayName,
                hint: a.type,
              }))}
            />
            <Group
              title="Contacts"
              items={d.contacts.map((c) => ({
                key: `c${c.roomId}`,
                to: `${inbox}?active=${encodeURIComponent(c.roomId)}`,
                icon: <User className="size-4" />,
                label: formatPhone(c.username),
                hint: c.channel === 'sms' ? 'SMS' : 'Chat',
              }))}
            />
            <Group
              title="Messages"
              items={(d.messages ?? []).map((m) => ({
                key: `m${m.id}`,
                to: `${inbox}?active=${encodeURIComponent(m.roomId)}&highlightId=${m.id}`,
                icon: <MessageSquare className="size-4" />,
                label: m.body,
                hint: formatPhone(m.username),
              }))}
            />
          </div>
        ) : null}
      </div>
    </OverlayFrame>
  );
}

function Group({ title, items }: { title: string; items: { key: string; to: string; icon: ReactNode; label: string; hint: string }[] }) {
  if (!items.length) return null;
  return (
    <section>
      <h3 className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {items.map((i) => (
          <li key={i.key}>
            <Link to={i.to} className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
              <span className="text-slate-400" aria-hidden="true">
                {i.icon}
              </span>
              <span className="min-w-0 flex-1 truncate text-slate-800">{i.label}</span>
              <span className="shrink-0 text-xs text-slate-500">{i.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
