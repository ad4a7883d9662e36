import { sql } from 'kysely';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** Read-only SQL of the home's stock alerts: stock on hand from the lot tables, the sales pace from sales_daily. */

/** Origins whose green stock, all their lots together, is under the threshold (only origins that ever had a green lot). */
export async function originsUnderThreshold(db: DbOrTrx, thresholdG: number) {
  const rows = await db
    .selectFrom('coffee_origins as o')
    .innerJoin('green_coffee as g', 'g.origin_id', 'o.id')
    .select((eb) => ['o.id', 'o.name', 'o.name_sort', eb.fn.sum<number | string>('g.stock_g').as('stock_g')])
    .groupBy(['o.id', 'o.name', 'o.name_sort'])
    .having((eb) => eb.fn.sum('g.stock_g'), '<', thresholdG)
    .orderBy('stock_g')
    .orderBy('o.name_sort')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, stock_g: Number(row.stock_g) }));
}

/** Whether any green, roasted or blended lot was ever registered (the card tells an empty shop from one with everything in stock). */
export async function anyLot(db: DbOrTrx): Promise<boolean> {
  const found = await Promise.all(
    (['green_coffee', 'roasted_coffee', 'blended_coffee'] as const).map((table) => db.selectFrom(table).select('id').limit(1).executeTakeFirst()),
  );
  return found.some((row) => row !== undefined);
}

export interface WatchedLot {
  id: number;
  batch_code: string;
  name: string;
  stock_g: number;
  sold_g: number;
}

/**
 * Roasted lots or blends to watch: on hand but under the threshold, or sold in
 * the days since `since` (their pace gives the days left). Sold grams come
 * from sales_daily (docs/decisions/0009-sale-totals-and-aggregates.md), one
 * indexed range per kind.
 */
export async function lotsToWatch(db: DbOrTrx, kind: 'roasted' | 'blend', thresholdG: number, since: string): Promise<WatchedLot[]> {
  const type = kind === 'roasted' ? 'tostado' : 'mezcla';
  const lots =
    kind === 'roasted'
      ? sql`select r.id, r.batch_code, o.name, r.stock_g from roasted_coffee r
          join green_coffee g on g.id = r.green_coffee_id join coffee_origins o on o.id = g.origin_id`
      : sql`select b.id, b.batch_code, b.name, b.stock_g from blended_coffee b`;
  const { rows } = await sql<{ id: number; batch_code: string; name: string; stock_g: number | string; sold_g: number | string | null }>`
    select l.id, l.batch_code, l.name, l.stock_g, s.sold_g
    from (${lots}) l
    left join (
      select product_id, sum(quantity_g) as sold_g from sales_daily
      where product_type = ${type} and sale_date >= ${since}
      group by product_id
    ) s on s.product_id = l.id
    where (l.stock_g > 0 and l.stock_g < ${thresholdG}) or s.sold_g > 0
    order by l.stock_g, l.id
    limit 200`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), batch_code: row.batch_code, name: row.name, stock_g: Number(row.stock_g), sold_g: Number(row.sold_g ?? 0) }));
}

/**
 * Pending orders due before `today`, on it and on `tomorrow`: home's line of
 * orders (docs/decisions/0045-plan-from-orders.md). One range of the
 * (status, due_date, id) index, up to tomorrow: orders due later are not read.
 */
export async function pendingOrdersDue(db: DbOrTrx, today: string, tomorrow: string): Promise<{ overdue: number; today: number; tomorrow: number }> {
  const { rows } = await sql<{ overdue: number | string | null; due_today: number | string | null; due_tomorrow: number | string | null }>`
    select
      sum(case when due_date < ${today} then 1 else 0 end) as overdue,
      sum(case when due_date = ${today} then 1 else 0 end) as due_today,
      sum(case when due_date = ${tomorrow} then 1 else 0 end) as due_tomorrow
    from orders
    where status = 'pendiente' and due_date <= ${tomorrow}`.execute(db);
  const row = rows[0];
  return { overdue: Number(row?.overdue ?? 0), today: Number(row?.due_today ?? 0), tomorrow: Number(row?.due_tomorrow ?? 0) };
}
