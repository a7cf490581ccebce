/**
 * Backup and restore of the SQLite default (docs/deploy.md), with the same environment as the server:
 *   npm run backup -- /backups/2026-11-27      online, while the server runs
 *   npm run restore -- /backups/2026-11-27     into an empty DATA_DIR, server stopped
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { BackupError, backupDataDir, restoreDataDir } from '../apps/server/src/platform/ops/backup.ts';

const [command, dir] = process.argv.slice(2);
try {
  if ((command !== 'backup' && command !== 'restore') || !dir)
    throw new BackupError('usage: npm run backup -- <dir> | npm run restore -- <dir>');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  if (config.DATABASE_URL)
    throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deploy.md); this command is for the SQLite default');
  const target = path.resolve(dir);
  if (command === 'backup') {
    const m = await backupDataDir(config.dataDir, target);
    console.log(
      `Backed up ${config.dataDir} into ${target}: database ${m.database.bytes} bytes, ${m.files} files, secrets key ${m.secretsKey ? 'included' : 'not found (SECRETS_KEY from the environment?)'}.`,
    );
  } else {
    const m = restoreDataDir(target, config.dataDir);
    console.log(
      `Restored the backup of ${m.createdAt} into ${config.dataDir}: database, ${m.files} files${m.secretsKey ? ', secrets key' : ''}.`,
    );
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
