import type { AccountListItem } from '@switchboard/core/contracts/accounts';
import { appPathUrl, type AppPathSegment } from '@switchboard/core/rules/appPath';
import { Eye, Filter, History, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '../../api/hooks.ts';
import { useOpenOverlay } from '../../overlays/open.ts';
import { confirm } from '../../shell/confirm.tsx';
import { Avatar, Button, Card, EmptyState, ErrorState, Input } from '../../ui/index.ts';
import { lastAccountParentKey } from '../../api/lastAccount.ts';
import type { SectionProps as AppPanelProps } from '../../shell/sections.ts';
import { errorText, useChildren, useDeleteChild, type ChildKind } from './api.ts';
import { formatDate, ListSkeleton, Pagination, StatusBadge, TYPE_LABEL, TYPE_PLURAL } from './parts.tsx';

const SEGMENT: Record<ChildKind, AppPathSegment> = { reseller: 'reseller', organization: 'org', agent: 'agent' };
const CREATE_OVERLAY: Record<ChildKind, string> = {
  reseller: 'createResellerAccount',
  organization: 'createOrgAccount',
  agent: 'createAgentAccount',
};
const PREVIEW_OVERLAY: Record<ChildKind, string> = { reseller: 'resellerPreview', organization: 'orgPreview', agent: 'agentInfo' };

/** Which lists an account shows below itself (spec: partner → resellers → organizations → agents). */
export function childKinds(accountType: string): ChildKind[] {
  if (accountType === 'partner') return ['reseller', 'organization'];
  if (accountType === 'reseller') return ['organization'];
  if (accountType === 'organization') return ['agent'];
  return [];
}

/** The account switcher: the accounts below the open one, searchable, 20 a page (`only`: one list of them). */
export default function TreePanel({ account, path, only }: AppPanelProps & { only?: ChildKind }) {
  const all = childKinds(account.accountType);
  const kinds = only ? all.filter((k) => k === only) : all;
  const [kind, setKind] = useState<ChildKind>(kinds[0] ?? 'organization');
  const tabsId = useId();
  useEffect(() => {
    if (!kinds.includes(kind) && kinds[0]) setKind(kinds[0]);
  }, [account.accountType]); // eslint-disable-line react-hooks/exhaustive-deps
  if (kinds.length === 0) return null;
  const Heading = only ? 'h1' : 'h2';
  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-slate-100 px-4 pt-4 sm:px-5">
        <div className="flex items-center gap-3">
          {/* As a section of its own (`only`), the list is the page: its title is the page's heading. */}
          <Heading className="flex-1 text-base font-semibold text-slate-900">
            {kinds.length > 1 ? 'Accounts' : `${TYPE_LABEL[kinds[0]!]}s`}
          </Heading>
        </div>
        {kinds.length > 1 ? (
          <div
            role="tablist"
            aria-label="Account lists"
            className="-mb-px flex gap-4"
            onKeyDown={(e) => {
              // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern).
              const i = kinds.indexOf(kind);
              const next =
                e.key === 'ArrowRight'
                  ? kinds[(i + 1) % kinds.length]
                  : e.key === 'ArrowLeft'
                    ? kinds[(i - 1 + kinds.length) % kinds.length]
                    : e.key === 'Home'
                      ? kinds[0]
                      : e.key === 'End'
                        ? kinds[kinds.length - 1]
                        : undefined;
              if (!next) return;
              e.preventDefault();
              setKind(next);
              document.getElementById(`${tabsId}-${next}`)?.focus();
            }}
          >
            {kinds.map((k) => (
              <button
                key={k}
                role="tab"
                id={`${tabsId}-${k}`}
                aria-selected={k === kind}
                tabIndex={k === kind ? 0 : -1}
                aria-controls={`${tabsId}-panel`}
                onClick={() => setKind(k)}
                className={
                  k === kind
                    ? 'border-b-2 border-brand-600 px-1 pb-3 text-sm font-semibold text-brand-700'
                    : 'border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-slate-600 hover:text-slate-900'
                }
              >
                {TYPE_LABEL[k]}s
              </button>
            ))}
          </div>
        ) : (
          <div className="pb-1" />
        )}
      </div>
      <div
        id={`${tabsId}-panel`}
        role={kinds.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={kinds.length > 1 ? `${tabsId}-${kind}` : undefined}
      >
        <ChildList key={`${account.id}:${kind}`} kind={kind} parent={account} path={path} />
      </div>
    </Card>
  );
}

function ChildList({ kind, parent, path }: { kind: ChildKind; parent: AppPanelProps['account']; path: AppPanelProps['path'] }) {
  const [page, setPage] = useState(0);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const target = path.length ? parent.id : null;
  const list = useChildren(kind, target, page, search);
  const self = useAccount(null);
  const open = useOpenOverlay();
  const navigate = useNavigate();
  const canCreate = parent.permissions.canEditOrg;
  const canDelete = parent.permissions.canDeleteOrg;
  const plural = TYPE_PLURAL[kind]!;
  const label = TYPE_LABEL[kind]!;
  // The key the /app page keeps the last opened child under (features/home/lastAccount.ts).
  const lastId = ((self.data?.settings.lastAccountId ?? {}) as Record<string, number>)[
    lastAccountParentKey([...path, { type: SEGMENT[kind], id: 0 }])
  ];

  // Search as you type, after a short pause; a new search starts at the first page.
  useEffect(() => {
    if (typed.trim() === search) return;
    const h = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(h);
  }, [typed, search]);

  const remove = useDeleteChild(kind, { success: `${label} deleted` });

  /** Opens a child account (the /app page remembers it under its parent in settings.lastAccountId). */
  function openChild(item: AccountListItem) {
    navigate(appPathUrl([...path, { type: SEGMENT[kind], id: item.id }]));
  }

  async function askDelete(item: AccountListItem) {
    await confirm({
      icon: <Trash2 className="size-5 text-red-600" />,
      title: `Delete ${item.displayName}?`,
      message:
        kind === 'agent'
          ? 'The agent account and its sign-ins are removed. This cannot be undone.'
          : `The ${label.toLowerCase()}, everything below it and their sign-ins are removed. This cannot be undone.`,
      confirmText: 'Delete',
      confirmColor: 'danger',
      onConfirm: async () => {
        await remove.mutateAsync(item).catch(() => undefined);
      },
    });
  }

  const items = list.data?.accounts ?? [];
  const last = lastId != null ? items.find((i) => i.id === lastId) : undefined;
  return (
    <div>
      <div className="flex flex-col gap-2 px-4 py-3 xs:flex-row xs:items-center sm:px-5">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={`Search ${plural}`}
            aria-label={`Search ${plural}`}
            className="pl-9"
          />
        </div>
        <div className="flex gap-2">
          {kind === 'organization' && (
            <Button variant="secondary" size="md" onClick={() => open('orgSearch')}>
              <Filter className="size-4" aria-hidden="true" /> Filter
            </Button>
          )}
          {canCreate && (
            <Button
              size="md"
              onClick={() =>
                open(
                  CREATE_OVERLAY[kind],
                  'true',
                  kind === 'organization' && parent.accountType === 'reseller' ? { resellerId: String(parent.id) } : {},
                )
              }
            >
              <Plus className="size-4" aria-hidden="true" /> New {label.toLowerCase()}
            </Button>
          )}
        </div>
      </div>
      {last && page === 0 && !search && (
        <div className="mx-4 mb-3 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 sm:mx-5">
          <History className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">
            Last opened: <span className="font-medium">{last.displayName}</span>
          </span>
          <Button size="2xs" variant="link" onClick={() => openChild(last)}>
            Continue
          </Button>
        </div>
      )}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <div className="px-4 pb-4 sm:px-5">
          <ErrorState
            title={`We could not load the ${plural}`}
            message={errorText(list.error)}
            action={
              <Button size="sm" variant="secondary" onClick={() => list.refetch()}>
                Try again
              </Button>
            }
          />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={search ? <Search className="size-6" aria-hidden="true" /> : <Plus className="size-6" aria-hidden="true" />}
          title={search ? `No ${plural} match “${search}”` : `No ${plural} yet`}
          message={
            search
              ? 'Try another name, username or e-mail.'
              : canCreate
                ? `Create the first one and it will show up here.`
                : `${label}s created here will show up in this list.`
          }
          action={
            !search && canCreate ? (
              <Button onClick={() => open(CREATE_OVERLAY[kind])}>
                <Plus className="size-4" aria-hidden="true" /> New {label.toLowerCase()}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul
          className="divide-y divide-slate-100 border-t border-slate-100"
          aria-label={`${label}s`}
          aria-busy={list.isFetching || undefined}
        >
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 sm:px-5">
              <button
                type="button"
                onClick={() => openChild(item)}
                aria-label={`Open ${item.displayName}`}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left"
              >
                <Avatar name={item.displayName} src={item.image} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate text-sm font-medium text-slate-900">{item.displayName}</span>
                    {!item.active && <StatusBadge active={false} />}
                    {item.id === lastId && (
                      <span className="hidden rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600 xs:inline">Last opened</span>
                    )}
                  </span>
                  <span className="block truncate text-xs text-slate-500">
                    @{item.username}
                    {item.email ? ` · ${item.email}` : ''} · {formatDate(item.timestamp)}
                  </span>
                </span>
              </button>
              <Button
                size="xs"
                variant="ghost"
                onClick={() => open(PREVIEW_OVERLAY[kind], String(item.id))}
                aria-label={`Preview ${item.displayName}`}
              >
                <Eye className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">Preview</span>
              </Button>
              {canDelete && (
                <Button
                  size="xs"
                  variant="ghost"
                  onClick={() => askDelete(item)}
                  aria-label={`Delete ${item.displayName}`}
                  className="text-red-700 hover:bg-red-50"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={list.data?.totalAccounts ?? 0} onPage={setPage} label={`${label}s`} />
    </div>
  );
}
