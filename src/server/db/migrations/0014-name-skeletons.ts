import { type Kysely, sql } from 'kysely';
import { nameSkeleton } from '#server/confusable-skeleton.js';
import { dialectOf } from '#server/db/dialect.js';
import { type MigrationLog, stderrMigrationLog } from '#server/db/migration-log.js';

/**
 * No look-alike origin or recipe names (docs/decisions/0021-text-rules-and-confusables.md,
 * docs/product-guide.md#data-rules): `coffee_origins.name_skeleton` and
 * `blend_recipes.name_skeleton` = nameSkeleton(name), each under a unique
 * index, so 'Cоlombia' (Cyrillic о) cannot join 'Colombia', also when two
 * requests try at once.
 *
 * Existing look-alikes are kept as they are, neither renamed nor merged (the
 * migration never stops on them): the first of each group (by id) gets its
 * skeleton; the later ones keep NULL, which the unique index does not cover,
 * and each is logged with the row it resembles. Saving such a row again asks
 * for another name (its skeleton is computed then and meets the first's).
 *
 * SQLite runs a migration outside a transaction: inside a savepoint there, so
 * it is done whole or not at all, as on PostgreSQL.
 */
export async function up(db: Kysely<any>, log: MigrationLog = stderrMigrationLog): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  if (sqlite) await sql`savepoint migration_0014`.execute(db);
  try {
    // Byte order on PostgreSQL, as the other key columns (0002, 0005, 0009).
    const keyType = sqlite ? sql`text` : sql`text collate "C"`;
    for (const { table, what } of TABLES) {
      await db.schema.alterTable(table).addColumn('name_skeleton', keyType).execute();
      await fill(db, log, table, what);
      await db.schema.createIndex(`${table}_name_skeleton_uq`).on(table).column('name_skeleton').unique().execute();
    }
  } catch (error) {
    if (sqlite) await sql`rollback to migration_0014`.execute(db);
    throw error;
  } finally {
    if (sqlite) await sql`release migration_0014`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TABLES) {
    await db.schema.dropIndex(`${table}_name_skeleton_uq`).execute();
    await db.schema.alterTable(table).dropColumn('name_skeleton').execute();
  }
}

const TABLES = [
  { table: 'coffee_origins', what: 'el origen' },
  { table: 'blend_recipes', what: 'la receta' },
] as const;

async function fill(db: Kysely<any>, log: MigrationLog, table: string, what: string): Promise<void> {
  const rows = (await db.selectFrom(table).select(['id', 'name']).orderBy('id').execute()) as { id: number; name: string }[];
  const first = new Map<string, { id: number; name: string }>();
  for (const row of rows) {
    const skeleton = nameSkeleton(row.name);
    const keeper = first.get(skeleton);
    if (keeper) {
      log.warn(
        `Migración 0014: ${what} id ${row.id} «${row.name}» se confunde a simple vista con el id ${keeper.id} «${keeper.name}»; ` +
          'se conserva tal cual, y al guardarlo de nuevo habrá que cambiarle el nombre.',
      );
      continue;
    }
    first.set(skeleton, row);
    await db.updateTable(table).set({ name_skeleton: skeleton }).where('id', '=', row.id).execute();
  }
}
