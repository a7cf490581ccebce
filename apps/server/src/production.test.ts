import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot as root, startBuilt } from './testing/built.ts';
import { signUpOverHttp } from './testing/http.ts';

describe('the production build (npm run build, npm run start:prod)', () => {
  const children: ChildProcess[] = [];
  // A folder of its own under dist/ (the SQLite and PostgreSQL passes may build at the same time, and
  // the browser tests' build is in dist/ itself); under the repository so node_modules resolves.
  fs.mkdirSync(path.join(root, 'apps/server/dist'), { recursive: true });
  const outdir = fs.mkdtempSync(path.join(root, 'apps/server/dist/test-'));
  const entry = path.join(outdir, 'main.js');
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    fs.rmSync(outdir, { recursive: true, force: true });
  });

  it('compiles the server into one module run by plain node, ready on /api/ready and closing cleanly on SIGTERM', async () => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--outdir', outdir], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(build.status, build.stderr).toBe(0);
    const bundle = fs.readFileSync(entry, 'utf8');
    // No TypeScript compiler or bundler at run time; migrations and the shared contracts are inside.
    expect(bundle).not.toMatch(/from ["'](tsx|esbuild|typescript|vite)["'/]/);
    expect(bundle).not.toMatch(/from ["']@switchboard\//);
    // OpenTelemetry is in a chunk of its own, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
    expect(bundle).not.toMatch(/from ["']@opentelemetry\//);
    expect(bundle).toContain('202611220400_foundation');
    expect(fs.existsSync(`${entry}.map`)).toBe(true);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-prod-'));
    const { child, base } = await startBuilt({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') }, entry);
    children.push(child);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ success: true, checks: { database: 'ok', migrations: 'ok' } });
    // Real routes through the compiled code: sign up, then read the account with the session.
    const session = await signUpOverHttp(base, 'prod@x.test');
    const account = await fetch(`${base}/api/v1/account?token=${session.token}`);
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ success: true });

    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});
