import { appPathUrl, type AppPathStep } from '@switchboard/core/rules/appPath';
import { CircleHelp, LogOut, Menu, Search, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AccountView } from '../api/hooks.ts';
import { sectionUrl } from '../api/acting.ts';
import { AccountSwitcher } from '../features/accounts/components/AccountSwitcher.tsx';
import { useSignOut } from '../features/home/signOut.ts';
import { useOpenOverlay } from '../overlays/open.ts';
import { Avatar, cn } from '../ui/index.ts';
import { useBrand } from './api.ts';
import { Logo } from './Logo.tsx';
import { sectionsFor, type AppSection } from './sections.ts';
import { useHelp } from './useHelp.ts';

/** The bottom bar holds this many sections; more go into the "More" drawer. */
const BOTTOM_BAR_MAX = 5;

const badgeCache = new Map<string, ComponentType<{ account: AccountView }>>();
function Badge({ section, account }: { section: AppSection; account: AccountView }) {
  if (!section.badge) return null;
  let C = badgeCache.get(section.id);
  if (!C) {
    C = lazy(section.badge);
    badgeCache.set(section.id, C);
  }
  return (
    <Suspense fallback={null}>
      <C account={account} />
    </Suspense>
  );
}

/** The URL of a section: the spec's `/inbox` for the signed-in account's inbox, else `/app/<path>/<id>`. */
export function sectionHref(account: AccountView, path: AppPathStep[], id: string): string {
  if (id === 'inbox' && path.length === 0) return '/inbox';
  return sectionUrl(path.length ? appPathUrl(path) : '/app', id);
}

/** Opens the search overlay with Ctrl+K / ⌘K, or "/" outside a text field. */
function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const typing = !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
      if ((e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        open();
      } else if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

/**
 * The signed-in app's frame: a sidebar from 768 px (icons only until 1024 px), a top bar and a bottom
 * bar on phones, all from the one section list (shell/sections.ts); the account switcher at the top;
 * search (Ctrl+K, ⌘K or "/"), help and sign-out.
 */
export function AppLayout({
  account,
  path,
  section,
  userName,
  userImage,
  fullHeight,
  children,
}: {
  account: AccountView | undefined;
  path: AppPathStep[];
  section: string;
  userName: string;
  userImage?: string | null;
  fullHeight?: boolean;
  children: ReactNode;
}) {
  const help = useHelp();
  const signOut = useSignOut();
  const openOverlay = useOpenOverlay();
  const [drawer, setDrawer] = useState(false);
  const openSearch = () => openOverlay('search');
  useSearchShortcut(openSearch);
  const sections = account ? sectionsFor(account) : [];
  const inBar = sections.length > BOTTOM_BAR_MAX ? sections.slice(0, BOTTOM_BAR_MAX - 1) : sections;
  const inDrawer = sections.length > BOTTOM_BAR_MAX ? sections.slice(BOTTOM_BAR_MAX - 1) : [];
  const homeHref = path.length ? appPathUrl(path) : '/app';
  const brand = useBrand();
  // The logo shows the brand's name: the link's name starts with it (WCAG 2.5.3, label in name).
  const homeLabel = brand.genericBrand ? 'Home' : `${brand.name} home`;

  const navLink = (s: AppSection, variant: 'side' | 'bar' | 'drawer') => {
    const Icon = s.icon;
    const current = s.id === section;
    return (
      <Link
        key={s.id}
        to={sectionHref(account!, path, s.id)}
        onClick={() => setDrawer(false)}
        aria-current={current ? 'page' : undefined}
        data-section={s.id || 'home'}
        className={cn(
          variant === 'bar'
            ? 'relative flex min-w-0 flex-1 flex-col items-center gap-0.5 px-1 pt-2 pb-1.5 text-[11px] font-medium'
            : 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
          current ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          variant === 'bar' && (current ? 'bg-transparent' : 'hover:bg-transparent'),
          variant === 'side' && 'md:justify-center md:px-2 lg:justify-start lg:px-3',
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        <span className={cn('truncate', variant === 'side' && 'md:sr-only lg:not-sr-only')}>{s.label}</span>
        {variant === 'bar' ? (
          s.badge && account ? (
            <span className="absolute top-1 left-1/2 ml-2">
              <Badge section={s} account={account} />
            </span>
          ) : null
        ) : (
          account && <Badge section={s} account={account} />
        )}
      </Link>
    );
  };

  return (
    <div className="flex h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {/* Sidebar: 768 px and up. */}
      <aside className="hidden w-16 shrink-0 flex-col border-r border-slate-200 bg-white md:flex lg:w-64">
        <div className="flex h-16 items-center px-3 lg:px-4">
          <Link to={homeHref} className="rounded-lg" aria-label={homeLabel}>
            <span className="lg:hidden">
              <Logo compact />
            </span>
            <span className="hidden lg:inline">
              <Logo />
            </span>
          </Link>
        </div>
        {account && (
          <div className="hidden px-3 pb-2 lg:block">
            <AccountSwitcher account={account} />
          </div>
        )}
        <nav aria-label="Sections" className="flex-1 overflow-y-auto px-2 py-2 lg:px-3">
          <ul className="flex flex-col gap-1">
            {sections.map((s) => (
              <li key={s.id}>{navLink(s, 'side')}</li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-1 border-t border-slate-100 p-2 lg:p-3">
          <button
            type="button"
            onClick={openSearch}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 md:justify-center md:px-2 lg:justify-start lg:px-3"
          >
            <Search className="size-5 shrink-0" aria-hidden="true" />
            <span className="md:sr-only lg:not-sr-only">Search</span>
            <kbd className="ml-auto hidden rounded border border-slate-200 px-1.5 text-[10px] text-slate-500 lg:inline">Ctrl K</kbd>
          </button>
          <button
            type="button"
            onClick={() => help()}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 md:justify-center md:px-2 lg:justify-start lg:px-3"
          >
            <CircleHelp className="size-5 shrink-0" aria-hidden="true" />
            <span className="md:sr-only lg:not-sr-only">Help</span>
          </button>
          <div className="flex items-center gap-2 px-1 pt-1 md:flex-col lg:flex-row">
            <Avatar name={userName} src={userImage} size="sm" />
            <span className="hidden min-w-0 flex-1 truncate text-sm font-medium text-slate-700 lg:block">{userName}</span>
            <button
              type="button"
              onClick={signOut}
              aria-label="Sign out"
              title="Sign out"
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <LogOut className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        {/* Top bar on phones and tablets below 1024 px: brand, the account switcher, search, help, sign-out. */}
        <header className="flex h-14 shrink-0 items-center gap-1 border-b border-slate-200 bg-white px-2 lg:hidden">
          <Link to={homeHref} className="shrink-0 rounded-lg p-1 md:hidden" aria-label={homeLabel}>
            <Logo compact />
          </Link>
          {account && <AccountSwitcher account={account} compact />}
          <div className="flex-1" />
          <button type="button" onClick={openSearch} aria-label="Search" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
            <Search className="size-5" aria-hidden="true" />
          </button>
          <button type="button" onClick={() => help()} aria-label="Help" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
            <CircleHelp className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={signOut}
            aria-label="Sign out"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden"
          >
            <LogOut className="size-5" aria-hidden="true" />
          </button>
        </header>
        <main
          id="main"
          tabIndex={-1}
          className={cn('min-h-0 flex-1 focus:outline-none', fullHeight ? 'flex flex-col overflow-hidden' : 'overflow-y-auto')}
        >
          {children}
        </main>
        {/* Bottom bar on phones. */}
        {sections.length > 0 && (
          <nav
            aria-label="Sections"
            className="flex shrink-0 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
          >
            {inBar.map((s) => navLink(s, 'bar'))}
            {inDrawer.length > 0 && (
              <button
                type="button"
                onClick={() => setDrawer(true)}
                aria-expanded={drawer}
                className="flex flex-1 flex-col items-center gap-0.5 px-1 pt-2 pb-1.5 text-[11px] font-medium text-slate-600"
              >
                <Menu className="size-5" aria-hidden="true" /> More
              </button>
            )}
          </nav>
        )}
      </div>
      {drawer && (
        <div className="fixed inset-0 z-40 bg-slate-900/40 md:hidden" onClick={() => setDrawer(false)}>
          <nav
            aria-label="More sections"
            className="absolute inset-x-0 bottom-0 rounded-t-2xl bg-white p-3"
            onClick={(e) => e.stopPropagation()}
          >
            <div className="mb-2 flex items-center justify-between px-2">
              <span className="text-sm font-semibold text-slate-900">More</span>
              <button type="button" aria-label="Close" onClick={() => setDrawer(false)} className="rounded-lg p-2 hover:bg-slate-100">
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
            <ul className="flex flex-col gap-1">
              {inDrawer.map((s) => (
                <li key={s.id}>{navLink(s, 'drawer')}</li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </div>
  );
}
