import { type Kysely, sql } from 'kysely';
import { millisColumnType } from '#server/db/dialect.js';

/**
 * 'Margen bruto' per month kept between reads (docs/decisions/0048-monthly-costs-kept-between-reads.md):
 * a copy of what the costing on read (docs/decisions/0011) answered for a whole month, valid while
 * nothing it depends on has changed.
 *
 * - `monthly_costs`: one row per calendar month, its revenue and cost in cents and the fingerprint
 *   they were computed under (the month's sale count, its sales revision, the cost revision).
 * - `sales_month_revisions`: one row per month in which a sale was ever edited or deleted, bumped
 *   by that edit or delete (sales/aggregates.ts). A new sale raises the month's count instead, so
 *   the sale's create path writes nothing more (docs/decisions/0033-no-postgresql-only-sale-path.md).
 * - `cost_revision`: one row (written by the first such edit), bumped by every edit or delete of a green lot, a roast or a blend
 *   (what a lot's cost per kg is computed from).
 * Empty at first: a month is costed on its first read, as before, and kept from then on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = millisColumnType(db);
  await db.schema
    .createTable('monthly_costs')
    .addColumn('month', 'text', (col) => col.primaryKey())
    .addColumn('sale_count', big, (col) => col.notNull())
    .addColumn('sales_revision', big, (col) => col.notNull())
    .addColumn('cost_revision', big, (col) => col.notNull())
    .addColumn('revenue_cents', big, (col) => col.notNull())
    .addColumn('cost_cents', big, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sales_month_revisions')
    .addColumn('month', 'text', (col) => col.primaryKey())
    .addColumn('revision', big, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('cost_revision')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('revision', big, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cost_revision').execute();
  await db.schema.dropTable('sales_month_revisions').execute();
  await db.schema.dropTable('monthly_costs').execute();
}
