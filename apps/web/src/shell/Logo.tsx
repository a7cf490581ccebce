import { useBrand } from './api.ts';

/**
 * The brand's mark and name: the main brand's Switchboard mark, a partner brand's logo and name, or
 * a neutral mark without a name in generic-brand mode (the main brand's marks hidden).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  const brand = useBrand();
  // Generic brand: a neutral mark, no name (the word "Home" read as if it were the brand before).
  if (brand.genericBrand) {
    return (
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" data-generic-mark>
        <rect width="32" height="32" rx="8" fill="#334155" />
        <circle cx="16" cy="16" r="6" fill="none" stroke="white" strokeWidth="2.5" />
      </svg>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      {brand.logo ? (
        <img src={brand.logo} alt="" className="size-8 rounded-lg object-cover" />
      ) : (
        <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="var(--color-brand-600)" />
          <path d="M10 12h12M10 16h8M10 20h10" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      )}
      {!compact && <span className="text-lg font-semibold tracking-tight text-slate-900">{brand.name}</span>}
    </span>
  );
}
