import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../shell/api.ts';
import { Logo } from '../../shell/Logo.tsx';

/** The frame of the sign-in and sign-up pages: brand mark, a card, and a footer line. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const brand = useBrand();
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:justify-center">
      <Link to="/app" className="mb-8 rounded-lg" aria-label={brand.genericBrand ? 'Home' : `${brand.name} home`}>
        <Logo />
      </Link>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-sm text-slate-600">{footer}</div>}
    </main>
  );
}
