import { SearchX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageFrame, primaryLink, ResultPanel, secondaryLink } from './PageFrame.tsx';
import { useTitle } from '../shell/useTitle.ts';

export default function NotFound() {
  const { pathname } = useLocation();
  useTitle('Page not found');
  return (
    <PageFrame>
      <ResultPanel
        icon={<SearchX className="size-7" />}
        tone="neutral"
        title="Page not found"
        actions={
          <>
            <Link to="/app" className={primaryLink}>
              Go to the app
            </Link>
            <Link to="/docs" className={secondaryLink}>
              Read the docs
            </Link>
          </>
        }
      >
        <p>
          There is nothing at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{pathname}</code>. The link may be old or
          mistyped.
        </p>
      </ResultPanel>
    </PageFrame>
  );
}
