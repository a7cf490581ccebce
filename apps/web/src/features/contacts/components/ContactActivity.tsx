import { appPathUrl } from '@switchboard/core/rules/appPath';
import { Link, useLocation } from 'react-router';
import { appLocation } from '../../../api/acting.ts';
import { errorText } from '../../../api/mutation.ts';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useContactActivity } from '../api.ts';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const minutes = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

function Group({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  const id = `activity-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h4 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h4>
      {children.length ? (
        <ul className="flex flex-col gap-1 text-sm text-slate-700">{children}</ul>
      ) : (
        <p className="text-sm text-slate-600">{empty}</p>
      )}
    </section>
  );
}

/** A contact's conversations (opening in the inbox), calls and meetings, newest first. */
export function ContactActivity({ id }: { id: number }) {
  const activity = useContactActivity(id);
  const loc = appLocation(useLocation().pathname);
  const base = loc.parsed.ok && loc.parsed.path.length ? appPathUrl(loc.parsed.path) : '';
  if (activity.isPending) return <LoadingBlock />;
  if (activity.isError)
    return <ErrorState message={errorText(activity.error)} action={<Button onClick={() => activity.refetch()}>Try again</Button>} />;
  const { conversations, calls, meetings } = activity.data;
  return (
    <div data-testid="contact-activity" className="flex flex-col gap-3 border-t border-slate-100 pt-3">
      <Group title="Conversations" empty="No conversations yet.">
        {conversations.map((c) => (
          <li key={c.roomId}>
            <Link className="font-medium text-blue-700 underline" to={`${base}/inbox?active=${encodeURIComponent(c.roomId)}`}>
              {c.channel === 'sms' ? 'Text' : 'Chat'} with {c.address}
            </Link>{' '}
            <span className="text-slate-600">· {WHEN.format(c.lastMessageAt)}</span>
          </li>
        ))}
      </Group>
      <Group title="Calls" empty="No calls yet.">
        {calls.map((c) => (
          <li key={c.id}>
            {c.direction === 'inbound' ? 'Called us' : 'We called'} {c.number} · {WHEN.format(c.startedAt)} · {minutes(c.durationMs)} ·{' '}
            {c.status.replace('-', ' ')}
          </li>
        ))}
      </Group>
      <Group title="Meetings" empty="No meetings yet.">
        {meetings.map((m) => (
          <li key={m.id}>
            {WHEN.format(m.start)} · {m.meetingType}
            {m.status === 'cancelled' ? <span className="text-slate-600"> · cancelled</span> : null}
          </li>
        ))}
      </Group>
    </div>
  );
}
