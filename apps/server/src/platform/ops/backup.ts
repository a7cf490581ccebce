import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openSqlite } from '../db/sqlite.ts';

/** What a backup folder holds, besides manifest.json. */
export const DB_FILE = 'switchboard.db';
export const FILES_DIR = 'files';
export const KEY_FILE = 'secrets.key';
export const MANIFEST = 'manifest.json';

export interface Manifest {
  format: 1;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  files: number;
  secretsKey: boolean;
}

export class BackupError extends Error {}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
}

/**
 * An online backup of a SQLite DATA_DIR while the server runs: the database through SQLite's backup
 * API (better-sqlite3's `db.backup()`, a consistent snapshot; the server keeps writing meanwhile), then
 * the uploaded files, then the secrets key. Files are copied after the database, and are never changed
 * once written, so every file the copied database refers to is in the copy. Into an empty `dest`.
 */
export async function backupDataDir(dataDir: string, dest: string): Promise<Manifest> {
  const source = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(source))
    throw new BackupError(`No database at ${source}: is DATA_DIR right? (PostgreSQL: see docs/deploy.md for pg_dump)`);
  if (fs.existsSync(dest) && fs.readdirSync(dest).length) throw new BackupError(`${dest} is not empty: back up into a new folder`);
  fs.mkdirSync(dest, { recursive: true });

  const db = openSqlite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // After the first step, copy every remaining page in one step: a step interrupted by the server's
    // writes restarts, and a single step holds only a read snapshot (WAL: writers go on).
    await db.backup(path.join(dest, DB_FILE), { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    db.close();
  }
  const copy = openSqlite(path.join(dest, DB_FILE), { fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copied database failed its integrity check: ${String(check)}`);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }

  const files = path.join(dataDir, FILES_DIR);
  // Half-written uploads (`.<key>.tmp`, renamed once complete) are left out.
  if (fs.existsSync(files)) fs.cpSync(files, path.join(dest, FILES_DIR), { recursive: true, filter: (f) => !/\/\.[^/]*\.tmp$/.test(f) });
  const key = path.join(dataDir, KEY_FILE);
  const hasKey = fs.existsSync(key);
  if (hasKey) fs.copyFileSync(key, path.join(dest, KEY_FILE));
  if (hasKey) fs.chmodSync(path.join(dest, KEY_FILE), 0o600);

  const dbCopy = path.join(dest, DB_FILE);
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { file: DB_FILE, bytes: fs.statSync(dbCopy).size, sha256: sha256(dbCopy) },
    files: countFiles(path.join(dest, FILES_DIR)),
    secretsKey: hasKey,
  };
  fs.writeFileSync(path.join(dest, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * Puts a backup back into an empty DATA_DIR (the server stopped): checks the manifest and the database's
 * checksum first, then copies the database, the files and the secrets key.
 */
export function restoreDataDir(src: string, dataDir: string): Manifest {
  const manifestFile = path.join(src, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${src} has no ${MANIFEST}: not a backup made by npm run backup`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${MANIFEST}: unknown format ${String(manifest.format)}`);
  if (sha256(path.join(src, DB_FILE)) !== manifest.database.sha256)
    throw new BackupError(`${DB_FILE} does not match the checksum in ${MANIFEST}`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length)
    throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore into an empty folder (move the old one aside first)`);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(path.join(src, DB_FILE), path.join(dataDir, DB_FILE));
  if (fs.existsSync(path.join(src, FILES_DIR))) fs.cpSync(path.join(src, FILES_DIR), path.join(dataDir, FILES_DIR), { recursive: true });
  if (manifest.secretsKey) {
    fs.copyFileSync(path.join(src, KEY_FILE), path.join(dataDir, KEY_FILE));
    fs.chmodSync(path.join(dataDir, KEY_FILE), 0o600);
  }
  return manifest;
}
