import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import type { RangeSplit } from './range-split.js';

/**
 * The reports' SQL (docs/product-guide.md#reportes, docs/architecture.md#aggregates). They read the sales aggregates (never the
 * sales table): the totals of migration 0008 where they answer the question
 * (revenue per month; the all-time top 5), otherwise those of 0007: the whole
 * months of the range from `sales_monthly`, its cut months from `sales_daily`. Each report is ONE
 * statement (a UNION ALL of both parts), so it sees one snapshot even while
 * sales are being written. bigint sums come back as strings from pg: Number().
 */

type Numeric = number | string;

/**
 * The range's rows of both aggregate tables as (month, product, grams, cents),
 * one row per (month, product): whole months come from sales_monthly, the cut
 * months (never also read from sales_monthly) grouped from sales_daily.
 */
export function aggregateRows(split: RangeSplit): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (split.months) {
    parts.push(sql`
      select month, product_type, product_id, quantity_g, revenue_cents
      from sales_monthly where ${wholeMonths(split.months)}`);
  }
  if (split.days.length > 0) {
    parts.push(sql`
      select substr(sale_date, 1, 7) as month, product_type, product_id,
        cast(sum(quantity_g) as bigint) as quantity_g, cast(sum(revenue_cents) as bigint) as revenue_cents
      from sales_daily where ${cutDays(split.days)}
      group by substr(sale_date, 1, 7), product_type, product_id`);
  }
  return sql.join(parts, sql` union all `);
}

/** The (month, product) rows of `sales_monthly` for some whole months: what 'Margen bruto' costs a month from. */
export const monthRows = (months: readonly string[]): RawBuilder<unknown> =>
  sql`select month, product_type, product_id, quantity_g, revenue_cents from sales_monthly where month in (${sql.join(months.map((month) => sql`${month}`))})`;

/** The condition on a `month` column for a split's whole months (an open bound is no condition). */
function wholeMonths(months: NonNullable<RangeSplit['months']>): RawBuilder<boolean> {
  const conditions = [sql`1 = 1`];
  if (months.from !== undefined) conditions.push(sql`month >= ${months.from}`);
  if (months.to !== undefined) conditions.push(sql`month <= ${months.to}`);
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/** The condition on a `sale_date` column for a split's cut days. */
const cutDays = (days: RangeSplit['days']): RawBuilder<boolean> =>
  sql<boolean>`(${sql.join(days.map((range) => sql`(sale_date >= ${range.from} and sale_date <= ${range.to})`), sql` or `)})`;

export interface ProductSold {
  product_type: 'tostado' | 'mezcla';
  product_id: number;
  quantity_g: number;
  /** null when the lot no longer exists (deletes with sales are refused, so only by hand). */
  batch_code: string | null;
  name: string | null;
}

/**
 * The candidates for the top `limit` products in the range: grams sold per
 * product, ranked in the database (docs/architecture.md#aggregates), keeping every product whose
 * grams reach the `limit`-th largest (so a tie at the last place is all here),
 * with the lot's code and name (roasted: 'Origen · Tipo de tueste', as the
 * products list names it) joined for those few rows only. The service
 * finishes the tie-break by lot code in code-unit order, identical on both
 * databases whatever their collation.
 */
export async function topProductsSold(db: DbOrTrx, split: RangeSplit, limit: number): Promise<ProductSold[]> {
  return namedProducts(db, sql`
    with t as (
      select a.product_type, a.product_id, cast(sum(a.quantity_g) as bigint) as quantity_g
      from (${aggregateRows(split)}) a
      group by a.product_type, a.product_id
    )
    select t.product_type, t.product_id, t.quantity_g from t
    where t.quantity_g >= coalesce((select min(x.quantity_g) from (select quantity_g from t order by quantity_g desc limit ${limit}) x), 0)`);
}

/**
 * The same candidates for all time (docs/architecture.md#aggregates): read in order from
 * `sales_product_totals` (migration 0008) through its quantity_g index, so
 * nothing is grouped: the `limit`-th largest total is one index step, and the
 * rows reaching it (a tie at the last place included) are a short index range.
 */
export async function topProductsAllTime(db: DbOrTrx, limit: number): Promise<ProductSold[]> {
  return namedProducts(db, sql`
    select p.product_type, p.product_id, p.quantity_g from sales_product_totals p
    where p.quantity_g >= coalesce((select x.quantity_g from sales_product_totals x order by x.quantity_g desc limit 1 offset ${limit - 1}), 0)`);
}

/** `best` (product_type, product_id, quantity_g rows) with each lot's code and name joined. */
async function namedProducts(db: DbOrTrx, best: RawBuilder<unknown>): Promise<ProductSold[]> {
  const { rows } = await sql<{ product_type: 'tostado' | 'mezcla'; product_id: Numeric; quantity_g: Numeric; batch_code: string | null; name: string | null }>`
    select best.product_type, best.product_id, best.quantity_g,
      case when best.product_type = 'tostado' then r.batch_code else b.batch_code end as batch_code,
      case when best.product_type = 'tostado' then o.name || ' · ' || r.roast_type else b.name end as name
    from (${best}) best
    left join roasted_coffee r on best.product_type = 'tostado' and r.id = best.product_id
    left join green_coffee g on g.id = r.green_coffee_id
    left join coffee_origins o on o.id = g.origin_id
    left join blended_coffee b on best.product_type = 'mezcla' and b.id = best.product_id`.execute(db);
  return rows.map((row) => ({ ...row, product_id: Number(row.product_id), quantity_g: Number(row.quantity_g) }));
}

/**
 * Revenue per month with sales in the range (docs/architecture.md#aggregates): grouped from the
 * (day, stripe) rows of `sales_daily_totals` (migration 0008), at most 16 per
 * day whatever the number of sales or products. Both bounds are inclusive days.
 */
export async function monthlyRevenue(db: DbOrTrx, range: { from?: string | undefined; to?: string | undefined }): Promise<{ month: string; revenue_cents: number }[]> {
  const conditions = [sql`1 = 1`];
  if (range.from !== undefined) conditions.push(sql`sale_date >= ${range.from}`);
  if (range.to !== undefined) conditions.push(sql`sale_date <= ${range.to}`);
  const { rows } = await sql<{ month: string; revenue_cents: Numeric }>`
    select substr(sale_date, 1, 7) as month, sum(revenue_cents) as revenue_cents
    from sales_daily_totals where ${sql.join(conditions, sql` and `)}
    group by substr(sale_date, 1, 7)`.execute(db);
  return rows.map((row) => ({ month: row.month, revenue_cents: Number(row.revenue_cents) }));
}

/**
 * The range's grams, revenue and number of sales (docs/architecture.md#aggregates): summed from
 * the (day, stripe) rows of `sales_daily_totals`, at most 16 per day whatever the number of sales.
 */
export async function rangeTotals(db: DbOrTrx, range: { from?: string | undefined; to?: string | undefined }): Promise<{ quantity_g: number; revenue_cents: number; sale_count: number }> {
  const conditions = [sql`1 = 1`];
  if (range.from !== undefined) conditions.push(sql`sale_date >= ${range.from}`);
  if (range.to !== undefined) conditions.push(sql`sale_date <= ${range.to}`);
  const { rows } = await sql<{ quantity_g: Numeric | null; revenue_cents: Numeric | null; sale_count: Numeric | null }>`
    select sum(quantity_g) as quantity_g, sum(revenue_cents) as revenue_cents, sum(sale_count) as sale_count
    from sales_daily_totals where ${sql.join(conditions, sql` and `)}`.execute(db);
  const row = rows[0];
  return { quantity_g: Number(row?.quantity_g ?? 0), revenue_cents: Number(row?.revenue_cents ?? 0), sale_count: Number(row?.sale_count ?? 0) };
}

/**
 * All time as the (month, product, grams, cents) rows the margin is costed from, in one
 * "month": one row per product from `sales_product_totals` (migration 0008), so costing all
 * time reads as many rows at 10,000 sales as at 1,000,000 (docs/performance.md, P2b).
 */
export const allTimeProductRows = (): RawBuilder<unknown> =>
  sql`select 'todo' as month, product_type, product_id, quantity_g, revenue_cents from sales_product_totals where quantity_g > 0`;

export interface ProductGroupSold {
  product_type: 'tostado' | 'mezcla';
  /** 'Colombia · Medio', the recipe's name, a blend's own name; null for lots that no longer exist. */
  name: string | null;
  lots: number;
  quantity_g: number;
}

/**
 * Grams sold per product (docs/product-guide.md#reportes): the lots of `sold` (product_type,
 * product_id, quantity_g rows) grouped by what the product is: a roasted lot's origin and roast
 * type, a blend's recipe, or a blend's own name when it has no recipe. One row per product,
 * so as many as the products sold; the service ranks them.
 */
async function productGroups(db: DbOrTrx, sold: RawBuilder<unknown>): Promise<ProductGroupSold[]> {
  const { rows } = await sql<{ product_type: 'tostado' | 'mezcla'; name: string | null; lots: Numeric; quantity_g: Numeric }>`
    with sold as (${sold}),
    named as (
      select sold.product_type, sold.quantity_g,
        case
          when sold.product_type = 'tostado' then 'o' || cast(g.origin_id as text) || ' ' || r.roast_type
          when b.recipe_id is not null then 'r' || cast(b.recipe_id as text)
          else 'b' || b.name
        end as product_key,
        case
          when sold.product_type = 'tostado' then o.name || ' · ' || r.roast_type
          when b.recipe_id is not null then rc.name
          else b.name
        end as name
      from sold
      left join roasted_coffee r on sold.product_type = 'tostado' and r.id = sold.product_id
      left join green_coffee g on g.id = r.green_coffee_id
      left join coffee_origins o on o.id = g.origin_id
      left join blended_coffee b on sold.product_type = 'mezcla' and b.id = sold.product_id
      left join blend_recipes rc on rc.id = b.recipe_id
    )
    select product_type, max(name) as name, count(*) as lots, cast(sum(quantity_g) as bigint) as quantity_g
    from named group by product_type, product_key`.execute(db);
  return rows.map((row) => ({ product_type: row.product_type, name: row.name, lots: Number(row.lots), quantity_g: Number(row.quantity_g) }));
}

/** Grams per product in the range, from the period aggregates (one row per lot sold first). */
export const productGroupsSold = (db: DbOrTrx, split: RangeSplit): Promise<ProductGroupSold[]> =>
  productGroups(db, sql`
    select a.product_type, a.product_id, cast(sum(a.quantity_g) as bigint) as quantity_g
    from (${aggregateRows(split)}) a
    group by a.product_type, a.product_id`);

/** Grams per product for all time, from the per-lot totals of `sales_product_totals` (migration 0008). */
export const productGroupsAllTime = (db: DbOrTrx): Promise<ProductGroupSold[]> =>
  productGroups(db, sql`select p.product_type, p.product_id, p.quantity_g from sales_product_totals p where p.quantity_g > 0`);

/** On-hand grams of every green, roasted and blended lot (the `stock_g` the ledger moves), in one statement. */
export async function stockTotals(db: DbOrTrx): Promise<{ green_g: number; roasted_g: number; blended_g: number }> {
  const { rows } = await sql<{ green_g: Numeric; roasted_g: Numeric; blended_g: Numeric }>`
    select
      (select coalesce(sum(stock_g), 0) from green_coffee) as green_g,
      (select coalesce(sum(stock_g), 0) from roasted_coffee) as roasted_g,
      (select coalesce(sum(stock_g), 0) from blended_coffee) as blended_g`.execute(db);
  const row = rows[0]!;
  return { green_g: Number(row.green_g), roasted_g: Number(row.roasted_g), blended_g: Number(row.blended_g) };
}

/**
 * The range's sales that name a customer as (customer_id, product_type, product_id, quantity_g,
 * revenue_cents, sale_count) rows, several per (customer, product) for a range: all time from
 * `sales_customer_totals` (one row per customer and lot bought, whatever the sales), a range's
 * whole months from `sales_customer_monthly`, its cut months (at most two) from the sales
 * themselves through the partial index sales_customer_date_idx (migration 0023). Never a
 * counter sale: the report counts those apart, from the (day, stripe) totals.
 */
export function customerSaleRows(split: RangeSplit | null): RawBuilder<unknown> {
  if (split === null) {
    return sql`select customer_id, product_type, product_id, quantity_g, revenue_cents, sale_count from sales_customer_totals`;
  }
  const parts: RawBuilder<unknown>[] = [];
  if (split.months) {
    parts.push(sql`
      select customer_id, product_type, product_id, quantity_g, revenue_cents, sale_count
      from sales_customer_monthly where ${wholeMonths(split.months)}`);
  }
  if (split.days.length > 0) {
    parts.push(sql`
      select customer_id, product_type, product_id, cast(sum(quantity_g) as bigint) as quantity_g,
        cast(sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000) as bigint) as revenue_cents, count(*) as sale_count
      from sales where customer_id is not null and ${cutDays(split.days)}
      group by customer_id, product_type, product_id`);
  }
  // An empty range split cannot happen (a range has whole months or cut days), but keep the query valid.
  if (parts.length === 0) return sql`select customer_id, product_type, product_id, quantity_g, revenue_cents, sale_count from sales_customer_totals where 1 = 0`;
  return sql.join(parts, sql` union all `);
}

export interface CustomerSold {
  customer_id: number;
  quantity_g: number;
  revenue_cents: number;
  sale_count: number;
}

/** Grams, cents and sales per customer of `rows` (customerSaleRows): one row per customer who bought in the range. */
export async function totalsByCustomer(db: DbOrTrx, rows: RawBuilder<unknown>): Promise<CustomerSold[]> {
  const { rows: result } = await sql<{ customer_id: Numeric; quantity_g: Numeric; revenue_cents: Numeric; sale_count: Numeric }>`
    select r.customer_id, sum(r.quantity_g) as quantity_g, sum(r.revenue_cents) as revenue_cents, sum(r.sale_count) as sale_count
    from (${rows}) r group by r.customer_id`.execute(db);
  return result.map((row) => ({
    customer_id: Number(row.customer_id),
    quantity_g: Number(row.quantity_g),
    revenue_cents: Number(row.revenue_cents),
    sale_count: Number(row.sale_count),
  }));
}

/**
 * `rows` of these customers as the (month, product, grams, cents) rows the gross margin is
 * costed from (costs/service.ts grossMarginByMonthOf), with the customer's id in place of the
 * month: one row per (customer, lot), so each customer's margin comes back as one "month",
 * each lot it bought costed and rounded once.
 */
export const customerMarginRows = (rows: RawBuilder<unknown>, customerIds: readonly number[]): RawBuilder<unknown> => sql`
  select cast(r.customer_id as text) as month, r.product_type, r.product_id,
    cast(sum(r.quantity_g) as bigint) as quantity_g, cast(sum(r.revenue_cents) as bigint) as revenue_cents
  from (${rows}) r where r.customer_id in (${sql.join(customerIds)})
  group by r.customer_id, r.product_type, r.product_id`;
