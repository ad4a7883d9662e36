import { type RawBuilder, sql } from 'kysely';
import type { LotKind, MovementReason } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * All SQL of lot history, trace and costs (issue 19). Read-only: nothing here
 * writes; the ledger (stock_movements) and the lot tables already hold every
 * fact (docs/decisions/0003, "Traceability … is a query over stock_movements").
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

/**
 * 'Margen bruto' per month computed in the database (issues 17, 19): `rows` is a
 * subquery of (month, product_type, product_id, quantity_g, revenue_cents) rows
 * (the sales aggregates). Per month it returns the revenue and the cost of the
 * roasted lots sold, each product-month rounded once, half up, exactly as
 * `costOfGramsCents` (cost-math.ts) does: cost = ⌊(2·num·g + 1000·den) / (2000·den)⌋
 * with num = green price × green g, den = resultant g. To stay inside 64-bit
 * integers it is computed as k + ⌊(2·m·den + 2·rem·g + 1000·den) / (2000·den)⌋,
 * where q, rem = num div/mod den and k, m = (q·g) div/mod 1000 (all operands
 * non-negative, so integer division truncates the same on SQLite and PostgreSQL).
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
 * every call (issue 17, P5: time and memory), and the rest rows pass through
 * ungrouped. `rows` is written twice (inlined, not a CTE: a CTE used twice
 * would be materialised).
 */
export async function monthlyCostTotals(
  db: DbOrTrx,
  rows: RawBuilder<unknown>,
): Promise<{
  totals: { month: string; revenue_cents: number; cost_cents: number }[];
  rest: { month: string; product_type: ProductType; product_id: number; quantity_g: number }[];
}> {
  const safe = sql`(rc.q < 2147483648 and a.quantity_g < 1073741824)`;
  const { rows: result } = await sql<{ month: string; product_type: ProductType | null; product_id: number | string | null; quantity_g: number | string | null; revenue_cents: number | string | null; cost_cents: number | string | null }>`
    with rc as (
      select r.id, cast(r.resultant_g as bigint) as den,
        (cast(g.unit_price_cents as bigint) * r.quantity_green_g) / r.resultant_g as q,
        (cast(g.unit_price_cents as bigint) * r.quantity_green_g) % r.resultant_g as rem
      from roasted_coffee r join green_coffee g on g.id = r.green_coffee_id
      where r.resultant_g > 0
    )
    select a.month, null as product_type, null as product_id, null as quantity_g,
      sum(a.revenue_cents) as revenue_cents,
      sum(case when rc.id is not null and ${safe} then
          (rc.q * a.quantity_g) / 1000
          + (2 * ((rc.q * a.quantity_g) % 1000) * rc.den + 2 * rc.rem * a.quantity_g + 1000 * rc.den) / (2000 * rc.den)
        else 0 end) as cost_cents
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

/** One draw of a blend with the roast and green lot behind it (cost and backward trace). */
export interface BlendDrawRow {
  blend_id: number;
  roasted_coffee_id: number;
  quantity_g: number;
  roast_batch_code: string;
  roast_date: string;
  quantity_green_g: number;
  resultant_g: number;
  roast_stock_g: number;
  green_coffee_id: number;
  unit_price_cents: number;
}

export async function drawsOfBlends(db: DbOrTrx, blendIds: readonly number[]): Promise<BlendDrawRow[]> {
  if (blendIds.length === 0) return [];
  return db
    .selectFrom('blended_coffee_draws as d')
    .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
    .innerJoin('roasted_coffee as r', 'r.id', 'd.roasted_coffee_id')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .select([
      'c.blend_id',
      'd.roasted_coffee_id',
      'd.quantity_g',
      'r.batch_code as roast_batch_code',
      'r.roast_date',
      'r.quantity_green_g',
      'r.resultant_g',
      'r.stock_g as roast_stock_g',
      'r.green_coffee_id',
      'g.unit_price_cents',
    ])
    .where('c.blend_id', 'in', [...blendIds])
    .orderBy('c.blend_id')
    .orderBy('c.position')
    .orderBy('d.id')
    .execute();
}

/** What a blend's cost depends on: each draw's grams, and its roast's yield and green price. */
export type BlendCostInput = Pick<BlendDrawRow, 'blend_id' | 'quantity_g' | 'quantity_green_g' | 'resultant_g' | 'unit_price_cents'>;

/**
 * The cost inputs of the blends that have rows in `rows` (the reports'
 * aggregate subquery, as for monthlyCostTotals): one row per draw, only the
 * columns the cost needs, so the 'Margen bruto' report reads them with no id list.
 */
export async function blendCostInputsSoldIn(db: DbOrTrx, rows: RawBuilder<unknown>): Promise<BlendCostInput[]> {
  const { rows: result } = await sql<BlendCostInput>`
    select c.blend_id, d.quantity_g, r.quantity_green_g, r.resultant_g, g.unit_price_cents
    from blended_coffee_draws d
    join blended_coffee_components c on c.id = d.component_id
    join roasted_coffee r on r.id = d.roasted_coffee_id
    join green_coffee g on g.id = r.green_coffee_id
    where c.blend_id in (select a.product_id from (${rows}) a where a.product_type = 'mezcla')`.execute(db);
  return result;
}

/** A lot as the trace and the history name it. */
export interface LotRow {
  kind: LotKind;
  id: number;
  batch_code: string;
  /** Origin name (green, roasted) or the blend's name. */
  name: string;
  date: string;
  stock_g: number;
  /** Received (green), produced (roasted, blend). */
  quantity_g: number;
}

const greenLots = (db: DbOrTrx) =>
  db
    .selectFrom('green_coffee as g')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['g.id', 'g.batch_code', 'o.name', 'g.entry_date as date', 'g.stock_g', 'g.quantity_g']);
const roastedLots = (db: DbOrTrx) =>
  db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['r.id', 'r.batch_code', 'o.name', 'r.roast_date as date', 'r.stock_g', 'r.resultant_g as quantity_g']);
const blendLots = (db: DbOrTrx) =>
  db
    .selectFrom('blended_coffee as b')
    .select(['b.id', 'b.batch_code', 'b.name', 'b.creation_date as date', 'b.stock_g', 'b.total_quantity_g as quantity_g']);

const withKind = (kind: LotKind) => (row: Omit<LotRow, 'kind'>): LotRow => ({
  ...row,
  kind,
  stock_g: Number(row.stock_g),
  quantity_g: Number(row.quantity_g),
});

/**
 * Every lot whose code has this key (lotCodeKey: 'co-001' finds 'CO-001 '). A
 * green code is unique only per origin (migration 0004), so several green lots,
 * and a roasted lot or a blend, may share one: the caller lets the user choose.
 */
export async function lotsByCodeKey(db: DbOrTrx, key: string): Promise<LotRow[]> {
  const [green, roasted, blend] = await Promise.all([
    greenLots(db).where('g.batch_code_key', '=', key).orderBy('g.id').execute(),
    roastedLots(db).where('r.batch_code_key', '=', key).orderBy('r.id').execute(),
    blendLots(db).where('b.batch_code_key', '=', key).orderBy('b.id').execute(),
  ]);
  return [...green.map(withKind('green')), ...roasted.map(withKind('roasted')), ...blend.map(withKind('blend'))];
}

export async function findLot(db: DbOrTrx, kind: LotKind, id: number): Promise<LotRow | undefined> {
  const row =
    kind === 'green'
      ? await greenLots(db).where('g.id', '=', id).executeTakeFirst()
      : kind === 'roasted'
        ? await roastedLots(db).where('r.id', '=', id).executeTakeFirst()
        : await blendLots(db).where('b.id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : withKind(kind)(row);
}

/** One ledger row of a lot with its running balance and where its reference stands. */
export interface HistoryRow {
  id: number;
  created_at: number;
  user_name: string | null;
  delta_g: number;
  balance_g: number;
  reason: MovementReason;
  ref_kind: string | null;
  ref_id: number | null;
  /** The first / last movement of this lot with the same reference (creation, deletion vs edit). */
  first_id: number;
  last_id: number;
  /** The referenced roast's, blend's or sale's code while it still exists. */
  ref_code: string | null;
  ref_exists: number;
}

/**
 * A page of one lot's ledger, newest first. The running balance and the
 * first/last row per reference are window functions over the lot's rows
 * (index stock_movements_lot_idx), so a page costs one indexed scan of the
 * lot, never the whole ledger in the server's memory.
 */
export async function historyPage(
  db: DbOrTrx,
  lot: { kind: LotKind; id: number },
  page: { limit: number; offset: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const { rows } = await sql<HistoryRow>`
    with m as (
      select id, created_at, user_id, delta_g, reason, ref_kind, ref_id,
        sum(delta_g) over (order by id rows between unbounded preceding and current row) as balance_g,
        min(id) over (partition by ref_kind, ref_id) as first_id,
        max(id) over (partition by ref_kind, ref_id) as last_id
      from stock_movements
      where lot_kind = ${lot.kind} and lot_id = ${lot.id}
    )
    select m.id, m.created_at, u.full_name as user_name, m.delta_g, m.balance_g, m.reason, m.ref_kind, m.ref_id,
      m.first_id, m.last_id,
      coalesce(r.batch_code, b.batch_code, s.batch_code_sold) as ref_code,
      case when r.id is not null or b.id is not null or s.id is not null or g.id is not null then 1 else 0 end as ref_exists
    from m
    left join users u on u.id = m.user_id
    left join roasted_coffee r on m.ref_kind = 'roast' and r.id = m.ref_id
    left join blended_coffee b on m.ref_kind = 'blend' and b.id = m.ref_id
    left join sales s on m.ref_kind = 'sale' and s.id = m.ref_id
    left join green_coffee g on m.ref_kind = 'green_coffee' and g.id = m.ref_id
    order by m.id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  const { total } = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('lot_kind', '=', lot.kind)
    .where('lot_id', '=', lot.id)
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: Number(row.created_at),
      delta_g: Number(row.delta_g),
      balance_g: Number(row.balance_g),
      first_id: Number(row.first_id),
      last_id: Number(row.last_id),
      ref_id: row.ref_id === null ? null : Number(row.ref_id),
      ref_exists: Number(row.ref_exists),
    })),
    total: Number(total),
  };
}

/** The roasts made from a green lot, oldest first. */
export const roastsOfGreen = (db: DbOrTrx, greenId: number) =>
  db
    .selectFrom('roasted_coffee')
    .select(['id', 'batch_code', 'roast_date', 'roast_type', 'quantity_green_g', 'resultant_g', 'stock_g'])
    .where('green_coffee_id', '=', greenId)
    .orderBy('roast_date')
    .orderBy('id')
    .execute();

/** A roast with its green lot, origin and farm (the backward trace's last steps). */
export const roastWithSource = (db: DbOrTrx, roastIds: readonly number[]) =>
  roastIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('roasted_coffee as r')
        .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
        .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
        .select([
          'r.id',
          'r.batch_code',
          'r.roast_date',
          'r.roast_type',
          'r.quantity_green_g',
          'r.resultant_g',
          'r.stock_g',
          'r.green_coffee_id',
          'g.batch_code as green_batch_code',
          'g.supplier_finca',
          'g.origin_id',
          'o.name as origin_name',
        ])
        .where('r.id', 'in', [...roastIds])
        .execute();

export const greenWithSource = (db: DbOrTrx, greenId: number) =>
  db
    .selectFrom('green_coffee as g')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['g.id', 'g.batch_code', 'g.supplier_finca', 'g.origin_id', 'o.name as origin_name', 'g.unit_price_cents', 'g.quantity_g', 'g.stock_g', 'g.entry_date'])
    .where('g.id', '=', greenId)
    .executeTakeFirst();

/** The blends that drew on some roasted lots, with the grams drawn from each. */
export const blendsDrawingFrom = (db: DbOrTrx, roastIds: readonly number[]) =>
  roastIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('blended_coffee_draws as d')
        .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
        .innerJoin('blended_coffee as b', 'b.id', 'c.blend_id')
        .select(['d.roasted_coffee_id', 'b.id', 'b.batch_code', 'b.name', 'b.creation_date', 'b.total_quantity_g', 'b.stock_g', 'd.quantity_g as drawn_g'])
        .where('d.roasted_coffee_id', 'in', [...roastIds])
        .orderBy('b.creation_date')
        .orderBy('b.id')
        .execute();

export type ProductType = 'tostado' | 'mezcla';
export interface ProductRef {
  type: ProductType;
  id: number;
}

/** (product_type, product_id) in (…): a condition on the sales or sales_daily table. */
const productCondition = (products: readonly ProductRef[]) => {
  const roasted = products.filter((p) => p.type === 'tostado').map((p) => p.id);
  const blends = products.filter((p) => p.type === 'mezcla').map((p) => p.id);
  const parts = [];
  if (roasted.length > 0) parts.push(sql`(product_type = 'tostado' and product_id in (${sql.join(roasted)}))`);
  if (blends.length > 0) parts.push(sql`(product_type = 'mezcla' and product_id in (${sql.join(blends)}))`);
  return parts.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
};

/** Sold grams, revenue and count per product, from the aggregates the sale's own transaction keeps (migration 0007). */
export async function salesTotalsByProduct(
  db: DbOrTrx,
  products: readonly ProductRef[],
): Promise<{ product_type: ProductType; product_id: number; quantity_g: number; revenue_cents: number; sale_count: number }[]> {
  if (products.length === 0) return [];
  const { rows } = await sql<{ product_type: ProductType; product_id: number; quantity_g: string; revenue_cents: string; sale_count: string }>`
    select product_type, product_id, sum(quantity_g) as quantity_g, sum(revenue_cents) as revenue_cents, sum(sale_count) as sale_count
    from sales_monthly where ${productCondition(products)}
    group by product_type, product_id`.execute(db);
  return rows.map((row) => ({
    product_type: row.product_type,
    product_id: Number(row.product_id),
    quantity_g: Number(row.quantity_g),
    revenue_cents: Number(row.revenue_cents),
    sale_count: Number(row.sale_count),
  }));
}

export interface SaleRow {
  id: number;
  product_type: ProductType;
  product_id: number;
  quantity_g: number;
  unit_price_cents: number;
  sale_date: string;
  batch_code_sold: string;
}

const saleColumns = ['id', 'product_type', 'product_id', 'quantity_g', 'unit_price_cents', 'sale_date', 'batch_code_sold'] as const;

/** A page of the sales of some products, newest first (index sales_product_idx picks them). */
export async function salesPage(
  db: DbOrTrx,
  products: readonly ProductRef[],
  page: { limit: number; offset: number },
): Promise<{ rows: SaleRow[]; total: number }> {
  if (products.length === 0) return { rows: [], total: 0 };
  const rows = await db
    .selectFrom('sales')
    .select(saleColumns)
    .where(productCondition(products))
    .orderBy('sale_date', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('sales')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(productCondition(products))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export const findSale = (db: DbOrTrx, id: number): Promise<SaleRow | undefined> =>
  db.selectFrom('sales').select(saleColumns).where('id', '=', id).executeTakeFirst();

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
 * from sales_daily (migration 0007), one indexed range per kind.
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
