import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The shape of the web app's requests (docs/web.md): a feature's api.ts exports hooks, query-key factories,
 * types and pure helpers; its request functions and objects stay private to it; `useQuery(` and
 * `useMutation(` appear only in api.ts files (eslint.config.js, shown failing below).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const featuresDir = path.join(root, 'apps/web/src/features');

/** The exported names of an api.ts that make a request: they call `api(...)`, directly or through a private helper. */
export function exportedRequests(source: string, file = 'api.ts'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const decls = new Map<string, { node: ts.Node; exported: boolean }>();
  for (const st of sf.statements) {
    const exported = !!ts.getModifiers(st as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(st) && st.name) decls.set(st.name.text, { node: st, exported });
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) decls.set(d.name.text, { node: d, exported });
  }
  const uses = (node: ts.Node) => {
    const names = new Set<string>();
    const walk = (n: ts.Node): void => {
      if (ts.isIdentifier(n)) names.add(n.text);
      ts.forEachChild(n, walk);
    };
    walk(node);
    return names;
  };
  const requests = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, { node }] of decls) {
      if (requests.has(name) || /^use[A-Z]/.test(name)) continue;
      const used = uses(node);
      if (used.has('api') || used.has('fetch') || [...requests].some((r) => used.has(r))) {
        requests.add(name);
        grew = true;
      }
    }
  }
  return [...requests].filter((n) => decls.get(n)!.exported);
}

/** Requests made before React starts, outside any hook: device/boot.ts checks this browser in on load. */
const BOOT_REQUESTS: Record<string, string[]> = { device: ['checkIn'] };

describe('web: requests live in hooks', () => {
  it('no feature api.ts exports a request function or object', () => {
    const found: Record<string, string[]> = {};
    for (const f of fs.readdirSync(featuresDir)) {
      const file = path.join(featuresDir, f, 'api.ts');
      if (!fs.existsSync(file)) continue;
      const names = exportedRequests(fs.readFileSync(file, 'utf8'), file).filter((n) => !BOOT_REQUESTS[f]?.includes(n));
      if (names.length) found[f] = names;
    }
    const shell = path.join(root, 'apps/web/src/shell/api.ts');
    const shellNames = exportedRequests(fs.readFileSync(shell, 'utf8'), shell);
    if (shellNames.length) found.shell = shellNames;
    expect(found).toEqual({});
  });

  it('finds an exported request, direct or through a request object', () => {
    const code = [
      "import { api } from '../../api/client.ts';",
      "const calls = { save: () => api('/x') };",
      'export function saveThing() { return calls.save(); }',
      "export const load = () => api('/y');",
      'export const useSave = () => calls.save();',
      "export const thingKeys = { all: ['thing'] as const };",
    ].join('\n');
    expect(exportedRequests(code).sort()).toEqual(['load', 'saveThing']);
  });
});

describe('web: lint keeps queries in api.ts', { timeout: 30_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  const messages = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  };
  const query = [
    "import { useQuery } from '@tanstack/react-query';",
    "export function Fixture() { return useQuery({ queryKey: ['x'], queryFn: () => 1 }).data; }",
    '',
  ].join('\n');

  it('fails when a component builds its own query', async () => {
    const got = await messages('apps/web/src/features/inbox/components/Fixture.tsx', query);
    expect(got).toHaveLength(2);
    expect(got[0]).toContain("live in the feature's api.ts");
  });

  it('fails when a component runs its own mutation or touches the query cache', async () => {
    const mutation = [
      "import { useAppMutation } from '../../../api/mutation.ts';",
      'export function Fixture() { return useAppMutation(async () => 1); }',
      '',
    ].join('\n');
    expect(await messages('apps/web/src/features/accounts/overlays/Fixture.tsx', mutation)).toHaveLength(2);
    const cache = [
      "import { useQueryClient } from '@tanstack/react-query';",
      "export function useFixture() { const qc = useQueryClient(); return () => qc.invalidateQueries({ queryKey: ['x'] }); }",
      '',
    ].join('\n');
    expect(await messages('apps/web/src/features/agents/useFixture.ts', cache)).toHaveLength(2);
  });

  it('fails in the shell, its overlays and pages too (no file is exempt)', async () => {
    for (const file of [
      'apps/web/src/shell/brandFixture.ts',
      'apps/web/src/overlays/screens/Fixture.tsx',
      'apps/web/src/pages/Fixture.tsx',
      'apps/web/src/features/agents/useAgentEditor.ts',
      'apps/web/src/features/home/signOut.ts',
    ])
      expect(await messages(file, query), file).toHaveLength(2);
  });

  it("allows them in a feature's api.ts, the shell's api.ts and src/api/", async () => {
    expect(await messages('apps/web/src/features/inbox/api.ts', query)).toEqual([]);
    expect(await messages('apps/web/src/shell/api.ts', query)).toEqual([]);
    expect(await messages('apps/web/src/api/dev.ts', query)).toEqual([]);
  });
});
