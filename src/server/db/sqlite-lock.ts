import fs from 'node:fs';

/**
 * SQLite serves one server process (docs/architecture.md#databases): a second server on the
 * same file must refuse to start. A pid file beside the database, as PostgreSQL's
 * postmaster.pid does; a file left by a process that no longer runs is taken over.
 */
export class DatabaseInUseError extends Error {}

/** Files this process holds: a pid file cannot tell two opens in one process apart. */
const heldHere = new Set<string>();

export function acquireSqliteLock(databaseFile: string): () => void {
  const lockFile = `${databaseFile}.lock`;
  if (heldHere.has(lockFile)) throw inUse(databaseFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readPid(lockFile);
      if (owner !== null && owner !== process.pid && isRunning(owner)) throw inUse(databaseFile, owner);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`No se pudo reservar la base de datos SQLite ${databaseFile}.`);
}

const inUse = (databaseFile: string, owner: number) =>
  new DatabaseInUseError(
    `La base de datos SQLite ${databaseFile} ya está en uso por otro proceso del servidor (pid ${owner}). ` +
      'SQLite admite un solo proceso; para varios, usa PostgreSQL (DATABASE_URL=postgres://…).',
  );

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
