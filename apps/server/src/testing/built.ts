import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SQLITE_BINDING_ENV } from '../platform/db/sqlite.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const builtEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/**
 * What a child process of a test inherits: PATH, and the SQLite addon the test run was given (the
 * Node 24 pass names one built for it; without it the child would load npm's build for another Node).
 */
export function childEnv(): Record<string, string> {
  const binding = process.env[SQLITE_BINDING_ENV];
  return { PATH: process.env.PATH ?? '', ...(binding ? { [SQLITE_BINDING_ENV]: binding } : {}) };
}

/** Starts the built server with plain `node` (what `npm run start:prod` runs); resolves with its address. */
export function startBuilt(
  env: Record<string, string>,
  entry = builtEntry,
): Promise<{ child: ChildProcess; base: string; output: string[] }> {
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: repoRoot,
    env: { ...childEnv(), HOME: os.tmpdir(), HOST: '127.0.0.1', PORT: '0', SIP_PORT: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    // A server that does not come up is stopped here: the caller never gets it to stop.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the built server did not start:\n${output.join('\n')}`));
    }, 60_000);
    child.stderr!.on('data', (d) => output.push(String(d)));
    child.once('exit', (code) => reject(new Error(`the built server exited (${code}):\n${output.join('\n')}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const address = /"address":"([^"]+)"/.exec(line)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve({ child, base: address, output });
      }
    });
  });
}
