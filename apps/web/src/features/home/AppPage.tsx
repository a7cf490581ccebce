import { useQueryClient } from '@tanstack/react-query';
import { appPathTarget, appPathUrl, parentAppPath, SEGMENT_ACCOUNT_TYPE, type AppPathStep } from '@switchboard/core/rules/appPath';
import { ArrowLeft, Link2Off, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { appLocation, setActingAccount } from '../../api/acting.ts';
import { ApiError } from '../../api/mutation.ts';
import { exchangeOneTimeToken } from './api.ts';
import { useAccount, useSession } from '../../api/hooks.ts';
import { saveSession } from '../../api/session.ts';
import { Button, Card, EmptyState, ErrorState, LoadingBlock, Skeleton } from '../../ui/index.ts';
import { PageFrame, primaryLink, ResultPanel } from '../../pages/PageFrame.tsx';
import { useTitle } from '../../shell/useTitle.ts';
import { AppLayout } from '../../shell/AppLayout.tsx';
import { sectionsFor, type AppSection, type SectionProps } from '../../shell/sections.ts';
import { useRememberLastAccount } from '../../api/lastAccount.ts';

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
    exchangeOneTimeToken(oneTimeToken)
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

/** `/inbox`: the signed-in account's inbox inside the app shell (spec §2 route). */
export function InboxRoute() {
  return <AppPage />;
}

function SignedInApp() {
  const location = useLocation();
  const { parsed, section } = useMemo(() => appLocation(location.pathname), [location.pathname]);
  const path = parsed.ok ? parsed.path : [];
  const target = parsed.ok ? appPathTarget(path) : null;
  const self = useAccount(null);
  const acting = useAccount(target?.id ?? null, target != null);
  // Set during render, before any section below renders and fetches, so their calls carry this
  // account's targetAccountId even when its data comes straight from the cache.
  setActingAccount(target?.id ?? null);

  const user = self.data;
  const account = target ? acting.data : self.data;
  useRememberLastAccount(self.data, path, Boolean(target && acting.data && acting.data.accountType === SEGMENT_ACCOUNT_TYPE[target.type]));
  const query = target ? acting : self;
  const current = account ? sectionsFor(account).find((s) => s.id === section) : undefined;
  useTitle(account ? (current && current.id ? `${current.label} · ${account.displayName}` : account.displayName) : null);
  const userName = user ? (user.user.id === user.id ? user.displayName : user.user.name || user.user.email || user.user.username) : '';
  const typeMismatch = !!(target && account && account.accountType !== SEGMENT_ACCOUNT_TYPE[target.type]);

  return (
    <AppLayout
      account={typeMismatch ? undefined : account}
      path={path}
      section={section}
      userName={userName}
      userImage={user?.profileImage}
      fullHeight={!!current?.fullHeight}
    >
      {!parsed.ok ? (
        <Frame>
          <ErrorState
            title="This address does not name an account"
            message={`${parsed.error}. Addresses look like /app/org/123 or /app/reseller/12/org/345.`}
            action={
              <Link to="/app" className="text-sm font-medium text-red-900 underline">
                Go to your account
              </Link>
            }
          />
        </Frame>
      ) : query.isPending ? (
        <Frame>
          <AccountSkeleton />
        </Frame>
      ) : query.isError ? (
        <Frame>
          <AccountError error={query.error} />
        </Frame>
      ) : account ? (
        typeMismatch ? (
          <Frame>
            {target && <Breadcrumb path={path} />}
            <ErrorState
              title="Account type does not match"
              message={`Account ${account.id} is ${article(account.accountType)} ${typeLabel[account.accountType]?.toLowerCase()}, not ${article(SEGMENT_ACCOUNT_TYPE[target!.type])} ${SEGMENT_ACCOUNT_TYPE[target!.type]}.`}
            />
          </Frame>
        ) : !current ? (
          <Frame>
            <EmptyState
              icon={<ShieldAlert className="size-6" aria-hidden="true" />}
              title="This page does not exist here"
              message={`"${section}" is not a section of ${account.displayName}.`}
              action={
                <Link to={path.length ? appPathUrl(path) : '/app'} className="text-sm font-medium text-brand-700 hover:underline">
                  Go to Home
                </Link>
              }
            />
          </Frame>
        ) : current.fullHeight ? (
          <>
            {target && (
              <div className="border-b border-slate-200 bg-white px-4 py-2">
                <Breadcrumb path={path} />
              </div>
            )}
            <SectionView section={current} account={account} path={path} />
          </>
        ) : (
          <Frame>
            {target && <Breadcrumb path={path} />}
            <SectionView section={current} account={account} path={path} />
          </Frame>
        )
      ) : null}
    </AppLayout>
  );
}

/** The scrolling page area of a section (full-height sections lay out their own panes). */
function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>;
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

/** Where this account sits: the parent's name to go back to, then the path of names. */
function Breadcrumb({ path }: { path: AppPathStep[] }) {
  const up = parentAppPath(path);
  const parent = up[up.length - 1];
  return (
    <nav aria-label="Account path" className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <Link to={appPathUrl(up)} className="inline-flex items-center gap-1 rounded-md font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />{' '}
        {parent ? <CrumbLabel type={SEGMENT_ACCOUNT_TYPE[parent.type]} id={parent.id} /> : <SelfLabel />}
      </Link>
      <span className="text-slate-400" aria-hidden="true">
        /
      </span>
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {path.map((s, i) => (
          <li key={`${s.type}:${s.id}`} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            <Link
              to={appPathUrl(path.slice(0, i + 1))}
              className="rounded px-1 hover:bg-slate-100"
              aria-current={i === path.length - 1 ? 'page' : undefined}
            >
              <CrumbLabel type={SEGMENT_ACCOUNT_TYPE[s.type]} id={s.id} />
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The signed-in account's own name (the top of every path). */
function SelfLabel() {
  const { data } = useAccount(null);
  return <>{data?.displayName ?? 'Your account'}</>;
}

/** An account's name in the path (from the cached account read); its type and id until it arrives. */
function CrumbLabel({ type, id }: { type: string; id: number }) {
  const { data } = useAccount(id);
  return <>{data?.displayName ?? `${typeLabel[type]} ${id}`}</>;
}

const sectionCache = new Map<string, React.LazyExoticComponent<React.ComponentType<SectionProps>>>();
function sectionComponent(s: AppSection) {
  let c = sectionCache.get(s.id);
  if (!c) {
    c = lazy(s.load);
    sectionCache.set(s.id, c);
  }
  return c;
}

function SectionView({ section, account, path }: SectionProps & { section: AppSection }) {
  const C = sectionComponent(section);
  return (
    <Suspense
      fallback={
        <Card className="p-6">
          <Skeleton className="h-24 w-full" />
        </Card>
      }
    >
      <C account={account} path={path} />
    </Suspense>
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
  return (
    <ErrorState
      title="We could not load this account"
      message={error.message}
      action={
        <Button size="sm" onClick={() => location.reload()}>
          Try again
        </Button>
      }
    />
  );
}
