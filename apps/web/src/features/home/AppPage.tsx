// The signed-in app's frame, breadcrumb and section view live one component per file in app/.
import { OneTimeSignIn } from './app/OneTimeSignIn.tsx';
import { SignedInApp } from './app/SignedInApp.tsx';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../api/hooks.ts';

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
