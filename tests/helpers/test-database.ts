import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import type { Kysely } from 'kysely';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { checkReusableQueries } from '#server/db/reusable-query.js';
import type { Database } from '#server/db/schema.js';
import { withPgClient } from '#support/pg-client.js';
import type { DialectName } from '#server/db/dialect.js';

/**
 * Every API test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL
 * is set. Each test database is fresh and migrated by the real migrations: a
 * temporary SQLite file, or a PostgreSQL schema of its own that is dropped after.
 */
export function testDialects(): DialectName[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  // CI must prove both databases: a missing URL there is a failure, not a skip.
  if (process.env.CI === 'true') throw new Error('En CI hace falta TEST_DATABASE_URL (PostgreSQL) para las pruebas.');
  return ['sqlite'];
}

/**
 * Where the throw-away SQLite files go: a folder in memory (/dev/shm) when the
 * machine has a writable one with room, the temporary folder otherwise. The
 * database runs as in production (WAL, synchronous = FULL); only its fsyncs cost
 * nothing there. On a disk they were most of the SQLite tests' time: about 1 s of
 * waiting to migrate each file's database, against 0.1 s in memory
 * (docs/decisions/0051-ci-time.md).
 */
const SQLITE_TEST_ROOT = ((): string => {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    // A container's /dev/shm is 64 MB by default: too little for three files' databases at once.
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    if (bavail * bsize >= 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows): the temporary folder.
  }
  return os.tmpdir();
})();

export async function openTestDatabase(dialect: DialectName): Promise<DatabaseHandle> {
  // Every reusable query an API test runs is also built afresh and compared (db/reusable-query.ts).
  checkReusableQueries();
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(SQLITE_TEST_ROOT, 'cafe-test-'));
    const handle = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'cafe.sqlite') }, { skipSqliteLock: true });
    return { ...handle, close: async () => { await handle.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL no está definida');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withPgClient(url, (client) => client.query(`create schema ${schema}`));
  const handle = await openDatabase({ kind: 'postgres', url }, { pgSchema: schema });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withPgClient(url, (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}


/**
 * `it` for tests that only make sense on one dialect (true concurrency exists
 * only on PostgreSQL). On the other dialect the test is not declared at all,
 * rather than reported as skipped.
 */
export const itOn = (dialect: DialectName, wanted: DialectName): typeof it =>
  dialect === wanted ? it : (((..._args: unknown[]) => undefined) as unknown as typeof it);

/** How many rows a table has: tests compare these before and after a refused request. */
export const countRows = async (db: Kysely<Database>, table: keyof Database): Promise<number> =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
