import { CircleHelp, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../../shell/Logo.tsx';
import { useHelp } from '../../shell/useHelp.ts';
import { Avatar, Button } from '../../ui/index.ts';
import { useSignOut } from './signOut.ts';

/** The top bar of the signed-in app: brand, help, the user and sign-out. */
export function AppHeader({ userName, userImage }: { userName: string; userImage?: string | null }) {
  const help = useHelp();
  const signOut = useSignOut();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:h-16 sm:px-6">
        <Link to="/app" className="rounded-lg" aria-label="Home">
          <Logo />
        </Link>
        <div className="flex-1" />
        <Button variant="ghost" size="sm" onClick={() => help()} aria-label="Help">
          <CircleHelp className="size-5" aria-hidden="true" />
          <span className="hidden sm:inline">Help</span>
        </Button>
        <span className="hidden items-center gap-2 pl-2 sm:flex">
          <Avatar name={userName} src={userImage} size="sm" />
          <span className="max-w-40 truncate text-sm font-medium text-slate-700">{userName}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={signOut} aria-label="Sign out">
          <LogOut className="size-5" aria-hidden="true" />
          <span className="hidden sm:inline">Sign out</span>
        </Button>
      </div>
    </header>
  );
}
