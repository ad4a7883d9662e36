import type { Kysely } from 'kysely';
import { millisColumnType } from '#server/db/dialect.js';

/**
 * Sales aggregates (docs/decisions/0009-sale-totals-and-aggregates.md): what the reports read instead of the
 * sales table, so a report costs the same at 10,000 and 1,000,000 sales.
 *
 * - One row per (day, product) in `sales_daily` and per (month, product) in
 *   `sales_monthly`, with the sold grams, the revenue in cents (the sum of each
 *   sale's own rounded total, src/shared/sale-total.ts) and how many sales.
 *   A report over whole months reads `sales_monthly`; only the two edge months
 *   of a range that cuts a month read `sales_daily`.
 * - Per product rather than per day: a sale already holds its lot's row lock,
 *   so its aggregate rows are never a second hot spot. A single "per day" row
 *   would serialise every concurrent sale of the day on PostgreSQL.
 * - Kept only by src/server/features/sales/aggregates.ts, inside the sale's own
 *   write transaction (create, edit, delete), so they can never drift from the
 *   sales; `npm run check:stock` compares them with a recount.
 * - A row whose sale_count falls to 0 is deleted, so a recount and the
 *   aggregates match row for row.
 * - Amounts are bigint on PostgreSQL: a year's revenue in cents passes 2^31.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = millisColumnType(db);
  for (const [table, period] of [
    ['sales_daily', 'sale_date'],
    ['sales_monthly', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(period, 'text', (col) => col.notNull())
      .addColumn('product_type', 'text', (col) => col.notNull())
      .addColumn('product_id', 'integer', (col) => col.notNull())
      .addColumn('quantity_g', big, (col) => col.notNull())
      .addColumn('revenue_cents', big, (col) => col.notNull())
      .addColumn('sale_count', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [period, 'product_type', 'product_id'])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sales_monthly').execute();
  await db.schema.dropTable('sales_daily').execute();
}
