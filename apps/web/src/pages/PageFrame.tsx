import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../shell/Logo.tsx';

/** The frame of the public pages (docs, install, results, 404): brand bar and a centred column. */
export function PageFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className={`mx-auto flex h-14 items-center px-4 sm:h-16 sm:px-6 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
          <Link to="/app" className="rounded-lg" aria-label="Home">
            <Logo />
          </Link>
        </div>
      </header>
      <main className={`mx-auto w-full flex-1 px-4 py-8 sm:px-6 sm:py-12 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>{children}</main>
    </div>
  );
}

/** A result page body: icon, heading, words, and the way back. */
export function ResultPanel({
  icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  tone: 'good' | 'bad' | 'neutral';
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const ring =
    tone === 'good' ? 'bg-emerald-100 text-emerald-700' : tone === 'bad' ? 'bg-red-100 text-red-700' : 'bg-slate-100 text-slate-700';
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <div className={`mx-auto mb-5 flex size-14 items-center justify-center rounded-full ${ring}`} aria-hidden="true">
        {icon}
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-2 text-sm leading-6 text-slate-600">{children}</div>
      <div className="mt-8 flex flex-col justify-center gap-2 xs:flex-row">{actions}</div>
    </section>
  );
}

export const linkButton = 'inline-flex h-11 items-center justify-center gap-2 rounded-lg px-5 text-base font-medium transition-colors';
export const primaryLink = `${linkButton} bg-brand-600 text-white hover:bg-brand-700 shadow-sm`;
export const secondaryLink = `${linkButton} bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50`;
