// Pedidos (docs/product-guide.md#pedidos, docs/decisions/0043-orders.md), P12:
// - the list's first page at 1,000 orders and at 100,000: a walk of migration 0020's
//   (due_date, id) / (status, due_date, id) / (customer_id, due_date, id) indexes from the
//   keyset, so it must not grow with the table (two scratch copies of the small set, asked
//   alternately, as P11);
// - fulfilling a 20-line order (20 sales, each from its own lot, in one transaction) against
//   one sale through POST /api/sales, on the same server, alternately: ≤ 3×.
import { sql } from 'kysely';
import { openDatabase } from '#server/db/database.js';
import type { DatasetTarget } from '#support/bench/generate.js';
import type { Allocation } from '#shared/schemas/orders.js';
import { type Endpoint, getJson, median, pairedMedianMs } from './measure.js';
import { type BenchRow, ms } from './results.js';

/** The screen's first request, unfiltered and by state (src/web/lib/screens.ts' orders list). */
export const ORDER_PATHS = {
  'primera página': '/api/orders?limit=50',
  'primera página, pendientes': '/api/orders?status=pendiente&limit=50',
} as const;

const openTarget = (target: DatasetTarget) => openDatabase(target.kind === 'sqlite' ? { kind: 'sqlite', file: target.file } : { kind: 'postgres', url: target.url });

/**
 * Fills a set with `count` orders of one customer, one line each (an origin's Medio, 1 kg),
 * due over a year, their states in turn: two statements, as the migration's rows.
 */
export async function fillOrders(target: DatasetTarget, count: number): Promise<void> {
  const handle = await openTarget(target);
  try {
    const db = handle.db;
    await sql`delete from order_lines`.execute(db);
    await sql`delete from orders`.execute(db);
    const now = Date.now();
    const existing = await db.selectFrom('customers').select('id').where('name_key', '=', 'cliente pedidos').executeTakeFirst();
    const customer =
      existing?.id ??
      (
        await db
          .insertInto('customers')
          .values({ name: 'Cliente Pedidos', name_sort: 'cliente pedidos', name_key: 'cliente pedidos', name_skeleton: 'cliente pedidos', search_key: 'cliente pedidos', kind: 'cafeteria' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const origin = (await db.selectFrom('coffee_origins').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const status = sql`case i % 4 when 0 then 'pendiente' when 1 then 'preparado' when 2 then 'entregado' else 'cancelado' end`;
    if (target.kind === 'sqlite') {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
        insert into orders (customer_id, order_date, due_date, status, created_at, updated_at)
        select ${customer}, '2026-01-01', date('2026-01-01', '+' || (i % 365) || ' days'), ${status}, ${now}, ${now} from n`.execute(db);
    } else {
      await sql`insert into orders (customer_id, order_date, due_date, status, created_at, updated_at)
        select ${customer}, '2026-01-01', to_char(date '2026-01-01' + (i % 365), 'YYYY-MM-DD'), ${status}, ${now}, ${now}
        from generate_series(1, ${count}) as i`.execute(db);
    }
    await sql`insert into order_lines (order_id, position, product_type, origin_id, roast_type, quantity_g, unit_price_cents, grind)
      select id, 1, 'tostado', ${origin}, 'Medio', 1000, 2000, 'grano' from orders`.execute(db);
    if (target.kind === 'postgres') await sql`analyze orders`.execute(db);
  } finally {
    await handle.close();
  }
}

/** One row per path: the big table against the small one, target ≤ 2×. */
export async function orderListRows(small: Endpoint, big: Endpoint, smallCount: number, bigCount: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, path] of Object.entries(ORDER_PATHS)) {
    const [atBig, atSmall] = await pairedMedianMs([big, small], path);
    const ratio = atBig! / atSmall!;
    rows.push({ name: `P12 pedidos, ${name}: ${bigCount} vs ${smallCount} pedidos`, baseline: ms(atSmall!), ours: ms(atBig!), ratio, target: '≤ 2×', met: ratio <= 2 });
  }
  return rows;
}

/** What the fulfil bench orders and sells, read before its server starts (a SQLite file has one process). */
export interface FulfilSetup {
  customer: number;
  /** 20 units of the plan (an origin's roast type) with stock, repeated if the set has fewer. */
  units: { origin_id: number; roast_type: string }[];
  saleLot: { id: number; batch_code: string };
}

export async function fulfilSetup(target: DatasetTarget): Promise<FulfilSetup> {
  const handle = await openTarget(target);
  try {
    const db = handle.db;
    const lots = await db
      .selectFrom('roasted_coffee as r')
      .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
      .select(['r.id', 'r.batch_code', 'g.origin_id', 'r.roast_type'])
      .where('r.stock_g', '>=', 5000)
      .orderBy('r.id')
      .execute();
    const units = [...new Map(lots.map((lot) => [`${lot.origin_id}:${lot.roast_type}`, { origin_id: lot.origin_id, roast_type: lot.roast_type as string }])).values()];
    if (units.length === 0 || lots.length === 0) throw new Error('P12: hacen falta lotes tostados con stock');
    const customer = (await db.selectFrom('customers').select('id').where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    return { customer, units: Array.from({ length: 20 }, (_, index) => units[index % units.length]!), saleLot: lots.at(-1)! };
  } finally {
    await handle.close();
  }
}

async function post(endpoint: Endpoint, path: string, body: unknown): Promise<{ ms: number; json: unknown }> {
  const started = performance.now();
  const response = await fetch(`${endpoint.url}${path}`, {
    method: 'POST',
    headers: { cookie: endpoint.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: elapsed, json: JSON.parse(text) };
}

/**
 * Fulfilling a 20-line order against one sale, `runs` times each after 3 warm-ups, alternating:
 * each round creates an order of 20 lines of 10 g (untimed), reads its allocation (untimed),
 * times the fulfil of what it proposes, then times one 10 g sale.
 */
export async function fulfilRows(endpoint: Endpoint, setup: FulfilSetup, runs = 15): Promise<BenchRow[]> {
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const fulfils: number[] = [];
  const sales: number[] = [];
  for (let round = 0; round < runs + 3; round++) {
    const order = (
      await post(endpoint, '/api/orders', {
        customer_id: setup.customer,
        due_date: due,
        repeat_weeks: null,
        lines: setup.units.map((unit) => ({ product: { kind: 'tostado', ...unit }, format_id: null, quantity: 0.01, unit_price: 20, grind: 'grano' })),
      })
    ).json as { id: number };
    const allocation = await getJson<Allocation>(endpoint.url, `/api/orders/${order.id}/allocation`, endpoint.cookie);
    const body = {
      lines: allocation.lines.map((line) => ({
        line_id: line.line_id,
        lots: line.lots.filter((lot) => lot.kg > 0).map((lot) => ({ lot_kind: lot.lot_kind, lot_id: lot.lot_id, kg: lot.kg, expected_stock_kg: lot.stock_kg })),
      })),
    };
    const fulfil = await post(endpoint, `/api/orders/${order.id}/fulfil`, body);
    const sale = await post(endpoint, '/api/sales', {
      product_id: setup.saleLot.id,
      product_type: 'tostado',
      quantity_kg: 0.01,
      unit_price: 20,
      sale_date: today,
      batch_code_sold: setup.saleLot.batch_code,
    });
    if (round >= 3) {
      fulfils.push(fulfil.ms);
      sales.push(sale.ms);
    }
  }
  const ratio = median(fulfils) / median(sales);
  return [{ name: 'P12 preparar un pedido de 20 líneas frente a una venta', baseline: ms(median(sales)), ours: ms(median(fulfils)), ratio, target: '≤ 3×', met: ratio <= 3 }];
}
