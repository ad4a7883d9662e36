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
import { type Endpoint, median, pairedMedianMs } from './measure.js';
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

interface BenchLot {
  id: number;
  origin_id: number;
  roast_type: string;
  batch_code: string;
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
 * each round creates an order of 20 lines of 10 g (untimed), reads its lots' stock as the
 * allocation would show it (untimed), then times its fulfil, then times one 10 g sale.
 */
export async function fulfilRows(endpoint: Endpoint, target: DatasetTarget, runs = 15): Promise<BenchRow[]> {
  const handle = await openTarget(target);
  try {
    const db = handle.db;
    const lots: BenchLot[] = await db
      .selectFrom('roasted_coffee as r')
      .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
      .select(['r.id', 'g.origin_id', 'r.roast_type', 'r.batch_code'])
      .where('r.stock_g', '>=', 5000)
      .orderBy('r.id')
      .limit(21)
      .execute();
    if (lots.length < 21) throw new Error(`P12: hacen falta 21 lotes tostados con stock, hay ${lots.length}`);
    const [saleLot, ...orderLots] = lots as [BenchLot, ...BenchLot[]];
    const customer = (await db.selectFrom('customers').select('id').where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const today = new Date().toISOString().slice(0, 10);
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const fulfils: number[] = [];
    const sales: number[] = [];
    for (let round = 0; round < runs + 3; round++) {
      const order = (
        await post(endpoint, '/api/orders', {
          customer_id: customer,
          due_date: due,
          repeat_weeks: null,
          lines: orderLots.map((lot) => ({ product: { kind: 'tostado', origin_id: lot.origin_id, roast_type: lot.roast_type }, format_id: null, quantity: 0.01, unit_price: 20, grind: 'grano' })),
        })
      ).json as { id: number; lines: { id: number }[] };
      const stock = new Map(
        (await db.selectFrom('roasted_coffee').select(['id', 'stock_g']).where('id', 'in', orderLots.map((lot) => lot.id)).execute()).map((row) => [row.id, Number(row.stock_g)]),
      );
      const body = {
        lines: order.lines.map((line, index) => {
          const lot = orderLots[index]!;
          return { line_id: line.id, lots: [{ lot_kind: 'tostado', lot_id: lot.id, kg: 0.01, expected_stock_kg: stock.get(lot.id)! / 1000 }] };
        }),
      };
      const fulfil = await post(endpoint, `/api/orders/${order.id}/fulfil`, body);
      const sale = await post(endpoint, '/api/sales', {
        product_id: saleLot.id,
        product_type: 'tostado',
        quantity_kg: 0.01,
        unit_price: 20,
        sale_date: today,
        batch_code_sold: saleLot.batch_code,
      });
      if (round >= 3) {
        fulfils.push(fulfil.ms);
        sales.push(sale.ms);
      }
    }
    const ratio = median(fulfils) / median(sales);
    return [{ name: 'P12 preparar un pedido de 20 líneas frente a una venta', baseline: ms(median(sales)), ours: ms(median(fulfils)), ratio, target: '≤ 3×', met: ratio <= 3 }];
  } finally {
    await handle.close();
  }
}
