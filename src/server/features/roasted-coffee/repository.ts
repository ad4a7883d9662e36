import type { ExpressionBuilder, Insertable } from 'kysely';
import { lotCodeColumns } from '#server/db/lot-code-columns.js';
import type { Database, RoastArtisanProfilesTable, RoastedCoffeeRow } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A roast joined to its green lot's code and farm and to its origin (the list shows the green lot's code). */
export interface RoastRecord extends Omit<RoastedCoffeeRow, 'batch_code_key' | 'batch_code_skeleton'> {
  green_batch_code: string;
  supplier_finca: string;
  origin_id: number;
  origin_name: string;
  /** From the Artisan file the roast was imported from (migration 0013); null for a roast typed in the form. */
  artisan_batch: string | null;
  /** 1 when the roast has an Artisan curve (a number: SQLite has no boolean). */
  has_curve: number;
  /** 1 when the roast is its product's reference profile (roast_references, migration 0029). */
  is_reference: number;
  /** The roast's stored figures (migration 0029), null without a curve or the event. */
  first_crack_s: number | null;
  total_time_s: number | null;
  dtr_pct: number | null;
  drop_bt_c: number | null;
  /** Its product's reference roast (origin + roast type), null when the product has none, and that roast's figures and grams. */
  ref_id: number | null;
  ref_first_crack_s: number | null;
  ref_total_time_s: number | null;
  ref_dtr_pct: number | null;
  ref_drop_bt_c: number | null;
  ref_quantity_green_g: number | null;
  ref_resultant_g: number | null;
}

/** What a create or edit writes; `stock_g` is never among them: only the ledger moves it. */
export type RoastValues = Pick<
  RoastedCoffeeRow,
  'green_coffee_id' | 'quantity_green_g' | 'resultant_g' | 'roast_type' | 'roast_date' | 'batch_code'
> &
  Partial<Pick<RoastedCoffeeRow, 'notes' | 'cupping_score'>>;

/** The row's columns: the code's key and skeleton beside it, each under its unique index. */
const withKey = (values: RoastValues) => ({ ...values, ...lotCodeColumns(values.batch_code) });

const joined = (db: DbOrTrx) =>
  db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .leftJoin('roast_artisan_profiles as a', 'a.roast_id', 'r.id')
    // Its own mark, and its product's reference with that roast's stored figures: primary-key and
    // unique-index lookups per row, never a curve (docs/decisions/0053-reference-profile.md).
    .leftJoin('roast_references as own', 'own.roast_id', 'r.id')
    .leftJoin('roast_references as pr', (join) => join.onRef('pr.origin_id', '=', 'g.origin_id').onRef('pr.roast_type', '=', 'r.roast_type'))
    .leftJoin('roasted_coffee as rf', 'rf.id', 'pr.roast_id')
    .leftJoin('roast_artisan_profiles as ra', 'ra.roast_id', 'pr.roast_id')
    .select((eb) => [
      'a.artisan_batch',
      eb.case().when('a.curve', 'is not', null).then(1).else(0).end().as('has_curve'),
      eb.case().when('own.roast_id', 'is not', null).then(1).else(0).end().as('is_reference'),
      'a.first_crack_s',
      'a.total_time_s',
      'a.dtr_pct',
      'a.drop_bt_c',
      'pr.roast_id as ref_id',
      'ra.first_crack_s as ref_first_crack_s',
      'ra.total_time_s as ref_total_time_s',
      'ra.dtr_pct as ref_dtr_pct',
      'ra.drop_bt_c as ref_drop_bt_c',
      'rf.quantity_green_g as ref_quantity_green_g',
      'rf.resultant_g as ref_resultant_g',
    ])
    .select([
      'r.id',
      'r.version',
      'r.green_coffee_id',
      'r.quantity_green_g',
      'r.resultant_g',
      'r.stock_g',
      'r.roast_type',
      'r.roast_date',
      'r.batch_code',
      'r.created_at',
      'r.notes',
      'r.cupping_score',
      'g.batch_code as green_batch_code',
      'g.supplier_finca',
      'g.origin_id',
      'o.name as origin_name',
    ]);

export interface RoastFilter {
  originId?: number | undefined;
  /** Only roasted lots with coffee on hand. */
  inStock?: boolean | undefined;
}

type RoastTables = Database & { r: Database['roasted_coffee']; g: Database['green_coffee'] };

/** The list's filters: the origin is the green lot's. */
const matching = (filter: RoastFilter) => (eb: ExpressionBuilder<RoastTables, 'r' | 'g'>) =>
  eb.and([
    ...(filter.originId === undefined ? [] : [eb('g.origin_id', '=', filter.originId)]),
    ...(filter.inStock ? [eb('r.stock_g', '>', 0)] : []),
  ]);

/**
 * The list's rows: its filters, in its order ("ordered by roast_date
 * descending", docs/product-guide.md#cafe-tostado), newest id first within a
 * day so pages are stable. With `after`, only the rows that follow it in that
 * order (keyset, as for the green lots). The page and the CSV export both read
 * this one query.
 */
const listed = (db: DbOrTrx, filter: RoastFilter, after?: Pick<RoastRecord, 'roast_date' | 'id'>) => {
  const rows = joined(db).where(matching(filter)).orderBy('r.roast_date', 'desc').orderBy('r.id', 'desc');
  if (!after) return rows;
  return rows.where((eb) =>
    eb.or([eb('r.roast_date', '<', after.roast_date), eb.and([eb('r.roast_date', '=', after.roast_date), eb('r.id', '<', after.id)])]));
};

export async function listRoasts(
  db: DbOrTrx,
  query: { limit: number; offset: number } & RoastFilter,
): Promise<{ rows: RoastRecord[]; total: number }> {
  const rows = await listed(db, query).limit(query.limit).offset(query.offset).execute();
  const { total } = await db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(matching(query))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** The list's rows after `after` (all from the first when undefined), `limit` of them: the CSV export's batches. */
export const roastsAfter = (db: DbOrTrx, filter: RoastFilter, after: RoastRecord | undefined, limit: number): Promise<RoastRecord[]> =>
  listed(db, filter, after).limit(limit).execute();

/** Roasted lots by id with their green lot, origin and farm (the trace's backward steps). */
export const findRoastsByIds = (db: DbOrTrx, ids: readonly number[]): Promise<RoastRecord[]> =>
  ids.length === 0 ? Promise.resolve([]) : joined(db).where('r.id', 'in', [...ids]).execute();

/** The roasts whose code has this key (lotCodeKey: 'co-001' finds 'CO-001 '), oldest first. */
export const findRoastsByCodeKey = (db: DbOrTrx, key: string): Promise<RoastRecord[]> =>
  joined(db).where('r.batch_code_key', '=', key).orderBy('r.id').execute();

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

/** What an Artisan import stores beside its roast (docs/decisions/0026-artisan-alog-import.md). */
export type ArtisanProfileValues = Omit<Insertable<RoastArtisanProfilesTable>, 'created_at'>;

/**
 * Inserts the file's row; false when another roast already holds its
 * roast_uuid. ON CONFLICT DO NOTHING, not a caught violation: on PostgreSQL
 * it waits for a concurrent insert of the same uuid to commit or roll back
 * and leaves the transaction usable, so the caller can name the lot that won.
 */
export async function insertArtisanProfile(db: DbOrTrx, values: ArtisanProfileValues, createdAt: number): Promise<boolean> {
  const row = await db
    .insertInto('roast_artisan_profiles')
    .values({ ...values, created_at: createdAt })
    .onConflict((conflict) => conflict.column('roast_uuid').doNothing())
    .returning('roast_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The roasts holding these Artisan uuids, with their lot codes. */
export const findRoastsByArtisanUuids = (db: DbOrTrx, uuids: readonly string[]) =>
  uuids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('roast_artisan_profiles as a')
        .innerJoin('roasted_coffee as r', 'r.id', 'a.roast_id')
        .select(['a.roast_uuid', 'r.id', 'r.batch_code'])
        .where('a.roast_uuid', 'in', [...uuids])
        .execute();

/**
 * The stored curve's JSON of a roast (null: a file without points) and the roast's weights,
 * which its weight loss needs (docs/decisions/0052-roast-metrics.md); undefined without an Artisan row.
 */
export async function findArtisanCurve(
  db: DbOrTrx,
  roastId: number,
): Promise<{ curve: string | null; quantity_green_g: number; resultant_g: number } | undefined> {
  return db
    .selectFrom('roast_artisan_profiles as a')
    .innerJoin('roasted_coffee as r', 'r.id', 'a.roast_id')
    .select(['a.curve', 'r.quantity_green_g', 'r.resultant_g'])
    .where('a.roast_id', '=', roastId)
    .executeTakeFirst();
}

/** The figures an import stores beside its curve (migration 0029): what the list compares with the reference. */
export type RoastFigureValues = Pick<RoastArtisanProfilesTable, 'first_crack_s' | 'total_time_s' | 'dtr_pct' | 'drop_bt_c'> & { figures_version: number };

export async function updateArtisanFigures(db: DbOrTrx, roastId: number, figures: RoastFigureValues): Promise<void> {
  await db.updateTable('roast_artisan_profiles').set(figures).where('roast_id', '=', roastId).execute();
}

/** Up to `limit` imported roasts with a curve whose figures were never computed, or computed by an older version: the start-up fill's batches. */
export const roastsWithoutFigures = (db: DbOrTrx, version: number, limit: number) =>
  db
    .selectFrom('roast_artisan_profiles as a')
    .innerJoin('roasted_coffee as r', 'r.id', 'a.roast_id')
    .select(['a.roast_id', 'a.curve', 'r.quantity_green_g', 'r.resultant_g'])
    .where('a.curve', 'is not', null)
    .where((eb) => eb.or([eb('a.figures_version', 'is', null), eb('a.figures_version', '<', version)]))
    .orderBy('a.roast_id')
    .limit(limit)
    .execute();

/**
 * Marks the roast as the reference of its product: one statement, keyed by the product, so a
 * mark of another roast of it moves the reference here and two marks at once leave one
 * (the second waits for the first's row and then takes it over). A row of this roast under
 * another product (left by an edit that changed it) goes first.
 */
export async function markReference(db: DbOrTrx, product: { origin_id: number; roast_type: RoastedCoffeeRow['roast_type'] }, roastId: number, at: number): Promise<void> {
  await db
    .deleteFrom('roast_references')
    .where('roast_id', '=', roastId)
    .where((eb) => eb.or([eb('origin_id', '<>', product.origin_id), eb('roast_type', '<>', product.roast_type)]))
    .execute();
  await db
    .insertInto('roast_references')
    .values({ origin_id: product.origin_id, roast_type: product.roast_type, roast_id: roastId, marked_at: at })
    .onConflict((conflict) => conflict.columns(['origin_id', 'roast_type']).doUpdateSet((eb) => ({ roast_id: eb.ref('excluded.roast_id'), marked_at: eb.ref('excluded.marked_at') })))
    .execute();
}

/** Removes the roast's mark; with `keep`, only when its product is no longer that one (an edit changed it). */
export async function unmarkReference(db: DbOrTrx, roastId: number, keep?: { origin_id: number; roast_type: RoastedCoffeeRow['roast_type'] }): Promise<void> {
  let query = db.deleteFrom('roast_references').where('roast_id', '=', roastId);
  if (keep) query = query.where((eb) => eb.or([eb('origin_id', '<>', keep.origin_id), eb('roast_type', '<>', keep.roast_type)]));
  await query.execute();
}
