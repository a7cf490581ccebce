import { describe, expect, it } from 'vitest';
import { compare, figuresOfLines, worstOf, type BenchFile, type Figure } from './figures.ts';

const f = (name: string, value: number, more: Partial<Figure> = {}): Figure => ({
  section: 'voice-e2e',
  name,
  value,
  unit: 'ms',
  better: 'lower',
  ...more,
});

describe('bench figures: --compare against a baseline', () => {
  it('flags a budget missed and a drop of more than 20 % in the worse direction, not an improvement', () => {
    const baseline = [f('local p50', 600), f('local p95', 1000), f('ratio', 0.6, { better: 'higher', unit: '' }), f('gone', 1)];
    const ok = compare(
      [f('local p50', 700, { budget: { max: 900 } }), f('local p95', 500), f('ratio', 0.9, { better: 'higher', unit: '' })],
      baseline,
    );
    expect(ok.ok).toBe(true);
    expect(ok.lines.join('\n')).toMatch(/gone\s+not measured in this run/);

    const slower = compare([f('local p50', 721, { budget: { max: 900 } })], baseline);
    expect(slower.ok).toBe(false);
    expect(slower.lines[1]).toMatch(/\+20 %\s+DROP 20 %/);

    const lowerRatio = compare([f('ratio', 0.45, { better: 'higher', unit: '', budget: { min: 0.5 } })], baseline);
    expect(lowerRatio.ok).toBe(false);
    expect(lowerRatio.lines[1]).toContain('BUDGET MISSED (>= 0.5)');
    expect(lowerRatio.lines[1]).toContain('DROP 25 %');

    const overBudget = compare([f('local p50', 950, { budget: { max: 900 } })], [f('local p50', 940)]);
    expect(overBudget.ok).toBe(false);
    expect(overBudget.lines[1]).toContain('BUDGET MISSED (<= 900)');
  });

  it('takes a latency a few milliseconds worse for noise, and more than that for a drop', () => {
    const baseline = [f('barge-in p95', 0.4), f('jitter p99', 20), f('ratio', 0.5, { better: 'higher', unit: '' })];
    const noisy = compare([f('barge-in p95', 5.4), f('jitter p99', 24.9), f('ratio', 0.39, { better: 'higher', unit: '' })], baseline);
    expect(noisy.lines[1]).toMatch(/ok$/);
    expect(noisy.lines[2]).toMatch(/ok$/);
    // The floor is for milliseconds only: a ratio 22 % lower is a drop however small the step.
    expect(noisy.lines[3]).toContain('DROP 22 %');
    const slower = compare([f('barge-in p95', 5.6), f('jitter p99', 25.2)], baseline);
    expect(slower.ok).toBe(false);
    expect(slower.lines[1]).toContain('DROP 1300 %');
    expect(slower.lines[2]).toContain('DROP 26 %');
  });

  it('makes a baseline of several runs from each figure at its worst', () => {
    const run = (takenAt: string, figures: Figure[]): BenchFile => ({
      takenAt,
      machine: { cores: 2, cpu: 'x', loadavg: [takenAt.endsWith('1') ? 1.5 : 0.5, 1, 1], node: 'v20' },
      figures,
    });
    const merged = worstOf([
      run('run 1', [f('p95', 10), f('ratio', 0.7, { better: 'higher', unit: '' }), f('only here', 3)]),
      run('run 2', [f('p95', 14), f('ratio', 0.6, { better: 'higher', unit: '' })]),
    ]);
    const byName = Object.fromEntries(merged.figures.map((x) => [x.name, x.value]));
    expect(byName).toEqual({ p95: 14, ratio: 0.6, 'only here': 3 });
    expect(merged.runs).toEqual(['run 1', 'run 2']);
    expect(merged.machine.loadavg[0]).toBe(1.5);
    expect(() => worstOf([])).toThrow();
  });

  it("reads the figures of a section that prints lines only, with the section's own verdict", () => {
    const figs = figuresOfLines('inbox', [
      'load average at start (1/5/15 min): 1.00 1.00 1.00',
      'inbox list (400 requests, random page of 50, both tabs): p50 3.1 ms, p95 12.5 ms  ok',
      'inbox list under load (20 connections, 5 s): product 900 req/s (p99 40 ms), bare node:http 2000 req/s (p99 9 ms), ratio 0.45 OVER BUDGET (>= 0.5)',
      'link page under load: product 1200 req/s, bare node:http 2000 req/s, ratio 0.60 ok (budget >= 0.5)',
      '/api/v1/account                      4000    12.0       6000     8.0   0.67 ok',
      'INVITE → 200 OK at 20 calls/s: p95 140 ms  OVER BUDGET 100 ms p95',
    ]);
    const byName = Object.fromEntries(figs.map((x) => [x.name, x]));
    expect(byName['inbox list p95']).toMatchObject({ value: 12.5, unit: 'ms', better: 'lower' });
    expect(byName['inbox list under load ratio']).toMatchObject({ value: 0.45, better: 'higher', budget: { min: 0.5 }, ok: false });
    expect(byName['link page under load ratio']).toMatchObject({ value: 0.6, budget: { min: 0.5 } });
    expect(byName['link page under load ratio']!.ok).toBeUndefined();
    expect(byName['/api/v1/account ratio']!.budget).toBeUndefined();
    expect(byName['inbox list under load req/s']).toMatchObject({ value: 900 });
    expect(byName['/api/v1/account ratio']).toMatchObject({ value: 0.67 });
    expect(byName['INVITE → 200 OK at 20 calls/s p95']).toMatchObject({ value: 140, ok: false });
    expect(figs.some((x) => x.name.startsWith('load average'))).toBe(false);
  });
});
