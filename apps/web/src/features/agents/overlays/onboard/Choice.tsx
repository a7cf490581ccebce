export function Choice({ icon, title, text, onClick }: { icon: React.ReactNode; title: string; text: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-xl border border-slate-200 p-4 text-left transition hover:border-brand-400 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden>
        {icon}
      </span>
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </button>
  );
}
