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
    expect(result).toMatchObject({ today, horizon_days: 14, window_days: 28, blends: [] });
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
        need_kg: 3.5,
        yield: 0.85,
        yield_note: null,
        green_kg: 4.118,
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
        need_kg: 1.2,
        components: [
          { origin_id: a.id, origin_name: 'Antioquia', kg: 0.6, roasted_available_kg: 0, shortfall_kg: 0.6 },
          { origin_id: b.id, origin_name: 'Brasil', kg: 0.6, roasted_available_kg: 1, shortfall_kg: 0 },
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
      { origin_id: a.id, origin_name: 'Antioquia', kg: 0.6, roasted_available_kg: 0, shortfall_kg: 0.6 },
      { origin_id: c.id, origin_name: 'Cauca', kg: 0.6, roasted_available_kg: 0, shortfall_kg: 0.6 },
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
      need_kg: 0.6,
      yield: null,
      yield_note: m.neverRoasted,
      green_kg: null,
      green_lots: [],
      shortfall_kg: null,
    });
    expect(m.neverRoasted).toBe('Este origen nunca se ha tostado: no hay rendimiento medido para calcular el café verde necesario.');
  });

  it('both roles read it, signed out is 401; a horizon outside 1–90 days is a 400 in Spanish', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/planning' })).statusCode).toBe(401);
    expect((await t.call(admin, { method: 'GET', url: '/api/planning?horizon_days=90' })).statusCode).toBe(200);
    expect((await t.call(cookie, { method: 'GET', url: '/api/planning?horizon_days=1' })).json()).toEqual({ today, horizon_days: 1, window_days: 28, roasted: [], blends: [] });
    for (const bad of ['0', '91', 'abc', '1.5', '', '-3', '014x']) {
      const response = await t.call(cookie, { method: 'GET', url: `/api/planning?horizon_days=${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).message).toBe('El horizonte debe ser un número entero de días entre 1 y 90.');
    }
  });
});
