import { sql } from 'kysely';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * Read-only SQL of the roast plan (docs/decisions/0028-roast-plan.md). Sales
 * come from sales_daily (docs/decisions/0009-sale-totals-and-aggregates.md),
 * one indexed date range, never the sales themselves; blends from their
 * draws, joined to blends created in the window. Grams are bigint sums on
 * PostgreSQL: read through Number().
 */

const num = (value: number | string | null | undefined): number => Number(value ?? 0);

export interface RoastedLotRow {
  id: number;
  origin_id: number;
  origin_name: string;
  origin_name_sort: string;
  roast_type: RoastType;
  stock_g: number;
  roast_date: string;
  resultant_g: number;
}

/** Every roasted lot with its origin: the plan sums them per (origin, roast type). */
export async function roastedLots(db: DbOrTrx): Promise<RoastedLotRow[]> {
  const rows = await db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['r.id', 'g.origin_id', 'o.name as origin_name', 'o.name_sort as origin_name_sort', 'r.roast_type', 'r.stock_g', 'r.roast_date', 'r.resultant_g'])
    .execute();
  return rows.map((row) => ({ ...row, stock_g: num(row.stock_g), resultant_g: num(row.resultant_g) }));
}

/** Grams out of one product: in the pace window, and in the longer idle window that contains it. */
export interface OutGrams {
  window_g: number;
  idle_window_g: number;
}

/**
 * Grams sold per product of one type, net of edits and deletes, from the daily
 * aggregates: since `windowSince` (the pace) and since `idleSince` (the idle
 * rule), both until `until`, in one indexed date range.
 */
export async function soldByProduct(
  db: DbOrTrx,
  type: 'tostado' | 'mezcla',
  dates: { idleSince: string; windowSince: string; until: string },
): Promise<Map<number, OutGrams>> {
  const { rows } = await sql<{ product_id: number; window_g: number | string | null; idle_window_g: number | string | null }>`
    select product_id,
      sum(case when sale_date >= ${dates.windowSince} then quantity_g else 0 end) as window_g,
      sum(quantity_g) as idle_window_g
    from sales_daily
    where product_type = ${type} and sale_date >= ${dates.idleSince} and sale_date <= ${dates.until}
    group by product_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.product_id), { window_g: num(row.window_g), idle_window_g: num(row.idle_window_g) }]));
}

/**
 * Grams drawn per roasted lot by blends, as the blends stand now: in the pace
 * window only by blends made from a recipe (a blend without one is one-off: it
 * lowers the stock but sets no pace, docs/product-guide.md#roast-plan), and in
 * the idle window by any blend.
 */
export async function drawnByRoastedLot(db: DbOrTrx, dates: { idleSince: string; windowSince: string; until: string }): Promise<Map<number, OutGrams>> {
  const { rows } = await sql<{ roasted_coffee_id: number; window_g: number | string | null; idle_window_g: number | string | null }>`
    select d.roasted_coffee_id,
      sum(case when b.creation_date >= ${dates.windowSince} and b.recipe_id is not null then d.quantity_g else 0 end) as window_g,
      sum(d.quantity_g) as idle_window_g
    from blended_coffee_draws d
    join blended_coffee_components c on c.id = d.component_id
    join blended_coffee b on b.id = c.blend_id
    where b.creation_date >= ${dates.idleSince} and b.creation_date <= ${dates.until}
    group by d.roasted_coffee_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.roasted_coffee_id), { window_g: num(row.window_g), idle_window_g: num(row.idle_window_g) }]));
}

export interface RoastRow {
  origin_id: number;
  roast_type: RoastType;
  quantity_green_g: number;
  resultant_g: number;
}

/** Every roast, newest first (roast date, then id): the yields take the last 5 of each origin and type. */
export async function roastsNewestFirst(db: DbOrTrx): Promise<RoastRow[]> {
  const rows = await db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .select(['g.origin_id', 'r.roast_type', 'r.quantity_green_g', 'r.resultant_g'])
    .orderBy('r.roast_date', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, quantity_green_g: num(row.quantity_green_g), resultant_g: num(row.resultant_g) }));
}

export interface GreenLotRow {
  id: number;
  origin_id: number;
  batch_code: string;
  stock_g: number;
}

/** Green lots with stock, oldest entry date first (then id): the order the plan proposes them in. */
export async function greenLotsOldestFirst(db: DbOrTrx): Promise<GreenLotRow[]> {
  const rows = await db
    .selectFrom('green_coffee')
    .select(['id', 'origin_id', 'batch_code', 'stock_g'])
    .where('stock_g', '>', 0)
    .orderBy('entry_date')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, stock_g: num(row.stock_g) }));
}

export interface BlendLotRow {
  id: number;
  /** Null for a blend made without a recipe: a unit of its own, for home's alerts only. */
  recipe_id: number | null;
  recipe_name: string | null;
  stock_g: number;
  total_quantity_g: number;
  creation_date: string;
}

/** Every blend, with its recipe's name when it has one. */
export async function blendLots(db: DbOrTrx): Promise<BlendLotRow[]> {
  const rows = await db
    .selectFrom('blended_coffee as b')
    .leftJoin('blend_recipes as r', 'r.id', 'b.recipe_id')
    .select(['b.id', 'b.recipe_id', 'r.name as recipe_name', 'b.stock_g', 'b.total_quantity_g', 'b.creation_date'])
    .execute();
  return rows.map((row) => ({
    ...row,
    recipe_id: row.recipe_id === null ? null : Number(row.recipe_id),
    stock_g: num(row.stock_g),
    total_quantity_g: num(row.total_quantity_g),
  }));
}

export interface RecipeComponentRow {
  recipe_id: number;
  recipe_name: string;
  recipe_name_key: string;
  origin_id: number;
  origin_name: string;
  origin_name_sort: string;
  percentage_bp: number;
  /** The roast type the component names; null: any. */
  roast_type: RoastType | null;
}

/** Every recipe's components, in the order they were added. */
export async function recipeComponents(db: DbOrTrx): Promise<RecipeComponentRow[]> {
  return db
    .selectFrom('blend_recipe_components as c')
    .innerJoin('blend_recipes as r', 'r.id', 'c.recipe_id')
    .innerJoin('coffee_origins as o', 'o.id', 'c.origin_id')
    .select(['c.recipe_id', 'r.name as recipe_name', 'r.name_key as recipe_name_key', 'c.origin_id', 'o.name as origin_name', 'o.name_sort as origin_name_sort', 'c.percentage_bp', 'c.roast_type'])
    .orderBy('c.recipe_id')
    .orderBy('c.position')
    .execute();
}

/** Grams each recipe's blends drew per roast type, all time: the recipe's usual roast type. */
export async function drawnByRecipeAndRoastType(db: DbOrTrx): Promise<{ recipe_id: number; roast_type: RoastType; quantity_g: number }[]> {
  const { rows } = await sql<{ recipe_id: number; roast_type: RoastType; quantity_g: number | string }>`
    select b.recipe_id, r.roast_type, sum(d.quantity_g) as quantity_g
    from blended_coffee_draws d
    join blended_coffee_components c on c.id = d.component_id
    join blended_coffee b on b.id = c.blend_id
    join roasted_coffee r on r.id = d.roasted_coffee_id
    where b.recipe_id is not null
    group by b.recipe_id, r.roast_type`.execute(db);
  return rows.map((row) => ({ recipe_id: Number(row.recipe_id), roast_type: row.roast_type, quantity_g: num(row.quantity_g) }));
}

export interface PendingOrderLineRow {
  order_id: number;
  customer_name: string;
  due_date: string;
  product_type: 'tostado' | 'mezcla';
  origin_id: number | null;
  origin_name: string | null;
  origin_name_sort: string | null;
  roast_type: RoastType | null;
  recipe_id: number | null;
  recipe_name: string | null;
  quantity_g: number;
}

/**
 * The lines of the orders still pending that are due by `until`, overdue ones
 * included (docs/decisions/0045-plan-from-orders.md): one range of the
 * (status, due_date, id) index, so pending orders due later cost nothing.
 */
export async function pendingOrderLines(db: DbOrTrx, until: string): Promise<PendingOrderLineRow[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .leftJoin('coffee_origins as co', 'co.id', 'l.origin_id')
    .leftJoin('blend_recipes as r', 'r.id', 'l.recipe_id')
    .select([
      'o.id as order_id',
      'c.name as customer_name',
      'o.due_date',
      'l.product_type',
      'l.origin_id',
      'co.name as origin_name',
      'co.name_sort as origin_name_sort',
      'l.roast_type',
      'l.recipe_id',
      'r.name as recipe_name',
      'l.quantity_g',
    ])
    .where('o.status', '=', 'pendiente')
    .where('o.due_date', '<=', until)
    .orderBy('o.due_date')
    .orderBy('o.id')
    .orderBy('l.position')
    .execute();
  return rows.map((row) => ({
    ...row,
    order_id: Number(row.order_id),
    origin_id: row.origin_id === null ? null : Number(row.origin_id),
    recipe_id: row.recipe_id === null ? null : Number(row.recipe_id),
    quantity_g: num(row.quantity_g),
  }));
}

export interface PreparedOrderGrams {
  product_type: 'tostado' | 'mezcla';
  origin_id: number | null;
  roast_type: RoastType | null;
  recipe_id: number | null;
  quantity_g: number;
}

/**
 * Grams of the orders prepared (and not undone) from `since` to `until`, per
 * product of their lines: the sales they made are in sales_daily on their
 * prepared date, and the pace leaves them out (docs/decisions/0045-plan-from-orders.md).
 * Read from the orders prepared in the window (the partial prepared_date
 * index), never from the sales: flat however many sales there are.
 */
export async function preparedOrderGrams(db: DbOrTrx, dates: { since: string; until: string }): Promise<PreparedOrderGrams[]> {
  const { rows } = await sql<{ product_type: 'tostado' | 'mezcla'; origin_id: number | null; roast_type: RoastType | null; recipe_id: number | null; quantity_g: number | string }>`
    select l.product_type, l.origin_id, l.roast_type, l.recipe_id, sum(l.quantity_g) as quantity_g
    from orders o
    join order_lines l on l.order_id = o.id
    where o.prepared_date >= ${dates.since} and o.prepared_date <= ${dates.until} and o.status in ('preparado', 'entregado')
    group by l.product_type, l.origin_id, l.roast_type, l.recipe_id`.execute(db);
  return rows.map((row) => ({
    product_type: row.product_type,
    origin_id: row.origin_id === null ? null : Number(row.origin_id),
    roast_type: row.roast_type,
    recipe_id: row.recipe_id === null ? null : Number(row.recipe_id),
    quantity_g: num(row.quantity_g),
  }));
}
