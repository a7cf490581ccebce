import { PhoneIncoming, PhoneOutgoing, Monitor } from 'lucide-react';
import { Link } from 'react-router';
import { recordingUrl, type Call } from '../api.ts';
import { Button, statusText } from '../../../ui/index.ts';
import { CallTimings } from './CallTimings.tsx';
import { CallTranscript } from './CallTranscript.tsx';
import { AnalysisCard } from '../../inbox/index.ts';
import { ANALYSIS_OUTCOME_LABELS } from '@switchboard/core';

const ICONS = { inbound: PhoneIncoming, outbound: PhoneOutgoing, web: Monitor } as const;

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const duration = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** One call of the log: who, when, how it went; opened, its transcript, and for a live call take-over and hang-up. */
const usd = (micro: number) => `$${(micro / 1_000_000).toFixed(2)}`;

/** One call of the log: who, when, how it went; opened: live view, transcript, recording, conversation, end reason and cost. */
export function CallRow({
  call,
  inbox,
  target,
  onWatch,
  onHangUp,
}: {
  call: Call;
  /** The inbox's URL (the call's conversation opens there). */
  inbox: string;
  target: number | null;
  onWatch: (id: string) => void;
  onHangUp: (id: string) => void;
}) {
  const Icon = ICONS[call.direction];
  const live = call.status === 'in-progress';
  return (
    <li data-testid="call-row" className="rounded-xl border border-slate-200 bg-white">
      <details>
        <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3">
          <Icon className="size-5 shrink-0 text-slate-600" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-slate-900">
              {call.direction === 'web' ? 'Test call' : call.contactName ? call.contactName : `${call.from} → ${call.to}`}
              {call.direction !== 'web' && call.contactName && (
                <span data-testid="call-number" className="ml-2 font-normal text-slate-600">
                  {call.direction === 'inbound' ? call.from : call.to}
                </span>
              )}
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
            {live ? 'Live' : statusText(call.status)}
          </span>
          {call.analysis && (
            <span
              data-testid="call-outcome"
              className="shrink-0 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800"
            >
              {ANALYSIS_OUTCOME_LABELS[call.analysis.outcome]}
            </span>
          )}
        </summary>
        <div className="border-t border-slate-100 px-4 py-3">
          {live && (
            <div className="mb-3 flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => onWatch(call.id)}>
                Watch live
              </Button>
              <Button size="sm" variant="danger" onClick={() => onHangUp(call.id)}>
                Hang up
              </Button>
            </div>
          )}
          {call.analysis && <AnalysisCard analysis={call.analysis} className="mb-3" />}
          <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
            {call.direction !== 'web' && (
              <>
                <dt className="font-medium">{call.direction === 'inbound' ? 'Caller' : 'Called'}</dt>
                <dd>
                  {call.contactName ? `${call.contactName} · ` : ''}
                  {call.direction === 'inbound' ? call.from : call.to}
                  <span className="text-slate-500"> (our number {call.direction === 'inbound' ? call.to : call.from})</span>
                </dd>
              </>
            )}
            <dt className="font-medium">Ended</dt>
            <dd>{call.endReason ?? (live ? 'still live' : '—')}</dd>
            {call.transfer && (
              <>
                <dt className="font-medium">Transfer</dt>
                <dd>
                  {call.transfer.to}: {statusText(call.transfer.status).toLowerCase()}
                </dd>
              </>
            )}
            <dt className="font-medium">Cost</dt>
            <dd>{call.direction === 'web' ? 'Free (a test call)' : `${call.cost.minutes} voice min · ${usd(call.cost.microUsd)}`}</dd>
          </dl>
          {call.roomId && (
            <p className="mb-3 text-sm">
              <Link className="font-medium text-blue-700 underline" to={`${inbox}?active=${encodeURIComponent(call.roomId)}`}>
                Open the conversation
              </Link>
            </p>
          )}
          {call.recording && (
            <audio
              className="mb-3 w-full"
              controls
              preload="none"
              aria-label="Call recording (caller left, agent right)"
              src={recordingUrl(call.recording.url, target)}
            />
          )}
          {call.transcript.length ? (
            <CallTranscript turns={call.transcript} />
          ) : (
            <p className="text-sm text-slate-600">{live ? 'The transcript is kept when the call ends.' : 'Nothing was said.'}</p>
          )}
          {call.timings?.length ? <CallTimings timings={call.timings} /> : null}
        </div>
      </details>
    </li>
  );
}
