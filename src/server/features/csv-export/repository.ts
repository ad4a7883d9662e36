import { type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * Read-only SQL of the CSV exports of the big tables (green lots, roasts,
 * sales): each list's own order, read in keyset batches ("after the last row
 * of the previous batch" on the list's index), so the millionth row costs as
 * much as the first; OFFSET would rescan every earlier row. The small tables
 * (origins, recipes, blends, users) go through their areas' list services.
 */

/** Rows after `after` in "date descending, id descending" order: (date < d) or (date = d and id < i). */
const beforeKey = (dateColumn: string, idColumn: string, after: { date: string; id: number }) =>
  sql<SqlBool>`(${sql.ref(dateColumn)} < ${after.date} or (${sql.ref(dateColumn)} = ${after.date} and ${sql.ref(idColumn)} < ${after.id}))`;

export interface GreenExportRow {
  id: number;
  batch_code: string;
  origin_name: string;
  supplier_finca: string;
  stock_g: number;
  quantity_g: number;
  unit_price_cents: number;
  entry_date: string;
}

/** The green list's rows and filters (origin, in stock), "ordered by entry_date descending" (spec 7). */
export function greenLotsAfter(
  db: DbOrTrx,
  filter: { originId?: number | undefined; inStock?: boolean | undefined },
  after: GreenExportRow | undefined,
  limit: number,
): Promise<GreenExportRow[]> {
  let query = db
    .selectFrom('green_coffee as g')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['g.id', 'g.batch_code', 'o.name as origin_name', 'g.supplier_finca', 'g.stock_g', 'g.quantity_g', 'g.unit_price_cents', 'g.entry_date']);
  if (filter.originId !== undefined) query = query.where('g.origin_id', '=', filter.originId);
  if (filter.inStock) query = query.where('g.stock_g', '>', 0);
  if (after) query = query.where(beforeKey('g.entry_date', 'g.id', { date: after.entry_date, id: after.id }));
  return query.orderBy('g.entry_date', 'desc').orderBy('g.id', 'desc').limit(limit).execute();
}

export interface RoastExportRow {
  id: number;
  batch_code: string;
  green_batch_code: string;
  origin_name: string;
  roast_type: string;
  quantity_green_g: number;
  resultant_g: number;
  stock_g: number;
  roast_date: string;
}

/** The roasted list's rows and filters, "ordered by roast_date descending" (spec 7). */
export function roastsAfter(
  db: DbOrTrx,
  filter: { originId?: number | undefined; inStock?: boolean | undefined },
  after: RoastExportRow | undefined,
  limit: number,
): Promise<RoastExportRow[]> {
  let query = db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select([
      'r.id',
      'r.batch_code',
      'g.batch_code as green_batch_code',
      'o.name as origin_name',
      'r.roast_type',
      'r.quantity_green_g',
      'r.resultant_g',
      'r.stock_g',
      'r.roast_date',
    ]);
  if (filter.originId !== undefined) query = query.where('g.origin_id', '=', filter.originId);
  if (filter.inStock) query = query.where('r.stock_g', '>', 0);
  if (after) query = query.where(beforeKey('r.roast_date', 'r.id', { date: after.roast_date, id: after.id }));
  return query.orderBy('r.roast_date', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
}

export interface SaleExportRow {
  id: number;
  product_id: number;
  product_type: 'tostado' | 'mezcla';
  batch_code_sold: string;
  quantity_g: number;
  unit_price_cents: number;
  sale_date: string;
}

/** Sales "ordered by sale_date descending" (spec 7), on index sales_sale_date_id_idx. */
export function salesAfter(db: DbOrTrx, after: SaleExportRow | undefined, limit: number): Promise<SaleExportRow[]> {
  let query = db
    .selectFrom('sales as s')
    .select(['s.id', 's.product_id', 's.product_type', 's.batch_code_sold', 's.quantity_g', 's.unit_price_cents', 's.sale_date']);
  if (after) query = query.where(beforeKey('s.sale_date', 's.id', { date: after.sale_date, id: after.id }));
  return query.orderBy('s.sale_date', 'desc').orderBy('s.id', 'desc').limit(limit).execute();
}
