import { type Kysely, sql } from 'kysely';
import { millisColumnType } from '#server/db/dialect.js';

/**
 * A roast's notes and cupping score, the reference profile of each product, and the figures of
 * each imported roast that the list compares (docs/decisions/0053-reference-profile.md):
 * - `roasted_coffee.notes` (text, null) and `cupping_score` (hundredths: 86.75 is 8675, 0 to
 *   10000, null when not cupped), exact like every other decimal (docs/product-guide.md#business-constants).
 * - `roast_references`: one row per product (origin + roast type) naming its reference roast.
 *   The primary key is the product, so at most one reference per product whoever marks at the
 *   same time: the database decides, not a prior read. A roast's origin is its green lot's, not a
 *   column of roasted_coffee, so no index on roasted_coffee alone could say "one per origin".
 *   `roast_id` is unique (a roast is the reference of its one product) and CASCADE: deleting the
 *   roast, or its origin, removes the mark.
 * - `roast_artisan_profiles` gains the figures the list compares with the reference (first crack,
 *   total time and development ratio from CHARGE, drop temperature in °C), so the list joins four
 *   numbers and never parses a curve. `figures_version` says they were computed (null: not yet);
 *   rows imported before this migration are filled at start-up by the roasted-coffee area
 *   (`fillMissingRoastFigures`), because only the area's code reads a curve.
 * Numbered 0029 after 0028 (Kysely orders by name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roasted_coffee').addColumn('notes', 'text').execute();
  await db.schema
    .alterTable('roasted_coffee')
    .addColumn('cupping_score', 'integer', (col) => col.check(sql`cupping_score between 0 and 10000`))
    .execute();
  await db.schema
    .createTable('roast_references')
    .addColumn('origin_id', 'integer', (col) => col.notNull().references('coffee_origins.id').onDelete('cascade'))
    .addColumn('roast_type', 'text', (col) => col.notNull())
    .addColumn('roast_id', 'integer', (col) => col.notNull().unique().references('roasted_coffee.id').onDelete('cascade'))
    .addColumn('marked_at', millisColumnType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('roast_references_pkey', ['origin_id', 'roast_type'])
    .execute();
  for (const column of ['first_crack_s', 'total_time_s', 'dtr_pct', 'drop_bt_c'] as const) {
    await db.schema.alterTable('roast_artisan_profiles').addColumn(column, 'double precision').execute();
  }
  await db.schema.alterTable('roast_artisan_profiles').addColumn('figures_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['figures_version', 'drop_bt_c', 'dtr_pct', 'total_time_s', 'first_crack_s'] as const) {
    await db.schema.alterTable('roast_artisan_profiles').dropColumn(column).execute();
  }
  await db.schema.dropTable('roast_references').execute();
  await db.schema.alterTable('roasted_coffee').dropColumn('cupping_score').execute();
  await db.schema.alterTable('roasted_coffee').dropColumn('notes').execute();
}
