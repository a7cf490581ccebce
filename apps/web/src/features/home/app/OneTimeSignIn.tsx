import { Link2Off } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/mutation.ts';
import { useOneTimeSignIn } from '../api.ts';
import { saveSession } from '../../../api/session.ts';
import { LoadingBlock } from '../../../ui/index.ts';
import { PageFrame, primaryLink, ResultPanel } from '../../../pages/PageFrame.tsx';

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
export function OneTimeSignIn({ oneTimeToken }: { oneTimeToken: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useOneTimeSignIn();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    signIn
      .exchange(oneTimeToken)
      .then((session) => {
        if (!live) return;
        signIn.clearQueries();
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
