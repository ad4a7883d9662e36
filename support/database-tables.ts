// The app's tables as the database itself lists them (sqlite_master, or the
// connection's PostgreSQL schema in pg_class), not as a list written by hand:
// a table a new migration adds is covered without editing anything. In
// support/ because the tests' reset (tests/helpers/reset-database.ts) and
// `npm run seed:demo` (which refuses a database holding data) both read it.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '#server/db/dialect.js';

export interface AppTable {
  name: string;
  /** The other tables this one's foreign keys point at. */
  parents: string[];
}

/** Kysely's bookkeeping of which migrations ran (kysely_migration, kysely_migration_lock): never data. */
const isMigrationBookkeeping = (name: string) => name.startsWith('kysely_migration');

/** Every table of the migrated schema but the migrations' bookkeeping, sorted by name. */
export async function appTables(db: Kysely<any>): Promise<AppTable[]> {
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{ name: string; parent: string | null }>`
          select c.relname as name, p.relname as parent
          from pg_class c
          left join pg_constraint k on k.conrelid = c.oid and k.contype = 'f'
          left join pg_class p on p.oid = k.confrelid
          where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace`.execute(db)
      : await sql<{ name: string; parent: string | null }>`
          select m.name, f."table" as parent
          from sqlite_master m left join pragma_foreign_key_list(m.name) f
          where m.type = 'table' and substr(m.name, 1, 7) <> 'sqlite_'`.execute(db);
  const tables = new Map<string, Set<string>>();
  for (const { name, parent } of rows) {
    if (isMigrationBookkeeping(name)) continue;
    const parents = tables.get(name) ?? new Set<string>();
    if (parent && parent !== name) parents.add(parent);
    tables.set(name, parents);
  }
  return [...tables.entries()]
    .map(([name, parents]) => ({ name, parents: [...parents].sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** How many rows each of `tables` holds, in one statement. */
export async function rowCounts(db: Kysely<any>, tables: readonly string[]): Promise<Map<string, number>> {
  if (tables.length === 0) return new Map();
  const selects = tables.map((table) => sql`select cast(${table} as text) as name, count(*) as n from ${sql.table(table)}`);
  const { rows } = await sql<{ name: string; n: number | string }>`${sql.join(selects, sql` union all `)}`.execute(db);
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}
