import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite, SQLITE_BINDING_ENV } from './sqlite.ts';

const require = createRequire(import.meta.url);

describe("the SQLite driver's native addon", () => {
  it('is the one BETTER_SQLITE3_BINDING names when set (npm’s build otherwise), in the Node the pass asked for', () => {
    const db = openSqlite(':memory:');
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
    // Native addons sit in the CommonJS module cache under their resolved file name.
    const loaded = Object.keys(require.cache).filter((f) => f.endsWith('better_sqlite3.node'));
    const binding = process.env[SQLITE_BINDING_ENV];
    // Printed in the test log, so a CI pass shows what it ran on.
    console.log(`node ${process.version} (modules ABI ${process.versions.modules}); better-sqlite3 addon: ${loaded.join(', ')}`);
    if (binding) expect(loaded).toEqual([path.resolve(binding)]);
    else
      expect(loaded).toEqual([
        path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build/Release/better_sqlite3.node'),
      ]);
    // scripts/test.sh sets EXPECT_NODE_MAJOR for the Node 24 pass: the pass fails if another Node ran it.
    const major = process.env.EXPECT_NODE_MAJOR;
    if (major) expect(process.versions.node.split('.')[0]).toBe(major);
  });
});
