// Writes the planned data set (plan.ts, tables.ts) into a fresh database: the
// app's own migrations and administrator first (openDatabase, bootstrapAdmin),
// then raw batched inserts through the driver, then the aggregates in bulk.
// SQLite: prepared statements in one transaction with synchronous=OFF for the
// load only (a per-connection pragma: the server reopens with database.ts's
// FULL). PostgreSQL: typed unnest() batches in one transaction, VACUUM ANALYZE after.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '#server/db/database.js';
import { bootstrapAdmin } from '#server/features/users/service.js';
import { withPgClient } from '#support/pg-client.js';
import { planDataset } from './plan.js';
import { AGGREGATE_STATEMENTS, datasetTables, type TableRows } from './tables.js';

/** The bench signs in with these on every generated database. */
export const BENCH_ADMIN = { username: 'admin', password: 'clave-bench-2026' } as const;

export type DatasetTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface DatasetSummary {
  sales: number;
  products: number;
  greenLots: number;
  seconds: number;
}

const PG_BATCH = 20_000;

export async function generateDataset(salesCount: number, target: DatasetTarget, catalogueOf = salesCount): Promise<DatasetSummary> {
  const started = performance.now();
  if (target.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target.file}${suffix}`, { force: true });
  } else {
    await resetPostgresSchema(target.url);
  }
  const database = await openDatabase(
    target.kind === 'sqlite' ? { kind: 'sqlite', file: target.file } : { kind: 'postgres', url: target.url },
    { skipSqliteLock: true },
  );
  let userId: number;
  try {
    await bootstrapAdmin(database.db, BENCH_ADMIN);
    userId = (await database.db.selectFrom('users').select('id').where('username', '=', BENCH_ADMIN.username).executeTakeFirstOrThrow()).id;
  } finally {
    await database.close();
  }
  const plan = planDataset(salesCount, catalogueOf);
  const tables = datasetTables(plan, userId);
  if (target.kind === 'sqlite') writeSqlite(target.file, tables);
  else await writePostgres(target.url, tables);
  return { sales: salesCount, products: plan.products.length, greenLots: plan.green.length, seconds: (performance.now() - started) / 1000 };
}

function writeSqlite(file: string, tables: TableRows[]): void {
  const sqlite = new SqliteDatabase(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -262144');
    sqlite.pragma('foreign_keys = ON');
    sqlite.transaction(() => {
      for (const spec of tables) {
        const names = spec.columns.map(([name]) => name);
        const insert = sqlite.prepare(`insert into ${spec.table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`);
        for (const row of spec.rows()) insert.run(row);
      }
      for (const statement of AGGREGATE_STATEMENTS) sqlite.exec(statement);
    })();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
}

async function writePostgres(url: string, tables: TableRows[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const spec of tables) {
      const names = spec.columns.map(([name]) => name);
      const unnest = spec.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
      const text = `insert into ${spec.table} (${names.join(', ')}) select * from unnest(${unnest})`;
      let batch: unknown[][] = spec.columns.map(() => []);
      let size = 0;
      const flush = async () => {
        if (size === 0) return;
        await client.query(text, batch);
        batch = spec.columns.map(() => []);
        size = 0;
      };
      for (const row of spec.rows()) {
        row.forEach((value, i) => batch[i]!.push(value));
        if (++size === PG_BATCH) await flush();
      }
      await flush();
      if (spec.explicitIds) {
        await client.query(`select setval(pg_get_serial_sequence('${spec.table}', 'id'), coalesce((select max(id) from ${spec.table}), 0) + 1, false)`);
      }
    }
    for (const statement of AGGREGATE_STATEMENTS) await client.query(statement);
    await client.query('commit');
    // A database that grew over three years has been vacuumed and analysed by
    // autovacuum many times (statistics for the planner, the visibility map
    // for index-only scans).
    await client.query('vacuum analyze');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Drops and recreates the schema the URL's search_path names (public when none). */
export async function resetPostgresSchema(url: string): Promise<void> {
  await withPgClient(url, async (client) => {
    const name = client.escapeIdentifier(searchPathOf(url) ?? 'public');
    await client.query(`drop schema if exists ${name} cascade`);
    await client.query(`create schema ${name}`);
    // Kysely's Migrator looks for its own tables in every schema (introspection
    // lists them all) and, finding another bench schema's, would not create them
    // here: create them as it would (same columns), so migrateToLatest runs.
    await client.query(`create table ${name}.kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)`);
    await client.query(`create table ${name}.kysely_migration_lock (id varchar(255) not null primary key, is_locked integer not null default 0)`);
  });
}

/** The schema of `?options=-c search_path=…` in a PostgreSQL URL. */
export function searchPathOf(url: string): string | undefined {
  const options = new URL(url).searchParams.get('options') ?? '';
  return /search_path=([^\s,]+)/.exec(options)?.[1];
}
