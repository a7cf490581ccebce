// ESLint (flat config): typescript-eslint's recommended rules, React's hook rules for the web app,
// and the import boundaries of docs/architecture.md, checked here rather than remembered
// (apps/server/src/lint.test.ts proves each boundary rule on files that break it).
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const dirs = (p) =>
  fs.existsSync(p)
    ? fs
        .readdirSync(p, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/**
 * Server: the platform never imports a module; a module (and app.ts, services.ts, db.ts, tests, scripts)
 * uses another module only through that module's index.ts.
 */
export function serverZones(root = '.') {
  const modules = dirs(`${root}/apps/server/src/modules`);
  return [
    {
      target: `${root}/apps/server/src/platform`,
      from: `${root}/apps/server/src/modules`,
      message: 'The platform never imports a module: pass what it needs in, or move the code into the module.',
    },
    ...modules.map((m) => ({
      target: [
        ...modules.filter((o) => o !== m).map((o) => `${root}/apps/server/src/modules/${o}`),
        `${root}/apps/server/src/*.ts`,
        `${root}/apps/server/src/testing`,
        `${root}/scripts`,
      ],
      from: `${root}/apps/server/src/modules/${m}`,
      except: ['./index.ts'],
      message: `Use the ${m} module only through its index.ts.`,
    })),
  ];
}

/**
 * Web: a component (any .tsx) never calls the API client directly, only its feature's api.ts hooks; a
 * feature uses another feature only through its index.ts or api.ts.
 */
export function webZones(root = '.') {
  const features = dirs(`${root}/apps/web/src/features`);
  return [
    {
      target: `${root}/apps/web/src/**/*.tsx`,
      from: `${root}/apps/web/src/api/client.ts`,
      message: 'Components call the API through their feature’s api.ts hooks, not the client directly.',
    },
    ...features.map((f) => ({
      target: features.filter((o) => o !== f).map((o) => `${root}/apps/web/src/features/${o}`),
      from: `${root}/apps/web/src/features/${f}`,
      except: ['./index.ts', './api.ts'],
      message: `Use the ${f} feature only through its index.ts or api.ts.`,
    })),
  ];
}

/**
 * Web: queries, mutations and their cache live in each feature's api.ts (and the shell's, and src/api/),
 * as hooks and query-key factories (docs/web.md); a component or other file calls those hooks.
 */
const WEB_QUERIES_IN_API =
  "Queries and mutations live in the feature's api.ts: call (or add) a hook there, with its key from the feature's key factory.";
export const webQueryRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: '@tanstack/react-query',
          importNames: ['useQuery', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery', 'useMutation', 'useQueryClient'],
          message: WEB_QUERIES_IN_API,
        },
      ],
      patterns: [{ group: ['**/api/mutation.ts'], importNames: ['useAppMutation'], message: WEB_QUERIES_IN_API }],
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: 'CallExpression[callee.name=/^use(Query|Queries|InfiniteQuery|SuspenseQuery|Mutation|AppMutation|QueryClient)$/]',
      message: WEB_QUERIES_IN_API,
    },
  ],
};

const REPOSITORY_STAYS = "A module's repository stays inside it: export named functions from its index.ts (docs/architecture.md).";
const REPOSITORY_IMPORT = {
  regex: '(^|/)modules/[a-z]+/index\\.ts$|^\\.\\./[a-z]+/index\\.ts$',
  importNamePattern: 'Repository$',
  message: REPOSITORY_STAYS,
};
const REPOSITORY_EXPORT = [
  { selector: 'ExportSpecifier[exported.name=/Repository$/]', message: REPOSITORY_STAYS },
  { selector: 'ExportNamedDeclaration VariableDeclarator[id.name=/Repository$/]', message: REPOSITORY_STAYS },
];

/**
 * SQL lives in repositories: in a module, Kysely's query builders and its `sql` template appear only in
 * `repository.ts` or the module's `repository/` folder (the platform, migrations, tests and
 * apps/server/src/testing are outside modules or ignored below). Services and routes call repository
 * functions, passing their transaction in.
 */
const SQL_IN_REPOSITORIES =
  "SQL lives in the module's repository (repository.ts or repository/): call a repository function, passing the transaction in (docs/architecture.md).";
const QUERY_BUILDERS = [
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'selectNoFrom',
  'with',
  'withRecursive',
];
const SQL_SYNTAX = [
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
    message: SQL_IN_REPOSITORIES,
  },
];
const SQL_IMPORT = { name: 'kysely', importNames: ['sql'], message: SQL_IN_REPOSITORIES };
const MODULE_SQL_FILES = ['apps/server/src/modules/**/*.ts'];
const MODULE_SQL_ALLOWED = [
  'apps/server/src/modules/*/repository.ts',
  'apps/server/src/modules/*/repository/**',
  'apps/server/src/**/*.test.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/public/**', '**/*.d.ts', '**/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // `any` where the shape is not ours to know: tests and their helpers read arbitrary JSON answers,
  // migrations and the database helpers work on `Kysely<any>` (they run before and beside every schema),
  // and the bench drives raw drivers.
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/testing/**', 'apps/server/src/platform/db/**', 'scripts/bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/server/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones() }],
      // What a module offers others is named functions in its index.ts, never its repository.
      'no-restricted-imports': ['error', { patterns: [REPOSITORY_IMPORT] }],
    },
  },
  // A flat config's later block replaces a rule's options, so each block below repeats what applies.
  {
    files: MODULE_SQL_FILES,
    ignores: MODULE_SQL_ALLOWED,
    rules: {
      'no-restricted-imports': ['error', { paths: [SQL_IMPORT], patterns: [REPOSITORY_IMPORT] }],
      'no-restricted-syntax': ['error', ...SQL_SYNTAX],
    },
  },
  {
    files: ['apps/server/src/modules/*/index.ts'],
    rules: { 'no-restricted-syntax': ['error', ...REPOSITORY_EXPORT, ...SQL_SYNTAX] },
  },
  // The web app: React's hook rules, and the feature boundaries below, as errors.
  {
    files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones() }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/api.ts', 'apps/web/src/api/**', 'apps/web/src/main.tsx', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: webQueryRules,
  },
);
