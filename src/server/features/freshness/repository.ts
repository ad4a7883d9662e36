import { sql } from 'kysely';
import type { DbOrTrx } from '#server/db/write-transaction.js';

export interface LotIds {
  roasted?: readonly number[];
  blend?: readonly number[];
}

/**
 * The roast date each lot's age counts from, in one query: a roasted lot's own
 * roast date; a blend's OLDEST drawn roast (its oldest component), or its own
 * creation date for a blend without draws (docs/decisions/0049-roast-age-and-public-page.md).
 * Ids that do not exist are absent from the answer.
 */
export async function readRoastDates(db: DbOrTrx, lots: LotIds): Promise<{ roasted: Map<number, string>; blend: Map<number, string> }> {
  const roastedIds = [...new Set(lots.roasted ?? [])];
  const blendIds = [...new Set(lots.blend ?? [])];
  const answer = { roasted: new Map<number, string>(), blend: new Map<number, string>() };
  const roasted = roastedIds.length === 0
    ? undefined
    : db
        .selectFrom('roasted_coffee')
        .select(['id', 'roast_date', sql<'roasted' | 'blend'>`'roasted'`.as('kind')])
        .where('id', 'in', roastedIds);
  const blend = blendIds.length === 0
    ? undefined
    : db
        .selectFrom('blended_coffee as b')
        .leftJoin('blended_coffee_components as c', 'c.blend_id', 'b.id')
        .leftJoin('blended_coffee_draws as d', 'd.component_id', 'c.id')
        .leftJoin('roasted_coffee as r', 'r.id', 'd.roasted_coffee_id')
        .select((eb) => [
          'b.id',
          eb.fn.coalesce(eb.fn.min('r.roast_date'), 'b.creation_date').as('roast_date'),
          sql<'roasted' | 'blend'>`'blend'`.as('kind'),
        ])
        .where('b.id', 'in', blendIds)
        .groupBy(['b.id', 'b.creation_date']);
  const query = roasted && blend ? roasted.unionAll(blend) : (roasted ?? blend);
  if (!query) return answer;
  for (const row of await query.execute()) answer[row.kind].set(row.id, row.roast_date);
  return answer;
}

export interface LotInStock {
  kind: 'roasted' | 'blend';
  id: number;
  stock_g: number;
  roast_date: string;
}

/**
 * Every roasted lot and blend with coffee on hand, with the roast date its age counts from (as
 * readRoastDates): what Inicio's stock past freshness and Reportes' stock by age read. Only lots with
 * stock, so it does not grow with sales or with the sold-out past.
 */
export async function lotsInStock(db: DbOrTrx): Promise<LotInStock[]> {
  const roasted = db
    .selectFrom('roasted_coffee')
    .select(['id', 'stock_g', 'roast_date', sql<'roasted' | 'blend'>`'roasted'`.as('kind')])
    .where('stock_g', '>', 0);
  const rows = await roasted.unionAll(blendsInStockQuery(db)).execute();
  return rows.map(lotInStock);
}

/** The blends of lotsInStock alone: Reportes' stock by age sums the roasted lots in the database (costs/service.ts). */
export async function blendsInStock(db: DbOrTrx): Promise<LotInStock[]> {
  return (await blendsInStockQuery(db).execute()).map(lotInStock);
}

const blendsInStockQuery = (db: DbOrTrx) =>
  db
    .selectFrom('blended_coffee as b')
    .leftJoin('blended_coffee_components as c', 'c.blend_id', 'b.id')
    .leftJoin('blended_coffee_draws as d', 'd.component_id', 'c.id')
    .leftJoin('roasted_coffee as r', 'r.id', 'd.roasted_coffee_id')
    .select((eb) => ['b.id', 'b.stock_g', eb.fn.coalesce(eb.fn.min('r.roast_date'), 'b.creation_date').as('roast_date'), sql<'roasted' | 'blend'>`'blend'`.as('kind')])
    .where('b.stock_g', '>', 0)
    .groupBy(['b.id', 'b.stock_g', 'b.creation_date']);

const lotInStock = (row: { kind: 'roasted' | 'blend'; id: number | string; stock_g: number | string; roast_date: string }): LotInStock => ({
  kind: row.kind,
  id: Number(row.id),
  stock_g: Number(row.stock_g),
  roast_date: row.roast_date,
});
