/**
 * `npm run bench production`: the production start (`npm run start:prod`, plain node on the esbuild
 * bundle apps/server/dist/main.js) beside `npm start`'s server (tsx compiling TypeScript as it loads),
 * on one endpoint (requests/s, as a ratio) and in cold start-up time: from starting the process on an
 * empty data folder until GET /api/ready answers 200 (migrations done, database answering). The web
 * app's build, which `npm start` also runs first, is left out of both.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { record } from './figures.ts';
import { fmt, freePort, load, withProduct } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STARTS = {
  tsx: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  built: ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
};

/** Milliseconds from spawning the server on an empty data folder until /api/ready answers 200. */
async function coldStart(nodeArgs: string[]): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIP_PORT: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 180_000) throw new Error('not ready within 180 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchProduction(): Promise<string[]> {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build (server) failed: ${build.stderr}`);

  // Cold start-up: three starts each, alternating, the median of each.
  const times: Record<keyof typeof STARTS, number[]> = { tsx: [], built: [] };
  for (let i = 0; i < 3; i++) for (const k of ['tsx', 'built'] as const) times[k].push(await coldStart(STARTS[k]));
  const tsxStart = median(times.tsx);
  const builtStart = median(times.built);

  // Throughput on one JSON endpoint, each server on its own fresh data folder.
  const rps: Record<keyof typeof STARTS, { rps: number; p99: number }> = { tsx: { rps: 0, p99: 0 }, built: { rps: 0, p99: 0 } };
  for (const k of ['tsx', 'built'] as const) {
    rps[k] = await withProduct(
      `production-${k}`,
      {},
      async ({ base, signIn }) => {
        const { token } = await signIn('bench@production.test');
        const r = await load(`${base}/api/v1/account?token=${token}`);
        if (r.non2xx) throw new Error(`non-2xx answers during load (${k})`);
        return r;
      },
      STARTS[k],
    );
  }
  const ratio = rps.built.rps / rps.tsx.rps;
  const startRatio = builtStart / tsxStart;
  record({ section: 'production', name: '/api/v1/account built/tsx ratio', value: Number(ratio.toFixed(3)), unit: '', better: 'higher' });
  record({ section: 'production', name: 'cold start tsx', value: Math.round(tsxStart), unit: 'ms', better: 'lower' });
  record({ section: 'production', name: 'cold start built', value: Math.round(builtStart), unit: 'ms', better: 'lower' });
  return [
    '                                   npm start (tsx)   start:prod (built)   built/tsx',
    `/api/v1/account req/s             ${fmt(rps.tsx.rps).padStart(12)}   ${fmt(rps.built.rps).padStart(15)}   ${ratio.toFixed(2).padStart(9)}`,
    `/api/v1/account p99 ms            ${fmt(rps.tsx.p99, 1).padStart(12)}   ${fmt(rps.built.p99, 1).padStart(15)}`,
    `cold start until /api/ready, ms   ${fmt(tsxStart).padStart(12)}   ${fmt(builtStart).padStart(15)}   ${startRatio.toFixed(2).padStart(9)}`,
    `(start-up: median of 3 each, from spawning node to the first 200 from /api/ready on an empty data folder; ${times.tsx.map((t) => t.toFixed(0)).join('/')} and ${times.built.map((t) => t.toFixed(0)).join('/')} ms)`,
  ];
}
