import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '#shared/local-date.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * The roast plan (docs/product-guide.md#roast-plan, docs/decisions/0028-roast-plan.md),
 * from data made through the API, every figure recomputed by hand.
 */
const today = localIsoDate();
const shift = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe.each(testDialects())('Plan de Tueste (%s)', (dialect) => {
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
  const green = (originId: number, batch_code: string, quantity_kg: number, entry_date: string) =>
    ok('POST', '/api/green-coffee', { origin_id: originId, supplier_finca: 'Finca Uno', quantity_kg, unit_price: 8, entry_date, batch_code });
  const roast = (greenId: number, resultant_kg: number, batch_code: string, roast_date: string, roast_type = 'Medio') =>
    ok('POST', '/api/roasted-coffee', { green_coffee_id: greenId, quantity_green_kg: 10, resultant_kg, roast_type, roast_date, batch_code });
  const sale = (lot: { id: number; batch_code: string }, product_type: 'tostado' | 'mezcla', quantity_kg: number, sale_date: string) =>
    ok('POST', '/api/sales', { product_id: lot.id, product_type, quantity_kg, unit_price: 20, sale_date, batch_code_sold: lot.batch_code });
  const plan = async (query = '') => {
    const response = await t.call(cookie, { method: 'GET', url: `/api/planning${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as import('#shared/schemas/planning.js').Planning;
  };

  it('the hand-computed plan: pace, run-out, need and green from the oldest lot; a deleted sale changes it', async () => {
    await ok('PUT', '/api/settings', { low_stock_roasted_kg: 5 }, admin);
    const o = await origin('Huila');
    const older = await green(o.id, 'HU-V1', 50, shift(-60));
    const newer = await green(o.id, 'HU-V2', 20, shift(-55));
    const r1 = await roast(older.id, 8.5, 'HU-R1', shift(-50));
    const r2 = await roast(older.id, 8.4, 'HU-R2', shift(-49));
    const r3 = await roast(newer.id, 8.6, 'HU-R3', shift(-48));
    const old = await sale(r1, 'tostado', 3, shift(-40)); // outside the window
    await sale(r1, 'tostado', 5.5, shift(-27)); // the window's first day
    await sale(r2, 'tostado', 8.4, shift(-10));
    const last = await sale(r3, 'tostado', 0.1, today);
    const result = await plan('?horizon_days=14');
    expect(result).toMatchObject({ today, horizon_days: 14, window_days: 28, idle_days: 90, roaster_capacity_kg: null, blends: [] });
    // 14 kg / 28 = 0.5 kg/day; 8.5 kg left → 17 days; 0.5 × 14 + 5 − 8.5 = 3.5 kg;
    // yield 25.5 / 30 = 0.85; 3.5 / 0.85 = 4.1176… → 4.118 kg, all from the older lot (20 kg left).
    expect(result.roasted).toEqual([
      {
        origin_id: o.id,
        origin_name: 'Huila',
        roast_type: 'Medio',
        stock_kg: 8.5,
        out_kg: 14,
        kg_per_day: 0.5,
        days_left: 17,
        run_out_date: shift(17),
        threshold_kg: 5,
        ordered_kg: 0,
        orders: [],
        uncovered_order_date: null,
        need_kg: 3.5,
        idle: false,
        yield: 0.85,
        yield_note: null,
        green_kg: 4.118,
        batches: null,
        green_lots: [{ id: older.id, batch_code: 'HU-V1', take_kg: 4.118 }],
        shortfall_kg: 0,
      },
    ]);
    // The default horizon is 14.
    expect((await plan()).roasted).toEqual(result.roasted);

    // Deleting today's 0.1 kg sale: 13.9 kg out, 8.6 kg on hand. 13.9 / 28 = 0.49642… → 0.496 shown;
    // 8.6 × 28 / 13.9 = 17.3 → 17 days; 13.9 × 14 / 28 + 5 − 8.6 = 3.35 kg exactly; 3.35 × 30 / 25.5 = 3.9411… → 3.942.
    expect((await t.call(admin, { method: 'DELETE', url: `/api/sales/${last.id}` })).statusCode).toBe(204);
    const after = (await plan()).roasted[0]!;
    expect(after).toMatchObject({ stock_kg: 8.6, out_kg: 13.9, kg_per_day: 0.496, days_left: 17, need_kg: 3.35, green_kg: 3.942 });
    expect(after.green_lots).toEqual([{ id: older.id, batch_code: 'HU-V1', take_kg: 3.942 }]);

    // A 90-day horizon: 13.9 × 90 / 28 + 5 − 8.6 = 41.078571… → 41.079 kg; 41.079 × 30 / 25.5 = 48.328… → 48.329 kg of green,
    // all 30 kg left of the older lot (50 − 2 roasts of 10), the 10 kg left of the newer one, 8.329 kg short.
    const long = (await plan('?horizon_days=90')).roasted[0]!;
    expect(long).toMatchObject({ need_kg: 41.079, green_kg: 48.329 });
    expect(long.green_lots).toEqual([
      { id: older.id, batch_code: 'HU-V1', take_kg: 30 },
      { id: newer.id, batch_code: 'HU-V2', take_kg: 10 },
    ]);
    expect(long.shortfall_kg).toBe(8.329);

    // The old sale moved to the day before the window still does not count; moved to its first day it does:
    // 16.9 kg out → 0.60357… shown 0.604; 8.6 × 28 / 16.9 = 14.2 → 14 days; 16.9 × 14 / 28 + 5 − 8.6 = 4.85 kg.
    const move = (sale_date: string) =>
      ok('PUT', `/api/sales/${old.id}`, { product_id: r1.id, product_type: 'tostado', quantity_kg: 3, unit_price: 20, sale_date, batch_code_sold: 'HU-R1' }, admin);
    await move(shift(-28));
    expect((await plan()).roasted[0]).toMatchObject({ out_kg: 13.9, need_kg: 3.35 });
    await move(shift(-27));
    expect((await plan()).roasted[0]).toMatchObject({ stock_kg: 8.6, out_kg: 16.9, kg_per_day: 0.604, days_left: 14, run_out_date: shift(14), need_kg: 4.85 });
  });

  it("a recipe's need is split per origin; what an origin's spare roasted stock cannot cover joins its roast need; an origin never roasted has no yield", async () => {
    await ok('PUT', '/api/settings', { low_stock_roasted_kg: 5, low_stock_blend_kg: 1 }, admin);
    const a = await origin('Antioquia');
    const b = await origin('Brasil');
    const ga = await green(a.id, 'AN-V1', 30, shift(-60));
    const gb = await green(b.id, 'BR-V1', 30, shift(-60));
    const ra = await roast(ga.id, 8, 'AN-R1', shift(-50));
    const rb = await roast(gb.id, 9, 'BR-R1', shift(-50), 'Oscuro');
    const recipe = await ok<{ id: number }>('POST', '/api/blend-recipes', { name: 'Casa', components: [{ origin_id: a.id, percentage: 50 }, { origin_id: b.id, percentage: 50 }] }, admin);
    const blend = await ok('POST', '/api/blended-coffee', {
      name: 'Casa',
      total_quantity_kg: 4,
      creation_date: shift(-20),
      batch_code: 'CASA-1',
      recipe_id: recipe.id,
      components: [
        { origin_id: a.id, percentage: 50, selected_roasted_batches: [{ id: ra.id, quantity_used: 2 }] },
        { origin_id: b.id, percentage: 50, selected_roasted_batches: [{ id: rb.id, quantity_used: 2 }] },
      ],
    });
    await sale(blend, 'mezcla', 2.8, shift(-5));
    const result = await plan();
    // The recipe: 1.2 kg on hand, 2.8 kg out → 0.1 kg/day, 12 days; 0.1 × 14 + 1 − 1.2 = 1.2 kg → 0.6 kg of each origin.
    // Antioquia Medio: 6 kg, 2 kg drawn in the window: 2 × 14 / 28 + 5 − 6 = 0, nothing spare → its 0.6 kg is short.
    // Brasil Oscuro: 7 kg, 2 kg drawn: 1 + 5 − 7 = −1 → 1 kg spare covers its 0.6 kg.
    expect(result.blends).toEqual([
      {
        recipe_id: recipe.id,
        recipe_name: 'Casa',
        stock_kg: 1.2,
        out_kg: 2.8,
        kg_per_day: 0.1,
        days_left: 12,
        run_out_date: shift(12),
        threshold_kg: 1,
        ordered_kg: 0,
        orders: [],
        uncovered_order_date: null,
        need_kg: 1.2,
        idle: false,
        components: [
          { origin_id: a.id, origin_name: 'Antioquia', roast_type: 'Medio', kg: 0.6, roasted_available_kg: 0, shortfall_kg: 0.6 },
          { origin_id: b.id, origin_name: 'Brasil', roast_type: 'Medio', kg: 0.6, roasted_available_kg: 1, shortfall_kg: 0 },
        ],
      },
    ]);
    // The shortfall goes under the recipe's usual roast type (2 kg Medio and 2 kg Oscuro drawn: a tie goes to Medio).
    // 0.6 kg / 0.8 = 0.75 kg of green. Antioquia runs out in 6 × 28 / 2 = 84 days, Brasil in 98.
    expect(result.roasted.map((unit) => [unit.origin_name, unit.roast_type, unit.days_left, unit.need_kg, unit.green_kg, unit.green_lots])).toEqual([
      ['Antioquia', 'Medio', 84, 0.6, 0.75, [{ id: ga.id, batch_code: 'AN-V1', take_kg: 0.75 }]],
      ['Brasil', 'Oscuro', 98, 0, 0, []],
    ]);

    // A blend made today draws 0.5 kg of each origin: Antioquia's out is 2.5 kg; deleted, it counts no more.
    const today2 = await ok('POST', '/api/blended-coffee', {
      name: 'Casa',
      total_quantity_kg: 1,
      creation_date: today,
      batch_code: 'CASA-2',
      recipe_id: recipe.id,
      components: [
        { origin_id: a.id, percentage: 50, selected_roasted_batches: [{ id: ra.id, quantity_used: 0.5 }] },
        { origin_id: b.id, percentage: 50, selected_roasted_batches: [{ id: rb.id, quantity_used: 0.5 }] },
      ],
    });
    const withBlend = await plan();
    expect(withBlend.roasted[0]).toMatchObject({ origin_name: 'Antioquia', stock_kg: 5.5, out_kg: 2.5 });
    expect(withBlend.blends[0]).toMatchObject({ stock_kg: 2.2, out_kg: 2.8, need_kg: 0.2 }); // 1.4 + 1 − 2.2
    expect((await t.call(admin, { method: 'DELETE', url: `/api/blended-coffee/${today2.id}` })).statusCode).toBe(204);
    expect(await plan()).toEqual(result);

    // The recipe now takes Cauca, never roasted: its 0.6 kg is a need with no yield to size the green.
    const c = await origin('Cauca');
    await ok('PUT', `/api/blend-recipes/${recipe.id}`, { name: 'Casa', components: [{ origin_id: a.id, percentage: 50 }, { origin_id: c.id, percentage: 50 }] }, admin);
    const edited = await plan();
    expect(edited.blends[0]!.components).toEqual([
      { origin_id: a.id, origin_name: 'Antioquia', roast_type: 'Medio', kg: 0.6, roasted_available_kg: 0, shortfall_kg: 0.6 },
      { origin_id: c.id, origin_name: 'Cauca', roast_type: 'Medio', kg: 0.6, roasted_available_kg: 0, shortfall_kg: 0.6 },
    ]);
    expect(edited.roasted.at(-1)).toEqual({
      origin_id: c.id,
      origin_name: 'Cauca',
      roast_type: 'Medio',
      stock_kg: 0,
      out_kg: 0,
      kg_per_day: 0,
      days_left: null,
      run_out_date: null,
      threshold_kg: 5,
      ordered_kg: 0,
      orders: [],
      uncovered_order_date: null,
      need_kg: 0.6,
      idle: false,
      yield: null,
      yield_note: m.neverRoasted,
      green_kg: null,
      batches: null,
      green_lots: [],
      shortfall_kg: null,
    });
    expect(m.neverRoasted).toBe('Este origen nunca se ha tostado: no hay rendimiento medido para calcular el café verde necesario.');
  });

  it('a unit with no roast, sale or blend in 90 days is idle: listed with no need of its own, whatever its threshold', async () => {
    await ok('PUT', '/api/settings', { low_stock_roasted_kg: 10 }, admin);
    const o = await origin('Huila');
    const g = await green(o.id, 'HU-V1', 50, shift(-200));
    const medio = await roast(g.id, 8.5, 'HU-R1', shift(-150));
    const claro = await roast(g.id, 8.5, 'HU-R2', shift(-150), 'Claro');
    await sale(medio, 'tostado', 1.4, shift(-10));
    const old = await sale(claro, 'tostado', 0.5, shift(-90)); // the day before the 90 days
    const units = async () => (await plan()).roasted.map((unit) => [unit.roast_type, unit.idle, unit.need_kg]);
    // Medio: 7.1 kg, 1.4 kg out → 1.4 × 14 / 28 + 10 − 7.1 = 3.6 kg. Claro: 8 kg under the 10 kg threshold, but idle: no need.
    expect(await units()).toEqual([
      ['Medio', false, 3.6],
      ['Claro', true, 0],
    ]);
    // The same sale on the 90 days' first day: Claro moved, so the plan tops it up to its threshold again (10 − 8 = 2 kg).
    await ok('PUT', `/api/sales/${old.id}`, { product_id: claro.id, product_type: 'tostado', quantity_kg: 0.5, unit_price: 20, sale_date: shift(-89), batch_code_sold: 'HU-R2' }, admin);
    expect(await units()).toEqual([
      ['Medio', false, 3.6],
      ['Claro', false, 2],
    ]);
  });

  it('a draw by a blend without a recipe lowers the stock but sets no pace: it does not make the coffee urgent', async () => {
    const o = await origin('Kenia');
    const g = await green(o.id, 'KE-V1', 30, shift(-60));
    const r = await roast(g.id, 8.5, 'KE-R1', shift(-40));
    await sale(r, 'tostado', 1, shift(-5));
    const draw = (lotId: number, recipe_id: number | null, batch_code: string) =>
      ok('POST', '/api/blended-coffee', {
        name: 'Prueba',
        total_quantity_kg: 5,
        creation_date: shift(-2),
        batch_code,
        recipe_id,
        components: [{ origin_id: o.id, percentage: 100, selected_roasted_batches: [{ id: lotId, quantity_used: 5 }] }],
      });
    await draw(r.id, null, 'UNA-VEZ');
    // 2.5 kg left, 1 kg out in 28 days: 2.5 × 28 / 1 = 70 days, not the 11 days 6 kg out would give.
    expect((await plan()).roasted[0]).toMatchObject({ stock_kg: 2.5, out_kg: 1, days_left: 70, run_out_date: shift(70) });
    // The same draw by a recipe's blend, from a new 8 kg lot, sets the pace: 5.5 kg left, 6 kg out → 25 days.
    const recipe = await ok<{ id: number }>('POST', '/api/blend-recipes', { name: 'Casa', components: [{ origin_id: o.id, percentage: 100 }] }, admin);
    const r2 = await roast(g.id, 8, 'KE-R2', shift(-3));
    await draw(r2.id, recipe.id, 'CASA-1');
    expect((await plan()).roasted[0]).toMatchObject({ stock_kg: 5.5, out_kg: 6, days_left: 25 });
  });

  it("with the roaster's capacity set, each roast line's green is whole batches, and says how many", async () => {
    const o = await origin('Cauca');
    const g = await green(o.id, 'CA-V1', 50, shift(-60));
    const r = await roast(g.id, 8.5, 'CA-R1', shift(-50));
    await sale(r, 'tostado', 5.5, shift(-10));
    // 3 kg left, 5.5 kg out: 5.5 × 14 / 28 + 5 − 3 = 4.75 kg; / 0.85 = 5.588… → 5.589 kg of green.
    expect((await plan()).roasted[0]).toMatchObject({ need_kg: 4.75, green_kg: 5.589, batches: null });
    await ok('PUT', '/api/settings', { roaster_capacity_kg: 2.5 }, admin);
    const rounded = await plan();
    // ⌈5.589 / 2.5⌉ = 3 batches: 7.5 kg, taken from the oldest lot (40 kg left).
    expect(rounded.roaster_capacity_kg).toBe(2.5);
    expect(rounded.roasted[0]).toMatchObject({ need_kg: 4.75, green_kg: 7.5, batches: 3, green_lots: [{ id: g.id, batch_code: 'CA-V1', take_kg: 7.5 }], shortfall_kg: 0 });
  });

  it("a recipe component's roast type decides which roasted stock it may take and the type its shortfall is roasted as", async () => {
    await ok('PUT', '/api/settings', { low_stock_roasted_kg: 1, low_stock_blend_kg: 1 }, admin);
    const o = await origin('Huila');
    const g = await green(o.id, 'HU-V1', 30, shift(-60));
    const medio = await roast(g.id, 8, 'HU-R1', shift(-50));
    const recipe = await ok<{ id: number }>('POST', '/api/blend-recipes', { name: 'Espresso', components: [{ origin_id: o.id, percentage: 100, roast_type: 'Oscuro' }] }, admin);
    const blend = await ok('POST', '/api/blended-coffee', {
      name: 'Espresso',
      total_quantity_kg: 2,
      creation_date: shift(-20),
      batch_code: 'ESP-1',
      recipe_id: recipe.id,
      components: [{ origin_id: o.id, percentage: 100, selected_roasted_batches: [{ id: medio.id, quantity_used: 2 }] }],
    });
    await sale(blend, 'mezcla', 1.4, shift(-5));
    // The recipe: 0.6 kg left, 1.4 kg out → 0.7 + 1 − 0.6 = 1.1 kg. Huila Medio has 4 kg spare (6 − 1 − 1), but not Oscuro:
    // the 1.1 kg is roasted as Oscuro, a unit with no lots, green 1.1 / 0.8 = 1.375 kg.
    const typed = await plan();
    expect(typed.blends[0]!.components).toEqual([{ origin_id: o.id, origin_name: 'Huila', roast_type: 'Oscuro', kg: 1.1, roasted_available_kg: 0, shortfall_kg: 1.1 }]);
    expect(typed.roasted.map((unit) => [unit.roast_type, unit.need_kg, unit.green_kg])).toEqual([
      ['Medio', 0, 0],
      ['Oscuro', 1.1, 1.375],
    ]);
    // Any roast type: the Medio spare covers it and nothing is roasted.
    await ok('PUT', `/api/blend-recipes/${recipe.id}`, { name: 'Espresso', version: 1, components: [{ origin_id: o.id, percentage: 100, roast_type: null }] }, admin);
    const any = await plan();
    expect(any.blends[0]!.components).toEqual([{ origin_id: o.id, origin_name: 'Huila', roast_type: 'Medio', kg: 1.1, roasted_available_kg: 4, shortfall_kg: 0 }]);
    expect(any.roasted.map((unit) => [unit.roast_type, unit.need_kg])).toEqual([['Medio', 0]]);
  });

  it('both roles read it, signed out is 401; a horizon outside 1–90 days is a 400 in Spanish', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/planning' })).statusCode).toBe(401);
    expect((await t.call(admin, { method: 'GET', url: '/api/planning?horizon_days=90' })).statusCode).toBe(200);
    expect((await t.call(cookie, { method: 'GET', url: '/api/planning?horizon_days=1' })).json()).toEqual({
      today,
      horizon_days: 1,
      window_days: 28,
      idle_days: 90,
      roaster_capacity_kg: null,
      roasted: [],
      blends: [],
    });
    for (const bad of ['0', '91', 'abc', '1.5', '', '-3', '014x']) {
      const response = await t.call(cookie, { method: 'GET', url: `/api/planning?horizon_days=${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).message).toBe('El horizonte debe ser un número entero de días entre 1 y 90.');
    }
  });
});
