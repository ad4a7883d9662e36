import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '#server/db/dialect.js';
import type { Database } from '#server/db/schema.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { type AppTable, appTables, rowCounts } from '#support/database-tables.js';

/**
 * The accounts survive a reset: a test file signs its users in once, in
 * beforeAll, and uses their session cookies in every test. Everything else
 * (lots, ledger, sales and their aggregates, recipes, settings, sign-in
 * counters, and any table a test made) is emptied.
 */
const KEPT = new Set(['users', 'sessions']);

/**
 * Empties the test database between tests, the tables read from the database
 * itself (support/database-tables.ts), so a table a new migration adds is
 * emptied too without touching any test. Ids start again at 1, as on a fresh
 * database, and settings fall back to their defaults.
 *
 * One write transaction of `DELETE`s, children before the tables their foreign
 * keys point at (RESTRICT is checked row by row, not at commit), on both
 * databases, and only of the tables that hold rows: a test writes a handful of
 * tables. Not PostgreSQL's `TRUNCATE … RESTART IDENTITY`: it rewrites every
 * table's files and took about 500 ms per reset here, against a few ms for this.
 */
export async function resetDatabase(db: Kysely<Database>): Promise<void> {
  const tables = (await appTables(db)).filter((table) => !KEPT.has(table.name));
  const names = tables.map((table) => table.name);
  const counts = await rowCounts(db, names);
  const holdingRows = tables.filter((table) => (counts.get(table.name) ?? 0) > 0);
  await withWriteTransaction(db, async (trx) => {
    for (const name of childrenFirst(holdingRows)) await sql`delete from ${sql.table(name)}`.execute(trx);
    // Every counter, not only the emptied tables': a test may have added a row and deleted it.
    await restartIds(trx, names);
  });
}

/** The next id of each of `tables` back to 1: PostgreSQL's serial sequences, SQLite's AUTOINCREMENT counters. */
async function restartIds(trx: Transaction<Database>, tables: readonly string[]): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`
      select setval(s.oid::regclass, 1, false)
      from pg_class s
      join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype = 'a'
      join pg_class t on t.oid = d.refobjid
      where s.relkind = 'S' and t.relnamespace = current_schema()::regnamespace and t.relname in (${sql.join(tables)})`.execute(trx);
    return;
  }
  // sqlite_sequence exists from the database's first AUTOINCREMENT insert on.
  const counters = await sql`select 1 from sqlite_master where name = 'sqlite_sequence'`.execute(trx);
  if (counters.rows.length > 0) await sql`delete from sqlite_sequence where name in (${sql.join(tables)})`.execute(trx);
}

/**
 * The tables ordered so that each comes before the tables its foreign keys point
 * at (among those given: a table with no rows needs no turn).
 */
function childrenFirst(tables: readonly AppTable[]): string[] {
  const pending = new Map(tables.map((table) => [table.name, table]));
  const order: string[] = [];
  while (pending.size > 0) {
    const referenced = new Set([...pending.values()].flatMap((table) => table.parents));
    const free = [...pending.keys()].filter((name) => !referenced.has(name));
    if (free.length === 0) throw new Error(`ciclo de claves foráneas entre ${[...pending.keys()].join(', ')}`);
    for (const name of free) {
      order.push(name);
      pending.delete(name);
    }
  }
  return order;
}
