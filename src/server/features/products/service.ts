import type { ProductList, ProductsQuery, ProductType } from '#shared/schemas/products.js';
import { centsToPrice, gramsToKg } from '#shared/units.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { readFreshnessRules, readRoastDates } from '#server/features/freshness/service.js';
import { type RoastAge, readyOldestFirst, roastAge } from '#shared/freshness.js';
import { localIsoDate } from '#shared/local-date.js';
import * as repository from './repository.js';

/**
 * Each lot's age (docs/decisions/0049-roast-age-and-public-page.md): a roasted lot's from its roast
 * date, already read; a blend's from its oldest drawn roast, one more query, only when there are blends.
 */
export async function agesOf(db: DbOrTrx, lots: readonly { type: ProductType; id: number; made_on: string }[]): Promise<(lot: { type: ProductType; id: number; made_on: string }) => RoastAge> {
  const blendIds = lots.filter((lot) => lot.type === 'mezcla').map((lot) => lot.id);
  const rules = await readFreshnessRules(db);
  const today = localIsoDate();
  const blendDates = blendIds.length === 0 ? new Map<number, string>() : (await readRoastDates(db, { blend: blendIds })).blend;
  return (lot) => roastAge(lot.type === 'mezcla' ? (blendDates.get(lot.id) ?? lot.made_on) : lot.made_on, today, rules);
}

/**
 * GET /api/products: the sale form's product picker. Roasted lots and blends
 * with stock (or the one the edited sale sold), matching `q` by name or lot
 * code without regard to case or accents, the oldest ready lot first (what should sell
 * first; resting lots last, docs/decisions/0049-roast-age-and-public-page.md), each with its roast or creation date, at most `limit`.
 */
export async function listProducts(db: DbOrTrx, query: ProductsQuery): Promise<ProductList> {
  const q = query.q?.trim();
  const records = await repository.findProducts(db, {
    pattern: q ? repository.searchPattern(q) : undefined,
    limit: query.limit,
    includeType: query.include_type,
    includeId: query.include_id,
  });
  const ages = await agesOf(db, records);
  const items = records
    .map((record) => ({ ...record, ...ages(record) }))
    .sort((a, b) => readyOldestFirst(a, b) || a.made_on.localeCompare(b.made_on) || a.type.localeCompare(b.type) || a.id - b.id)
    .slice(0, query.limit)
    .map(({ id, type, name, batch_code, stock_g, made_on, price_cents, age_days, freshness }) => ({
      id,
      type,
      name,
      batch_code,
      stock_kg: gramsToKg(stock_g),
      made_on,
      price: price_cents == null ? null : centsToPrice(price_cents),
      age_days,
      freshness,
    }));
  return { items, limit: query.limit };
}

/**
 * What the sales area asks about a product (other areas reach products only
 * through this file, docs/decisions/0007): one lot with its on-hand grams, and
 * the names a page of sales shows. findProductForSale is the read of a sale's
 * create: its one statement is read through `readLot`, which the sale gives as
 * the stock layer's withLotLock (ledger/lot-locks.ts): the lot is locked and read
 * in one round trip. Products only read; locking lots is the stock layer's.
 */
export const findProduct = (db: DbOrTrx, type: ProductType, id: number): Promise<repository.ProductRecord | undefined> =>
  repository.findProduct(db, type, id);

export const findProductForSale = (
  db: DbOrTrx,
  type: ProductType,
  id: number,
  readLot: repository.LotReader,
): Promise<repository.ProductRecord | undefined> => repository.findProductForSale(db, type, id, readLot);

export const productNames = (db: DbOrTrx, ids: { tostado: readonly number[]; mezcla: readonly number[] }): Promise<Map<string, string>> =>
  repository.productNames(db, ids);

export type { LotReader, ProductRecord } from './repository.js';

/** An order's allocation and preparation (docs/decisions/0043-orders.md): a unit's lots with stock, oldest first, and chosen lots with their units. */
export const lotsOfUnit = (db: DbOrTrx, unit: repository.ProductUnit, limit: number): Promise<repository.ProductRecord[]> => repository.lotsOfUnit(db, unit, limit);
export const lotsWithUnits = (db: DbOrTrx, type: ProductType, ids: readonly number[], readLots: repository.LotReader): Promise<repository.UnitLot[]> =>
  repository.lotsWithUnits(db, type, ids, readLots);
export type { ProductUnit, UnitLot } from './repository.js';
