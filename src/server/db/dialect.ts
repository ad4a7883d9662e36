import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** The dialect behind a Kysely instance; migrations use it where the SQL really differs. */
export const dialectOf = (db: Kysely<any>): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/**
 * An auto-numbered integer primary key in either dialect. SQLite needs
 * AUTOINCREMENT so a deleted lot's id is never handed out again: the ledger
 * keeps the old lot's movements under that id.
 * Use: `.addColumn('id', idColumnType(db), idColumn(db))`.
 */
export const idColumnType = (db: Kysely<any>) => (dialectOf(db) === 'postgres' ? 'serial' : 'integer');
export const idColumn = (db: Kysely<any>) => (col: ColumnDefinitionBuilder) =>
  dialectOf(db) === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();

/** Epoch milliseconds overflow a 32-bit integer in PostgreSQL; SQLite integers are 64-bit anyway. */
export const millisColumnType = (db: Kysely<any>) => (dialectOf(db) === 'postgres' ? 'bigint' : 'integer');
