import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleGraph } from './testing/moduleGraph.ts';

/**
 * The docs say what the code has: docs/architecture.md lists the real modules and their dependencies,
 * every file a doc names exists, the storage keys docs/web.md lists are the ones the web app uses, and
 * no doc or comment cites a tracker issue number (it means nothing to a reader of the code).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const docsDir = path.join(root, 'docs');
const docs = fs
  .readdirSync(docsDir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ name: `docs/${f}`, text: fs.readFileSync(path.join(docsDir, f), 'utf8') }));

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'screenshots', 'lint-fixtures']);
function walk(dir: string, rel = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name.startsWith('.') && d.name !== '.ci') return [];
    const r = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) return SKIP_DIRS.has(d.name) ? [] : walk(path.join(dir, d.name), r);
    return [r];
  });
}
const files = walk(root);

/** The graph block of docs/architecture.md: `module → dependencies`, one line each, from the bottom up. */
function documentedGraph(text: string): [string, string[]][] {
  const block = /<!-- module graph[^\n]*-->\s*```text\n([\s\S]*?)```/.exec(text);
  if (!block) throw new Error('docs/architecture.md has no module graph block');
  return block[1]!
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [name, deps = ''] = l.split('→');
      return [name!.trim(), deps.trim().split(/\s+/).filter(Boolean)];
    });
}

/** A path-like name in backticks: with a slash and a source extension, or ending in a slash (a folder). */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((p) => !p.startsWith('@') && !p.startsWith('/') && !/^[A-Z_]+\//.test(p) && !p.includes('://'))
    .filter(
      (p) =>
        (p.includes('/') && (/\.(ts|tsx|js|json|md|sh|css|html)$/.test(p) || /^[\w.-]+(\/[\w.-]+)*\/$/.test(p))) ||
        /^[\w.-]+\.(ts|tsx|md)$/.test(p),
    );
}

/** Folders the build and the tests write (`.gitignore`): named in docs, never in the repository. */
const generated = fs
  .readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .filter((l) => /^[\w-]+\/[\w/-]+\/$/.test(l.trim()));
/** Folder names ignored wherever they are (`dist/`): build output. */
const ignoredFolders = fs
  .readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => /^[\w-]+\/$/.test(l))
  .map((l) => l.slice(0, -1));

/** `a/{b,c}.ts` names a/b.ts and a/c.ts; `<name>` is a placeholder: the folder before it must exist. */
function exists(named: string): boolean {
  const brace = /\{([^}]*)\}/.exec(named);
  if (brace) return brace[1]!.split(',').every((alt) => exists(named.replace(brace[0], alt)));
  if (named.includes('<')) return exists(named.slice(0, named.indexOf('<')).replace(/[^/]*$/, ''));
  if (generated.some((g) => named.startsWith(g))) return true;
  if (ignoredFolders.some((folder) => named.split('/').slice(0, -1).includes(folder))) return true;
  if (named.endsWith('/')) return files.some((f) => f.startsWith(named) || f.includes(`/${named}`));
  return files.some((f) => f === named || f.endsWith(`/${named}`));
}

describe('docs match the code', () => {
  it('docs/architecture.md lists every module, from the bottom up, with what it imports', () => {
    const graph = moduleGraph(path.join(root, 'apps/server/src/modules'));
    const listed = documentedGraph(docs.find((d) => d.name === 'docs/architecture.md')!.text);
    const expected = graph.modules.map((m) => `${m.padEnd(14)} → ${graph.edges.get(m)!.join(' ')}`.trimEnd());
    const hint = `The modules and their run-time imports are (order them from the bottom up):\n${expected.join('\n')}`;
    expect(listed.map(([m]) => m).sort(), hint).toEqual(graph.modules);
    for (const [m, deps] of listed) expect(deps.sort(), `${m}: ${hint}`).toEqual(graph.edges.get(m));
    // Bottom up: every module's dependencies are listed above it.
    const seen = new Set<string>();
    for (const [m, deps] of listed) {
      expect(
        deps.filter((d) => !seen.has(d)),
        `${m} imports modules listed below it`,
      ).toEqual([]);
      seen.add(m);
    }
  });

  it('every file a doc names exists', () => {
    const missing = docs.flatMap((d) =>
      namedPaths(d.text)
        .filter((p) => !exists(p))
        .map((p) => `${d.name}: ${p}`),
    );
    expect(missing).toEqual([]);
    // The check sees what it should: a named file that is not there.
    expect(namedPaths('see `apps/server/src/nowhere.ts` and `modules/accounts/index.ts`').filter((p) => !exists(p))).toEqual([
      'apps/server/src/nowhere.ts',
    ]);
  });

  it("docs/web.md's storage keys are the ones the web app reads and writes", () => {
    const web = docs.find((d) => d.name === 'docs/web.md')!.text;
    const table = /Local storage keys[\s\S]*?\n\n((?:\|[^\n]*\n)+)/.exec(web);
    expect(table, 'docs/web.md has a table of local storage keys').not.toBeNull();
    const documented = table![1]!
      .split('\n')
      .slice(2)
      .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]!))
      .sort();
    const source = files
      .filter((f) => /^apps\/web\/src\/.*\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => fs.readFileSync(path.join(root, f), 'utf8'))
      .join('\n');
    const used = [...new Set([...source.matchAll(/STORAGE_KEYS\.(\w+)/g)].map((m) => m[1]!))].sort();
    expect(documented).toEqual(used);
  });

  it('no doc or comment cites a tracker issue number', () => {
    const cites = /\b[Ii]ssues? #?\d{1,3}\b/;
    const checked = files.filter(
      (f) => /^(docs|apps|packages|e2e|scripts)\/.*\.(md|ts|tsx|js)$/.test(f) || f === 'README.md' || f === 'eslint.config.js',
    );
    const found = checked.flatMap((f) =>
      fs
        .readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (cites.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
