import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One access path: every method of a module's service that takes the caller (a parameter typed
 * `AuthContext`, named `ctx` by convention) checks access through `requireAccess` before it reads or
 * writes anything. "Before" means its first awaited call (or, for a method that only hands over to a
 * helper of the same file, that helper's first one) is `requireAccess`; synchronous input checks may
 * come first. The walk reads each modules/<m>/service.ts with the TypeScript compiler.
 */
const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

/**
 * Methods that take the caller and legitimately start elsewhere, with why. Keep it short: a method
 * that acts on what the caller's organization owns belongs in the access table (apps/server/src/access.ts).
 */
const ALLOWED: Record<string, string> = {
  // The caller's own user: their devices, push subscriptions, preferences and notifications.
  'device.identity': "the caller's own device identity",
  'device.saveIdentity': "the caller's own device identity",
  'device.devices': "the caller's own devices",
  'device.pushConfig': 'the push configuration offered to the caller',
  'device.setPreference': "the caller's own preference",
  'device.subscribe': "the caller's own push subscription",
  'device.unsubscribe': "the caller's own push subscription",
  'notifications.list': "the caller's own notifications",
  'notifications.markRead': "the caller's own notifications",
  // Super admin routes are refused to anyone else before the service runs (superadmin/routes.ts).
  'superadmin.disable': 'super admins only, checked by the routes',
  'superadmin.enable': 'super admins only, checked by the routes',
  'superadmin.createPartner': 'super admins only (or the setup script, without a caller)',
  // A conversation found by username: it opens the room through open(), which checks room.member.
  'conversations.withUsername': 'opens the room through open(), which starts with requireAccess',
  // The block list of the caller's inbox, or of the caller itself when it writes as a visitor.
  'conversations.blockStatus': "the caller's own block list",
  'conversations.block': "the caller's own block list",
  'accounts.saveSettings': "the acting account's own interface settings (onboarding, layout)",
};

const isFunction = (n: ts.Node): n is ts.FunctionLikeDeclaration =>
  ts.isMethodDeclaration(n) || ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n);

function calleeName(call: ts.CallExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return '';
}

/** The service methods of one service.ts that take the caller, each with whether it starts with requireAccess. */
export function serviceMethods(file: string, source = fs.readFileSync(file, 'utf8')): { name: string; checked: boolean }[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  // Helpers of the same file a method may hand over to (functions and consts holding functions).
  const helpers = new Map<string, ts.FunctionLikeDeclaration>();
  const collect = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n) && n.name) helpers.set(n.name.text, n);
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && isFunction(n.initializer)) {
      helpers.set(n.name.text, n.initializer);
    }
    ts.forEachChild(n, collect);
  };
  collect(sf);

  /** Whether the first awaited call of a function (or its first call to a helper) is requireAccess. */
  const startsWithAccess = (fn: ts.FunctionLikeDeclaration, seen: Set<ts.Node>): boolean => {
    if (!fn.body || seen.has(fn)) return false;
    seen.add(fn);
    let first: ts.CallExpression | undefined;
    const walk = (n: ts.Node) => {
      if (first) return;
      if (n !== fn && isFunction(n)) return; // a nested function runs later, if at all
      if (ts.isAwaitExpression(n) && ts.isCallExpression(n.expression)) {
        first = n.expression;
        return;
      }
      if (ts.isCallExpression(n) && (calleeName(n) === 'requireAccess' || helpers.has(calleeName(n)))) {
        first = n;
        return;
      }
      ts.forEachChild(n, walk);
    };
    ts.forEachChild(fn, walk);
    if (!first) return false;
    const name = calleeName(first);
    if (name === 'requireAccess') return true;
    const helper = helpers.get(name);
    return helper !== undefined && startsWithAccess(helper, seen);
  };

  const found: { name: string; checked: boolean }[] = [];
  const visit = (n: ts.Node) => {
    // The service is the object literal a create*Service factory returns.
    if (ts.isReturnStatement(n) && n.expression && ts.isObjectLiteralExpression(n.expression)) {
      for (const p of n.expression.properties) {
        const fn = ts.isMethodDeclaration(p) ? p : ts.isPropertyAssignment(p) && isFunction(p.initializer) ? p.initializer : undefined;
        if (!fn || !p.name) continue;
        const takesCaller = fn.parameters.some((q) => q.type !== undefined && /\bAuthContext\b/.test(q.type.getText(sf)));
        if (takesCaller) found.push({ name: p.name.getText(sf), checked: startsWithAccess(fn, new Set()) });
      }
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(sf, (n) => {
    if (ts.isFunctionDeclaration(n) && n.name && /^create\w*Service$/.test(n.name.text)) visit(n);
  });
  return found;
}

function allServices() {
  return fs
    .readdirSync(modulesDir)
    .filter((m) => fs.existsSync(path.join(modulesDir, m, 'service.ts')))
    .flatMap((m) => serviceMethods(path.join(modulesDir, m, 'service.ts')).map((x) => ({ ...x, name: `${m}.${x.name}` })));
}

describe('access: every service method that takes the caller starts with requireAccess', () => {
  const methods = allServices();

  it('finds the services and their methods', () => {
    expect(methods.length).toBeGreaterThan(100);
    expect(methods.filter((m) => m.name.startsWith('conversations.')).length).toBeGreaterThanOrEqual(19);
  });

  it('has no method outside the access table but the listed ones', () => {
    const unchecked = methods.filter((m) => !m.checked && !(m.name in ALLOWED)).map((m) => m.name);
    expect(unchecked).toEqual([]);
  });

  it('keeps the lists honest: every listed method exists and still needs its entry', () => {
    const byName = new Map(methods.map((m) => [m.name, m]));
    expect(Object.keys(ALLOWED).filter((n) => !byName.has(n))).toEqual([]);
    expect(Object.keys(ALLOWED).filter((n) => byName.get(n)?.checked)).toEqual([]);
  });

  it('fails a method whose first awaited call is not requireAccess, and passes one that checks first', () => {
    const source = `
      export function createThingsService(deps: Deps) {
        const { requireAccess } = deps;
        const thingOf = async (ctx: AuthContext, id: string) => (await requireAccess(ctx, 'thing', [id])).get(id)!;
        async function loose(ctx: AuthContext) { return repo.all(ctx.acting.id); }
        return {
          async first(ctx: AuthContext, id: number) {
            if (!id) throw badRequest('id');
            await deps.requireAccess(ctx, 'canViewOrg');
            return repo.get(id);
          },
          async late(ctx: AuthContext, id: number) {
            const row = await repo.get(id);
            await deps.requireAccess(ctx, 'canViewOrg');
            return row;
          },
          async none(ctx: AuthContext) { return repo.all(ctx.acting.id); },
          viaHelper: (ctx: AuthContext, id: string) => thingOf(ctx, id),
          viaLooseHelper: (ctx: AuthContext) => loose(ctx),
          async noCaller(id: number) { return repo.get(id); },
        };
      }`;
    expect(serviceMethods('things/service.ts', source)).toEqual([
      { name: 'first', checked: true },
      { name: 'late', checked: false },
      { name: 'none', checked: false },
      { name: 'viaHelper', checked: true },
      { name: 'viaLooseHelper', checked: false },
    ]);
  });
});
