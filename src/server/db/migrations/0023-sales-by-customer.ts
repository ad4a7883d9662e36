import { type Kysely, sql } from 'kysely';
import { millisColumnType } from '#server/db/dialect.js';

/**
 * Sales by customer (docs/product-guide.md#reportes, docs/decisions/0046-sales-by-customer.md):
 * what Reportes' 'Ventas por cliente' reads, so its cost does not grow with the sales.
 *
 * - `sales_customer_totals`: one row per (customer, product), all time: the report's
 *   default range reads as many rows at 10,000 sales as at 1,000,000.
 * - `sales_customer_monthly`: one row per (month, customer, product): a range's whole months.
 * - `sales_customer_date_idx`: a partial index of the sales that name a customer, by day:
 *   a range's cut months (at most two) read their sales through it.
 * - Only a sale that names a customer writes them (sales/aggregates.ts, in the sale's
 *   transaction, under the lot lock that already serialises that product's rows); a
 *   counter sale writes none of them, nor an entry of the partial index
 *   (docs/decisions/0033-no-postgresql-only-sale-path.md). Emptied rows are deleted,
 *   so they equal a recount row for row, as 0007's and 0008's.
 * - Backfilled from `sales` with saleTotalCents' per-sale rounding written in SQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = millisColumnType(db);
  await db.schema
    .createTable('sales_customer_totals')
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('product_type', 'text', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('quantity_g', big, (col) => col.notNull())
    .addColumn('revenue_cents', big, (col) => col.notNull())
    .addColumn('sale_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_customer_totals_pk', ['customer_id', 'product_type', 'product_id'])
    .execute();
  await db.schema
    .createTable('sales_customer_monthly')
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('product_type', 'text', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('quantity_g', big, (col) => col.notNull())
    .addColumn('revenue_cents', big, (col) => col.notNull())
    .addColumn('sale_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_customer_monthly_pk', ['month', 'customer_id', 'product_type', 'product_id'])
    .execute();
  await db.schema
    .createIndex('sales_customer_date_idx')
    .on('sales')
    .columns(['sale_date', 'customer_id'])
    .where(sql.ref('customer_id'), 'is not', null)
    .execute();

  const saleCents = sql`(cast(quantity_g as bigint) * unit_price_cents + 500) / 1000`;
  await sql`
    insert into sales_customer_totals (customer_id, product_type, product_id, quantity_g, revenue_cents, sale_count)
    select customer_id, product_type, product_id, sum(quantity_g), sum(${saleCents}), count(*)
    from sales where customer_id is not null group by customer_id, product_type, product_id`.execute(db);
  await sql`
    insert into sales_customer_monthly (month, customer_id, product_type, product_id, quantity_g, revenue_cents, sale_count)
    select substr(sale_date, 1, 7), customer_id, product_type, product_id, sum(quantity_g), sum(${saleCents}), count(*)
    from sales where customer_id is not null group by substr(sale_date, 1, 7), customer_id, product_type, product_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sales_customer_date_idx').execute();
  await db.schema.dropTable('sales_customer_monthly').execute();
  await db.schema.dropTable('sales_customer_totals').execute();
}
