import { sql } from 'kysely';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A price per product as stored (migration 0018), with the product's name: 'Colombia · Medio' or the recipe's. */
export interface ProductPriceRecord {
  id: number;
  version: number;
  product_type: 'tostado' | 'mezcla';
  origin_id: number | null;
  roast_type: RoastType | null;
  recipe_id: number | null;
  name: string;
  price_cents: number;
}

export type ProductPriceValues =
  | { product_type: 'tostado'; origin_id: number; roast_type: RoastType; price_cents: number }
  | { product_type: 'mezcla'; recipe_id: number; price_cents: number };

/** The product's name as the sale picker names its lots: origin and roast type, or the recipe's name. */
const productName = sql<string>`case when p.product_type = 'tostado' then o.name || ' · ' || p.roast_type else r.name end`;

const pricesWithNames = (db: DbOrTrx) =>
  db
    .selectFrom('product_prices as p')
    .leftJoin('coffee_origins as o', 'o.id', 'p.origin_id')
    .leftJoin('blend_recipes as r', 'r.id', 'p.recipe_id')
    .select(['p.id', 'p.version', 'p.product_type', 'p.origin_id', 'p.roast_type', 'p.recipe_id', 'p.price_cents', productName.as('name')]);

/** By product name (the origin's or recipe's name key, then roast type), one page at a time. */
export async function listPrices(db: DbOrTrx, page: { limit: number; offset: number }): Promise<{ rows: ProductPriceRecord[]; total: number }> {
  const rows = await pricesWithNames(db)
    .orderBy(sql`coalesce(o.name_key, r.name_key)`)
    .orderBy('p.roast_type')
    .orderBy('p.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db.selectFrom('product_prices').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export const findPriceById = (db: DbOrTrx, id: number): Promise<ProductPriceRecord | undefined> =>
  pricesWithNames(db).where('p.id', '=', id).executeTakeFirst();

/** Inserts one price; throws the unique violation of a product already priced, or the foreign-key violation of a missing origin or recipe. */
export async function insertPrice(db: DbOrTrx, values: ProductPriceValues, now: number): Promise<number> {
  const row = await db
    .insertInto('product_prices')
    .values({
      product_type: values.product_type,
      origin_id: values.product_type === 'tostado' ? values.origin_id : null,
      roast_type: values.product_type === 'tostado' ? values.roast_type : null,
      recipe_id: values.product_type === 'mezcla' ? values.recipe_id : null,
      price_cents: values.price_cents,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The new version (the write pipeline raised it), or undefined when no price has that id. */
export async function updatePrice(db: DbOrTrx, id: number, priceCents: number, now: number): Promise<number | undefined> {
  const row = await db.updateTable('product_prices').set({ price_cents: priceCents, updated_at: now }).where('id', '=', id).returning('version').executeTakeFirst();
  return row?.version;
}

export async function deletePrice(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('product_prices').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The product already priced, for the 409 that names it (the unique indexes decide). */
export function findPriceOfProduct(db: DbOrTrx, values: ProductPriceValues): Promise<ProductPriceRecord | undefined> {
  const query = pricesWithNames(db);
  return (values.product_type === 'tostado'
    ? query.where('p.product_type', '=', 'tostado').where('p.origin_id', '=', values.origin_id).where('p.roast_type', '=', values.roast_type)
    : query.where('p.product_type', '=', 'mezcla').where('p.recipe_id', '=', values.recipe_id)
  ).executeTakeFirst();
}
