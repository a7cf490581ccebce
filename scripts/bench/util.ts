import { spawn, type ChildProcess } from 'node:child_process';
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
