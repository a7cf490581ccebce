/** The Switchboard mark and word (hidden in generic-brand mode by the caller). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M10 12h12M10 16h8M10 20h10" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {!compact && <span className="text-lg font-semibold tracking-tight text-slate-900">Switchboard</span>}
    </span>
  );
}
