import type { ExpressionBuilder } from 'kysely';
import { lotCodeColumns } from '#server/db/lot-code-columns.js';
import type { Database, GreenCoffeeRow } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A green lot joined to its origin ("reads are joined to the origin's name and description", docs/product-guide.md#entities). */
export interface GreenLotRecord extends Omit<GreenCoffeeRow, 'batch_code_key' | 'batch_code_skeleton'> {
  origin_name: string;
  origin_description: string | null;
}

/**
 * What a create or edit writes; `stock_g` is never among them: only the ledger
 * moves it. Nor the code's key and skeleton: written here from the code, always.
 */
export type GreenLotValues = Omit<GreenCoffeeRow, 'id' | 'version' | 'stock_g' | 'batch_code_key' | 'batch_code_skeleton'>;

/** The row's columns: the code's key and skeleton beside it, each under its unique index per origin. */
const withKey = (values: GreenLotValues) => ({ ...values, ...lotCodeColumns(values.batch_code) });

const joined = (db: DbOrTrx) =>
  db
    .selectFrom('green_coffee as g')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select([
      'g.id',
      'g.version',
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

/** The list's filters, on the green lot's own columns. */
const matching = (filter: GreenLotFilter) => (eb: ExpressionBuilder<Database & { g: Database['green_coffee'] }, 'g'>) =>
  eb.and([
    ...(filter.originId === undefined ? [] : [eb('g.origin_id', '=', filter.originId)]),
    ...(filter.inStock ? [eb('g.stock_g', '>', 0)] : []),
  ]);

/**
 * The list's rows: its filters, in its order ("ordered by entry_date
 * descending", docs/product-guide.md#cafe-verde), newest id first within a day
 * so pages are stable. With `after`, only the rows that follow it in that
 * order (keyset on the same index: the CSV export's next batch costs the same
 * at the millionth row as at the first, where OFFSET would rescan them all).
 * The page and the CSV export both read this one query.
 */
const listed = (db: DbOrTrx, filter: GreenLotFilter, after?: Pick<GreenLotRecord, 'entry_date' | 'id'>) => {
  const rows = joined(db).where(matching(filter)).orderBy('g.entry_date', 'desc').orderBy('g.id', 'desc');
  if (!after) return rows;
  return rows.where((eb) =>
    eb.or([eb('g.entry_date', '<', after.entry_date), eb.and([eb('g.entry_date', '=', after.entry_date), eb('g.id', '<', after.id)])]));
};

export async function listGreenLots(
  db: DbOrTrx,
  query: { limit: number; offset: number } & GreenLotFilter,
): Promise<{ rows: GreenLotRecord[]; total: number }> {
  const rows = await listed(db, query).limit(query.limit).offset(query.offset).execute();
  const { total } = await db
    .selectFrom('green_coffee as g')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(matching(query))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** The list's rows after `after` (all from the first when undefined), `limit` of them: the CSV export's batches. */
export const greenLotsAfter = (db: DbOrTrx, filter: GreenLotFilter, after: GreenLotRecord | undefined, limit: number): Promise<GreenLotRecord[]> =>
  listed(db, filter, after).limit(limit).execute();

export async function findGreenLotById(db: DbOrTrx, id: number): Promise<GreenLotRecord | undefined> {
  return joined(db).where('g.id', '=', id).executeTakeFirst();
}

/** Lots by id, with their origin, in no particular order (the printed labels' one read of them). */
export const findGreenLotsByIds = (db: DbOrTrx, ids: readonly number[]): Promise<GreenLotRecord[]> =>
  ids.length === 0 ? Promise.resolve([]) : joined(db).where('g.id', 'in', [...ids]).execute();

/** The lots whose code has this key (lotCodeKey: 'co-001' finds 'CO-001 '), oldest first. */
export const findGreenLotsByCodeKey = (db: DbOrTrx, key: string): Promise<GreenLotRecord[]> =>
  joined(db).where('g.batch_code_key', '=', key).orderBy('g.id').execute();

/**
 * A green lot with what a roast needs to know about it (the roast reuses this):
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
