import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ConversationAnalysis } from '@switchboard/core';
import { AnalysisCard } from './AnalysisCard.tsx';

const base: ConversationAnalysis = {
  summary: 'Victor asked to be called back about a toothache.',
  outcome: 'message_taken',
  sentiment: 'neutral',
  fields: { name: 'Victor', insured: true, visits: null },
  source: 'actions',
  analyzedAt: 0,
};

const text = (a: ConversationAnalysis) => renderToStaticMarkup(<AnalysisCard analysis={a} />).replace(/<[^>]+>/g, ' ');

describe('AnalysisCard', () => {
  it('says who wrote the analysis, and why the recorded actions stood in when the model failed', () => {
    expect(text({ ...base, source: 'model' })).toContain('Written by the language model');
    expect(text(base)).toContain('From what the agent recorded (no language model)');
    const failed = text({ ...base, modelError: 'the model did not answer after 7 attempts' });
    expect(failed).toContain('the language model’s analysis failed (the model did not answer after 7 attempts)');
    expect(failed).not.toContain('no language model');
  });

  it('shows each field in words: yes or no, a dash when not found', () => {
    const t = text(base).replace(/\s+/g, ' ');
    expect(t).toContain('Name Victor');
    expect(t).toContain('Insured Yes');
    expect(t).toContain('Visits —');
  });
});
