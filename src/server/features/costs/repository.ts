import { type RawBuilder, sql } from 'kysely';
import type { ProductType } from '#shared/schemas/products.js';
import { reusableQuery } from '#server/db/reusable-query.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

type Numeric = number | string;

/**
 * All SQL of costs and margins (docs/decisions/0011-cost-per-kg-and-margins.md).
 * Read-only: a cost is computed on read from what the lot tables already hold
 * exactly (green price, green grams in, grams out, grams drawn), never stored.
 */

/** What a roast's cost depends on: green grams in, grams out, the green lot's price. */
export interface RoastCostInput {
  id: number;
  quantity_green_g: number;
  resultant_g: number;
  unit_price_cents: number;
}

export async function roastCostInputs(db: DbOrTrx, roastIds: readonly number[]): Promise<RoastCostInput[]> {
  if (roastIds.length === 0) return [];
  return db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .select(['r.id', 'r.quantity_green_g', 'r.resultant_g', 'g.unit_price_cents'])
    .where('r.id', 'in', [...roastIds])
    .execute();
}

/** What a blend's cost depends on: each draw's grams, and what its roast's cost depends on. */
export type BlendCostInput = Omit<RoastCostInput, 'id'> & { blend_id: number; quantity_g: number };

/** One row per draw of a blend, with the roast and green lot behind it: only the columns the cost needs. */
const blendDraws = (db: DbOrTrx) =>
  db
    .selectFrom('blended_coffee_draws as d')
    .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
    .innerJoin('roasted_coffee as r', 'r.id', 'd.roasted_coffee_id')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .select(['c.blend_id', 'd.quantity_g', 'r.quantity_green_g', 'r.resultant_g', 'g.unit_price_cents']);

/** One blend's draws, built once per dialect (db/reusable-query.ts): a blend's sale reads them for its margin. */
const oneBlendDraws = reusableQuery((db, p: { blendId: number }) => blendDraws(db).where('c.blend_id', '=', p.blendId));

export async function blendCostInputs(db: DbOrTrx, blendIds: readonly number[]): Promise<BlendCostInput[]> {
  if (blendIds.length === 0) return [];
  if (blendIds.length === 1) return (await oneBlendDraws.execute(db, { blendId: blendIds[0]! })).rows;
  return blendDraws(db).where('c.blend_id', 'in', [...blendIds]).execute();
}

/**
 * The cost inputs of the blends that have rows in `rows` (the reports'
 * aggregate subquery, as for monthlyCostTotals), so the 'Margen bruto' report
 * reads them with no id list.
 */
export const blendCostInputsSoldIn = (db: DbOrTrx, rows: RawBuilder<unknown>): Promise<BlendCostInput[]> =>
  blendDraws(db)
    .where('c.blend_id', 'in', sql<number>`(select a.product_id from (${rows}) a where a.product_type = 'mezcla')`)
    .execute();

/**
 * `rc` (q, rem, den of a roast's cost per kg, as in monthlyCostTotals' CTE) × `grams`, in cents,
 * rounded once, half up, exactly as `costOfGramsCents` (cost-math.ts), without leaving 64-bit
 * integers while withinSqlBounds holds.
 */
const roastGramsCostCents = (rc: RawBuilder<unknown>, grams: RawBuilder<unknown>) => sql`(
  (${rc}.q * ${grams}) / 1000
  + (2 * ((${rc}.q * ${grams}) % 1000) * ${rc}.den + 2 * ${rc}.rem * ${grams} + 1000 * ${rc}.den) / (2000 * ${rc}.den))`;

/** Where roastGramsCostCents is exact in SQL: cost per kg (cents, whole part) under 2^31 and grams under 2^30 (always, in practice). */
const withinSqlBounds = (q: RawBuilder<unknown>, grams: RawBuilder<unknown>) => sql`(${q} < 2147483648 and ${grams} < 1073741824)`;

/** A roast's cost per kg as q + rem / den cents (the green price × green grams over the grams out), for roastGramsCostCents. */
const roastCostParts = sql`
  cast(r.resultant_g as bigint) as den,
  (cast(g.unit_price_cents as bigint) * r.quantity_green_g) / r.resultant_g as q,
  (cast(g.unit_price_cents as bigint) * r.quantity_green_g) % r.resultant_g as rem`;

/**
 * Roasted stock at cost per roast date, in one statement (Reportes' stock by age,
 * docs/decisions/0049-roast-age-and-public-page.md): every roasted lot with stock, its value
 * rounded once (as stockValuesCents in service.ts) and summed per `roast_date` in the database,
 * so 8,800 lots leave it as one row per roast date rather than one per lot. Lots the SQL cannot
 * cost exactly (withinSqlBounds: never in practice) and lots without a cost (no green lot, no
 * grams out) come back in `rest`, one row each, for the caller to cost.
 */
export async function roastedStockByRoastDate(db: DbOrTrx): Promise<{
  totals: { roast_date: string; stock_g: number; value_cents: number }[];
  rest: { id: number; roast_date: string; stock_g: number }[];
}> {
  const safe = withinSqlBounds(sql`rc.q`, sql`rc.stock_g`);
  const { rows: result } = await sql<{ roast_date: string; id: number | string | null; stock_g: Numeric; value_cents: Numeric | null }>`
    select rc.roast_date, null as id, sum(rc.stock_g) as stock_g, sum(${roastGramsCostCents(sql`rc`, sql`rc.stock_g`)}) as value_cents
    from (
      select r.id, r.roast_date, r.stock_g, ${roastCostParts}
      from roasted_coffee r join green_coffee g on g.id = r.green_coffee_id
      where r.stock_g > 0 and r.resultant_g > 0
    ) rc
    where ${safe}
    group by rc.roast_date
    union all
    select r.roast_date, r.id, r.stock_g, null
    from roasted_coffee r left join green_coffee g on g.id = r.green_coffee_id
    where r.stock_g > 0 and (g.id is null or r.resultant_g <= 0 or not ${withinSqlBounds(
      sql`(cast(g.unit_price_cents as bigint) * r.quantity_green_g) / r.resultant_g`,
      sql`r.stock_g`,
    )})`.execute(db);
  const totals: { roast_date: string; stock_g: number; value_cents: number }[] = [];
  const rest: { id: number; roast_date: string; stock_g: number }[] = [];
  for (const row of result) {
    if (row.id === null) totals.push({ roast_date: row.roast_date, stock_g: Number(row.stock_g), value_cents: Number(row.value_cents) });
    else rest.push({ id: Number(row.id), roast_date: row.roast_date, stock_g: Number(row.stock_g) });
  }
  return { totals, rest };
}

/**
 * 'Margen bruto' per month computed in the database: `rows` is a subquery of
 * (month, product_type, product_id, quantity_g, revenue_cents) rows (the sales
 * aggregates, docs/decisions/0009-sale-totals-and-aggregates.md). Per month it
 * returns the revenue and the cost of the roasted lots sold, each product-month
 * rounded once, half up, exactly as `costOfGramsCents` (cost-math.ts) does:
 * cost = ⌊(2·num·g + 1000·den) / (2000·den)⌋ with num = green price × green g,
 * den = resultant g. To stay inside 64-bit integers it is computed as
 * k + ⌊(2·m·den + 2·rem·g + 1000·den) / (2000·den)⌋, where q, rem = num div/mod
 * den and k, m = (q·g) div/mod 1000 (all operands non-negative, so integer
 * division truncates the same on SQLite and PostgreSQL).
 * Rows it cannot cost that way (blends: a sum of fractions; a roast whose cost
 * per kg or grams pass 2^31 / 2^30, never the case in practice) come back as
 * `rest`, one per (month, product) as they are in `rows`, for the exact BigInt
 * path in cost-math.ts; their revenue is already in their month's totals.
 * `rows` must hold at most one row per (month, product) (the reports' aggregate
 * rows do: a month comes whole from sales_monthly or grouped from sales_daily).
 * One statement, so one snapshot. The months and the rest are two arms of a
 * UNION ALL rather than one GROUP BY on (month, product when rest): grouping by
 * month alone follows sales_monthly's primary key order in SQLite, so the
 * ~100,000 rows of a million sales are not sorted in a temporary B-tree on
 * every call (time and memory: P5 in docs/performance.md), and the rest rows pass
 * through ungrouped. `rows` is written twice (inlined, not a CTE: a CTE used
 * twice would be materialised).
 */
export async function monthlyCostTotals(
  db: DbOrTrx,
  rows: RawBuilder<unknown>,
): Promise<{
  totals: { month: string; revenue_cents: number; cost_cents: number }[];
  rest: { month: string; product_type: ProductType; product_id: number; quantity_g: number }[];
}> {
  const safe = withinSqlBounds(sql`rc.q`, sql`a.quantity_g`);
  const { rows: result } = await sql<{ month: string; product_type: ProductType | null; product_id: number | string | null; quantity_g: number | string | null; revenue_cents: number | string | null; cost_cents: number | string | null }>`
    with rc as (
      select r.id, ${roastCostParts}
      from roasted_coffee r join green_coffee g on g.id = r.green_coffee_id
      where r.resultant_g > 0
    )
    select a.month, null as product_type, null as product_id, null as quantity_g,
      sum(a.revenue_cents) as revenue_cents,
      sum(case when rc.id is not null and ${safe} then ${roastGramsCostCents(sql`rc`, sql`a.quantity_g`)} else 0 end) as cost_cents
    from (${rows}) a left join rc on a.product_type = 'tostado' and rc.id = a.product_id
    group by a.month
    union all
    select a.month, a.product_type, a.product_id, a.quantity_g, null, null
    from (${rows}) a left join rc on a.product_type = 'tostado' and rc.id = a.product_id
    where a.product_type = 'mezcla' or (rc.id is not null and not ${safe})`.execute(db);
  const totals: { month: string; revenue_cents: number; cost_cents: number }[] = [];
  const rest: { month: string; product_type: ProductType; product_id: number; quantity_g: number }[] = [];
  for (const row of result) {
    if (row.product_type === null) totals.push({ month: row.month, revenue_cents: Number(row.revenue_cents), cost_cents: Number(row.cost_cents) });
    else rest.push({ month: row.month, product_type: row.product_type, product_id: Number(row.product_id), quantity_g: Number(row.quantity_g) });
  }
  return { totals, rest };
}

/**
 * Bumps the one cost revision (migration 0026): a green price, a roast's grams or a blend's draws
 * changed, so every month of 'Margen bruto' kept in `monthly_costs` is costed again on its next read.
 * The last statement of the edit's transaction: every such edit shares the row.
 */
export async function markCostInputsChanged(trx: DbOrTrx): Promise<void> {
  // An upsert: the row is written by the first such edit (and a test's emptied database has none).
  await sql`
    insert into cost_revision (id, revision) values (1, 1)
    on conflict (id) do update set revision = cost_revision.revision + 1`.execute(trx);
}

/** What a whole month's costing depends on, besides the cost inputs' revision (docs/decisions/0048-monthly-costs-kept-between-reads.md). */
export interface MonthFingerprint {
  month: string;
  /** Its sales: a new one raises the count. */
  sale_count: number;
  revenue_cents: number;
  /** Bumped by an edit or delete of one of its sales (sales/aggregates.ts). */
  sales_revision: number;
  cost_revision: number;
}

/** Inclusive YYYY-MM bounds, either open. */
export interface MonthBounds {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The fingerprint of every month with sales within `months`: counts and revenue from the (day,
 * stripe) rows of `sales_daily_totals` (at most 16 a day, as 'Ventas Mensuales' reads them),
 * the month's revision and the cost revision. One statement, so one snapshot.
 */
export async function monthFingerprints(db: DbOrTrx, months: MonthBounds): Promise<MonthFingerprint[]> {
  const conditions = [sql`1 = 1`];
  // Days are 'YYYY-MM-DD' text: every day of a month sorts between '-01' and '-31' of it.
  if (months.from !== undefined) conditions.push(sql`sale_date >= ${`${months.from}-01`}`);
  if (months.to !== undefined) conditions.push(sql`sale_date <= ${`${months.to}-31`}`);
  const { rows } = await sql<{ month: string; sale_count: Numeric; revenue_cents: Numeric; sales_revision: Numeric | null; cost_revision: Numeric }>`
    select t.month, t.sale_count, t.revenue_cents, r.revision as sales_revision,
      coalesce((select revision from cost_revision where id = 1), 0) as cost_revision
    from (
      select substr(sale_date, 1, 7) as month, sum(sale_count) as sale_count, sum(revenue_cents) as revenue_cents
      from sales_daily_totals where ${sql.join(conditions, sql` and `)}
      group by substr(sale_date, 1, 7)
    ) t left join sales_month_revisions r on r.month = t.month`.execute(db);
  return rows.map((row) => ({
    month: row.month,
    sale_count: Number(row.sale_count),
    revenue_cents: Number(row.revenue_cents),
    sales_revision: Number(row.sales_revision ?? 0),
    cost_revision: Number(row.cost_revision),
  }));
}

/** A month of 'Margen bruto' as computed, with the fingerprint it was computed under. */
export interface KeptMonthCost extends MonthFingerprint {
  cost_cents: number;
}

export async function keptMonthCosts(db: DbOrTrx, months: MonthBounds): Promise<KeptMonthCost[]> {
  let query = db.selectFrom('monthly_costs').select(['month', 'sale_count', 'revenue_cents', 'sales_revision', 'cost_revision', 'cost_cents']);
  if (months.from !== undefined) query = query.where('month', '>=', months.from);
  if (months.to !== undefined) query = query.where('month', '<=', months.to);
  const rows = await query.execute();
  return rows.map((row) => ({
    month: row.month,
    sale_count: Number(row.sale_count),
    revenue_cents: Number(row.revenue_cents),
    sales_revision: Number(row.sales_revision),
    cost_revision: Number(row.cost_revision),
    cost_cents: Number(row.cost_cents),
  }));
}

/** Keeps (or replaces) months of 'Margen bruto', in ascending month order (one statement). */
export async function keepMonthCosts(trx: DbOrTrx, months: readonly KeptMonthCost[]): Promise<void> {
  if (months.length === 0) return;
  const sorted = [...months].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  await trx
    .insertInto('monthly_costs')
    .values(sorted)
    .onConflict((oc) =>
      oc.column('month').doUpdateSet((eb) => ({
        sale_count: eb.ref('excluded.sale_count'),
        revenue_cents: eb.ref('excluded.revenue_cents'),
        sales_revision: eb.ref('excluded.sales_revision'),
        cost_revision: eb.ref('excluded.cost_revision'),
        cost_cents: eb.ref('excluded.cost_cents'),
      })),
    )
    .execute();
}
