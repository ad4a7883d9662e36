import { lotCodeColumns } from '#server/db/lot-code-columns.js';
import type { RoastedCoffeeRow } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A roast joined to its green lot's code and origin (spec 7: "with joined green batch_code"). */
export interface RoastRecord extends Omit<RoastedCoffeeRow, 'batch_code_key' | 'batch_code_skeleton'> {
  green_batch_code: string;
  origin_id: number;
  origin_name: string;
}

/** What a create or edit writes; `stock_g` is never among them: only the ledger moves it. */
export type RoastValues = Pick<
  RoastedCoffeeRow,
  'green_coffee_id' | 'quantity_green_g' | 'resultant_g' | 'roast_type' | 'roast_date' | 'batch_code'
>;

/** The row's columns: the code's key and skeleton beside it, each under its unique index. */
const withKey = (values: RoastValues) => ({ ...values, ...lotCodeColumns(values.batch_code) });

const joined = (db: DbOrTrx) =>
  db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select([
      'r.id',
      'r.green_coffee_id',
      'r.quantity_green_g',
      'r.resultant_g',
      'r.stock_g',
      'r.roast_type',
      'r.roast_date',
      'r.batch_code',
      'r.created_at',
      'g.batch_code as green_batch_code',
      'g.origin_id',
      'o.name as origin_name',
    ]);

export interface RoastFilter {
  originId?: number | undefined;
  /** Only roasted lots with coffee on hand. */
  inStock?: boolean | undefined;
}

/** "ordered by roast_date descending" (spec 7), newest id first within a day so pages are stable. */
export async function listRoasts(
  db: DbOrTrx,
  query: { limit: number; offset: number } & RoastFilter,
): Promise<{ rows: RoastRecord[]; total: number }> {
  let rows = joined(db);
  let count = db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .select((eb) => eb.fn.countAll<number>().as('total'));
  if (query.originId !== undefined) {
    rows = rows.where('g.origin_id', '=', query.originId);
    count = count.where('g.origin_id', '=', query.originId);
  }
  if (query.inStock) {
    rows = rows.where('r.stock_g', '>', 0);
    count = count.where('r.stock_g', '>', 0);
  }
  const page = await rows
    .orderBy('r.roast_date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const { total } = await count.executeTakeFirstOrThrow();
  return { rows: page, total: Number(total) };
}

export const findRoastById = (db: DbOrTrx, id: number): Promise<RoastRecord | undefined> =>
  joined(db).where('r.id', '=', id).executeTakeFirst();

/** The roast's own row, without joins: lock it first (service.ts lockRoastWithGreen). */
export const findRoastRow = (db: DbOrTrx, id: number): Promise<RoastedCoffeeRow | undefined> =>
  db.selectFrom('roasted_coffee').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Inserts the roast with no stock (the caller moves it through the ledger in the
 * same transaction). Undefined when the batch code is taken or looks like a
 * taken one: the unique indexes on its key and skeleton decide, and ON
 * CONFLICT DO NOTHING (whichever index) leaves the transaction usable on
 * PostgreSQL, so the caller can try another code.
 */
export async function insertRoast(db: DbOrTrx, values: RoastValues, createdAt: number): Promise<number | undefined> {
  const row = await db
    .insertInto('roasted_coffee')
    .values({ ...withKey(values), stock_g: 0, created_at: createdAt })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Throws the unique violation when another roast already has the batch code. */
export async function updateRoast(db: DbOrTrx, id: number, values: RoastValues): Promise<void> {
  await db.updateTable('roasted_coffee').set(withKey(values)).where('id', '=', id).execute();
}

/** Throws the foreign-key violation when a row of a later area (blends, sales) still uses the roast. */
export async function deleteRoast(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('roasted_coffee').where('id', '=', id).execute();
}

/**
 * True when the roasted lot's ledger holds any movement that is not one of its
 * own roast rows (the 'roast' / 'roast_reversal' rows this feature writes with
 * ref_kind 'roast' and ref_id = the roast): a blend or a sale took from it, or
 * returned to it. See service.ts isRoastUsed.
 */
export async function hasForeignMovements(db: DbOrTrx, roastId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stock_movements')
    .select('id')
    .where('lot_kind', '=', 'roasted')
    .where('lot_id', '=', roastId)
    .where((eb) =>
      eb.or([
        eb('reason', 'not in', ['roast', 'roast_reversal']),
        eb('ref_kind', 'is', null),
        eb('ref_kind', '<>', 'roast'),
        eb('ref_id', 'is', null),
        eb('ref_id', '<>', roastId),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
