/**
 * Every figure a bench section measures, kept for `--json` and `--compare`: its value, unit, which
 * direction is better and its budget, so a run can be written out and set beside a baseline.
 */
export interface Figure {
  /** The section (`voice-e2e`) and the figure's name within it (`local p50`). */
  section: string;
  name: string;
  value: number;
  unit: string;
  better: 'lower' | 'higher';
  budget?: { max?: number; min?: number };
  /** The section's own verdict, for figures read from its printed lines ("ok", "OVER BUDGET"): false when it said over or under budget. */
  ok?: boolean;
}

const all: Figure[] = [];

export function recorded(): Figure[] {
  return all;
}

export const withinBudget = (f: Pick<Figure, 'value' | 'budget' | 'ok'>): boolean =>
  f.ok !== false &&
  Number.isFinite(f.value) &&
  (f.budget?.max == null || f.value <= f.budget.max) &&
  (f.budget?.min == null || f.value >= f.budget.min);

export function budgetText(b: Figure['budget']): string {
  if (!b) return '';
  return [b.min != null ? `>= ${b.min}` : '', b.max != null ? `<= ${b.max}` : ''].filter(Boolean).join(' and ');
}

/** A figure's verdict against its budget: "ok (budget <= 900)", "OVER BUDGET (<= 900)", or "" without a budget. */
export function verdict(f: Pick<Figure, 'value' | 'budget' | 'ok'>): string {
  if (!f.budget) return '';
  return withinBudget(f) ? `ok (budget ${budgetText(f.budget)})` : `OVER BUDGET (${budgetText(f.budget)})`;
}

/** Keeps a figure; answers its verdict. */
export function record(f: Figure): string {
  all.push(f);
  return verdict(f);
}

/** A figure's key in a JSON file: `section / name`. */
export const keyOf = (f: Pick<Figure, 'section' | 'name'>) => `${f.section} / ${f.name}`;

/** The JSON written by `--json` (and read by `--compare`). */
export interface BenchFile {
  takenAt: string;
  /** A baseline made by worstOf: when each of its runs was taken. */
  runs?: string[];
  machine: { cores: number; cpu: string; loadavg: number[]; node: string };
  figures: Figure[];
}

/**
 * A latency this much worse (in ms) or less is noise, not a drop, whatever its share: three quiet whole
 * runs of one tree on one machine moved frame-jitter and RTP p99s of a few milliseconds by up to 4.4 ms,
 * and sipp reports its response times in 4 ms steps (docs/performance.md, "Catching regressions").
 */
export const MS_NOISE_FLOOR = 5;

/**
 * Each figure beside the baseline's: flags a budget missed, and a drop of more than 20 % in the
 * direction that is worse (a lower ratio, a higher latency), a latency's only when it is also more than
 * MS_NOISE_FLOOR ms worse. Answers the lines and whether all is well.
 */
export function compare(current: Figure[], baseline: Figure[]): { lines: string[]; ok: boolean } {
  const base = new Map(baseline.map((f) => [keyOf(f), f]));
  const lines = [`${'figure'.padEnd(58)}${'now'.padStart(12)}${'baseline'.padStart(12)}  change   verdict`];
  let ok = true;
  for (const f of current) {
    const b = base.get(keyOf(f));
    const change = b && b.value !== 0 ? (f.value - b.value) / Math.abs(b.value) : null;
    const worse = change == null ? 0 : f.better === 'higher' ? -change : change;
    const flags: string[] = [];
    if (!withinBudget(f)) flags.push(`BUDGET MISSED${f.budget ? ` (${budgetText(f.budget)})` : ''}`);
    const noise = f.unit === 'ms' && b != null && Math.abs(f.value - b.value) <= MS_NOISE_FLOOR;
    if (worse > 0.2 && !noise) flags.push(`DROP ${(worse * 100).toFixed(0)} %`);
    if (!b) flags.push('new (no baseline)');
    if (flags.some((x) => x.startsWith('BUDGET') || x.startsWith('DROP'))) ok = false;
    const num = (n: number | undefined) => (n == null ? '—' : `${Number.isInteger(n) ? n : n.toFixed(2)} ${f.unit}`);
    lines.push(
      `${keyOf(f).slice(0, 57).padEnd(58)}${num(f.value).padStart(12)}${num(b?.value).padStart(12)}  ${
        change == null ? '   —  ' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %`.padStart(6)
      }   ${flags.length ? flags.join('; ') : 'ok'}`,
    );
  }
  for (const b of baseline)
    if (!current.some((f) => keyOf(f) === keyOf(b))) lines.push(`${keyOf(b).slice(0, 57).padEnd(58)}  not measured in this run`);
  return { lines, ok };
}

/**
 * A baseline from several quiet runs of one tree: each figure at its worst across them (the lowest
 * ratio, the highest latency), so `--compare` flags what is worse than anything the runs themselves
 * showed, not the spread between two runs. Figures missing from a run are taken from the others.
 */
export function worstOf(runs: BenchFile[]): BenchFile {
  if (runs.length === 0) throw new Error('worstOf: no runs');
  const worst = new Map<string, Figure>();
  for (const run of runs)
    for (const f of run.figures) {
      const seen = worst.get(keyOf(f));
      const worse = !seen || (f.better === 'higher' ? f.value < seen.value : f.value > seen.value);
      if (worse) worst.set(keyOf(f), f);
    }
  const times = runs.map((r) => r.takenAt).sort();
  return {
    takenAt: times[0]!,
    machine: { ...runs[0]!.machine, loadavg: runs.map((r) => r.machine.loadavg).reduce((a, b) => a.map((x, i) => Math.max(x, b[i] ?? 0))) },
    runs: times,
    figures: [...worst.values()],
  };
}

/**
 * The figures of a section that prints lines only: each line's percentiles in ms (`p95 12.3 ms`),
 * ratios (`ratio 0.59`, or a bare ratio before "ok"/"UNDER BUDGET") and rates (`1234 req/s`), named by
 * the line's label (the text before its first colon, parenthesised counts left out); a line saying
 * OVER or UNDER BUDGET marks its figures as missing their budget, and a floor it states for its ratio
 * as `verdict` words it ("ok (budget >= 0.5)", "OVER BUDGET (>= 0.5)") becomes that ratio's budget.
 */
export function figuresOfLines(section: string, lines: string[]): Figure[] {
  const out: Figure[] = [];
  const seen = new Map<string, number>();
  for (const line of lines) {
    if (/^load average/.test(line)) continue;
    const label =
      (line.includes(':') ? line.slice(0, line.indexOf(':')) : line.replace(/\s+[\d.].*$/, ''))
        .replace(/\([^)]*\)/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60) || 'figure';
    const ok = /OVER BUDGET|UNDER BUDGET|BUDGET MISSED/.test(line) ? false : undefined;
    const add = (name: string, value: number, unit: string, better: Figure['better']) => {
      if (!Number.isFinite(value)) return;
      const key = `${label} ${name}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      out.push({ section, name: n > 1 ? `${key} #${n}` : key, value, unit, better, ...(ok === false ? { ok } : {}) });
    };
    for (const m of line.matchAll(/\b(p\d{2})\s+([\d.]+)\s*ms/g)) add(m[1]!, Number(m[2]), 'ms', 'lower');
    // A ratio's floor, when the line states it as `verdict` words it ("ok (budget >= 0.5)", "OVER BUDGET (>= 0.5)").
    const floor = /\((?:budget )?>=\s*([\d.]+)\)/.exec(line);
    for (const m of line.matchAll(/\bratio\s+([\d.]+)/g)) {
      add('ratio', Number(m[1]), '', 'higher');
      if (floor) out.at(-1)!.budget = { min: Number(floor[1]) };
    }
    for (const m of line.matchAll(/([\d.]+)\s*req\/s/g)) add('req/s', Number(m[1]), 'req/s', 'higher');
    if (!/\bratio\s+[\d.]/.test(line)) {
      const bare = /\s(\d+\.\d+)\s+(ok|UNDER BUDGET|OVER BUDGET)/.exec(line);
      if (bare) add('ratio', Number(bare[1]), '', 'higher');
    }
  }
  return out;
}
