import { sql } from 'kysely';
import type { SoldProduct } from '#shared/schemas/products.js';
import type { SalesTable } from '#server/db/schema.js';
import { reusableQuery } from '#server/db/reusable-query.js';
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
  version: number;
  product_id: number;
  product_type: SalesTable['product_type'];
  quantity_g: number;
  unit_price_cents: number;
  sale_date: string;
  batch_code_sold: string;
  /** Null for a counter sale (migration 0019). */
  customer_id: number | null;
  /** The sale format and its bags, both null for bulk kilos (migration 0020). */
  format_id: number | null;
  bags: number | null;
  user_id: number | null;
  created_at: number | string;
  updated_at: number | string;
}

/** What a create or edit writes. */
export type SaleValues = Pick<SaleRecord, 'product_id' | 'product_type' | 'quantity_g' | 'unit_price_cents' | 'sale_date' | 'batch_code_sold' | 'customer_id' | 'format_id' | 'bags'>;

const saleColumns = [
  'id',
  'version',
  'product_id',
  'product_type',
  'quantity_g',
  'unit_price_cents',
  'sale_date',
  'batch_code_sold',
  'customer_id',
  'format_id',
  'bags',
  'user_id',
  'created_at',
  'updated_at',
] as const;

/** (product_type, product_id) in (…): a condition on the sales table or its aggregates. */
const ofProducts = (products: readonly SoldProduct[]) => {
  const idsOf = (type: SaleRecord['product_type']) => products.filter((p) => p.product_type === type).map((p) => p.product_id);
  const [roasted, blends] = [idsOf('tostado'), idsOf('mezcla')];
  const parts = [];
  if (roasted.length > 0) parts.push(sql`(product_type = 'tostado' and product_id in (${sql.join(roasted)}))`);
  if (blends.length > 0) parts.push(sql`(product_type = 'mezcla' and product_id in (${sql.join(blends)}))`);
  return parts.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
};

/**
 * The list's rows in its order ("ordered by sale_date descending",
 * docs/product-guide.md#ventas), newest id first within a day, read straight
 * off the index sales_sale_date_id_idx (sale_date desc, id desc); only some
 * lots' sales with `products` (index sales_product_idx picks them). With
 * `after`, only the rows that follow it in that order (keyset on the same
 * index: the CSV export's next batch costs the same at the millionth sale as
 * at the first). The list, the trace's sales and the CSV export all read this
 * one query.
 */
const listed = (db: DbOrTrx, options: { products?: readonly SoldProduct[]; after?: Pick<SaleRecord, 'sale_date' | 'id'> } = {}) => {
  const { products, after } = options;
  let rows = db.selectFrom('sales').select(saleColumns).orderBy('sale_date', 'desc').orderBy('id', 'desc');
  if (products) rows = rows.where(ofProducts(products));
  if (after) rows = rows.where((eb) => eb.or([eb('sale_date', '<', after.sale_date), eb.and([eb('sale_date', '=', after.sale_date), eb('id', '<', after.id)])]));
  return rows;
};

/** A page of the list: the first costs the same at ten sales and at a million. */
export const listSales = (db: DbOrTrx, page: { limit: number; offset: number }): Promise<SaleRecord[]> =>
  listed(db).limit(page.limit).offset(page.offset).execute();

/** The sales after `after` (all from the newest when undefined), `limit` of them: the CSV export's batches. */
export const salesAfter = (db: DbOrTrx, after: SaleRecord | undefined, limit: number): Promise<SaleRecord[]> =>
  listed(db, { after }).limit(limit).execute();

/** A page of the sales of some lots, newest first, and how many there are (the trace's sales). */
export async function salesOfProducts(
  db: DbOrTrx,
  products: readonly SoldProduct[],
  page: { limit: number; offset: number },
): Promise<{ rows: SaleRecord[]; total: number }> {
  if (products.length === 0) return { rows: [], total: 0 };
  const rows = await listed(db, { products }).limit(page.limit).offset(page.offset).execute();
  const { total } = await db
    .selectFrom('sales')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(ofProducts(products))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Sold grams, revenue and count per lot, from the aggregates each sale's own transaction keeps (docs/decisions/0009-sale-totals-and-aggregates.md). */
export async function soldTotalsByProduct(
  db: DbOrTrx,
  products: readonly SoldProduct[],
): Promise<(SoldProduct & { quantity_g: number; revenue_cents: number; sale_count: number })[]> {
  if (products.length === 0) return [];
  const { rows } = await sql<SoldProduct & { quantity_g: string; revenue_cents: string; sale_count: string }>`
    select product_type, product_id, sum(quantity_g) as quantity_g, sum(revenue_cents) as revenue_cents, sum(sale_count) as sale_count
    from sales_monthly where ${ofProducts(products)}
    group by product_type, product_id`.execute(db);
  return rows.map((row) => ({
    product_type: row.product_type,
    product_id: Number(row.product_id),
    quantity_g: Number(row.quantity_g),
    revenue_cents: Number(row.revenue_cents),
    sale_count: Number(row.sale_count),
  }));
}

/** A customer's sales of one lot: grams, count and first and last day (the recall list, docs/decisions/0044-recall-list-and-delivery-note.md). */
export interface CustomerSoldRow extends SoldProduct {
  customer_id: number;
  quantity_g: number;
  sale_count: number;
  first_date: string;
  last_date: string;
}

/**
 * The sales with a customer of some lots, summed per customer and lot. The
 * condition `customer_id is not null` lets the planner read the partial index
 * sales_customer_id_idx (migration 0019), which holds only sales with a
 * customer: counter sales, most of a lot's, are never read (their totals come
 * from the aggregates).
 */
export async function customerSoldByProduct(db: DbOrTrx, products: readonly SoldProduct[]): Promise<CustomerSoldRow[]> {
  if (products.length === 0) return [];
  const { rows } = await sql<Record<keyof CustomerSoldRow, string | number>>`
    select customer_id, product_type, product_id, sum(quantity_g) as quantity_g, count(*) as sale_count,
      min(sale_date) as first_date, max(sale_date) as last_date
    from sales where customer_id is not null and ${ofProducts(products)}
    group by customer_id, product_type, product_id`.execute(db);
  return rows.map((row) => ({
    customer_id: Number(row.customer_id),
    product_type: row.product_type as SoldProduct['product_type'],
    product_id: Number(row.product_id),
    quantity_g: Number(row.quantity_g),
    sale_count: Number(row.sale_count),
    first_date: String(row.first_date),
    last_date: String(row.last_date),
  }));
}

/** The delivery notes (orders prepared with a number) that carried sales of some lots to each customer, oldest first. */
export async function deliveryNotesOfProducts(
  db: DbOrTrx,
  products: readonly SoldProduct[],
): Promise<{ customer_id: number; order_id: number; year: number; seq: number }[]> {
  if (products.length === 0) return [];
  const { rows } = await sql<{ customer_id: number; order_id: number; year: number; seq: number }>`
    select distinct s.customer_id, o.id as order_id, o.delivery_note_year as year, o.delivery_note_seq as seq
    from (select customer_id, order_line_id from sales
      where customer_id is not null and order_line_id is not null and ${ofProducts(products)}) s
    join order_lines l on l.id = s.order_line_id
    join orders o on o.id = l.order_id
    where o.delivery_note_seq is not null
    order by year, seq`.execute(db);
  return rows.map((row) => ({ customer_id: Number(row.customer_id), order_id: Number(row.order_id), year: Number(row.year), seq: Number(row.seq) }));
}

/**
 * How many sales there are, without COUNT(*) over the sales table on every page
 * view: the aggregates kept in each sale's own transaction hold the counts.
 * The per-day stripes (sales_daily_totals, migration 0008: one row per day and
 * stripe, at most 16 a day) are the smallest of them, and unlike the monthly
 * rows (one per month and product, 112,079 with 1,000,000 sales) they do not
 * grow with the catalogue (docs/architecture.md#aggregates).
 */
export async function countSales(db: DbOrTrx): Promise<number> {
  const { rows } = await sql<{ total: number | string | null }>`select sum(sale_count) as total from sales_daily_totals`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

export const findSale = (db: DbOrTrx, id: number): Promise<SaleRecord | undefined> =>
  db.selectFrom('sales').select(saleColumns).where('id', '=', id).executeTakeFirst();

/** Built once per dialect (db/reusable-query.ts): every sale runs it. */
const insertSaleQuery = reusableQuery((db, p: SaleValues & { user_id: number; now: number }) =>
  db
    .insertInto('sales')
    .values({
      product_id: p.product_id,
      product_type: p.product_type,
      quantity_g: p.quantity_g,
      unit_price_cents: p.unit_price_cents,
      sale_date: p.sale_date,
      batch_code_sold: p.batch_code_sold,
      customer_id: p.customer_id,
      format_id: p.format_id,
      bags: p.bags,
      user_id: p.user_id,
      created_at: p.now,
      updated_at: p.now,
    })
    .returning('id'));

export async function insertSale(db: DbOrTrx, values: SaleValues & { user_id: number }, now: number): Promise<number> {
  const row = await insertSaleQuery.takeFirst(db, { ...values, now });
  if (row === undefined) throw new Error('la venta no devolvió su id');
  return row.id;
}

/** The row keeps who recorded it first (`user_id`); the ledger rows say who changed what. */
export async function updateSale(db: DbOrTrx, id: number, values: SaleValues, now: number): Promise<void> {
  await db.updateTable('sales').set({ ...values, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteSale(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('sales').where('id', '=', id).execute();
}

/**
 * A sale an order's preparation records (docs/decisions/0043-orders.md): the
 * sale's columns plus its format, bags and order line. Its own statement, so
 * the counter sale's prepared insert stays as it is (docs/decisions/0033).
 */
export async function insertOrderSale(
  db: DbOrTrx,
  values: SaleValues & { user_id: number; order_line_id: number },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('sales')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The order sale `id` was prepared for; undefined for a sale typed in Ventas (or none). */
export async function orderOfSale(db: DbOrTrx, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sales as s')
    .innerJoin('order_lines as l', 'l.id', 's.order_line_id')
    .select('l.order_id')
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row?.order_id;
}

/** The sales prepared for these order lines, by id (an order's undo). */
export async function salesOfOrderLines(db: DbOrTrx, lineIds: readonly number[]): Promise<SaleRecord[]> {
  if (lineIds.length === 0) return [];
  return db.selectFrom('sales').select(saleColumns).where('order_line_id', 'in', lineIds).orderBy('id').execute();
}

/** A sale prepared for an order line as its delivery note prints it: the lot, its kilos and bags. */
export interface DeliveredSaleRow {
  order_line_id: number;
  product_type: SalesTable['product_type'];
  product_id: number;
  batch_code_sold: string;
  quantity_g: number;
  bags: number | null;
}

/** The sales of these order lines with their lots (a delivery note), by id: index sales_order_line_idx (migration 0020). */
export async function deliveredSalesOfLines(db: DbOrTrx, lineIds: readonly number[]): Promise<DeliveredSaleRow[]> {
  if (lineIds.length === 0) return [];
  const rows = await db
    .selectFrom('sales')
    .select(['order_line_id', 'product_type', 'product_id', 'batch_code_sold', 'quantity_g', 'bags'])
    .where('order_line_id', 'in', [...lineIds])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, order_line_id: Number(row.order_line_id), quantity_g: Number(row.quantity_g) }));
}

/**
 * The price per kg (cents) of the customer's latest sale of a unit (an origin's
 * roast type, or a recipe's blends), or undefined: what an order line is
 * pre-filled with (docs/product-guide.md#pedidos). Walks the customer's sales
 * newest first on sales_customer_id_idx.
 */
export async function lastPriceOfCustomer(
  db: DbOrTrx,
  customerId: number,
  unit: { kind: 'tostado'; origin_id: number; roast_type: string } | { kind: 'mezcla'; recipe_id: number },
): Promise<number | undefined> {
  const row =
    unit.kind === 'tostado'
      ? await db
          .selectFrom('sales as s')
          .innerJoin('roasted_coffee as r', 'r.id', 's.product_id')
          .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
          .select('s.unit_price_cents')
          .where('s.customer_id', '=', customerId)
          .where('s.product_type', '=', 'tostado')
          .where('g.origin_id', '=', unit.origin_id)
          .where('r.roast_type', '=', unit.roast_type as 'Claro')
          .orderBy('s.sale_date', 'desc')
          .orderBy('s.id', 'desc')
          .limit(1)
          .executeTakeFirst()
      : await db
          .selectFrom('sales as s')
          .innerJoin('blended_coffee as b', 'b.id', 's.product_id')
          .select('s.unit_price_cents')
          .where('s.customer_id', '=', customerId)
          .where('s.product_type', '=', 'mezcla')
          .where('b.recipe_id', '=', unit.recipe_id)
          .orderBy('s.sale_date', 'desc')
          .orderBy('s.id', 'desc')
          .limit(1)
          .executeTakeFirst();
  return row?.unit_price_cents;
}
