import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '#server/config.js';
import type { DialectName } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import { preparingStatements } from './postgres-statement-cache.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import type { Database } from './schema.js';
import { acquireSqliteLock } from './sqlite-lock.js';
import { cachingStatements } from './sqlite-statement-cache.js';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';
import { useGroupCommit } from './write-transaction.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * What must answer while a write transaction holds `db` (GET /api/health): on a SQLite file a
   * second, read-only connection, which WAL lets read the last committed state while the one
   * write connection is inside a transaction (docs/decisions/0055-fewer-round-trips-and-a-read-connection.md);
   * elsewhere (PostgreSQL's pool, SQLite in memory) `db` itself.
   */
  readDb: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for logs (never includes a password). */
  description: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL schema to use instead of `public` (tests give each file its own). */
  pgSchema?: string;
  /** Tests open throw-away files and skip the one-process guard. */
  skipSqliteLock?: boolean;
}

/** Older SQLite has the WAL-reset corruption bug fixed in 3.51.3 (docs/architecture.md#databases). */
const MIN_SQLITE_VERSION = [3, 51, 3] as const;

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const handle = config.kind === 'sqlite' ? openSqlite(config.file, options) : await openPostgres(config.url, options);
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  const inMemory = file === ':memory:';
  if (!inMemory) fs.mkdirSync(path.dirname(file), { recursive: true });
  const release = inMemory || options.skipSqliteLock ? () => {} : acquireSqliteLock(file);
  let sqlite: SqliteDatabase.Database;
  try {
    sqlite = new SqliteDatabase(file);
    assertSqliteVersion(sqlite.prepare('select sqlite_version() as v').pluck().get() as string);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Each write of a group commit runs in a SAVEPOINT, whose undo copies of the
    // pages it changes (~80 KiB for a sale) spill past 64 KiB into a temporary
    // file opened, written and deleted per transaction: a third of a sale's SQLite
    // CPU. Kept in memory instead; nothing here sorts large sets in temporary
    // storage (docs/decisions/0032-sqlite-temp-store-in-memory.md).
    sqlite.pragma('temp_store = MEMORY');
  } catch (error) {
    release();
    throw error;
  }
  const dialect = new GroupCommitSqliteDialect(sqlite, cachingStatements(sqlite));
  const db = new Kysely<Database>({ dialect });
  useGroupCommit(db, dialect.groupCommit);
  // Opened after the write connection set WAL, so it never waits for a writer; it writes nothing.
  const readDb = inMemory ? db : new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(file, { readonly: true }) }) });
  return {
    db,
    readDb,
    dialect: 'sqlite',
    description: `SQLite ${file}`,
    close: async () => {
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
      release();
    },
  };
}

export function assertSqliteVersion(version: string): void {
  const parts = version.split('.').map(Number);
  for (let i = 0; i < MIN_SQLITE_VERSION.length; i++) {
    const have = parts[i] ?? 0;
    const need = MIN_SQLITE_VERSION[i] ?? 0;
    if (have > need) return;
    if (have < need) {
      throw new Error(`SQLite ${version} es demasiado antiguo: se necesita ${MIN_SQLITE_VERSION.join('.')} o posterior.`);
    }
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  // Loaded only here: on SQLite, the default, `pg` would add ~6 MiB to a server whose
  // memory target (P5, docs/performance.md) has little margin.
  const { default: pg } = await import('pg');
  // int8 (counts, sums, epoch-ms columns) arrives as text by default; every value
  // we store fits in a JS number, so parse it once here rather than at each query.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format),
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: preparingStatements(pool) }) });
  const safeUrl = new URL(url);
  safeUrl.password = '';
  return {
    db,
    readDb: db,
    dialect: 'postgres',
    description: `PostgreSQL ${safeUrl.host}${safeUrl.pathname}${options.pgSchema ? ` (esquema ${options.pgSchema})` : ''}`,
    close: () => db.destroy(),
  };
}
