import { SelfLabel } from './SelfLabel.tsx';
import { CrumbLabel } from './CrumbLabel.tsx';
import { appPathUrl, parentAppPath, SEGMENT_ACCOUNT_TYPE, type AppPathStep } from '@switchboard/core/rules/appPath';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** Where this account sits: the parent's name to go back to, then the path of names. */
export function Breadcrumb({ path }: { path: AppPathStep[] }) {
  const up = parentAppPath(path);
  const parent = up[up.length - 1];
  return (
    <nav aria-label="Account path" className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <Link to={appPathUrl(up)} className="inline-flex items-center gap-1 rounded-md font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />{' '}
        {parent ? <CrumbLabel type={SEGMENT_ACCOUNT_TYPE[parent.type]} id={parent.id} /> : <SelfLabel />}
      </Link>
      <span className="text-slate-400" aria-hidden="true">
        /
      </span>
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {path.map((s, i) => (
          <li key={`${s.type}:${s.id}`} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            <Link
              to={appPathUrl(path.slice(0, i + 1))}
              className="rounded px-1 hover:bg-slate-100"
              aria-current={i === path.length - 1 ? 'page' : undefined}
            >
              <CrumbLabel type={SEGMENT_ACCOUNT_TYPE[s.type]} id={s.id} />
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
