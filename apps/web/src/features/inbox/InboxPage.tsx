import { Inbox } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { useSession } from '../../api/hooks.ts';
import { PageFrame } from '../../pages/PageFrame.tsx';
import { EmptyState } from '../../ui/index.ts';

/** /inbox placeholder; the inbox feature replaces this file. */
export default function InboxPage() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={`/app/signin?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return (
    <PageFrame wide>
      <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <EmptyState
          icon={<Inbox className="size-6" aria-hidden="true" />}
          title="Your inbox is on its way"
          message="Conversations from calls, SMS and chat will appear here."
          action={
            <Link to="/app" className="text-sm font-medium text-brand-700 hover:underline">
              Back to the app
            </Link>
          }
        />
      </section>
    </PageFrame>
  );
}
