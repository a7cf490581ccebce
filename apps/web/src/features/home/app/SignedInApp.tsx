import { typeLabel } from './typeLabel.ts';
import { Frame } from './Frame.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { SectionView } from './SectionView.tsx';
import { AccountSkeleton } from './AccountSkeleton.tsx';
import { AccountError } from './AccountError.tsx';
import { appPathTarget, appPathUrl, SEGMENT_ACCOUNT_TYPE } from '@switchboard/core/rules/appPath';
import { ShieldAlert } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { appLocation, setActingAccount } from '../../../api/acting.ts';
import { useAccount } from '../../../api/hooks.ts';
import { EmptyState, ErrorState } from '../../../ui/index.ts';
import { useTitle } from '../../../shell/useTitle.ts';
import { AppLayout } from '../../../shell/AppLayout.tsx';
import { sectionsFor } from '../../../shell/sections.ts';
import { useRememberLastAccount } from '../../../api/lastAccount.ts';

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

export function SignedInApp() {
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
