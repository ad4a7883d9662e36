import { type Kysely, sql } from 'kysely';
import { millisColumnType } from '#server/db/dialect.js';

/**
 * Sales totals (docs/performance.md, target P2b): what the all-time reports read, so
 * their cost no longer grows with the number of products sold per month.
 *
 * - `sales_daily_totals`: one row per (day, stripe), stripe = product_id % 16.
 *   'Ventas Mensuales' groups these (≤ days × 16 rows: ~17,500 for three
 *   years), the same at 10,000 and 1,000,000 sales. Striped rather than one
 *   row per day: every sale of the day would otherwise update the same row and
 *   queue on its lock until commit on PostgreSQL, serialising the sales of
 *   different lots that the lot locks let run side by side. 16 must equal
 *   SALES_TOTAL_STRIPES in sales/aggregates.ts (a migration is frozen history:
 *   changing the number needs a new migration that restripes).
 * - `sales_product_totals`: one row per product, all time, with an index on
 *   quantity_g so the all-time top 5 is read in order without grouping. Its
 *   rows are serialised by the product lot's row lock, like 0007's.
 * - Kept by sales/aggregates.ts only, in the sale's transaction; emptied rows
 *   (sale_count 0) are deleted, so they equal a recount row for row.
 * - Backfilled here from `sales` with saleTotalCents' per-sale rounding written
 *   in SQL (half up: (g × cents/kg + 500) / 1000 in integers).
 * - Amounts are bigint on PostgreSQL, as in 0007.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = millisColumnType(db);
  await db.schema
    .createTable('sales_daily_totals')
    .addColumn('sale_date', 'text', (col) => col.notNull())
    .addColumn('stripe', 'integer', (col) => col.notNull())
    .addColumn('quantity_g', big, (col) => col.notNull())
    .addColumn('revenue_cents', big, (col) => col.notNull())
    .addColumn('sale_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_daily_totals_pk', ['sale_date', 'stripe'])
    .execute();
  await db.schema
    .createTable('sales_product_totals')
    .addColumn('product_type', 'text', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('quantity_g', big, (col) => col.notNull())
    .addColumn('revenue_cents', big, (col) => col.notNull())
    .addColumn('sale_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_product_totals_pk', ['product_type', 'product_id'])
    .execute();
  // Both databases walk an ascending index backwards for `order by quantity_g desc`.
  await db.schema.createIndex('sales_product_totals_quantity').on('sales_product_totals').column('quantity_g').execute();

  const saleCents = sql`(cast(quantity_g as bigint) * unit_price_cents + 500) / 1000`;
  await sql`
    insert into sales_daily_totals (sale_date, stripe, quantity_g, revenue_cents, sale_count)
    select sale_date, product_id % 16, sum(quantity_g), sum(${saleCents}), count(*)
    from sales group by sale_date, product_id % 16`.execute(db);
  await sql`
    insert into sales_product_totals (product_type, product_id, quantity_g, revenue_cents, sale_count)
    select product_type, product_id, sum(quantity_g), sum(${saleCents}), count(*)
    from sales group by product_type, product_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sales_product_totals').execute();
  await db.schema.dropTable('sales_daily_totals').execute();
}
