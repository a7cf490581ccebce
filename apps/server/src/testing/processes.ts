import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../config.ts';

/** Where the tests of several server processes find PostgreSQL and Redis. */
export const PROCESSES_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
export const PROCESSES_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why PostgreSQL and Redis cannot serve a test of two processes, or null when both answer. */
export async function pgAndRedisUnreachable(): Promise<string | null> {
  try {
    const c = new pg.Client({ connectionString: PROCESSES_PG_URL, connectionTimeoutMillis: 1500 });
    await c.connect();
    await c.end();
  } catch {
    return `PostgreSQL is not reachable at ${PROCESSES_PG_URL}`;
  }
  const r = new Redis(PROCESSES_REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch {
    return `Redis is not reachable at ${PROCESSES_REDIS_URL}`;
  } finally {
    r.disconnect();
  }
}

/** The configuration of one more server "process" in a test: its own data directory, quiet, no jobs, no SIP port. */
export function processConfig(env: Record<string, string> = {}): { config: Config; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-test-proc-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOBS_AUTOSTART: 'false',
    SIGNIN_RATE_LIMIT: '10000',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SIP_PORT: 'off',
    // Without a model the agent only takes messages; tests of functions use the keyword stand-in
    // (tests of the message taker pass LLM_STAND_IN: 'none').
    LLM_STAND_IN: 'keywords',
    ...env,
  });
  return { config, dataDir };
}

/** A WebSocket that keeps every JSON message it receives and the close code (a listen-in socket). */
export function recordingSocket(url: string): Promise<{ ws: WebSocket; messages: any[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: any[] = [];
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
  });
}
