import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * `npm run backup` (docs/product-guide.md#beyond-the-original-app): a consistent copy of the SQLite file while the
 * server keeps writing. SQLite's online backup API (better-sqlite3 `backup()`)
 * copies page by page and restarts when a writer changes a page it already
 * copied, so the copy is one committed state, never a torn file as `cp` of a
 * WAL database could be. It only reads beside the running server, so the
 * one-process guard (sqlite-lock.ts) is not taken. Not opened `readonly`: a
 * read-only connection cannot create the WAL index when the server is down.
 */

/** What this tool writes: cafe-YYYYMMDD-HHMMSS.sqlite, with -N when two fall in the same second. */
const BACKUP_NAME = /^cafe-(\d{8}-\d{6})(?:-(\d+))?\.sqlite$/;

/** 'cafe-20261123-221530.sqlite' (UTC), so names sort by time. */
export function backupFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `cafe-${stamp}.sqlite`;
}

export interface BackupResult {
  file: string;
  removed: string[];
}

export async function backupSqlite(
  databaseFile: string,
  options: { dir: string; keep: number; now?: Date },
): Promise<BackupResult> {
  if (!fs.existsSync(databaseFile)) throw new Error(`No existe la base de datos SQLite ${databaseFile}.`);
  fs.mkdirSync(options.dir, { recursive: true });
  let target = path.join(options.dir, backupFileName(options.now ?? new Date()));
  // Two backups in the same second: keep both rather than overwrite the first.
  for (let n = 1; fs.existsSync(target); n++) target = target.replace(/(-\d+)?\.sqlite$/, `-${n}.sqlite`);
  const source = new SqliteDatabase(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target);
  } finally {
    source.close();
  }
  return { file: target, removed: pruneBackups(options.dir, options.keep) };
}

/** Deletes all but the newest `keep` backups this tool wrote (other files in the folder are left alone). */
export function pruneBackups(dir: string, keep: number): string[] {
  const sortKey = (name: string) => {
    const [, stamp = '', n = '0'] = BACKUP_NAME.exec(name) ?? [];
    return `${stamp}-${n.padStart(6, '0')}`;
  };
  const names = fs.readdirSync(dir).filter((name) => BACKUP_NAME.test(name));
  names.sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old.map((name) => path.join(dir, name));
}
