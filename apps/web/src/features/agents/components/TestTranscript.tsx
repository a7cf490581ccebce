import type { TranscriptTurn } from '@switchboard/core/contracts/agentTests';
import { cn } from '../../../ui/index.ts';

/** What the simulated customer and the agent said, in order, with the functions the agent called (narrow: full-width turns, for a column). */
export function TestTranscript({
  turns,
  label = 'Transcript',
  narrow = false,
}: {
  turns: TranscriptTurn[];
  label?: string;
  narrow?: boolean;
}) {
  if (turns.length === 0) return <p className="text-sm text-slate-500">Nothing was said.</p>;
  return (
    <ol className="space-y-2" aria-label={label}>
      {turns.map((t, i) => (
        <li
          key={i}
          className={cn(
            'rounded-xl px-3 py-2 text-sm break-words',
            !narrow && 'max-w-[85%]',
            t.role === 'agent' ? (narrow ? 'bg-white ring-1 ring-slate-200' : 'bg-slate-100') : cn('bg-brand-50', !narrow && 'ml-auto'),
          )}
        >
          <span className="block text-xs font-medium text-slate-600">{t.role === 'agent' ? 'Agent' : 'Customer'}</span>
          {t.text}
          {t.functionCalls.map((c, j) => (
            <code key={j} className="mt-1 block text-xs break-all text-slate-600">
              {c.name}({JSON.stringify(c.arguments)}){c.ok ? '' : ' failed'}
            </code>
          ))}
        </li>
      ))}
    </ol>
  );
}
