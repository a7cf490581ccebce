import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p99: number;
  p95?: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL; a short warm-up first so JIT and caches settle. */
export async function load(url: string, opts: { connections?: number; seconds?: number } = {}): Promise<LoadResult> {
  await autocannon({ url, connections: 10, duration: 1 });
  const r = await autocannon({ url, connections: opts.connections ?? 20, duration: opts.seconds ?? 5 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function start(cmd: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

export async function stop(p: ChildProcess): Promise<void> {
  if (p.exitCode != null) return;
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

export const fmt = (n: number, d = 0) => n.toFixed(d).padStart(8);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1 (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The product started by `npm start`'s entry on a fresh data folder, with what every bench needs to seed it. */
export interface Product {
  base: string;
  dataDir: string;
  /** The server process (for its memory). */
  pid: number;
  /** POST JSON, the parsed answer. */
  post(url: string, body: unknown): Promise<any>;
  /** Signs up (or in) by e-mail with the code from the local outbox. */
  signIn(email: string, opts?: { signup?: boolean; businessName?: string }): Promise<{ token: string; id: number; username: string }>;
}

/**
 * Runs `fn` against a freshly started product and always stops it and removes its data. `env` adds
 * settings (LOG_LEVEL defaults to warn: a log line per request is not what a bench measures).
 */
export async function withProduct<T>(
  name: string,
  env: Record<string, string>,
  fn: (p: Product) => Promise<T>,
  /** Node's arguments: `npm start`'s server (through tsx) unless given (the production bench runs the build). */
  nodeArgs: string[] = ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sb-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir>: the product writes a V8 CPU profile there when it stops (open it in Chrome
  // DevTools, or sum self time by function with scripts/bench/profile-top.ts).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = start(process.execPath, [...prof, ...nodeArgs], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIGNIN_RATE_LIMIT: '100000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ...env,
  });
  try {
    await waitFor(`${base}/api/health`);
    const post = async (url: string, body: unknown) =>
      (await (
        await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      ).json()) as any;
    const signIn: Product['signIn'] = async (email, opts = {}) => {
      // Sign-in takes only the address (any other field is refused by name).
      const asked = await post(
        opts.signup === false ? '/api/v1/signin/email' : '/api/v1/signup/email',
        opts.signup === false ? { email } : { email, businessName: opts.businessName ?? 'Bench' },
      );
      // Wait for the code in the outbox (briefly: it may be written after the answer).
      for (let i = 0; i < 100; i++) {
        const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as any;
        const code = outbox.messages[0]?.body.match(/(\d{6})/)?.[1];
        if (code) return post('/api/v1/email/verify', { email, verificationCode: code });
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no sign-in code for ${email} in the outbox; the sign-up answered ${JSON.stringify(asked)}`);
    };
    return await fn({ base, dataDir, pid: server.pid!, post, signIn });
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` (a section's measured window, in this process) under the V8 profiler when BENCH_CPU_PROF
 * is set, writing `<dir>/<name>.cpuprofile` (for the in-process sections, whose measured window is a
 * small part of a `--cpu-prof` of the whole run); otherwise just runs it.
 */
export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return fn();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** The p-th percentile of a list (nearest rank below), NaN for an empty one. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

/**
 * Starts a Node process (IPC on) with its open-file limit raised to the hard limit first (a shell's
 * `ulimit -n` before exec, as Node cannot raise its own): for processes that hold thousands of sockets.
 */
export function startWithFileLimit(nodeArgs: string[], env: Record<string, string>): ChildProcess {
  return start('sh', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', process.execPath, ...nodeArgs], env);
}

/** The hard limit on open files of processes started from here (Infinity when unlimited). */
export function hardFileLimit(): number {
  const out = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return out === 'unlimited' ? Infinity : Number(out);
}

/** What scripts/soak-probe.ts answers from inside a process. */
export interface Probe {
  rss: number;
  heapUsed: number;
  lagP99Ms: number;
  lagMaxMs: number;
  handles: number;
  cpuMicros: number;
}

/**
 * Asks a process that loaded scripts/soak-probe.ts for its figures: after a full collection (with
 * --expose-gc) unless `gc` is false (a CPU time read between two probes then holds no collection).
 */
export async function probe(child: ChildProcess, { gc = true } = {}): Promise<Probe> {
  return (await ask<{ probe: Probe }>(child, gc ? 'probe' : 'sample', 'probe', 30_000)).probe;
}

/** Sends a child a message (none when undefined) and waits for its next message that has `key`. */
export function ask<T>(child: ChildProcess, message: unknown, key: string, timeoutMs = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = () => (clearTimeout(timer), child.off('message', onMessage), child.off('exit', onExit));
    const timer = setTimeout(() => (done(), reject(new Error(`no ${key} from the child within ${timeoutMs} ms`))), timeoutMs);
    const onExit = (code: number | null) => (done(), reject(new Error(`the child exited (${code}) before its ${key}`)));
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !(key in m)) return;
      done();
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message !== undefined) child.send(message as string);
  });
}

/** The settings of a server the bench starts on its own data folder: quiet log, no job worker (a bench measures requests). */
export function benchServerEnv(port: number, dataDir: string, more: Record<string, string> = {}): Record<string, string> {
  return { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS_AUTOSTART: 'false', ...more };
}
