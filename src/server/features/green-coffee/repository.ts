import { lotCodeKey } from '#shared/lot-codes.js';
import type { GreenCoffeeRow } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A green lot joined to its origin ("reads are joined to the origin's name and description", spec 3). */
export interface GreenLotRecord extends Omit<GreenCoffeeRow, 'batch_code_key'> {
  origin_name: string;
  origin_description: string | null;
}

/**
 * What a create or edit writes; `stock_g` is never among them: only the ledger
 * moves it. Nor `batch_code_key`: written here from the code, always.
 */
export type GreenLotValues = Omit<GreenCoffeeRow, 'id' | 'stock_g' | 'batch_code_key'>;

/** The row's columns: the code's key beside it, under the unique index that makes 'co-001' and 'CO-001 ' one lot. */
const withKey = (values: GreenLotValues) => ({ ...values, batch_code_key: lotCodeKey(values.batch_code) });

const joined = (db: DbOrTrx) =>
  db
    .selectFrom('green_coffee as g')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select([
      'g.id',
      'g.origin_id',
      'g.supplier_finca',
      'g.quantity_g',
      'g.stock_g',
      'g.unit_price_cents',
      'g.entry_date',
      'g.batch_code',
      'o.name as origin_name',
      'o.description as origin_description',
    ]);

export interface GreenLotFilter {
  originId?: number | undefined;
  /** Only lots with stock on hand (the roast form's "available green stock"). */
  inStock?: boolean | undefined;
}

/** "ordered by entry_date descending" (spec 7), newest id first within a day so pages are stable. */
export async function listGreenLots(
  db: DbOrTrx,
  query: { limit: number; offset: number } & GreenLotFilter,
): Promise<{ rows: GreenLotRecord[]; total: number }> {
  let rows = joined(db);
  let count = db.selectFrom('green_coffee as g').select((eb) => eb.fn.countAll<number>().as('total'));
  if (query.originId !== undefined) {
    rows = rows.where('g.origin_id', '=', query.originId);
    count = count.where('g.origin_id', '=', query.originId);
  }
  if (query.inStock) {
    rows = rows.where('g.stock_g', '>', 0);
    count = count.where('g.stock_g', '>', 0);
  }
  const page = await rows
    .orderBy('g.entry_date', 'desc')
    .orderBy('g.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const { total } = await count.executeTakeFirstOrThrow();
  return { rows: page, total: Number(total) };
}

export async function findGreenLotById(db: DbOrTrx, id: number): Promise<GreenLotRecord | undefined> {
  return joined(db).where('g.id', '=', id).executeTakeFirst();
}

/**
 * A green lot with what a roast needs to know about it (issue 4 reuses this):
 * its origin, its code and its on-hand grams. Read-only: deduct with
 * ledger.moveStock, whose conditional UPDATE is the real stock check.
 */
export interface GreenLotWithOrigin {
  id: number;
  origin_id: number;
  origin_name: string;
  batch_code: string;
  /** A roast of the lot is dated on or after it. */
  entry_date: string;
  stock_g: number;
}

export async function findGreenLotWithOrigin(db: DbOrTrx, id: number): Promise<GreenLotWithOrigin | undefined> {
  return db
    .selectFrom('green_coffee as g')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['g.id', 'g.origin_id', 'o.name as origin_name', 'g.batch_code', 'g.entry_date', 'g.stock_g'])
    .where('g.id', '=', id)
    .executeTakeFirst();
}

/**
 * The roasts made from a lot, oldest roast date first (then oldest id): once
 * there is one, the lot's origin is fixed and its entry date stays on or
 * before the first (docs/product-guide.md#data-rules).
 */
export async function roastsOfLot(db: DbOrTrx, id: number): Promise<{ batch_code: string; roast_date: string }[]> {
  return db
    .selectFrom('roasted_coffee')
    .select(['batch_code', 'roast_date'])
    .where('green_coffee_id', '=', id)
    .orderBy('roast_date')
    .orderBy('id')
    .execute();
}

/** Inserts the lot with no stock; the caller records the receipt through the ledger in the same transaction. */
export async function insertGreenLot(db: DbOrTrx, values: GreenLotValues): Promise<number> {
  const row = await db
    .insertInto('green_coffee')
    .values({ ...withKey(values), stock_g: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes an edit only if the received quantity is still the one the caller read
 * (`expectedQuantityG`), so two simultaneous edits cannot both apply their
 * difference to the stock. False when the lot is gone or changed meanwhile.
 */
export async function updateGreenLot(
  db: DbOrTrx,
  id: number,
  expectedQuantityG: number,
  values: GreenLotValues,
): Promise<boolean> {
  const result = await db
    .updateTable('green_coffee')
    .set(withKey(values))
    .where('id', '=', id)
    .where('quantity_g', '=', expectedQuantityG)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** False when no lot has that id; throws the foreign-key violation when a roast still uses it. */
export async function deleteGreenLot(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('green_coffee').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
