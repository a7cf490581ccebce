/**
 * npm run bench: the product beside the physical limit of this machine, measured in one run, printed
 * as ratios so the figures hold on a noisy machine. Each section is a module; sections written by
 * other domains are picked up when present.
 *
 *   npm run bench [section]                       every section, or one (`voice-e2e`, `inbox`, `scale`…)
 *   npm run bench -- --json out.json              also writes every figure (value, unit, budget, machine)
 *   npm run bench -- --compare docs/bench-baseline.json
 *                                                 each figure beside the baseline's; flags a budget missed
 *                                                 or a drop of more than 20 %, and exits 1 when any is flagged
 *   npm run bench -- --worst-of a.json,b.json --json docs/bench-baseline.json
 *                                                 measures nothing: writes a baseline of several runs'
 *                                                 --json files, each figure at its worst across them
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, figuresOfLines, record, recorded, worstOf, type BenchFile } from './figures.ts';
import { fmt, freePort, load, start, stop, withProduct } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const jsonOut = flag('--json');
const compareWith = flag('--compare');
const positional = args.filter(
  (a, i) => !a.startsWith('--') && !['--json', '--compare', '--turns', '--part', '--worst-of'].includes(args[i - 1] ?? ''),
);
// `stats` was the reports' section's earlier name.
const only = positional[0] === 'stats' ? 'insight' : positional[0];
// Read before measuring: a wrong path fails at once, not after the whole run.
const baseline = compareWith ? (JSON.parse(fs.readFileSync(compareWith, 'utf8')) as BenchFile) : null;

const worstOfFiles = flag('--worst-of');
if (worstOfFiles) {
  if (!jsonOut) throw new Error('--worst-of writes a baseline: name it with --json <file>');
  const runs = worstOfFiles.split(',').map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as BenchFile);
  const merged = worstOf(runs);
  fs.writeFileSync(jsonOut, `${JSON.stringify(merged, null, 2)}\n`);
  console.log(
    `${merged.figures.length} figures, each the worst of ${runs.length} runs (${merged.runs!.join(', ')}), written to ${jsonOut}`,
  );
  process.exit(0);
}

async function benchFoundation(): Promise<string[]> {
  return withProduct(
    'foundation',
    { SUPER_ADMIN_EMAILS: 'bench@admin.test', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    async ({ base, dataDir, post, signIn }) => {
      const admin = (await signIn('bench@admin.test')).token;
      await post(`/internal/createPartner?token=${admin}`, { name: 'Bench Partner', email: 'partner@bench.test' });
      const partner = (await signIn('partner@bench.test', { signup: false })).token;
      for (let i = 0; i < 100; i++) await post(`/api/v2/createOrganization?token=${partner}`, { name: `Org ${i}` });

      const barePort = await freePort();
      const bare = start(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts/bench/bare-server.ts'), path.join(dataDir, 'switchboard.db'), String(barePort)],
        {},
      );
      try {
        await new Promise<void>((resolve) => bare.once('message', () => resolve()));
        const lines = ['endpoint                          product req/s   p99 ms   bare req/s   p99 ms   ratio'];
        for (const url of [`/api/v1/account?token=${partner}`, `/api/v2/listOrganizations?token=${partner}`]) {
          const p = await load(`${base}${url}`);
          const b = await load(`http://127.0.0.1:${barePort}${url}`);
          if (p.non2xx || b.non2xx) throw new Error(`non-2xx answers during load on ${url}`);
          const ratio = p.rps / b.rps;
          const name = url.split('?')[0]!;
          record({
            section: 'foundation',
            name: `${name} ratio`,
            value: Number(ratio.toFixed(3)),
            unit: '',
            better: 'higher',
            budget: { min: 0.5 },
          });
          record({ section: 'foundation', name: `${name} p99`, value: p.p99, unit: 'ms', better: 'lower' });
          lines.push(
            `${name.padEnd(32)}${fmt(p.rps)}${fmt(p.p99, 1)}   ${fmt(b.rps)}${fmt(b.p99, 1)}   ${ratio.toFixed(2)} ${ratio >= 0.5 ? 'ok' : 'UNDER BUDGET 0.5'}`,
          );
        }
        return lines;
      } finally {
        await stop(bare);
      }
    },
  );
}

/** Optional sections other domains provide: [file, exported function]. */
const SECTIONS: [string, string, string][] = [
  ['web', 'scripts/web-size.ts', 'webSize'],
  ['agents', 'scripts/bench/agents.ts', 'benchAgents'],
  ['inbox', 'scripts/bench/inbox.ts', 'benchInbox'],
  ['ledger', 'scripts/bench/ledger.ts', 'benchLedger'],
  ['voice', 'scripts/bench/voice.ts', 'benchVoice'],
  ['voice-e2e', 'scripts/bench/voice-e2e.ts', 'benchVoiceE2e'],
  ['sip', 'scripts/bench/sip.ts', 'benchSip'],
  ['integrations', 'scripts/bench/integrations.ts', 'benchIntegrations'],
  ['insight', 'scripts/bench/insight.ts', 'benchInsight'],
  ['linkpages', 'scripts/bench/linkpages.ts', 'benchLinkpages'],
  ['production', 'scripts/bench/production.ts', 'benchProduction'],
  ['scale', 'scripts/bench/scale.ts', 'benchScale'],
];

console.log(`Switchboard bench on ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);
if (!only || only === 'foundation') {
  console.log('\n# JSON endpoints (SQLite, 20 connections, 5 s each; budget: ratio >= 0.5)');
  for (const l of await benchFoundation()) console.log(l);
}
for (const [name, file, fn] of SECTIONS) {
  if (only && only !== name) continue;
  if (!fs.existsSync(path.join(root, file))) continue;
  console.log(`\n# ${name}`);
  const mod = (await import(path.join(root, file))) as Record<string, () => Promise<string[]>>;
  if (typeof mod[fn] !== 'function') {
    console.log(`(${file} does not export ${fn})`);
    continue;
  }
  const before = recorded().length;
  const lines = await mod[fn]!();
  for (const l of lines) console.log(l);
  // A section that does not record its figures itself: they are read from its lines.
  if (recorded().length === before) for (const f of figuresOfLines(name, lines)) record(f);
}

if (jsonOut) {
  const file: BenchFile = {
    takenAt: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', loadavg: os.loadavg(), node: process.version },
    figures: recorded(),
  };
  fs.writeFileSync(jsonOut, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`\n${recorded().length} figures written to ${jsonOut}`);
}
if (baseline) {
  console.log(`\n# compared with ${compareWith} (taken ${baseline.takenAt} on ${baseline.machine.cores} cores, ${baseline.machine.cpu})`);
  const { lines, ok } = compare(recorded(), baseline.figures);
  for (const l of lines) console.log(l);
  console.log(ok ? 'no budget missed, no drop over 20 %' : 'FLAGGED: a budget missed or a drop over 20 % (above)');
  if (!ok) process.exitCode = 1;
}
