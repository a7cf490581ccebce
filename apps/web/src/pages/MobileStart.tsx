import { Navigate } from 'react-router';
import { useSession } from '../api/hooks.ts';
import { Logo } from '../shell/Logo.tsx';
import { useBrand } from '../shell/api.ts';
import { primaryLink, secondaryLink } from './PageFrame.tsx';
import { Link } from 'react-router';

/** The first screen of the mobile wrapper: signed in → the app; otherwise sign in or create an account. */
export default function MobileStart() {
  const { token } = useSession();
  const generic = useBrand().genericBrand;
  if (token) return <Navigate to="/app" replace />;
  return (
    <main className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-600 to-brand-800 px-6 pt-16 pb-10 text-white">
      <div className="flex-1">
        {!generic && (
          <div className="inline-flex rounded-2xl bg-white px-3 py-2">
            <Logo />
          </div>
        )}
        <h1 className="mt-10 text-3xl leading-tight font-semibold tracking-tight">Your AI agent answers every call and text.</h1>
        <p className="mt-3 text-base text-brand-100">Set it up in minutes, then watch conversations arrive in your inbox.</p>
      </div>
      <div className="flex flex-col gap-3">
        <Link to="/app/signup" className={`${primaryLink} bg-white !text-brand-700 hover:bg-brand-50`}>
          Create an account
        </Link>
        <Link to="/app/signin" className={`${secondaryLink} !bg-transparent !text-white ring-white/60 hover:!bg-white/10`}>
          I already have an account
        </Link>
      </div>
    </main>
  );
}
