import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCycle, moduleCycles, moduleGraph, runtimeImports } from './testing/moduleGraph.ts';

/**
 * The import boundaries of eslint.config.js, shown on code that breaks them: each case lints one
 * import as if it were written in a file at that path of the real tree (the imported files exist).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

async function boundaryMessages(file: string, code: string, rules = ['import-x/no-restricted-paths']) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? '')).map((m) => ({ severity: m.severity, message: m.message }));
}

describe('lint: import boundaries', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it('fails when the platform imports a module (as jobs/queue.ts once imported conversations/tables.ts)', async () => {
    const found = await boundaryMessages(
      'apps/server/src/platform/jobs/fixture.ts',
      "export type { JobsTable } from '../../modules/conversations/tables.ts';\n",
    );
    expect(found).toEqual([{ severity: 2, message: expect.stringContaining('The platform never imports a module') }]);
    // Even through the module's index: the platform knows no module at all.
    expect(
      await boundaryMessages('apps/server/src/platform/http/fixture.ts', "export { authOf } from '../../modules/auth/index.ts';\n"),
    ).toHaveLength(1);
  });

  it("fails when a module reaches into another module's files (as http/auth.ts once used three repositories)", async () => {
    const found = await boundaryMessages(
      'apps/server/src/modules/search/fixture.ts',
      "export { tokensRepository } from '../auth/repository.ts';\n",
    );
    expect(found).toEqual([{ severity: 2, message: expect.stringContaining('Use the auth module only through its index.ts') }]);
    // app.ts, services.ts and db.ts follow the same rule.
    expect(
      await boundaryMessages('apps/server/src/fixture.ts', "export { createAuthService } from './modules/auth/service.ts';\n"),
    ).toHaveLength(1);
  });

  it('fails when a module hands out its repository or another takes it (as accounts once exported accountsRepository to 15 files)', async () => {
    const rules = ['no-restricted-imports', 'no-restricted-syntax'];
    const take = await boundaryMessages(
      'apps/server/src/modules/search/fixture.ts',
      "import { accountsRepository } from '../accounts/index.ts';\nexport const r = accountsRepository;\n",
      rules,
    );
    expect(take).toEqual([{ severity: 2, message: expect.stringContaining('repository stays inside it') }]);
    expect(
      await boundaryMessages(
        'apps/server/src/fixture.ts',
        "import { tokensRepository } from './modules/auth/index.ts';\nexport const r = tokensRepository;\n",
        rules,
      ),
    ).toHaveLength(1);
    const hand = await boundaryMessages(
      'apps/server/src/modules/accounts/index.ts',
      "export { accountsRepository } from './repository.ts';\n",
      rules,
    );
    expect(hand).toEqual([{ severity: 2, message: expect.stringContaining('repository stays inside it') }]);
    // Named functions are the way.
    expect(
      await boundaryMessages(
        'apps/server/src/modules/search/fixture.ts',
        "import { findAccount } from '../accounts/index.ts';\nexport const f = findAccount;\n",
        rules,
      ),
    ).toEqual([]);
  });

  it('fails on SQL outside a repository (as wallet/ledger.ts and a payout route once held their own queries)', async () => {
    const rules = ['no-restricted-syntax', 'no-restricted-imports'];
    const query = "import type { Db } from '../../db.ts';\nexport const f = (db: Db) => db.selectFrom('payouts').selectAll().execute();\n";
    const template = "import { sql } from 'kysely';\nexport const one = sql`1`;\n";
    const writes =
      "import type { Db } from '../../db.ts';\n" +
      'export async function f(db: Db) {\n' +
      "  await db.transaction().execute((trx) => trx.updateTable('payouts').set({ status: 'paid' }).execute());\n" +
      "  await db.deleteFrom('payouts').execute();\n" +
      '}\n';
    for (const file of ['apps/server/src/modules/wallet/ledger.ts', 'apps/server/src/modules/wallet/payoutRoutes.ts']) {
      expect(await boundaryMessages(file, query, rules)).toEqual([
        { severity: 2, message: expect.stringContaining('SQL lives in the module') },
      ]);
      expect(await boundaryMessages(file, template, rules)).toEqual([
        { severity: 2, message: expect.stringContaining('SQL lives in the module') },
      ]);
      expect(await boundaryMessages(file, writes, rules)).toHaveLength(2);
    }
    // The rule still reports in an index.ts, where the repository-export rule shares no-restricted-syntax.
    expect(await boundaryMessages('apps/server/src/modules/wallet/index.ts', query, rules)).toHaveLength(1);
    // Repositories, the platform, migrations and tests may hold SQL.
    for (const file of [
      'apps/server/src/modules/wallet/repository.ts',
      'apps/server/src/modules/wallet/repository/ledger.ts',
      'apps/server/src/platform/db/fixture.ts',
      'apps/server/src/platform/db/migrations/fixture.ts',
      'apps/server/src/modules/wallet/fixture.test.ts',
      'apps/server/src/testing/fixture.ts',
    ]) {
      expect(await boundaryMessages(file, query + template, rules)).toEqual([]);
    }
  });

  it("passes a module's own files, another module's index.ts, and the platform", async () => {
    const code = [
      "export { tokensRepository } from './repository.ts';",
      "export { accountsModule } from '../accounts/index.ts';",
      "export { route } from '../../platform/http/route.ts';",
      '',
    ].join('\n');
    expect(await boundaryMessages('apps/server/src/modules/auth/fixture.ts', code)).toEqual([]);
  });

  it('fails (web) when a component calls the API client or a feature reaches into another', async () => {
    const client = await boundaryMessages(
      'apps/web/src/features/inbox/components/Fixture.tsx',
      "export { api } from '../../../api/client.ts';\n",
    );
    expect(client).toEqual([{ severity: 2, message: expect.stringContaining('not the client directly') }]);
    // A shell overlay is a component too; the shared api/ helpers (mutation.ts) are what components use.
    expect(
      await boundaryMessages('apps/web/src/overlays/screens/Fixture.tsx', "export { api } from '../../api/client.ts';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryMessages('apps/web/src/overlays/screens/Fixture.tsx', "export { ApiError } from '../../api/mutation.ts';\n"),
    ).toEqual([]);
    // A feature's own api.ts (not a component) calls the client.
    expect(await boundaryMessages('apps/web/src/features/inbox/api.ts', "export { api } from '../../api/client.ts';\n")).toEqual([]);
    // Any inbox file other than its index.ts and api.ts.
    const inner = fs
      .readdirSync(path.join(root, 'apps/web/src/features/inbox'))
      .find((f) => /\.tsx?$/.test(f) && !/^(index|api)\./.test(f));
    const reach = await boundaryMessages('apps/web/src/features/accounts/Fixture.tsx', `export * from '../inbox/${inner}';\n`);
    expect(reach).toEqual([{ severity: 2, message: expect.stringContaining('Use the inbox feature only through its index.ts or api.ts') }]);
    expect(await boundaryMessages('apps/web/src/features/accounts/Fixture.tsx', "export * from '../inbox/api.ts';\n")).toEqual([]);
  });

  it('fails (web) on a hook called after an early return, as pages/MobileStart.tsx once did', async () => {
    const code = [
      "import { useState } from 'react';",
      'export default function Fixture({ done }: { done: boolean }) {',
      '  if (done) return null;',
      '  const [n] = useState(0);',
      '  return n;',
      '}',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src/pages/Fixture.tsx') });
    expect(result!.messages.filter((m) => m.ruleId === 'react-hooks/rules-of-hooks').map((m) => m.severity)).toEqual([2]);
  });
});

/**
 * The module graph (docs/architecture.md): modules import only modules below them, so there is no
 * cycle. A lower module that needs a higher one takes a typed function in its factory (a port), wired in
 * services.ts or app.ts. Type-only imports do not count: they vanish at run time.
 */
describe('lint: modules depend one way', () => {
  const modulesDir = path.join(root, 'apps/server/src/modules');

  it('has no cycle between modules', () => {
    const graph = moduleGraph(modulesDir);
    const cycles = moduleCycles(graph).map((c) => describeCycle(graph, c));
    expect(cycles, `Modules that import each other, directly or around a loop:\n${cycles.join('\n\n')}`).toEqual([]);
  });

  it('fails on a new import that closes a loop (as auth once imported referrals, and referrals auth)', () => {
    // accounts is at the bottom; one runtime import of auth from it closes accounts → auth → accounts.
    const graph = moduleGraph(modulesDir, {
      [path.join(modulesDir, 'accounts/fixture.ts')]: "import { authOf } from '../auth/index.ts';\nexport const f = authOf;\n",
    });
    const cycles = moduleCycles(graph);
    expect(cycles).toEqual([expect.arrayContaining(['accounts', 'auth'])]);
    expect(describeCycle(graph, cycles[0]!)).toContain('accounts/fixture.ts');
    // A longer loop is found too: conversations → contacts is allowed, contacts → conversations closes it.
    const longer = moduleGraph(modulesDir, {
      [path.join(modulesDir, 'contacts/fixture.ts')]: "export { roomsWithAddresses } from '../conversations/index.ts';\n",
    });
    expect(moduleCycles(longer)).toEqual([expect.arrayContaining(['contacts', 'conversations'])]);
  });

  it('counts run-time imports only (a type, or a port handed in, is no edge)', () => {
    expect(
      runtimeImports("import type { A } from './a.ts';\nimport { type B, type C } from './b.ts';\nexport type { D } from './d.ts';\n"),
    ).toEqual([]);
    expect(
      runtimeImports(
        "import { type B, c } from './b.ts';\nexport { e } from './e.ts';\nimport './side.ts';\nconst m = () => import('./lazy.ts');\n",
      ),
    ).toEqual(['./b.ts', './e.ts', './side.ts', './lazy.ts']);
    const graph = moduleGraph(modulesDir, {
      [path.join(modulesDir, 'accounts/fixture.ts')]:
        "import type { AuthContext } from '../auth/index.ts';\nexport type A = AuthContext;\n",
    });
    expect(moduleCycles(graph)).toEqual([]);
  });
});

/**
 * No server file is over 400 lines (docs/architecture.md): a file that grows past it is split by concern.
 * Tests and migrations are exempt.
 */
describe('lint: server files stay under 400 lines', () => {
  const MAX_LINES = 400;
  const srcDir = path.join(root, 'apps/server/src');
  const sourceFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) return d.name === 'migrations' ? [] : sourceFiles(full);
      return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [full] : [];
    });
  const lineCounts = new Map(
    sourceFiles(srcDir).map((f) => [path.relative(srcDir, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8').split('\n').length - 1]),
  );

  it('reads the whole server tree, tests and migrations aside', () => {
    expect(lineCounts.size).toBeGreaterThan(200);
    expect(lineCounts.has('modules/conversations/service.ts')).toBe(true);
    expect([...lineCounts.keys()].filter((f) => f.endsWith('.test.ts') || f.includes('migrations/'))).toEqual([]);
  });

  it('has no file over 400 lines', () => {
    const over = [...lineCounts].filter(([, n]) => n > MAX_LINES).map(([f, n]) => `${f} (${n})`);
    expect(over, 'Split these by concern (docs/architecture.md, "Files over 400 lines")').toEqual([]);
  });
});
