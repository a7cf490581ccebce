import type { SelectHTMLAttributes } from 'react';

/** A native select styled like the app's inputs (the reports' pickers). */
export function Select(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      {...props}
      className="block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
    />
  );
}
