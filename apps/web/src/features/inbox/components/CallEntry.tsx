import { Headphones, PhoneCall } from 'lucide-react';
import type { Message } from '../api.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { recordingUrl } from '../../calls/api.ts';
import { useActingTarget } from '../../../api/acting.ts';
import { clock } from '../format.ts';

/**
 * A phone call in the conversation (channel voice): its start offers the live view, its end carries the
 * transcript and the recording's player.
 */
export function CallEntry({ m, over }: { m: Message; /** The call has ended (its end entry follows). */ over: boolean }) {
  const open = useOpenOverlay();
  const target = useActingTarget();
  const [title, ...lines] = m.body.split('\n');
  const recording = m.attachments.find((a) => a.type === 'audio/wav');
  const ended = title!.startsWith('Call ended');
  return (
    <li className="flex justify-center" data-message-id={m.id} data-event data-call-id={m.callId ?? undefined}>
      <div className="flex w-full max-w-[90%] flex-col gap-1 rounded-xl bg-sky-50 px-3 py-2 text-xs text-sky-950 ring-1 ring-sky-200">
        <p className="flex items-center gap-2">
          <PhoneCall className="size-3.5 shrink-0" aria-hidden />
          <span className="font-semibold">{title}</span>
          <span className="text-sky-800">· {clock(m.createdAt)}</span>
          {!ended && !over && m.callId && (
            <button
              type="button"
              className="ml-auto flex items-center gap-1 font-medium text-sky-800 underline"
              onClick={() => open('takeover', m.callId!)}
            >
              <Headphones className="size-3.5" aria-hidden /> Live view
            </button>
          )}
        </p>
        {lines.length > 0 && <p className="whitespace-pre-line text-slate-800">{lines.join('\n')}</p>}
        {recording && (
          <audio controls preload="none" className="mt-1 w-full" aria-label="Call recording" src={recordingUrl(recording.url, target)} />
        )}
      </div>
    </li>
  );
}
