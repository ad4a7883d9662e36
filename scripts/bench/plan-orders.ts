// The roast plan with 10,000 pending orders against the same set with none
// (docs/decisions/0045-plan-from-orders.md): the plan reads only the pending orders
// due within its horizon (one range of the (status, due_date, id) index) and the
// orders prepared in its 28-day window, never every order nor the sales. Scratch
// copies of one set, filled after the server migrated them, served side by side
// and asked alternately (pairedMedianMs), as P11 does for the customers.
import { sql } from 'kysely';
import { localIsoDate } from '#shared/local-date.js';
import { openDatabase } from '#server/db/database.js';
import type { DatasetTarget } from '#support/bench/generate.js';
import { type Endpoint, pairedMedianMs } from './measure.js';
import { type BenchRow, ms } from './results.js';

/** The screen's first request (src/web/lib/screens.ts): the default horizon of 14 days. */
export const PLAN_PATH = '/api/planning?horizon_days=14';

/**
 * How the pending orders' due dates spread: over the next year (a shop's
 * repeating orders booked ahead; about 1 in 26 falls within the 14-day
 * horizon), or all within the horizon (the answer lists every one of them).
 */
export type OrderSpread = 'year' | 'horizon';

const dayAfter = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Fills a set with `count` pending orders of 40 customers, each of one or two
 * lines (a roasted product of the set, and every third order a recipe), 1 to 5 kg
 * a line, due from today on as `spread` says. Dates from the host's today, the
 * server's business date when both run here.
 */
export async function fillPendingOrders(target: DatasetTarget, count: number, spread: OrderSpread): Promise<void> {
  const handle = await openDatabase(target.kind === 'sqlite' ? { kind: 'sqlite', file: target.file } : { kind: 'postgres', url: target.url });
  const db = handle.db;
  try {
    const today = localIsoDate();
    const products = await db
      .selectFrom('roasted_coffee as r')
      .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
      .select(['g.origin_id', 'r.roast_type'])
      .distinct()
      .orderBy('g.origin_id')
      .orderBy('r.roast_type')
      .execute();
    const recipes = await db.selectFrom('blend_recipes').select('id').orderBy('id').execute();
    await db.deleteFrom('order_lines').execute();
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('customers').where('name_key', 'like', 'cliente pedidos %').execute();
    const customers = [];
    for (let c = 1; c <= 40; c++) {
      const key = `cliente pedidos ${String(c).padStart(2, '0')}`;
      customers.push({ name: `Cliente Pedidos ${String(c).padStart(2, '0')}`, name_sort: key, name_key: key, name_skeleton: key, search_key: key, kind: 'cafeteria' as const });
    }
    const customerIds = (await db.insertInto('customers').values(customers).returning('id').execute()).map((row) => row.id);
    const now = Date.now();
    const BATCH = 500;
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      const orders = Array.from({ length: size }, (_, k) => {
        const i = start + k;
        const due = spread === 'year' ? dayAfter(today, i % 365) : dayAfter(today, i % 15);
        return { customer_id: customerIds[i % customerIds.length]!, order_date: today, due_date: due, status: 'pendiente' as const, created_at: now, updated_at: now };
      });
      const ids = (await db.insertInto('orders').values(orders).returning('id').execute()).map((row) => row.id);
      const lines = ids.flatMap((orderId, k) => {
        const i = start + k;
        const product = products[i % products.length]!;
        const roasted = {
          order_id: orderId,
          position: 0,
          product_type: 'tostado' as const,
          origin_id: product.origin_id,
          roast_type: product.roast_type,
          recipe_id: null,
          quantity_g: 1000 * (1 + (i % 5)),
          unit_price_cents: 2000,
          grind: 'grano' as const,
        };
        const recipe = recipes.length > 0 && i % 3 === 0 ? recipes[i % recipes.length]! : undefined;
        return recipe
          ? [roasted, { ...roasted, position: 1, product_type: 'mezcla' as const, origin_id: null, roast_type: null, recipe_id: recipe.id, quantity_g: 1500 }]
          : [roasted];
      });
      await db.insertInto('order_lines').values(lines).execute();
    }
    if (target.kind === 'postgres') {
      await sql`analyze orders`.execute(db);
      await sql`analyze order_lines`.execute(db);
    }
  } finally {
    await handle.close();
  }
}

/**
 * P13: the plan with the orders spread over a year against none (target ≤ 3×),
 * and with all of them due within the horizon (informative: the answer then
 * lists all 10,000, so its size, not the reads, grows).
 */
export async function planOrderRows(none: Endpoint, spread: Endpoint, dense: Endpoint, count: number): Promise<BenchRow[]> {
  const [atNone, atSpread, atDense] = await pairedMedianMs([none, spread, dense], PLAN_PATH);
  const spreadRatio = atSpread! / atNone!;
  const denseRatio = atDense! / atNone!;
  return [
    {
      name: `P13 planning con ${count} pedidos pendientes (entregas repartidas en un año) vs ninguno`,
      baseline: ms(atNone!),
      ours: ms(atSpread!),
      ratio: spreadRatio,
      target: '≤ 3×',
      met: spreadRatio <= 3,
    },
    {
      name: `P13 planning con ${count} pedidos pendientes, todos en el horizonte (informativo) vs ninguno`,
      baseline: ms(atNone!),
      ours: ms(atDense!),
      ratio: denseRatio,
      target: '—',
      met: null,
    },
  ];
}
