import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db.ts';
import { ledger, PLATFORM_ACCOUNTS, walletCode } from './modules/wallet/index.ts';
import { restoreDataDir } from './platform/ops/backup.ts';
import { secretBoxFor } from './platform/secrets/index.ts';
import { childEnv, repoRoot } from './testing/built.ts';
import { processConfig } from './testing/processes.ts';

/** `npm run backup|restore -- <dir>` as the operator runs it: another process, the server's environment. */
function runScript(command: 'backup' | 'restore', dir: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/backup.ts'), command, dir], {
      cwd: repoRoot,
      env: { ...childEnv(), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run backup / npm run restore (SQLite)', () => {
  it('backs up a running server under writes and restores every acknowledged message, transfer, file and the secrets key', async () => {
    const { config, dataDir } = processConfig({ SEND_RATE_LIMIT: '1000000' });
    // The server's own database file (DATA_DIR/switchboard.db, checkpointed in the background).
    const built = await buildApp(config);
    await built.app.ready();
    const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
      const res = await built.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    await call('POST', '/api/v1/signup/email', { email: 'backup@x.test', name: 'Owner', businessName: 'Backed Up' });
    const outbox = await call('GET', '/api/dev/outbox?to=backup@x.test');
    const code = /\b(\d{6})\b/.exec(outbox.messages[0].body)![1];
    const owner = await call('POST', '/api/v1/email/verify', { email: 'backup@x.test', verificationCode: code });
    const visitor = await call('GET', '/api/v1/allocateTempUserSession');
    const first = await call('POST', `/api/v1/messages?token=${visitor.token}`, { to: owner.username, body: 'm-0' });
    const upload = await built.services.deps.files.put('backup', Buffer.from('an uploaded file'), 'txt');
    secretBoxFor(config); // the secrets key exists from the first use of a stored secret
    const key = fs.readFileSync(path.join(dataDir, 'secrets.key'));

    // Writes go on while the backup runs; each is recorded once acknowledged.
    const acked = { messages: ['m-0'], transfers: [] as string[] };
    let writing = true;
    const writer = (async () => {
      for (let i = 1; writing; i++) {
        await call('POST', `/api/v1/messages?token=${visitor.token}`, { roomId: first.roomId, body: `m-${i}` });
        acked.messages.push(`m-${i}`);
        await ledger.transfer(built.database.db, {
          key: `backup:${i}`,
          debit: PLATFORM_ACCOUNTS.card,
          credit: walletCode(owner.id),
          amount: 1000 + i,
          kind: 'card_topup',
        });
        acked.transfers.push(`backup:${i}`);
      }
    })();
    writer.catch(() => undefined); // awaited below; a failure must not surface as unhandled meanwhile
    while (acked.transfers.length < 3) await new Promise((r) => setTimeout(r, 10)); // some writes before the snapshot starts
    const before = { messages: [...acked.messages], transfers: [...acked.transfers] };
    const dest = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-backup-')), 'copy');
    const backup = await runScript('backup', dest, dataDir);
    const afterCount = acked.messages.length;
    writing = false;
    await writer;
    await built.close();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/^Backed up .* 1 files, secrets key included\.$/m);
    expect(before.transfers.length).toBeGreaterThan(0);
    expect(afterCount).toBeGreaterThan(before.messages.length); // writes really went on during the backup

    const restored = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-restored-'));
    const restore = await runScript('restore', dest, restored);
    expect(restore.code, restore.output).toBe(0);
    expect(fs.readFileSync(path.join(restored, 'secrets.key'))).toEqual(key);
    expect(fs.readFileSync(path.join(restored, 'files', upload.key), 'utf8')).toBe('an uploaded file');

    const db = await openDatabase({ sqliteFile: path.join(restored, 'switchboard.db') });
    try {
      const bodies = new Set((await db.db.selectFrom('messages').select('body').execute()).map((r) => r.body));
      for (const m of before.messages) expect(bodies.has(m), m).toBe(true);
      const keys = new Set((await db.db.selectFrom('ledger_transfers').select('idempotency_key').execute()).map((r) => r.idempotency_key));
      for (const k of before.transfers) expect(keys.has(k), k).toBe(true);
      const check = await ledger.check(db.db);
      expect(check.total).toBe(0);
      expect(check.mismatched).toEqual([]);
    } finally {
      await db.close();
    }

    // Restoring never overwrites a DATA_DIR in use.
    expect(() => restoreDataDir(dest, restored)).toThrow(/is not empty/);
    const again = await runScript('backup', dest, dataDir);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty: back up into a new folder/);
  }, 120_000);
});
