import { useQueryClient } from '@tanstack/react-query';
import { appPathTarget, appPathUrl, parentAppPath, parseAppPath, SEGMENT_ACCOUNT_TYPE } from '@switchboard/core/rules/appPath';
import { ArrowLeft, Bot, Building2, Link2Off, Mail, Network, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { api, ApiError, setActingAccount } from '../../api/client.ts';
import { useAccount, useSession, type AccountView } from '../../api/hooks.ts';
import { saveSession, type SessionResponse } from '../../api/session.ts';
import { Avatar, Button, Card, EmptyState, ErrorState, LoadingBlock, Skeleton } from '../../ui/index.ts';
import { PageFrame, primaryLink, ResultPanel } from '../../pages/PageFrame.tsx';
import { useTitle } from '../../shell/useTitle.ts';
import { AppHeader } from './AppHeader.tsx';
import { useRememberLastAccount } from './lastAccount.ts';
import { APP_PANELS, type AppPanel } from './panels.ts';

const typeLabel: Record<string, string> = {
  partner: 'Partner',
  reseller: 'Reseller',
  organization: 'Organization',
  agent: 'Agent',
  user: 'User',
};

/** /app/*: signs in by one-time token, requires a session, opens the account the path names. */
export default function AppPage() {
  const { token } = useSession();
  const location = useLocation();
  const oneTime = new URLSearchParams(location.search).get('oneTimeToken');
  if (oneTime) return <OneTimeSignIn oneTimeToken={oneTime} />;
  if (!token) {
    const next = location.pathname + location.search;
    return <Navigate to={`/app/signin${next === '/app' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
  }
  return <SignedInApp />;
}

/** A path inside this app from a relative or same-origin URL; anything else is ignored. */
export function sameOriginPath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, location.origin);
    if (u.origin !== location.origin) return null;
    return u.pathname + u.search + u.hash;
  } catch {
    return null;
  }
}

/** `?oneTimeToken=` (invite links): exchanged once via GET /api/v1/oneTimeAuth, then dropped from the URL. */
function OneTimeSignIn({ oneTimeToken }: { oneTimeToken: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api<SessionResponse & { redirectUrl?: string | null }>('/api/v1/oneTimeAuth', { query: { oneTimeToken }, anonymous: true })
      .then((session) => {
        if (!live) return;
        queryClient.clear();
        saveSession(session);
        const redirect = sameOriginPath(session.redirectUrl);
        if (redirect) return navigate(redirect, { replace: true });
        const q = new URLSearchParams(location.search);
        q.delete('oneTimeToken');
        const s = q.toString();
        navigate({ pathname: location.pathname, search: s ? `?${s}` : '' }, { replace: true });
      })
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'This sign-in link did not work.'));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [oneTimeToken]);
  if (error) {
    return (
      <PageFrame>
        <ResultPanel
          icon={<Link2Off className="size-7" />}
          tone="bad"
          title="This sign-in link did not work"
          actions={
            <Link to="/app/signin" replace className={primaryLink}>
              Sign in with a code
            </Link>
          }
        >
          <p>{error}</p>
          <p className="mt-2">Sign-in links work once and for 10 minutes. You can always sign in with a code sent to your e-mail.</p>
        </ResultPanel>
      </PageFrame>
    );
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4">
      <LoadingBlock label="Signing you in" />
    </main>
  );
}

function SignedInApp() {
  const params = useParams();
  const parsed = useMemo(() => parseAppPath(params['*'] ?? ''), [params]);
  const path = parsed.ok ? parsed.path : [];
  const target = parsed.ok ? appPathTarget(path) : null;
  const self = useAccount(null);
  const acting = useAccount(target?.id ?? null, target != null);
  // Set during render, before any panel below renders and fetches, so their calls carry this
  // account's targetAccountId even when its data comes straight from the cache.
  setActingAccount(target?.id ?? null);

  const user = self.data;
  const account = target ? acting.data : self.data;
  useRememberLastAccount(self.data, path, Boolean(target && acting.data && acting.data.accountType === SEGMENT_ACCOUNT_TYPE[target.type]));
  const query = target ? acting : self;
  useTitle(account?.displayName ?? null);
  const userName = user ? (user.user.id === user.id ? user.displayName : user.user.name || user.user.email || user.user.username) : '';

  return (
    <div className="min-h-dvh bg-slate-50">
      <AppHeader userName={userName} userImage={user?.profileImage} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
        {!parsed.ok ? (
          <ErrorState
            title="This address does not name an account"
            message={`${parsed.error}. Addresses look like /app/org/123 or /app/reseller/12/org/345.`}
            action={
              <Link to="/app" className="text-sm font-medium text-red-900 underline">
                Go to your account
              </Link>
            }
          />
        ) : query.isPending ? (
          <AccountSkeleton />
        ) : query.isError ? (
          <AccountError error={query.error} />
        ) : account ? (
          <>
            {target && <Breadcrumb path={path} />}
            {target && account.accountType !== SEGMENT_ACCOUNT_TYPE[target.type] && (
              <div className="mb-4">
                <ErrorState title="Account type does not match" message={`Account ${account.id} is ${article(account.accountType)} ${typeLabel[account.accountType]?.toLowerCase()}, not ${article(SEGMENT_ACCOUNT_TYPE[target.type])} ${SEGMENT_ACCOUNT_TYPE[target.type]}.`} />
              </div>
            )}
            <AccountSummary account={account} />
            <Panels account={account} path={path} />
          </>
        ) : null}
      </main>
    </div>
  );
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

function Breadcrumb({ path }: { path: ReturnType<typeof parentAppPath> }) {
  const up = parentAppPath(path);
  return (
    <nav aria-label="Account path" className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <Link to={appPathUrl(up)} className="inline-flex items-center gap-1 rounded-md font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </Link>
      <span className="text-slate-400" aria-hidden="true">
        /
      </span>
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {path.map((s, i) => (
          <li key={`${s.type}:${s.id}`} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            <Link to={appPathUrl(path.slice(0, i + 1))} className="rounded px-1 hover:bg-slate-100" aria-current={i === path.length - 1 ? 'page' : undefined}>
              <CrumbLabel type={SEGMENT_ACCOUNT_TYPE[s.type]} id={s.id} />
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** An account's name in the path (from the cached account read); its type and id until it arrives. */
function CrumbLabel({ type, id }: { type: string; id: number }) {
  const { data } = useAccount(id);
  return <>{data?.displayName ?? `${typeLabel[type]} ${id}`}</>;
}

const typeIcon: Record<string, typeof Bot> = { agent: Bot, organization: Building2, reseller: Network, partner: Network };

function AccountSummary({ account }: { account: AccountView }) {
  const Icon = typeIcon[account.accountType] ?? Building2;
  const rows: [string, string][] = [
    ['Display name', account.displayName],
    ['Type', typeLabel[account.accountType] ?? account.accountType],
    ['E-mail', account.email ?? 'Not set'],
    ['Username', account.username],
    ['Account id', String(account.id)],
  ];
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
        <Avatar name={account.displayName} src={account.profileImage} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{account.displayName}</h1>
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              <Icon className="size-3.5" aria-hidden="true" />
              {typeLabel[account.accountType] ?? account.accountType}
            </span>
            {account.user.superAdmin && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">Super admin</span>}
          </div>
          <p className="mt-1 truncate text-sm text-slate-600">@{account.username}</p>
          {account.user.id !== account.id && (
            <p className="mt-1 truncate text-sm text-slate-500" data-signed-in-as={account.user.email ?? account.user.username}>
              You manage this account as {account.user.email ?? `@${account.user.username}`}
            </p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-1 border-t border-slate-100 xs:grid-cols-2 md:grid-cols-5">
        {rows.map(([k, v]) => (
          <div key={k} className="border-b border-slate-100 px-5 py-3 md:border-r md:border-b-0 md:last:border-r-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{k}</dt>
            <dd className="mt-1 truncate text-sm text-slate-900" data-field={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {!account.emailVerified && account.email == null && (
        <p className="flex items-center gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 text-sm text-slate-600">
          <Mail className="size-4" aria-hidden="true" /> Add an e-mail address so your team can reach this account.
        </p>
      )}
    </Card>
  );
}

const panelCache = new Map<string, React.LazyExoticComponent<React.ComponentType<import('./panels.ts').AppPanelProps>>>();
function panelComponent(p: AppPanel) {
  let c = panelCache.get(p.id);
  if (!c) {
    c = lazy(p.load);
    panelCache.set(p.id, c);
  }
  return c;
}

function Panels({ account, path }: { account: AccountView; path: ReturnType<typeof parentAppPath> }) {
  const visible = APP_PANELS.filter((p) => !p.when || p.when(account));
  if (visible.length === 0) {
    return (
      <Card className="mt-6">
        <EmptyState
          icon={<Bot className="size-6" aria-hidden="true" />}
          title="Your workspace is ready"
          message="Agents, numbers and conversations you set up will show up here."
        />
      </Card>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-6">
      {visible.map((p) => {
        const C = panelComponent(p);
        return (
          <Suspense key={p.id} fallback={<Card className="p-6"><Skeleton className="h-24 w-full" /></Card>}>
            <C account={account} path={path} />
          </Suspense>
        );
      })}
    </div>
  );
}

function AccountSkeleton() {
  return (
    <Card className="p-6" aria-busy="true">
      <span className="sr-only">Loading account</span>
      <div className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <div className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    </Card>
  );
}

function AccountError({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403 || status === 404) {
    return (
      <Card>
        <EmptyState
          icon={<ShieldAlert className="size-6" aria-hidden="true" />}
          title={status === 403 ? 'You do not have access to this account' : 'This account does not exist'}
          message={error.message}
          action={
            <Link to="/app" className="text-sm font-medium text-brand-700 hover:underline">
              Go to your account
            </Link>
          }
        />
      </Card>
    );
  }
  return <ErrorState title="We could not load this account" message={error.message} action={<Button size="sm" onClick={() => location.reload()}>Try again</Button>} />;
}
