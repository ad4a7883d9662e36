import type { ProductList, ProductsQuery, ProductType } from '#shared/schemas/products.js';
import { gramsToKg } from '#shared/units.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import * as repository from './repository.js';

/**
 * GET /api/products: the sale form's product picker. Roasted lots and blends
 * with stock (or the one the edited sale sold), matching `q` by name or lot
 * code without regard to case or accents, newest lot first, at most `limit`.
 */
export async function listProducts(db: DbOrTrx, query: ProductsQuery): Promise<ProductList> {
  const q = query.q?.trim();
  const records = await repository.findProducts(db, {
    pattern: q ? repository.searchPattern(q) : undefined,
    limit: query.limit,
    includeType: query.include_type,
    includeId: query.include_id,
  });
  const items = records
    .sort((a, b) => b.made_on.localeCompare(a.made_on) || a.type.localeCompare(b.type) || b.id - a.id)
    .slice(0, query.limit)
    .map(({ id, type, name, batch_code, stock_g }) => ({ id, type, name, batch_code, stock_kg: gramsToKg(stock_g) }));
  return { items, limit: query.limit };
}

/**
 * What the sales area asks about a product (other areas reach products only
 * through this file, docs/decisions/0007): one lot with its on-hand grams,
 * read after the sale locked it, and the names a page of sales shows.
 */
export const findProduct = (db: DbOrTrx, type: ProductType, id: number): Promise<repository.ProductRecord | undefined> =>
  repository.findProduct(db, type, id);

/**
 * findProduct that also locks the lot on PostgreSQL, in the same statement (see
 * repository.findProduct): for a write whose only lock is this lot, at its start.
 */
export const findProductLocked = (trx: DbOrTrx, type: ProductType, id: number): Promise<repository.ProductRecord | undefined> =>
  repository.findProduct(trx, type, id, true);

export const productNames = (db: DbOrTrx, ids: { tostado: readonly number[]; mezcla: readonly number[] }): Promise<Map<string, string>> =>
  repository.productNames(db, ids);

export type { ProductRecord } from './repository.js';
