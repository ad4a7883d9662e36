import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.js';

/**
 * `npm run check:stock` as an operator runs it (README), pointed at the SQLite file this test
 * database lives in: returns a function that runs it and gives its output and exit status, so a
 * test can run it on clean data, break a row, and run it again. SQLite only (the file is read
 * from `pragma database_list`).
 */
export async function checkStockCommand(db: Kysely<Database>): Promise<() => SpawnSyncReturns<string>> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((row) => row.name === 'main')!.file;
  return () => spawnSync('npm', ['run', '--silent', 'check:stock'], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` }, encoding: 'utf8' });
}
