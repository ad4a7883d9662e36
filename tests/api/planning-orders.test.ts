import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '#shared/local-date.js';
import type { Planning } from '#shared/schemas/planning.js';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * The roast plan driven by orders (docs/decisions/0045-plan-from-orders.md,
 * docs/product-guide.md#roast-plan): pending orders due within the horizon join
 * each unit's need, the pace leaves out the orders prepared in its window, and an
 * order the stock does not cover makes its unit urgent from its due date. Lots
 * and sales are made through the API; orders are rows as migration 0020 defines
 * them (the orders area writes them the same way).
 */
const today = localIsoDate();
const shift = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type Product = { origin_id: number; roast_type: RoastType } | { recipe_id: number };
type Status = 'pendiente' | 'preparado' | 'entregado' | 'cancelado';

describe.each(testDialects())('Plan de Tueste con pedidos (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
    admin = await t.signIn('administrador');
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  const ok = async <T = { id: number; batch_code: string }>(method: 'POST' | 'PUT', url: string, payload: object, who = cookie): Promise<T> => {
    const response = await t.call(who, { method, url, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as T;
  };
  const origin = (name: string) => ok('POST', '/api/coffee-origins', { name, kilos_per_bag: 70, suppliers_fincas: ['Finca Uno'] });
  const green = (originId: number, batch_code: string) =>
    ok('POST', '/api/green-coffee', { origin_id: originId, supplier_finca: 'Finca Uno', quantity_kg: 60, unit_price: 8, entry_date: shift(-120), batch_code });
  const roast = (greenId: number, resultant_kg: number, batch_code: string, roast_date = shift(-50), roast_type: RoastType = 'Medio') =>
    ok('POST', '/api/roasted-coffee', { green_coffee_id: greenId, quantity_green_kg: 10, resultant_kg, roast_type, roast_date, batch_code });
  const sale = (lot: { id: number; batch_code: string }, quantity_kg: number, sale_date: string) =>
    ok('POST', '/api/sales', { product_id: lot.id, product_type: 'tostado', quantity_kg, unit_price: 20, sale_date, batch_code_sold: lot.batch_code });
  const customer = (name: string) => ok<{ id: number }>('POST', '/api/customers', { name, kind: 'cafeteria' });
  const plan = async (horizon = 14): Promise<Planning> => {
    const response = await t.call(cookie, { method: 'GET', url: `/api/planning?horizon_days=${horizon}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Planning;
  };
  /** An order with its lines (kg each), as the orders area stores one; returns its id and its lines' ids. */
  const order = async (customerId: number, due_date: string, lines: [Product, number][], state: { status?: Status; prepared_date?: string } = {}) => {
    const now = Date.now();
    const { id } = await t.db
      .insertInto('orders')
      .values({ customer_id: customerId, order_date: shift(-30), due_date, status: state.status ?? 'pendiente', prepared_date: state.prepared_date ?? null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lineIds: number[] = [];
    for (const [position, [product, kg]] of lines.entries()) {
      const row = await t.db
        .insertInto('order_lines')
        .values({
          order_id: id,
          position,
          product_type: 'recipe_id' in product ? 'mezcla' : 'tostado',
          origin_id: 'origin_id' in product ? product.origin_id : null,
          roast_type: 'roast_type' in product ? product.roast_type : null,
          recipe_id: 'recipe_id' in product ? product.recipe_id : null,
          quantity_g: Math.round(kg * 1000),
          unit_price_cents: 2000,
          grind: 'grano',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lineIds.push(row.id);
    }
    return { id, lineIds };
  };
  /** A sale made for an order line, as fulfilment records it: dated the day the order is prepared, naming its line. */
  const orderSale = async (lot: { id: number; batch_code: string }, quantity_kg: number, sale_date: string, lineId: number) => {
    const made = await sale(lot, quantity_kg, sale_date);
    await t.db.updateTable('sales').set({ order_line_id: lineId }).where('id', '=', made.id).execute();
    return made;
  };

  /** Huila · Medio: one roast of 8.5 kg, 2.8 kg sold over the counter 10 days ago: 5.7 kg on hand, 0.1 kg/day, 57 days left. */
  async function huila() {
    await ok('PUT', '/api/settings', { low_stock_roasted_kg: 5 }, admin);
    const o = await origin('Huila');
    const g = await green(o.id, 'HU-V1');
    const lot = await roast(g.id, 8.5, 'HU-R1');
    await sale(lot, 2.8, shift(-10));
    return { o, g, lot, medio: { origin_id: o.id, roast_type: 'Medio' as const } };
  }

  it('without orders the formula is unchanged; pending orders due by the horizon\'s last day add their kilos, one day later they do not', async () => {
    const { o, medio } = await huila();
    const sol = await customer('Café Sol');
    const luna = await customer('Café Luna');
    // 0.1 × 14 + 5 − 5.7 = 0.7 kg.
    expect((await plan()).roasted[0]).toMatchObject({ stock_kg: 5.7, out_kg: 2.8, kg_per_day: 0.1, days_left: 57, need_kg: 0.7, ordered_kg: 0, orders: [], uncovered_order_date: null });

    const overdue = await order(luna.id, shift(-2), [[medio, 1]]); // still pending after its date: still owed
    const lastDay = await order(sol.id, shift(14), [[medio, 1.25], [{ origin_id: o.id, roast_type: 'Oscuro' }, 2], [medio, 1.75]]);
    const dayAfter = await order(sol.id, shift(15), [[medio, 2]]);
    await order(sol.id, shift(3), [[medio, 9]], { status: 'cancelado' });
    await order(sol.id, shift(2), [[medio, 9]], { status: 'preparado', prepared_date: shift(-40) });

    // H = 14: the overdue 1 kg and the 3 kg due on day 14 (two lines of one order, one entry); not the one due on day 15,
    // nor the cancelled or prepared ones. 4 + 0.1 × 14 + 5 − 5.7 = 4.7 kg.
    const at14 = await plan(14);
    const huilaMedio = at14.roasted.find((unit) => unit.roast_type === 'Medio')!;
    expect(huilaMedio).toMatchObject({ stock_kg: 5.7, out_kg: 2.8, ordered_kg: 4, need_kg: 4.7, uncovered_order_date: null, days_left: 57, run_out_date: shift(57) });
    // Covered: 5.7 ≥ 1 (due before today: no pace to add); 5.7 ≥ 1 + 3 + 0.1 × 14 = 5.4.
    expect(huilaMedio.orders).toEqual([
      { order_id: overdue.id, customer_name: 'Café Luna', due_date: shift(-2), kg: 1, covered: true },
      { order_id: lastDay.id, customer_name: 'Café Sol', due_date: shift(14), kg: 3, covered: true },
    ]);
    // The order's Oscuro line is a unit of its own, with no lots: stock 0, no threshold of its own, the 2 kg to roast.
    expect(at14.roasted.find((unit) => unit.roast_type === 'Oscuro')).toMatchObject({
      origin_name: 'Huila',
      stock_kg: 0,
      out_kg: 0,
      days_left: null,
      ordered_kg: 2,
      need_kg: 2,
      idle: false,
      uncovered_order_date: shift(14),
      orders: [{ order_id: lastDay.id, customer_name: 'Café Sol', due_date: shift(14), kg: 2, covered: false }],
    });

    // H = 15: the day-15 order joins: 6 kg ordered, 6 + 0.1 × 15 + 5 − 5.7 = 6.8 kg; the stock no longer covers it
    // (1 + 3 + 2 + 0.1 × 15 = 7.5 > 5.7), due before the run-out: urgent from its date.
    const at15 = (await plan(15)).roasted.find((unit) => unit.roast_type === 'Medio')!;
    expect(at15).toMatchObject({ ordered_kg: 6, need_kg: 6.8, uncovered_order_date: shift(15) });
    expect(at15.orders.map((entry) => [entry.order_id, entry.covered])).toEqual([
      [overdue.id, true],
      [lastDay.id, true],
      [dayAfter.id, false],
    ]);
  });

  it('the pace leaves out the orders prepared in the window (from its first day): a weekly customer is counted once, as its next order', async () => {
    const { lot, medio } = await huila();
    const weekly = await customer('Café Semanal');
    // Prepared on the window's first day (today − 27): its 2 kg sale is in the window's sales and comes out of the pace.
    const first = await order(weekly.id, shift(-27), [[medio, 2]], { status: 'entregado', prepared_date: shift(-27) });
    await orderSale(lot, 2, shift(-27), first.lineIds[0]!);
    // Prepared the day before the window (today − 28): neither its sale nor its kilos count.
    const before = await order(weekly.id, shift(-28), [[medio, 0.5]], { status: 'entregado', prepared_date: shift(-28) });
    await orderSale(lot, 0.5, shift(-28), before.lineIds[0]!);
    // Prepared and not yet delivered: its sale is out of the pace too.
    const prepared = await order(weekly.id, shift(1), [[medio, 0.7]], { status: 'preparado', prepared_date: shift(-1) });
    await orderSale(lot, 0.7, shift(-1), prepared.lineIds[0]!);
    // The next weekly order, pending.
    const next = await order(weekly.id, shift(6), [[medio, 2]]);

    // Stock 8.5 − 2.8 − 2 − 0.5 − 0.7 = 2.5 kg; sales in the window 2.8 + 2 + 0.7 = 5.5 kg, less 2.7 kg of orders: 2.8 kg,
    // the counter's 0.1 kg/day. Need 2 + 0.1 × 14 + 5 − 2.5 = 5.9 kg (with the weekly kilos left in the pace too, 5.5 × 14 / 28 = 2.75 kg/horizon, it would be 7.25).
    // Days left 2.5 × 28 / 2.8 = 25; the order: 2.5 ≥ 2 + 0.1 × 6 = 2.6? no: urgent from its date.
    let unit = (await plan()).roasted[0]!;
    expect(unit).toMatchObject({ stock_kg: 2.5, out_kg: 2.8, kg_per_day: 0.1, days_left: 25, ordered_kg: 2, need_kg: 5.9, uncovered_order_date: shift(6) });
    expect(unit.orders).toEqual([{ order_id: next.id, customer_name: 'Café Semanal', due_date: shift(6), kg: 2, covered: false }]);

    // Its preparation undone: the sale deleted, the order pending again (its prepared date may stay): back in the orders, out of the pace's deduction.
    const undone = await t.db.selectFrom('sales').select('id').where('order_line_id', '=', prepared.lineIds[0]!).executeTakeFirstOrThrow();
    await t.db.updateTable('sales').set({ order_line_id: null }).where('id', '=', undone.id).execute();
    expect((await t.call(admin, { method: 'DELETE', url: `/api/sales/${undone.id}` })).statusCode).toBe(204);
    await t.db.updateTable('orders').set({ status: 'pendiente' }).where('id', '=', prepared.id).execute();
    // Stock 3.2 kg; sales 2.8 + 2 = 4.8 less 2 kg: 2.8 kg still. Orders 0.7 (tomorrow) + 2: need 2.7 + 1.4 + 5 − 3.2 = 5.9 kg.
    unit = (await plan()).roasted[0]!;
    expect(unit).toMatchObject({ stock_kg: 3.2, out_kg: 2.8, ordered_kg: 2.7, need_kg: 5.9 });
    // Covered: 3.2 ≥ 0.7 + 0.1 × 1 = 0.8; not: 3.2 < 2.7 + 0.1 × 6 = 3.3, due before the day-32 run-out.
    expect(unit).toMatchObject({ days_left: 32, uncovered_order_date: shift(6) });
    expect(unit.orders.map((entry) => [entry.order_id, entry.due_date, entry.kg, entry.covered])).toEqual([
      [prepared.id, shift(1), 0.7, true],
      [next.id, shift(6), 2, false],
    ]);
  });

  it("an order the stock cannot cover before the run-out makes its unit urgent from the order's date and first in the plan; one due after the run-out does not", async () => {
    const { o, g, medio } = await huila();
    // Huila · Claro: 1 kg left of 3.8 after 2.8 kg sold → 0.1 kg/day, 10 days left.
    const claro = await roast(g.id, 3.8, 'HU-C1', shift(-50), 'Claro');
    await sale(claro, 2.8, shift(-5));
    const sol = await customer('Café Sol');
    // Medio: 5.7 kg; 5 kg due in 8 days: 5 + 0.1 × 8 = 5.8 > 5.7, due long before its day-57 run-out: urgent from day 8.
    await order(sol.id, shift(8), [[medio, 5]]);
    // Claro: 0.05 kg due in 12 days, after its day-10 run-out: the run-out says it first.
    await order(sol.id, shift(12), [[{ origin_id: o.id, roast_type: 'Claro' }, 0.05]]);
    const result = await plan();
    // Medio (day 8) now comes before Claro (day 10), though its own run-out is later.
    expect(result.roasted.map((unit) => [unit.roast_type, unit.run_out_date, unit.uncovered_order_date, unit.orders.map((entry) => entry.covered)])).toEqual([
      ['Medio', shift(57), shift(8), [false]],
      ['Claro', shift(10), null, [false]],
    ]);
    // 5 + 0.1 × 14 + 5 − 5.7 = 5.7 kg; 0.05 + 1.4 + 5 − 1 = 5.45 kg.
    expect(result.roasted.map((unit) => unit.need_kg)).toEqual([5.7, 5.45]);
  });

  it("a product ordered with no lots or no blend yet is planned from stock 0; an idle unit with an order is not idle; a recipe's order reaches its origins' roast need", async () => {
    await ok('PUT', '/api/settings', { low_stock_roasted_kg: 5, low_stock_blend_kg: 1 }, admin);
    const o = await origin('Huila');
    const g = await green(o.id, 'HU-V1');
    // Roasted 100 days ago and never sold: idle (no threshold, no pace).
    await roast(g.id, 8, 'HU-R1', shift(-100));
    const recipe = await ok<{ id: number }>('POST', '/api/blend-recipes', { name: 'Casa', components: [{ origin_id: o.id, percentage: 100 }] }, admin);
    expect((await plan()).roasted[0]).toMatchObject({ idle: true, need_kg: 0, ordered_kg: 0 });
    expect((await plan()).blends).toEqual([]); // a recipe with no blend and no order is not planned

    const sol = await customer('Café Sol');
    const casa = await order(sol.id, shift(5), [[{ recipe_id: recipe.id }, 3]]);
    const result = await plan();
    // Casa: stock 0, no blend, no threshold of its own: the 3 kg ordered; uncovered, urgent from day 5.
    expect(result.blends).toMatchObject([
      {
        recipe_id: recipe.id,
        recipe_name: 'Casa',
        stock_kg: 0,
        out_kg: 0,
        days_left: null,
        ordered_kg: 3,
        need_kg: 3,
        idle: false,
        uncovered_order_date: shift(5),
        orders: [{ order_id: casa.id, customer_name: 'Café Sol', due_date: shift(5), kg: 3, covered: false }],
        // Huila · Medio is idle: all its 8 kg are spare for the blend.
        components: [{ origin_id: o.id, origin_name: 'Huila', roast_type: 'Medio', kg: 3, roasted_available_kg: 8, shortfall_kg: 0 }],
      },
    ]);

    // An order of 10 kg of the idle Huila · Medio: no longer idle; 10 + 5 − 8 = 7 kg, of which the blend can now take nothing.
    await order(sol.id, shift(7), [[{ origin_id: o.id, roast_type: 'Medio' }, 10]]);
    const withOrder = await plan();
    expect(withOrder.roasted).toMatchObject([{ roast_type: 'Medio', idle: false, ordered_kg: 10, need_kg: 7 + 3, uncovered_order_date: shift(7) }]);
    expect(withOrder.blends[0]!.components).toEqual([{ origin_id: o.id, origin_name: 'Huila', roast_type: 'Medio', kg: 3, roasted_available_kg: 0, shortfall_kg: 3 }]);
  });

  it('through the orders API: a weekly order prepared leaves the pace as it was, its next order is counted once, and undoing it puts it back', async () => {
    const { o, lot } = await huila();
    const weekly = await customer('Café Semanal');
    const post = async <T>(url: string, payload?: object): Promise<T> => {
      const response = await t.call(cookie, { method: 'POST', url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
      return response.json() as T;
    };
    const created = await post<{ id: number; lines: { id: number }[] }>('/api/orders', {
      customer_id: weekly.id,
      due_date: shift(2),
      repeat_weeks: 1,
      lines: [{ product: { kind: 'tostado', origin_id: o.id, roast_type: 'Medio' }, format_id: null, quantity: 2, unit_price: 20, grind: 'grano' }],
    });
    // Pending: 2 kg ordered; 2 + 1.4 + 5 − 5.7 = 2.7 kg.
    expect((await plan()).roasted[0]).toMatchObject({ out_kg: 2.8, ordered_kg: 2, need_kg: 2.7 });

    await post(`/api/orders/${created.id}/fulfil`, {
      lines: [{ line_id: created.lines[0]!.id, lots: [{ lot_kind: 'tostado', lot_id: lot.id, kg: 2, expected_stock_kg: 5.7 }] }],
    });
    // Prepared today: its 2 kg sale is today's, and not in the pace; no longer pending. 1.4 + 5 − 3.7 = 2.7 kg: the same need.
    expect((await plan()).roasted[0]).toMatchObject({ stock_kg: 3.7, out_kg: 2.8, ordered_kg: 0, orders: [], need_kg: 2.7 });

    const delivered = await post<{ next_order_id: number }>(`/api/orders/${created.id}/deliver`);
    // The next week's order, due in 9 days, is counted once: as an order. 2 + 1.4 + 5 − 3.7 = 4.7 kg;
    // 3.7 ≥ 2 + 0.1 × 9 = 2.9: covered.
    const withNext = (await plan()).roasted[0]!;
    expect(withNext).toMatchObject({ out_kg: 2.8, ordered_kg: 2, need_kg: 4.7, uncovered_order_date: null });
    expect(withNext.orders).toEqual([{ order_id: delivered.next_order_id, customer_name: 'Café Semanal', due_date: shift(9), kg: 2, covered: true }]);

    // A second order prepared and undone: its sale goes, the order is pending again and counted as an order, not in the pace.
    const other = await post<{ id: number; lines: { id: number }[] }>('/api/orders', {
      customer_id: weekly.id,
      due_date: shift(1),
      repeat_weeks: null,
      lines: [{ product: { kind: 'tostado', origin_id: o.id, roast_type: 'Medio' }, format_id: null, quantity: 0.5, unit_price: 20, grind: 'grano' }],
    });
    await post(`/api/orders/${other.id}/fulfil`, {
      lines: [{ line_id: other.lines[0]!.id, lots: [{ lot_kind: 'tostado', lot_id: lot.id, kg: 0.5, expected_stock_kg: 3.7 }] }],
    });
    await post(`/api/orders/${other.id}/undo-fulfil`);
    expect((await plan()).roasted[0]).toMatchObject({ stock_kg: 3.7, out_kg: 2.8, ordered_kg: 2.5, need_kg: 5.2 });
  });

  it("home's answer counts the pending orders due today, tomorrow and overdue; other states and later dates are not counted", async () => {
    const sol = await customer('Café Sol');
    const o = await origin('Huila');
    const medio = { origin_id: o.id, roast_type: 'Medio' as const };
    const alerts = async () => {
      const response = await t.call(cookie, { method: 'GET', url: '/api/stock-alerts' });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as import('#shared/schemas/stock-alerts.js').StockAlerts).orders_due;
    };
    expect(await alerts()).toEqual({ date: today, overdue: 0, today: 0, tomorrow: 0 });
    await order(sol.id, shift(-3), [[medio, 1]]);
    await order(sol.id, shift(-1), [[medio, 1]]);
    await order(sol.id, today, [[medio, 1], [medio, 2]]); // one order, two lines: counted once
    await order(sol.id, today, [[medio, 1]]);
    await order(sol.id, today, [[medio, 1]], { status: 'preparado', prepared_date: today });
    await order(sol.id, today, [[medio, 1]], { status: 'cancelado' });
    await order(sol.id, shift(1), [[medio, 1]]);
    await order(sol.id, shift(1), [[medio, 1]], { status: 'entregado', prepared_date: today });
    await order(sol.id, shift(2), [[medio, 1]]);
    expect(await alerts()).toEqual({ date: today, overdue: 2, today: 2, tomorrow: 1 });
    expect((await t.call(undefined, { method: 'GET', url: '/api/stock-alerts' })).statusCode).toBe(401);
    expect((await t.call(admin, { method: 'GET', url: '/api/stock-alerts' })).statusCode).toBe(200);
  });
});
