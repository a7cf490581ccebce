import type { ReactNode, TableHTMLAttributes } from 'react';
import { cn } from '../../../ui/index.ts';

export interface ReportColumn {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * A report's table: a focusable region that scrolls sideways on a phone (so keyboard users can scroll
 * it too), a caption for screen readers, the column headers; `children` are the body's rows. Other
 * props go on the <table> (a test's data attribute, its minimum width in `className`).
 */
export function ReportTable({
  label,
  caption = label,
  columns,
  children,
  className,
  ...table
}: { label: string; caption?: string; columns: ReportColumn[]; children: ReactNode } & TableHTMLAttributes<HTMLTableElement>) {
  return (
    <div
      className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={cn('w-full text-left text-sm', className)} {...table}>
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            {columns.map((c, i) => (
              <th key={c.label} scope="col" className={cn('py-2 font-medium', i < columns.length - 1 && 'pr-3', c.numeric && 'text-right')}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
