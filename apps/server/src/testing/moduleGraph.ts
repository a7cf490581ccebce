import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's module graph, read from the source: which module (a folder of `apps/server/src/modules`)
 * imports which at run time. Type-only imports (`import type`, `export type`, or every name marked
 * `type`) do not count, nor do tests: they vanish from the running program. Used by lint.test.ts (no
 * cycles) and docs.test.ts (docs/architecture.md draws this graph).
 */
export interface ModuleGraph {
  modules: string[];
  /** module → the modules it imports, sorted. */
  edges: Map<string, string[]>;
  /** `from → to` → the files of `from` that import `to` (for messages). */
  via: Map<string, string[]>;
}

export function moduleNames(modulesDir: string): string[] {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'lint-fixtures' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.(test|d)\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** The specifiers a file imports or re-exports at run time (dynamic `import()` included). */
export function runtimeImports(code: string, fileName = 'file.ts'): string[] {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Parsed once per text: the tests build the graph several times. */
const parsed = new Map<string, string[]>();
function importsOf(code: string, file: string): string[] {
  let found = parsed.get(code);
  if (!found) parsed.set(code, (found = runtimeImports(code, file)));
  return found;
}

/** The module a path belongs to, or undefined outside `modulesDir`. */
function moduleOf(modulesDir: string, file: string): string | undefined {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const first = rel.split(path.sep)[0];
  return first && first !== rel ? first : undefined;
}

/**
 * Builds the graph. `extra` adds files that are not on disk (path → source), as a lint test does to show
 * that a new import would close a cycle.
 */
export function moduleGraph(modulesDir: string, extra: Record<string, string> = {}): ModuleGraph {
  const modules = moduleNames(modulesDir);
  const edges = new Map<string, Set<string>>(modules.map((m) => [m, new Set<string>()]));
  const via = new Map<string, string[]>();
  const files = new Map<string, string>();
  for (const f of modules.flatMap((m) => sourceFiles(path.join(modulesDir, m)))) files.set(f, fs.readFileSync(f, 'utf8'));
  for (const [f, code] of Object.entries(extra)) files.set(path.resolve(f), code);
  for (const [file, code] of files) {
    const from = moduleOf(modulesDir, file);
    if (!from) continue;
    for (const spec of importsOf(code, file)) {
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(modulesDir, path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      edges.get(from)?.add(to);
      const key = `${from} → ${to}`;
      via.set(key, [...(via.get(key) ?? []), path.relative(modulesDir, file)]);
    }
  }
  return { modules, edges: new Map([...edges].map(([m, s]) => [m, [...s].sort()])), via };
}

/** Every cycle's modules (strongly connected components of more than one module), each sorted. */
export function moduleCycles(graph: ModuleGraph): string[][] {
  // Tarjan's algorithm.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.edges.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const m of graph.modules) if (!idx.has(m)) strong(m);
  return out;
}

/** One path around a cycle through `start`, as `a → b → … → a`, with the files that make each step. */
export function describeCycle(graph: ModuleGraph, members: string[]): string {
  const inComp = new Set(members);
  const start = members[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  const seen = new Set([start]);
  let last: string | undefined;
  while (queue.length && !last) {
    const v = queue.shift()!;
    for (const w of graph.edges.get(v) ?? []) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        last = v;
        break;
      }
      if (!seen.has(w)) {
        seen.add(w);
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const pathNodes = [start];
  for (let v = last; v && v !== start; v = prev.get(v)) pathNodes.splice(1, 0, v);
  pathNodes.push(start);
  return pathNodes
    .slice(1)
    .map((to, i) => `${pathNodes[i]} → ${to} (${(graph.via.get(`${pathNodes[i]} → ${to}`) ?? []).join(', ')})`)
    .join('\n');
}
