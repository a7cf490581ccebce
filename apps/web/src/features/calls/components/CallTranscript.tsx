import type { CallTurn } from '../api.ts';
import { cn } from '../../../ui/index.ts';

/** The live transcript of a call: who spoke, what was said (or heard, when cut off) and the agent's latency per turn. */
export function CallTranscript({ turns }: { turns: CallTurn[] }) {
  return (
    <ol aria-label="Transcript" aria-live="polite" className="flex flex-col gap-2">
      {turns.map((t, i) => (
        <li
          key={i}
          className={cn(
            'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
            t.role === 'agent' ? 'self-start bg-slate-100 text-slate-900' : 'self-end bg-brand-600 text-white',
          )}
        >
          <span className="sr-only">{t.role === 'agent' ? 'Agent: ' : 'You: '}</span>
          {t.text}
          {(t.latencyMs != null || t.interrupted) && (
            <span className={cn('mt-1 block text-xs', t.role === 'agent' ? 'text-slate-600' : 'text-brand-50')}>
              {t.latencyMs != null && <span data-testid="turn-latency">{t.latencyMs} ms to answer</span>}
              {t.latencyMs != null && t.interrupted && ' · '}
              {t.interrupted && 'interrupted'}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
