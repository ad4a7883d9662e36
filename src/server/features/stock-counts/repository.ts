import { sql } from 'kysely';
import type { StockCountReason } from '#shared/schemas/stock-counts.js';
import type { LotKind, StockCountLinesTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * All SQL of stock counts (docs/product-guide.md#recuento-de-inventario): the counts and their lines,
 * and the count sheet's read of every lot with stock. Stock itself moves only
 * through the ledger (service.ts, moveStock).
 */

/** A lot as a count reads it under its lock: its code, on-hand grams and the grams that entered it. */
export interface CountedLot {
  kind: LotKind;
  id: number;
  batch_code: string;
  stock_g: number;
  /** What the lot received (green), produced (roasted) or was made with (blend): its stock's ceiling. */
  entry_g: number;
}

const lotRows = {
  green: (db: DbOrTrx, ids: number[]) =>
    db.selectFrom('green_coffee').select(['id', 'batch_code', 'stock_g', 'quantity_g as entry_g']).where('id', 'in', ids).execute(),
  roasted: (db: DbOrTrx, ids: number[]) =>
    db.selectFrom('roasted_coffee').select(['id', 'batch_code', 'stock_g', 'resultant_g as entry_g']).where('id', 'in', ids).execute(),
  blend: (db: DbOrTrx, ids: number[]) =>
    db.selectFrom('blended_coffee').select(['id', 'batch_code', 'stock_g', 'total_quantity_g as entry_g']).where('id', 'in', ids).execute(),
} satisfies Record<LotKind, unknown>;

/** The named lots that exist, keyed 'kind:id' (read after lockLots: the latest committed stock). One query per kind named. */
export async function findLots(db: DbOrTrx, lots: readonly { kind: LotKind; id: number }[]): Promise<Map<string, CountedLot>> {
  const found = new Map<string, CountedLot>();
  for (const kind of ['green', 'roasted', 'blend'] as const) {
    const ids = lots.filter((lot) => lot.kind === kind).map((lot) => lot.id);
    if (ids.length === 0) continue;
    for (const row of await lotRows[kind](db, ids)) {
      found.set(`${kind}:${row.id}`, { kind, id: row.id, batch_code: row.batch_code, stock_g: Number(row.stock_g), entry_g: Number(row.entry_g) });
    }
  }
  return found;
}

export async function insertCount(
  db: DbOrTrx,
  count: { reason: StockCountReason; note: string | null; user_id: number; created_at: number },
): Promise<number> {
  const row = await db.insertInto('stock_counts').values(count).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export type CountLineRow = Omit<StockCountLinesTable, 'id'>;

export async function insertLines(db: DbOrTrx, lines: readonly CountLineRow[]): Promise<void> {
  // Chunks keep each statement under SQLite's and PostgreSQL's bound-parameter limits (8 per row).
  for (let start = 0; start < lines.length; start += 500) {
    await db.insertInto('stock_count_lines').values(lines.slice(start, start + 500)).execute();
  }
}

/** A count as the list shows it, with who made it (as the account reads now) and its line totals. */
export interface CountRecord {
  id: number;
  reason: StockCountReason;
  note: string | null;
  user_id: number | null;
  username: string | null;
  user_name: string | null;
  created_at: number;
  lines_count: number;
  adjusted_count: number;
}

const counts = (db: DbOrTrx) =>
  db
    .selectFrom('stock_counts as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select((eb) => [
      'c.id',
      'c.reason',
      'c.note',
      'c.user_id',
      'c.created_at',
      'u.username',
      'u.full_name as user_name',
      eb.selectFrom('stock_count_lines as l').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('l.count_id', '=', 'c.id').as('lines_count'),
      eb
        .selectFrom('stock_count_lines as l')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('l.count_id', '=', 'c.id')
        .whereRef('l.counted_g', '<>', 'l.expected_g')
        .as('adjusted_count'),
    ]);

const toRecord = (row: Awaited<ReturnType<ReturnType<typeof counts>['execute']>>[number]): CountRecord => ({
  ...row,
  id: Number(row.id),
  created_at: Number(row.created_at),
  lines_count: Number(row.lines_count ?? 0),
  adjusted_count: Number(row.adjusted_count ?? 0),
});

/** Newest first (ids grow with time), one page. */
export async function listCounts(db: DbOrTrx, page: { limit: number; offset: number }): Promise<CountRecord[]> {
  const rows = await counts(db).orderBy('c.id', 'desc').limit(page.limit).offset(page.offset).execute();
  return rows.map(toRecord);
}

export async function countCounts(db: DbOrTrx): Promise<number> {
  const { total } = await db.selectFrom('stock_counts').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

export async function findCount(db: DbOrTrx, id: number): Promise<CountRecord | undefined> {
  const row = await counts(db).where('c.id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

export async function linesOf(db: DbOrTrx, countId: number): Promise<CountLineRow[]> {
  const rows = await db
    .selectFrom('stock_count_lines')
    .select(['count_id', 'position', 'lot_kind', 'lot_id', 'batch_code', 'expected_g', 'counted_g'])
    .where('count_id', '=', countId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ ...row, expected_g: Number(row.expected_g), counted_g: Number(row.counted_g) }));
}

/** A lot of the count sheet, before its cost per kg is added. */
export interface SheetRow {
  kind: LotKind;
  id: number;
  batch_code: string;
  name: string;
  origin_name: string | null;
  /** The lot's origin (green, roasted) or its components' origins (blend). */
  origin_ids: number[];
  date: string;
  stock_g: number;
  /** Green lots only: their price per kg, which is their cost. */
  unit_price_cents: number | null;
}

/**
 * Every lot with stock of the kinds asked for (all three by default), of one
 * origin if given: a green lot's own, a roasted lot's green lot's, and for a
 * blend any of its components'. Each kind by origin, then code.
 */
export async function sheetRows(db: DbOrTrx, filter: { kinds: readonly LotKind[]; originId?: number | undefined }): Promise<SheetRow[]> {
  const origin = filter.originId;
  const rows: SheetRow[] = [];
  if (filter.kinds.includes('green')) {
    let query = db
      .selectFrom('green_coffee as g')
      .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
      .select(['g.id', 'g.batch_code', 'g.origin_id', 'o.name as origin_name', 'g.supplier_finca', 'g.entry_date', 'g.stock_g', 'g.unit_price_cents'])
      .where('g.stock_g', '>', 0);
    if (origin !== undefined) query = query.where('g.origin_id', '=', origin);
    for (const row of await query.orderBy('o.name_sort').orderBy('g.batch_code').orderBy('g.id').execute()) {
      rows.push({
        kind: 'green',
        id: row.id,
        batch_code: row.batch_code,
        name: `${row.origin_name} · ${row.supplier_finca}`,
        origin_name: row.origin_name,
        origin_ids: [row.origin_id],
        date: row.entry_date,
        stock_g: Number(row.stock_g),
        unit_price_cents: Number(row.unit_price_cents),
      });
    }
  }
  if (filter.kinds.includes('roasted')) {
    let query = db
      .selectFrom('roasted_coffee as r')
      .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
      .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
      .select(['r.id', 'r.batch_code', 'g.origin_id', 'o.name as origin_name', 'r.roast_type', 'r.roast_date', 'r.stock_g'])
      .where('r.stock_g', '>', 0);
    if (origin !== undefined) query = query.where('g.origin_id', '=', origin);
    for (const row of await query.orderBy('o.name_sort').orderBy('r.batch_code').orderBy('r.id').execute()) {
      rows.push({
        kind: 'roasted',
        id: row.id,
        batch_code: row.batch_code,
        name: `${row.origin_name} · ${row.roast_type}`,
        origin_name: row.origin_name,
        origin_ids: [row.origin_id],
        date: row.roast_date,
        stock_g: Number(row.stock_g),
        unit_price_cents: null,
      });
    }
  }
  if (filter.kinds.includes('blend')) {
    let query = db
      .selectFrom('blended_coffee as b')
      .select(['b.id', 'b.batch_code', 'b.name', 'b.creation_date', 'b.stock_g'])
      .where('b.stock_g', '>', 0);
    if (origin !== undefined) {
      query = query.where(sql<boolean>`exists (select 1 from blended_coffee_components c where c.blend_id = b.id and c.origin_id = ${origin})`);
    }
    const blends = await query.orderBy('b.name').orderBy('b.batch_code').orderBy('b.id').execute();
    const originsOf = new Map<number, number[]>();
    for (let start = 0; start < blends.length; start += 500) {
      const components = await db
        .selectFrom('blended_coffee_components')
        .select(['blend_id', 'origin_id'])
        .where('blend_id', 'in', blends.slice(start, start + 500).map((row) => row.id))
        .orderBy('blend_id')
        .orderBy('position')
        .execute();
      for (const component of components) originsOf.set(component.blend_id, [...(originsOf.get(component.blend_id) ?? []), component.origin_id]);
    }
    for (const row of blends) {
      rows.push({
        kind: 'blend',
        id: row.id,
        batch_code: row.batch_code,
        name: row.name,
        origin_name: null,
        origin_ids: originsOf.get(row.id) ?? [],
        date: row.creation_date,
        stock_g: Number(row.stock_g),
        unit_price_cents: null,
      });
    }
  }
  return rows;
}
