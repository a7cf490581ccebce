/**
 * The web app's first-load weight (DESIGN.md §9: under 200 KB of gzipped JavaScript for /app).
 *
 * "Initial" = what dist/index.html makes the browser fetch before anything runs: the entry script plus
 * its modulepreload links. "/app first render" adds the lazily loaded /app route chunk and its static
 * imports (from Vite's manifest), i.e. everything needed before the account page can paint.
 *
 *   npx tsx scripts/web-size.ts        (builds apps/web first when dist is missing)
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
export const BUDGET_BYTES = 200 * 1024;
const APP_ROUTE_MODULE = 'src/features/home/AppPage.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Script files index.html loads up front: the module entry and every modulepreload link. */
export function initialScripts(html: string): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) files.add(m[1]!);
  return [...files].filter((f) => f.endsWith('.js')).map((f) => f.replace(/^\//, ''));
}

/** A manifest chunk with its static imports, transitively. */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, seen);
  return seen;
}

export interface WebSize {
  initial: { file: string; gzip: number }[];
  initialTotal: number;
  appTotal: number;
}

export function measureWebSize(): WebSize {
  if (!fs.existsSync(path.join(dist, 'index.html'))) execSync('npm run build', { cwd: root, stdio: 'ignore' });
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initialFiles = initialScripts(html);
  const initial = initialFiles.map((file) => ({ file, gzip: gz(file) }));
  const initialTotal = initial.reduce((a, b) => a + b.gzip, 0);
  const manifestPath = path.join(dist, '.vite/manifest.json');
  let appTotal = initialTotal;
  if (fs.existsSync(manifestPath)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const all = new Set(initialFiles);
    for (const f of closure(manifest, APP_ROUTE_MODULE)) all.add(f);
    appTotal = [...all].reduce((a, f) => a + gz(f), 0);
  }
  return { initial, initialTotal, appTotal };
}

/** Section for `npm run bench`. */
export async function webSize(): Promise<string[]> {
  const s = measureWebSize();
  const verdict = (n: number) => (n <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET');
  return [
    ...s.initial.map((f) => `  ${f.file.padEnd(40)} ${kb(f.gzip).padStart(10)} gzip`),
    `web first load (index.html entry + modulepreload): ${kb(s.initialTotal)} gzip JS, budget ${kb(BUDGET_BYTES)}: ${verdict(s.initialTotal)}`,
    `web /app first render (+ /app route chunks):       ${kb(s.appTotal)} gzip JS, budget ${kb(BUDGET_BYTES)}: ${verdict(s.appTotal)}`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of await webSize()) console.log(line);
}
