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
}

/** Every roasted lot with its origin: the plan sums them per (origin, roast type). */
export async function roastedLots(db: DbOrTrx): Promise<RoastedLotRow[]> {
  const rows = await db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['r.id', 'g.origin_id', 'o.name as origin_name', 'o.name_sort as origin_name_sort', 'r.roast_type', 'r.stock_g'])
    .execute();
  return rows.map((row) => ({ ...row, stock_g: num(row.stock_g) }));
}

/** Grams sold per product of one type between two dates (inclusive), net of edits and deletes: the daily aggregates. */
export async function soldByProduct(db: DbOrTrx, type: 'tostado' | 'mezcla', since: string, until: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sales_daily')
    .select((eb) => ['product_id', eb.fn.sum<number | string>('quantity_g').as('quantity_g')])
    .where('product_type', '=', type)
    .where('sale_date', '>=', since)
    .where('sale_date', '<=', until)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, num(row.quantity_g)]));
}

/** Grams drawn per roasted lot by the blends created between two dates (inclusive), as the blends stand now. */
export async function drawnByRoastedLot(db: DbOrTrx, since: string, until: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('blended_coffee_draws as d')
    .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
    .innerJoin('blended_coffee as b', 'b.id', 'c.blend_id')
    .select((eb) => ['d.roasted_coffee_id', eb.fn.sum<number | string>('d.quantity_g').as('quantity_g')])
    .where('b.creation_date', '>=', since)
    .where('b.creation_date', '<=', until)
    .groupBy('d.roasted_coffee_id')
    .execute();
  return new Map(rows.map((row) => [row.roasted_coffee_id, num(row.quantity_g)]));
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
  recipe_id: number;
  stock_g: number;
}

/** Blends made from a recipe (a blend without one is planned nowhere). */
export async function blendsWithRecipe(db: DbOrTrx): Promise<BlendLotRow[]> {
  const rows = await db
    .selectFrom('blended_coffee')
    .select(['id', 'recipe_id', 'stock_g'])
    .where('recipe_id', 'is not', null)
    .execute();
  return rows.map((row) => ({ id: row.id, recipe_id: Number(row.recipe_id), stock_g: num(row.stock_g) }));
}

export interface RecipeComponentRow {
  recipe_id: number;
  recipe_name: string;
  recipe_name_key: string;
  origin_id: number;
  origin_name: string;
  origin_name_sort: string;
  percentage_bp: number;
}

/** Every recipe's components, in the order they were added. */
export async function recipeComponents(db: DbOrTrx): Promise<RecipeComponentRow[]> {
  return db
    .selectFrom('blend_recipe_components as c')
    .innerJoin('blend_recipes as r', 'r.id', 'c.recipe_id')
    .innerJoin('coffee_origins as o', 'o.id', 'c.origin_id')
    .select(['c.recipe_id', 'r.name as recipe_name', 'r.name_key as recipe_name_key', 'c.origin_id', 'o.name as origin_name', 'o.name_sort as origin_name_sort', 'c.percentage_bp'])
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
