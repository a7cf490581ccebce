import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Table ownership: each module's tables.ts declares its tables (the `<Name>Tables` interface), and a
 * module's repository names only its own. Another module's rows are read through that module's
 * index.ts, or in a read model declared as such (`repository/readModels.ts`, whose header names the
 * tables it reads and why); they are written only through the owning module.
 */
const modules = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

/** Table name → owning module, from every `export interface <Name>Tables { table: Row; ... }`. */
export function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const m of fs.readdirSync(modules)) {
    const file = path.join(modules, m, 'tables.ts');
    if (!fs.existsSync(file)) continue;
    for (const block of fs.readFileSync(file, 'utf8').matchAll(/export interface \w+Tables\b[^{]*\{([^}]*)\}/g)) {
      for (const key of block[1]!.matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm)) owners.set(key[1]!, m);
    }
  }
  return owners;
}

const TABLE_USE =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*\[?\s*['"`]([a-z_][a-z0-9_]*)/g;

/** The tables of other modules that this source names in a query builder: `line: method('table') → owner`. */
export function foreignTables(source: string, module: string, owners: Map<string, string>): string[] {
  const found: string[] = [];
  for (const hit of source.matchAll(TABLE_USE)) {
    const owner = owners.get(hit[2]!);
    if (owner && owner !== module) {
      found.push(`${source.slice(0, hit.index).split('\n').length}: ${hit[1]}('${hit[2]}') → ${owner}`);
    }
  }
  return found;
}

/** A module's repository files: repository.ts and repository/*.ts, read models left out. */
function repositoryFiles(m: string): string[] {
  const files = [path.join(modules, m, 'repository.ts')].filter((f) => fs.existsSync(f));
  const dir = path.join(modules, m, 'repository');
  if (fs.existsSync(dir)) {
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.ts') && f !== 'readModels.ts') files.push(path.join(dir, f));
  }
  return files;
}

describe("tables: a repository names only its own module's tables", () => {
  const owners = tableOwners();

  it('reads every tables.ts (usage_daily is stats’, accounts is accounts’, rooms is conversations’)', () => {
    expect(owners.get('usage_daily')).toBe('stats');
    expect(owners.get('accounts')).toBe('accounts');
    expect(owners.get('check_ins')).toBe('accounts');
    expect(owners.get('rooms')).toBe('conversations');
    expect(owners.get('memberships')).toBe('admins');
  });

  it('finds a query on another module’s table (as device once read check_ins, numbers joined accounts)', () => {
    const code = [
      "db.selectFrom('check_ins').selectAll()",
      "db.selectFrom('phone_numbers').innerJoin('accounts as a', 'a.id', 'phone_numbers.account_id')",
      "db.insertInto('usage_daily').values(v)",
      "db.updateTable('push_subscriptions').set(p)",
    ].join('\n');
    expect(foreignTables(code, 'device', owners)).toEqual([
      "1: selectFrom('check_ins') → accounts",
      "2: selectFrom('phone_numbers') → numbers",
      "2: innerJoin('accounts') → accounts",
      "3: insertInto('usage_daily') → stats",
    ]);
  });

  it('no repository outside readModels.ts names another module’s table', () => {
    const found: string[] = [];
    for (const m of fs.readdirSync(modules)) {
      for (const file of repositoryFiles(m)) {
        for (const f of foreignTables(fs.readFileSync(file, 'utf8'), m, owners)) found.push(`${path.relative(modules, file)}:${f}`);
      }
    }
    expect(found).toEqual([]);
  });
});
