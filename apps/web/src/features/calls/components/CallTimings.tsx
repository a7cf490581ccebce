import type { CallTurnTiming } from '../api.ts';

/** The steps of a reply, in pipeline order: what each figure of a turn's timing measures. */
const STEPS: { key: keyof Omit<CallTurnTiming, 'at'>; label: string }[] = [
  { key: 'endDetectedMs', label: 'End of speech detected' },
  { key: 'transcriptMs', label: 'Transcript final' },
  { key: 'firstTokenMs', label: 'Model first token' },
  { key: 'firstAudioMs', label: 'First audio out' },
  { key: 'playedMs', label: 'First audio played' },
];

const ms = (n: number | null) => (n == null ? '—' : `${n} ms`);

/**
 * Where the time of each reply went: per caller turn, milliseconds from the moment the caller stopped
 * speaking to each step of the pipeline, so a slow step (waiting for silence, recognition, the model,
 * synthesis, the carrier) stands out.
 */
export function CallTimings({ timings }: { timings: CallTurnTiming[] }) {
  return (
    <details className="mt-3 text-sm" data-testid="call-timings">
      <summary className="cursor-pointer font-medium text-slate-800">Reply timings ({timings.length} turns)</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-xs text-slate-700">
          <caption className="sr-only">Milliseconds after the caller stopped speaking, per turn</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Turn
              </th>
              {STEPS.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-3 font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {timings.map((t, i) => (
              <tr key={i} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {i + 1}
                </th>
                {STEPS.map((s) => (
                  <td key={s.key} className="py-1 pr-3 tabular-nums">
                    {ms(t[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-1 text-xs text-slate-600">Milliseconds after the caller stopped speaking.</p>
    </details>
  );
}
