import { CalendarClock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../ui/index.ts';
import { PageFrame } from './PageFrame.tsx';
import { useTitle } from '../shell/useTitle.ts';

/** /schedule?host=&type=: booking page placeholder until the calendar issue fills it in. */
export default function Schedule() {
  const [params] = useSearchParams();
  useTitle('Book a meeting');
  const host = params.get('host');
  const type = params.get('type');
  return (
    <PageFrame>
      <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <EmptyState
          icon={<CalendarClock className="size-6" aria-hidden="true" />}
          title={host ? `Book a meeting with ${host}` : 'Book a meeting'}
          message={
            host
              ? `Online booking${type ? ` for “${type}”` : ''} is not open yet. Please contact ${host} directly in the meantime.`
              : 'This booking link is missing its host. Ask the person who sent it for a new link.'
          }
        />
      </section>
    </PageFrame>
  );
}
