import { ANALYSIS_OUTCOME_LABELS, type ConversationAnalysis } from '@switchboard/core';
import { Sparkles } from 'lucide-react';
import { cn } from '../../../ui/index.ts';

const SENTIMENT: Record<ConversationAnalysis['sentiment'], { text: string; cls: string }> = {
  positive: { text: 'Positive', cls: 'bg-green-100 text-green-800' },
  neutral: { text: 'Neutral', cls: 'bg-slate-100 text-slate-700' },
  negative: { text: 'Negative', cls: 'bg-red-100 text-red-800' },
};

const value = (v: string | number | boolean | null) =>
  v == null || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);
const label = (name: string) => {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Who wrote the analysis; when a configured model failed, that the recorded actions stood in and why. */
function sourceNote(a: ConversationAnalysis) {
  if (a.source === 'model') return 'Written by the language model';
  if (a.modelError) return `From what the agent recorded: the language model’s analysis failed (${a.modelError})`;
  return 'From what the agent recorded (no language model)';
}

/** The analysis after a conversation closed or a call ended: outcome, sentiment, summary and the extracted fields. */
export function AnalysisCard({ analysis, className }: { analysis: ConversationAnalysis; className?: string }) {
  const fields = Object.entries(analysis.fields);
  const s = SENTIMENT[analysis.sentiment];
  return (
    <section
      aria-label="Analysis"
      data-testid="analysis"
      className={cn('rounded-xl border border-violet-200 bg-violet-50/60 px-4 py-3', className)}
    >
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
        <Sparkles className="size-4 text-violet-600" aria-hidden />
        Analysis
        <span data-testid="analysis-outcome" className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">
          {ANALYSIS_OUTCOME_LABELS[analysis.outcome]}
        </span>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', s.cls)}>{s.text}</span>
      </h3>
      <p className="mt-2 text-sm text-slate-800">{analysis.summary}</p>
      {fields.length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {fields.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-slate-700">{label(k)}</dt>
              <dd className="break-words text-slate-900">{value(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-2 text-xs text-slate-600">{sourceNote(analysis)}</p>
    </section>
  );
}
