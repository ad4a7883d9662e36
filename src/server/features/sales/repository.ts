import { sql } from 'kysely';
import type { SalesTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * Sales (table from migration 0006). `product_id` has no foreign key (it points
 * into roasted_coffee or blended_coffee by `product_type`), so the roasted and
 * blend delete services ask here whether a lot was sold ('… asociado a mezclas
 * o ventas.', '… asociada a ventas.'). Index sales_product_idx answers it.
 */
export async function hasSales(db: DbOrTrx, productType: SalesTable['product_type'], productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sales')
    .select('id')
    .where('product_type', '=', productType)
    .where('product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How many sales a lot has and the first day it was sold (null without
 * sales): what a roast or blend edit must not contradict (its date after that
 * day, its composition once sold). Read through sales_product_idx.
 */
export async function salesSummary(
  db: DbOrTrx,
  productType: SalesTable['product_type'],
  productId: number,
): Promise<{ count: number; firstDate: string | null }> {
  const row = await db
    .selectFrom('sales')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min<string | null>('sale_date').as('first_date')])
    .where('product_type', '=', productType)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), firstDate: row.first_date ?? null };
}

/** A sale row as stored (grams, cents; created_at/updated_at are bigint strings on PostgreSQL). */
export interface SaleRecord {
  id: number;
  product_id: number;
  product_type: SalesTable['product_type'];
  quantity_g: number;
  unit_price_cents: number;
  sale_date: string;
  batch_code_sold: string;
  user_id: number | null;
  created_at: number | string;
  updated_at: number | string;
}

/** What a create or edit writes. */
export type SaleValues = Pick<SaleRecord, 'product_id' | 'product_type' | 'quantity_g' | 'unit_price_cents' | 'sale_date' | 'batch_code_sold'>;

const saleColumns = [
  'id',
  'product_id',
  'product_type',
  'quantity_g',
  'unit_price_cents',
  'sale_date',
  'batch_code_sold',
  'user_id',
  'created_at',
  'updated_at',
] as const;

/**
 * "ordered by sale_date descending" (spec 7), newest id first within a day, read
 * straight off the index sales_sale_date_id_idx (sale_date desc, id desc): the
 * first page costs the same at ten sales and at a million.
 */
export const listSales = (db: DbOrTrx, page: { limit: number; offset: number }): Promise<SaleRecord[]> =>
  db
    .selectFrom('sales')
    .select(saleColumns)
    .orderBy('sale_date', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/**
 * How many sales there are, without COUNT(*) over the sales table on every page
 * view: the aggregates kept in each sale's own transaction hold the counts.
 * The per-day stripes (sales_daily_totals, migration 0008: one row per day and
 * stripe, at most 16 a day) are the smallest of them, and unlike the monthly
 * rows (one per month and product, 112,079 with 1,000,000 sales) they do not
 * grow with the catalogue (issue 17, P3).
 */
export async function countSales(db: DbOrTrx): Promise<number> {
  const { rows } = await sql<{ total: number | string | null }>`select sum(sale_count) as total from sales_daily_totals`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

export const findSale = (db: DbOrTrx, id: number): Promise<SaleRecord | undefined> =>
  db.selectFrom('sales').select(saleColumns).where('id', '=', id).executeTakeFirst();

export async function insertSale(db: DbOrTrx, values: SaleValues & { user_id: number }, now: number): Promise<number> {
  const { id } = await db
    .insertInto('sales')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The row keeps who recorded it first (`user_id`); the ledger rows say who changed what. */
export async function updateSale(db: DbOrTrx, id: number, values: SaleValues, now: number): Promise<void> {
  await db.updateTable('sales').set({ ...values, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteSale(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('sales').where('id', '=', id).execute();
}
