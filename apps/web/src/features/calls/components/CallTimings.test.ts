import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CallTimings } from './CallTimings.tsx';

describe('call log: reply timings', () => {
  it('shows each turn with the milliseconds to each step, a dash for a step that did not happen', () => {
    const html = renderToStaticMarkup(
      createElement(CallTimings, {
        timings: [
          { at: 1, endDetectedMs: 250, transcriptMs: 310, firstTokenMs: 330, firstAudioMs: 420, playedMs: 470 },
          { at: 2, endDetectedMs: 600, transcriptMs: 650, firstTokenMs: null, firstAudioMs: null, playedMs: null },
        ],
      }),
    );
    expect(html).toContain('Reply timings (2 turns)');
    for (const label of ['End of speech detected', 'Transcript final', 'Model first token', 'First audio out', 'First audio played'])
      expect(html).toContain(label);
    const rows = html.split('<tr').slice(2);
    expect(rows[0]).toMatch(/250 ms.*310 ms.*330 ms.*420 ms.*470 ms/);
    expect(rows[1]).toMatch(/600 ms.*650 ms.*—.*—.*—/);
  });
});
