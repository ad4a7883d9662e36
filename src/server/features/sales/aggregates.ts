import { sql } from 'kysely';
import { dialectOf } from '#server/db/dialect.js';
import { reusableQuery } from '#server/db/reusable-query.js';
import type { SalesTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { saleTotalCents } from '#shared/sale-total.js';

/**
 * The sales aggregates: per (day, product) and per (month, product) grams,
 * cents and count (migration 0007); per (day, stripe) and per product, all
 * time (migration 0008); per (month, customer, product) and (customer, product)
 * for the sales that name a customer (migration 0023). Only this module writes them, always inside the same
 * write transaction as the sale it counts, so the reports (docs/architecture.md#aggregates) read
 * a few thousand rows however many sales there are.
 */

/** The part of a sale the aggregates count. */
export interface CountedSale {
  sale_date: string;
  product_type: SalesTable['product_type'];
  product_id: number;
  quantity_g: number;
  unit_price_cents: number;
  /** The sale's customer: its (month, customer, product) and (customer, product) rows; null (a counter sale) has none. */
  customer_id: number | null;
}

/**
 * How many rows a day's totals are striped over (migration 0008, which
 * hard-codes the same 16): a sale updates the row of stripe product_id % 16,
 * so concurrent sales of different lots rarely wait on the same row lock.
 */
export const SALES_TOTAL_STRIPES = 16;
export const stripeOf = (productId: number): number => productId % SALES_TOTAL_STRIPES;

interface Delta {
  quantity_g: number;
  revenue_cents: number;
  sale_count: number;
}

const deltaOf = (sale: CountedSale, sign: 1 | -1): Delta => ({
  quantity_g: sign * sale.quantity_g,
  revenue_cents: sign * saleTotalCents(sale.quantity_g, sale.unit_price_cents),
  sale_count: sign,
});

/** One aggregate row to change: its table, its key (column, value) and what to add. */
interface RowChange {
  table: string;
  key: readonly (readonly [string, string | number])[];
  delta: Delta;
}

/** `insert … on conflict do update` adding the change's delta (inserting the row when missing). */
function upsert({ table, key, delta }: RowChange) {
  const t = sql.table(table);
  const columns = sql.join(key.map(([column]) => sql.ref(column)));
  return sql`
    insert into ${t} (${columns}, quantity_g, revenue_cents, sale_count)
    values (${sql.join(key.map(([, value]) => sql`${value}`))}, ${delta.quantity_g}, ${delta.revenue_cents}, ${delta.sale_count})
    on conflict (${columns}) do update set
      quantity_g = ${t}.quantity_g + excluded.quantity_g,
      revenue_cents = ${t}.revenue_cents + excluded.revenue_cents,
      sale_count = ${t}.sale_count + excluded.sale_count`;
}

/** The changes with one entry per row (deltas to the same key summed, first order kept), minus those that add nothing. */
function mergedByRow(changes: readonly RowChange[]): RowChange[] {
  const rows = new Map<string, RowChange>();
  for (const change of changes) {
    const id = JSON.stringify([change.table, change.key]);
    const row = rows.get(id);
    if (!row) {
      rows.set(id, { ...change, delta: { ...change.delta } });
      continue;
    }
    row.delta.quantity_g += change.delta.quantity_g;
    row.delta.revenue_cents += change.delta.revenue_cents;
    row.delta.sale_count += change.delta.sale_count;
  }
  return [...rows.values()].filter(({ delta }) => delta.quantity_g !== 0 || delta.revenue_cents !== 0 || delta.sale_count !== 0);
}

/**
 * Applies the changes in the order given; a removal that empties a row deletes
 * it, so the aggregates equal a recount row for row. On PostgreSQL the upserts
 * of one call go as one statement (data-modifying CTEs): a sale's four
 * aggregate rows cost one round trip instead of four (docs/performance.md, P1). Inside one
 * statement a row may change only once (hence mergedByRow) and the order is
 * unspecified, so a call may hold at most one row that other lots' sales share
 * (countSaleChange takes its two shared rows one call at a time).
 */
async function addTo(trx: DbOrTrx, rowChanges: readonly RowChange[]): Promise<void> {
  const changes = mergedByRow(rowChanges);
  if (changes.length === 0) return;
  if (dialectOf(trx) === 'postgres' && changes.length > 1) {
    const ctes = changes.slice(0, -1).map((change, i) => sql`${sql.id(`c${i}`)} as (${upsert(change)})`);
    await sql`with ${sql.join(ctes)} ${upsert(changes.at(-1)!)}`.execute(trx);
  } else {
    for (const change of changes) await upsert(change).execute(trx);
  }
  await deleteEmptied(trx, changes);
}

/** The rows a removal may have emptied: deleted when their count is 0, so the aggregates equal a recount row for row. */
async function deleteEmptied(trx: DbOrTrx, changes: readonly RowChange[]): Promise<void> {
  for (const { table, key, delta } of changes) {
    if (delta.sale_count >= 0) continue;
    await sql`
      delete from ${sql.table(table)}
      where ${sql.join(key.map(([column, value]) => sql`${sql.ref(column)} = ${value}`), sql` and `)} and sale_count = 0`.execute(trx);
  }
}

/** The values one sale adds to (sign 1) or takes from (sign -1) its aggregate rows. */
interface SaleRowValues extends Delta {
  sale_date: string;
  month: string;
  product_type: SalesTable['product_type'];
  product_id: number;
  stripe: number;
}

const saleRowValues = (sale: CountedSale, sign: 1 | -1): SaleRowValues => ({
  ...deltaOf(sale, sign),
  sale_date: sale.sale_date,
  month: sale.sale_date.slice(0, 7),
  product_type: sale.product_type,
  product_id: sale.product_id,
  stripe: stripeOf(sale.product_id),
});

/**
 * The four rows one sale changes: per product (day, month, all time), then the
 * (day, stripe) row other lots' sales share. The sale holds its product lot's
 * row lock, which serialises every writer of the per-product rows, so their
 * order does not matter; the shared one goes last (see dailyTotalRows).
 */
function saleRows(v: SaleRowValues): RowChange[] {
  const delta = { quantity_g: v.quantity_g, revenue_cents: v.revenue_cents, sale_count: v.sale_count };
  const product = [['product_type', v.product_type], ['product_id', v.product_id]] as const;
  return [
    { table: 'sales_daily', key: [['sale_date', v.sale_date], ...product], delta },
    { table: 'sales_monthly', key: [['month', v.month], ...product], delta },
    { table: 'sales_product_totals', key: product, delta },
    { table: 'sales_daily_totals', key: [['sale_date', v.sale_date], ['stripe', v.stripe]], delta },
  ];
}

/**
 * The rows a sale that names a customer also changes (migration 0023): (month, customer,
 * product) and (customer, product). Per product, so the lot lock serialises them as the
 * per-product rows above; none for a counter sale.
 */
function customerRows(sale: CountedSale, sign: 1 | -1): RowChange[] {
  if (sale.customer_id === null) return [];
  const delta = deltaOf(sale, sign);
  const key = [['customer_id', sale.customer_id], ['product_type', sale.product_type], ['product_id', sale.product_id]] as const;
  return [
    { table: 'sales_customer_monthly', key: [['month', sale.sale_date.slice(0, 7)], ...key], delta },
    { table: 'sales_customer_totals', key, delta },
  ];
}

/** The per-product rows of one sale: (day, product), (month, product) and the product's all-time total, and its customer's. */
const productRows = (sale: CountedSale, sign: 1 | -1): RowChange[] => [...saleRows(saleRowValues(sale, sign)).slice(0, 3), ...customerRows(sale, sign)];

/**
 * The (day, stripe) rows of `sales_daily_totals`, which sales of different lots
 * share, so no lot lock protects them. On PostgreSQL a transaction touching two
 * of them must take them in one global order, or two edits taking them in
 * opposite orders deadlock: the changes to the same row are merged into one
 * and sorted in ascending (sale_date, stripe) order. Applied last, so the
 * shared row is held (until commit) as briefly as possible.
 */
function dailyTotalRows(changes: readonly { sale: CountedSale; sign: 1 | -1 }[]): RowChange[] {
  const rows = mergedByRow(changes.map(({ sale, sign }) => saleRows(saleRowValues(sale, sign))[3]!));
  const order = ({ key }: RowChange) => `${key[0]![1]}|${String(key[1]![1]).padStart(2, '0')}`;
  return rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/**
 * countSale's statements, built once per dialect (db/reusable-query.ts: every
 * sale runs them): on PostgreSQL the four upserts as one statement (as addTo
 * writes them), on SQLite one each. A sale's four rows are four different keys
 * and its count is never 0, so none is merged or left out as addTo would.
 */
const countSaleQueries = {
  postgres: reusableQuery((_db, v: SaleRowValues) => {
    const [last, ...first] = saleRows(v).reverse();
    const ctes = first.reverse().map((change, i) => sql`${sql.id(`c${i}`)} as (${upsert(change)})`);
    return sql`with ${sql.join(ctes)} ${upsert(last!)}`;
  }),
  sqlite: [0, 1, 2, 3].map((i) => reusableQuery((_db, v: SaleRowValues) => upsert(saleRows(v)[i]!))),
};

/**
 * Adds (sign 1) or removes (sign -1) one sale: a create or a delete. An edit
 * goes through countSaleChange instead (the shared daily rows in order).
 */
export async function countSale(trx: DbOrTrx, sale: CountedSale, sign: 1 | -1): Promise<void> {
  await applySale(trx, sale, sign);
  if (sign < 0) await markMonthsChanged(trx, [sale]);
}

/** Removes many sales (an order's 'Deshacer preparación'): each as countSale would, their months marked once, last. */
export async function countRemovedSales(trx: DbOrTrx, sales: readonly CountedSale[]): Promise<void> {
  for (const sale of sales) await applySale(trx, sale, -1);
  await markMonthsChanged(trx, sales);
}

async function applySale(trx: DbOrTrx, sale: CountedSale, sign: 1 | -1): Promise<void> {
  // One shared row (the sale's day and stripe), last: one call, one statement on PostgreSQL.
  const values = saleRowValues(sale, sign);
  if (dialectOf(trx) === 'postgres') {
    await countSaleQueries.postgres.execute(trx, values);
  } else {
    for (const query of countSaleQueries.sqlite) await query.execute(trx, values);
  }
  if (sign < 0) await deleteEmptied(trx, saleRows(values));
  // A sale for a customer: its two customer rows, one more statement; a counter sale, nothing (docs/decisions/0033).
  if (sale.customer_id !== null) await addTo(trx, customerRows(sale, sign));
}

/**
 * Bumps the revision of the months of edited or removed sales (migration 0026), so the
 * 'Margen bruto' kept for those months (costs/service.ts, docs/decisions/0048-monthly-costs-kept-between-reads.md)
 * is costed again. A new sale needs none: it raises its month's count, and the sale's create
 * path stays as it is (docs/decisions/0033-no-postgresql-only-sale-path.md). Every edit or delete
 * of the month shares the month's row, so it is taken last, after the (day, stripe) rows, and
 * several in ascending order in one statement: transactions meet on them in one order.
 */
async function markMonthsChanged(trx: DbOrTrx, sales: readonly Pick<CountedSale, 'sale_date'>[]): Promise<void> {
  const months = [...new Set(sales.map((sale) => sale.sale_date.slice(0, 7)))].sort();
  if (months.length === 0) return;
  await sql`
    insert into sales_month_revisions (month, revision) values ${sql.join(months.map((month) => sql`(${month}, 1)`))}
    on conflict (month) do update set revision = sales_month_revisions.revision + 1`.execute(trx);
}

/**
 * Adds many new sales at once (an order's preparation: docs/decisions/0043-orders.md): their
 * rows merged by key, one multi-row upsert per table, each table's rows in ascending key order
 * (an INSERT takes its VALUES in order), so two such writes meet on the shared (day, stripe) rows
 * in one order and never wait for each other in a circle. Four upserts however many sales (six
 * when they name a customer, as an order's do: its (month, customer, product) and (customer, product) rows).
 * On PostgreSQL they go as one statement (data-modifying CTEs, as addTo's): each row appears once
 * (merged), and only one table's rows are shared with other lots' sales, so the order in which
 * PostgreSQL runs the CTEs cannot make a circle (docs/decisions/0055-fewer-round-trips-and-a-read-connection.md).
 */
export async function countNewSales(trx: DbOrTrx, sales: readonly CountedSale[]): Promise<void> {
  const byTable = new Map<string, RowChange[]>();
  for (const change of mergedByRow(sales.flatMap((sale) => [...saleRows(saleRowValues(sale, 1)), ...customerRows(sale, 1)]))) {
    byTable.set(change.table, [...(byTable.get(change.table) ?? []), change]);
  }
  const order = ({ key }: RowChange) => key.map(([, value]) => (typeof value === 'number' ? String(value).padStart(10, '0') : value)).join('|');
  const upserts = [...byTable.values()].map((rows) => {
    rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
    const t = sql.table(rows[0]!.table);
    const columns = sql.join(rows[0]!.key.map(([column]) => sql.ref(column)));
    const values = rows.map(({ key, delta }) => sql`(${sql.join(key.map(([, value]) => sql`${value}`))}, ${delta.quantity_g}, ${delta.revenue_cents}, ${delta.sale_count})`);
    return sql`
      insert into ${t} (${columns}, quantity_g, revenue_cents, sale_count)
      values ${sql.join(values)}
      on conflict (${columns}) do update set
        quantity_g = ${t}.quantity_g + excluded.quantity_g,
        revenue_cents = ${t}.revenue_cents + excluded.revenue_cents,
        sale_count = ${t}.sale_count + excluded.sale_count`;
  });
  if (upserts.length === 0) return;
  if (dialectOf(trx) === 'postgres') {
    const ctes = upserts.slice(0, -1).map((upsertRows, i) => sql`${sql.id(`c${i}`)} as (${upsertRows})`);
    await (ctes.length === 0 ? upserts[0]! : sql`with ${sql.join(ctes)} ${upserts.at(-1)!}`).execute(trx);
  } else {
    for (const upsertRows of upserts) await upsertRows.execute(trx);
  }
}

/**
 * An edit: removes the old sale and counts the new one (date, product and
 * price may all have changed), in the same transaction. The per-product rows
 * are under the lot locks the edit holds (both lots); the shared daily rows
 * are merged and taken in ascending order (see dailyTotalRows).
 */
export async function countSaleChange(trx: DbOrTrx, before: CountedSale, after: CountedSale): Promise<void> {
  await addTo(trx, [...productRows(before, -1), ...productRows(after, 1)]);
  // Up to two shared rows: one at a time, in their sorted order.
  for (const row of dailyTotalRows([{ sale: before, sign: -1 }, { sale: after, sign: 1 }])) await addTo(trx, [row]);
  // Even when nothing above changed a count (another lot of the same stripe, same grams and price): the cost did.
  await markMonthsChanged(trx, [before, after]);
}

export interface AggregateMismatch {
  table: 'sales_daily' | 'sales_monthly' | 'sales_daily_totals' | 'sales_product_totals' | 'sales_customer_monthly' | 'sales_customer_totals';
  /** The day or month; '*' for sales_product_totals (all time); 'month:customer' or '*:customer' for the customer tables. */
  period: string;
  /** '*' for sales_daily_totals (every product of the stripe). */
  product_type: string;
  /** The product; the stripe (product_id % 16) for sales_daily_totals. */
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
  // Per table: its key as (period, product_type, product_id) over `sales`, and over the table itself.
  const specs = [
    { table: 'sales_daily', recountKey: sql`sale_date as period, product_type, product_id`, storedKey: sql`sale_date as period, product_type, product_id` },
    { table: 'sales_monthly', recountKey: sql`substr(sale_date, 1, 7) as period, product_type, product_id`, storedKey: sql`month as period, product_type, product_id` },
    {
      table: 'sales_daily_totals',
      recountKey: sql`sale_date as period, '*' as product_type, product_id % ${sql.lit(SALES_TOTAL_STRIPES)} as product_id`,
      storedKey: sql`sale_date as period, '*' as product_type, stripe as product_id`,
    },
    { table: 'sales_product_totals', recountKey: sql`'*' as period, product_type, product_id`, storedKey: sql`'*' as period, product_type, product_id` },
    {
      table: 'sales_customer_monthly',
      recountKey: sql`substr(sale_date, 1, 7) || ':' || cast(customer_id as text) as period, product_type, product_id`,
      storedKey: sql`month || ':' || cast(customer_id as text) as period, product_type, product_id`,
      customersOnly: true,
    },
    {
      table: 'sales_customer_totals',
      recountKey: sql`'*:' || cast(customer_id as text) as period, product_type, product_id`,
      storedKey: sql`'*:' || cast(customer_id as text) as period, product_type, product_id`,
      customersOnly: true,
    },
  ] as const;
  for (const spec of specs) {
    const { table, recountKey, storedKey } = spec;
    const which = 'customersOnly' in spec ? sql`where customer_id is not null` : sql``;
    const recount = await sql<Row>`
      select k.period, k.product_type, k.product_id, sum(k.quantity_g) as quantity_g, sum(k.cents) as revenue_cents, count(*) as sale_count
      from (select ${recountKey}, quantity_g, (cast(quantity_g as bigint) * unit_price_cents + 500) / 1000 as cents from sales ${which}) k
      group by k.period, k.product_type, k.product_id`.execute(db);
    const stored = await sql<Row>`select ${storedKey}, quantity_g, revenue_cents, sale_count from ${sql.table(table)}`.execute(db);
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
