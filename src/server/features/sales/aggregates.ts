import { sql } from 'kysely';
import type { SalesTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { saleTotalCents } from '#shared/sale-total.js';

/**
 * The sales aggregates (migration 0007): per (day, product) and per (month,
 * product) grams, cents and count. Only this module writes them, always inside
 * the same write transaction as the sale it counts, so the reports
 * (issue 16) read a few thousand rows however many sales there are.
 */

/** The part of a sale the aggregates count. */
export interface CountedSale {
  sale_date: string;
  product_type: SalesTable['product_type'];
  product_id: number;
  quantity_g: number;
  unit_price_cents: number;
}

/**
 * Adds (sign 1) or removes (sign -1) one sale. An edit is a remove of the old
 * row and an add of the new one, in that order, in the same transaction.
 * The sale's own row lock (its product lot) serialises writers of the same
 * product, so these upserts never deadlock with each other.
 */
export async function countSale(trx: DbOrTrx, sale: CountedSale, sign: 1 | -1): Promise<void> {
  const grams = sign * sale.quantity_g;
  const cents = sign * saleTotalCents(sale.quantity_g, sale.unit_price_cents);
  const periods = [
    { table: 'sales_daily', column: 'sale_date', value: sale.sale_date },
    { table: 'sales_monthly', column: 'month', value: sale.sale_date.slice(0, 7) },
  ] as const;
  for (const period of periods) {
    const table = sql.table(period.table);
    const column = sql.ref(period.column);
    await sql`
      insert into ${table} (${column}, product_type, product_id, quantity_g, revenue_cents, sale_count)
      values (${period.value}, ${sale.product_type}, ${sale.product_id}, ${grams}, ${cents}, ${sign})
      on conflict (${column}, product_type, product_id) do update set
        quantity_g = ${table}.quantity_g + excluded.quantity_g,
        revenue_cents = ${table}.revenue_cents + excluded.revenue_cents,
        sale_count = ${table}.sale_count + excluded.sale_count`.execute(trx);
    if (sign < 0) {
      // An emptied row goes, so the aggregates equal a recount row for row.
      await sql`
        delete from ${table}
        where ${column} = ${period.value} and product_type = ${sale.product_type}
          and product_id = ${sale.product_id} and sale_count = 0`.execute(trx);
    }
  }
}

export interface AggregateMismatch {
  table: 'sales_daily' | 'sales_monthly';
  period: string;
  product_type: string;
  product_id: number;
  stored: { quantity_g: number; revenue_cents: number; sale_count: number } | null;
  recount: { quantity_g: number; revenue_cents: number; sale_count: number } | null;
}

/**
 * Recounts every aggregate from the sales table (GROUP BY in the database, the
 * per-sale rounding written out in SQL as in saleTotalCents) and returns the
 * rows that differ; empty when all is well. Scans every sale: for
 * `check:stock` and tests, never for a report.
 */
export async function findAggregateMismatches(db: DbOrTrx): Promise<AggregateMismatch[]> {
  type Row = { period: string; product_type: string; product_id: number | string; quantity_g: number | string; revenue_cents: number | string; sale_count: number | string };
  const mismatches: AggregateMismatch[] = [];
  for (const [table, period, column] of [
    ['sales_daily', sql`sale_date`, 'sale_date'],
    ['sales_monthly', sql`substr(sale_date, 1, 7)`, 'month'],
  ] as const) {
    const recount = await sql<Row>`
      select ${period} as period, product_type, product_id, sum(quantity_g) as quantity_g,
        sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000) as revenue_cents, count(*) as sale_count
      from sales group by ${period}, product_type, product_id`.execute(db);
    const stored = await sql<Row>`
      select ${sql.ref(column)} as period, product_type, product_id, quantity_g, revenue_cents, sale_count
      from ${sql.table(table)}`.execute(db);
    const byKey = (rows: Row[]) =>
      new Map(
        rows.map((r) => [
          `${r.period}|${r.product_type}|${Number(r.product_id)}`,
          { quantity_g: Number(r.quantity_g), revenue_cents: Number(r.revenue_cents), sale_count: Number(r.sale_count) },
        ]),
      );
    const storedByKey = byKey(stored.rows);
    const recountByKey = byKey(recount.rows);
    for (const key of new Set([...recountByKey.keys(), ...storedByKey.keys()])) {
      const a = storedByKey.get(key) ?? null;
      const b = recountByKey.get(key) ?? null;
      if (a && b && a.quantity_g === b.quantity_g && a.revenue_cents === b.revenue_cents && a.sale_count === b.sale_count) continue;
      const [periodValue = '', productType = '', productId = '0'] = key.split('|');
      mismatches.push({ table, period: periodValue, product_type: productType, product_id: Number(productId), stored: a, recount: b });
    }
  }
  return mismatches;
}
