import { Check, ChevronsUpDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AccountView } from '../../../api/hooks.ts';
import { Avatar, cn } from '../../../ui/index.ts';
import { useMyAccounts } from '../api.ts';
import { TYPE_LABEL } from '../parts.tsx';

const SEGMENT: Record<string, string> = { partner: 'partner', reseller: 'reseller', organization: 'org', agent: 'agent' };

/**
 * The account switcher at the top of the navigation: the acting account's name and type; opens the
 * list of the accounts the signed-in user owns or was invited to.
 */
export function AccountSwitcher({ account, compact = false }: { account: AccountView; compact?: boolean }) {
  const mine = useMyAccounts();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  const items = mine.data?.accounts ?? [];
  return (
    <div ref={box} className="relative min-w-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={cn('flex w-full min-w-0 items-center gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100', compact && 'max-w-52')}
      >
        <Avatar name={account.displayName} src={account.profileImage} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">{account.displayName}</span>
          {!compact && (
            <span className="block truncate text-xs text-slate-500">{TYPE_LABEL[account.accountType] ?? account.accountType}</span>
          )}
        </span>
        {/* The visible name starts the accessible name (WCAG 2.5.3), then what the button does. */}
        <span className="sr-only">Switch account</span>
        <ChevronsUpDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </button>
      {open && (
        <nav
          id={listId}
          aria-label="Your accounts"
          className="absolute top-full left-0 z-40 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {mine.isPending ? (
            <p className="px-3 py-2 text-sm text-slate-500">Loading…</p>
          ) : (
            <ul>
              {items.map((a) => {
                const current = a.id === account.id;
                const href = a.id === account.user.id ? '/app' : `/app/${SEGMENT[a.type] ?? 'org'}/${a.id}`;
                return (
                  <li key={a.id}>
                    <Link
                      to={href}
                      onClick={() => setOpen(false)}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-2 rounded-lg px-2 py-2 text-sm hover:bg-slate-50',
                        current && 'bg-brand-50 font-medium text-brand-800',
                      )}
                    >
                      <Avatar name={a.displayName} src={a.image} size="xs" />
                      <span className="min-w-0 flex-1 truncate">{a.displayName}</span>
                      <span className="text-xs text-slate-600">
                        {TYPE_LABEL[a.type] ?? a.type}
                        {a.isOwner ? ' · owner' : ''}
                      </span>
                      {current && <Check className="size-4" aria-hidden="true" />}
                    </Link>
                  </li>
                );
              })}
              {items.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">Only this account</li>}
            </ul>
          )}
        </nav>
      )}
    </div>
  );
}
