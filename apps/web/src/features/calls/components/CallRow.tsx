import { PhoneIncoming, PhoneOutgoing, Monitor } from 'lucide-react';
import type { Call } from '../api.ts';
import { Button } from '../../../ui/index.ts';
import { CallTranscript } from './CallTranscript.tsx';

const ICONS = { inbound: PhoneIncoming, outbound: PhoneOutgoing, web: Monitor } as const;

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const duration = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** One call of the log: who, when, how it went; opened, its transcript, and for a live call take-over and hang-up. */
export function CallRow({ call, onTakeOver, onHangUp }: { call: Call; onTakeOver: (id: string) => void; onHangUp: (id: string) => void }) {
  const Icon = ICONS[call.direction];
  const live = call.status === 'in-progress';
  return (
    <li data-testid="call-row" className="rounded-xl border border-slate-200 bg-white">
      <details>
        <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3">
          <Icon className="size-5 shrink-0 text-slate-600" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-slate-900">
              {call.direction === 'web' ? 'Test call' : `${call.from} → ${call.to}`}
            </span>
            <span className="block text-xs text-slate-600">
              {WHEN.format(call.startedAt)}
              {call.endedAt != null && ` · ${duration(call.durationMs)}`}
              {call.endReason && ` · ${call.endReason}`}
            </span>
          </span>
          <span
            className={
              live ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800' : 'text-xs font-medium text-slate-700'
            }
          >
            {live ? 'Live' : call.status.replace('-', ' ')}
          </span>
        </summary>
        <div className="border-t border-slate-100 px-4 py-3">
          {live && (
            <div className="mb-3 flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => onTakeOver(call.id)}>
                Take over
              </Button>
              <Button size="sm" variant="danger" onClick={() => onHangUp(call.id)}>
                Hang up
              </Button>
            </div>
          )}
          {call.transcript.length ? (
            <CallTranscript turns={call.transcript} />
          ) : (
            <p className="text-sm text-slate-600">{live ? 'The transcript is kept when the call ends.' : 'Nothing was said.'}</p>
          )}
        </div>
      </details>
    </li>
  );
}
