/**
 * Sums a V8 CPU profile (`--cpu-prof`, e.g. BENCH_CPU_PROF=<dir> npm run bench <section>) by self time:
 * the top functions, and the share of each package (node_modules/<name>), of our own code by folder,
 * and of Node's internals. `tsx scripts/bench/profile-top.ts <file.cpuprofile> [top=30] [--last <seconds>]`;
 * `--last` counts only the samples of the profile's last seconds (the inbox section's WebSocket sends
 * are the server's last phase, after the list reads that would otherwise dominate).
 * Chrome DevTools shows the same profile as a flame chart; this is the table to paste into a note.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const lastAt = args.indexOf('--last');
const lastSeconds = lastAt >= 0 ? Number(args.splice(lastAt, 2)[1]) : null;
if (lastSeconds != null && !(lastSeconds > 0)) throw new Error('--last wants a number of seconds');
const [file, topArg] = args;
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [top] [--last <seconds>]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
// Sample i was taken at the sum of the deltas up to it; --last keeps those within the window's end.
const times: number[] = [];
profile.timeDeltas.reduce((t, d, i) => (times[i] = t + d), 0);
const from = lastSeconds == null ? -Infinity : (times.at(-1) ?? 0) - lastSeconds * 1e6;
profile.samples.forEach((id, i) => {
  if (times[i]! >= from) selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

/** Where a frame's code lives: a package, a folder of ours, Node itself, or V8's own work. */
function owner(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:internals';
  const ours = /\/(apps\/[^/]+\/src\/(?:modules\/[^/]+|platform\/[^/]+|[^/]+)|packages\/[^/]+)/.exec(url);
  return ours ? ours[1]! : url;
}

const fnTotals = new Map<string, number>();
const ownerTotals = new Map<string, number>();
for (const [id, us] of selfMicros) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url ? `${url.replace(/^.*?(node_modules\/|apps\/|packages\/|node:)/, '$1')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`;
  fnTotals.set(key, (fnTotals.get(key) ?? 0) + us);
  const o = owner(url, functionName);
  ownerTotals.set(o, (ownerTotals.get(o) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const top = Number(topArg ?? 30);
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled${lastSeconds != null ? ` (the last ${lastSeconds} s)` : ''}`);
console.log('\nby owner (self time)');
for (const [k, us] of [...ownerTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
console.log('\nby function (self time)');
for (const [k, us] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
