import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stockAlerts } from '#server/features/stock-alerts/service.js';
import { localIsoDate } from '#shared/local-date.js';
import { lowStockSettingsMessages } from '#shared/settings-messages.js';
import { stockAlertMessages as m } from '#shared/stock-alert-messages.js';
import type { Planning } from '#shared/schemas/planning.js';
import type { StockAlerts } from '#shared/schemas/stock-alerts.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

describe.each(testDialects())('alertas de stock bajo (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let admin: string;
  let chain: Chain;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
    admin = await t.signIn('administrador');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    chain = await buildChain(t, cookie);
  });

  it('lists what is under its threshold and, for lots sold in the last 30 days, the days until they run out', async () => {
    const saved = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { low_stock_green_kg: 120, low_stock_roasted_kg: 9 } });
    expect(saved.statusCode).toBe(200);
    const alerts = await stockAlerts(t.db, '2024-04-10');
    expect(alerts.thresholds).toEqual({ green_kg: 120, roasted_kg: 9, blend_kg: 5 });
    // Colombia: 67.5 kg (A) + 45 kg (B) on hand, under 120.
    expect(alerts.origins).toEqual([{ origin_id: chain.origin.id, origin_name: 'Colombia', stock_kg: 112.5 }]);
    // One run-out per lot, its unit's, by the plan's own code (docs/product-guide.md#home): the roasted lots share
    // Colombia · Medio's, all three roasts: 25.867 kg on hand, 4.333 kg sold in the plan's 28 days (the blend's
    // draws of 10 March are before them): 25867 × 28 / 4333 = 167.1 → 167 days, whatever each lot sold.
    expect(alerts.lots.map((lot) => [lot.batch_code, lot.stock_kg, lot.sold_30d_kg, lot.unit_name, lot.days_left, lot.run_out_date])).toEqual([
      ['CA-MZ-1', 6.5, 2.5, null, 72, '2024-06-21'], // no recipe: its own unit, 6500 × 28 / 2500 = 72.8
      ['CO-R2', 7.067, 3.333, 'Colombia · Medio', 167, '2024-09-24'],
      ['CO-R3', 8.3, 0, 'Colombia · Medio', 167, '2024-09-24'], // under 9 kg, no sales of its own: its unit still has a pace
      ['CO-R1', 10.5, 1, 'Colombia · Medio', 167, '2024-09-24'], // above 9 kg, but sold lately
    ]);
  });

  it("each lot's run-out date is the roast plan's, of its origin and roast type or of its blend recipe", async () => {
    const today = localIsoDate();
    const shift = (days: number) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    const ok = async (who: string, url: string, payload: object) => {
      const response = await t.call(who, { method: 'POST', url, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
      return response.json() as { id: number; batch_code: string };
    };
    const recipe = await ok(admin, '/api/blend-recipes', { name: 'Casa Receta', components: [{ origin_id: chain.origin.id, percentage: 100 }] });
    const blend = await ok(cookie, '/api/blended-coffee', {
      name: 'Casa Receta',
      total_quantity_kg: 2,
      creation_date: today,
      batch_code: 'CR-MZ-1',
      recipe_id: recipe.id,
      components: [{ origin_id: chain.origin.id, percentage: 100, selected_roasted_batches: [{ id: chain.r1.id, quantity_used: 2 }] }],
    });
    const sale = (lot: { id: number; batch_code: string }, product_type: 'tostado' | 'mezcla', quantity_kg: number) =>
      ok(cookie, '/api/sales', { product_id: lot.id, product_type, quantity_kg, unit_price: 20, sale_date: today, batch_code_sold: lot.batch_code });
    await sale(blend, 'mezcla', 1);
    await sale(chain.r2, 'tostado', 0.5);
    await sale(chain.blend, 'mezcla', 2);

    const response = await t.call(cookie, { method: 'GET', url: '/api/stock-alerts' });
    expect(response.statusCode).toBe(200);
    const alerts = response.json() as StockAlerts;
    // Colombia · Medio: 25.867 − 2 (the blend) − 0.5 = 23.367 kg, 2.5 kg out today: 23367 × 28 / 2500 = 261.7 → 261 days.
    // The recipe: 1 kg left of its one blend, 1 kg sold: 28 days. CA-MZ-1 has no recipe: its own 4.5 kg, 2 kg sold: 63 days.
    expect(alerts.lots.map((lot) => [lot.batch_code, lot.unit_name, lot.days_left, lot.run_out_date])).toEqual([
      ['CR-MZ-1', 'Mezcla Casa Receta', 28, shift(28)],
      ['CA-MZ-1', null, 63, shift(63)],
      ['CO-R2', 'Colombia · Medio', 261, shift(261)],
    ]);
    // The plan shows the same figures: home and plan cannot disagree.
    const plan = (await t.call(cookie, { method: 'GET', url: '/api/planning' })).json() as Planning;
    expect(plan.roasted.map((unit) => [unit.origin_name, unit.roast_type, unit.days_left, unit.run_out_date])).toEqual([['Colombia', 'Medio', 261, shift(261)]]);
    expect(plan.blends.map((unit) => [unit.recipe_name, unit.days_left, unit.run_out_date])).toEqual([['Casa Receta', 28, shift(28)]]);

    // The OpenAPI document says what the date is.
    const doc = (await t.call(admin, { method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, { items: { properties: Record<string, unknown> } }> } }> }> } }>;
    };
    const lot = doc.paths['/api/stock-alerts']!.get.responses['200']!.content['application/json']!.schema.properties.lots!.items.properties;
    expect(lot.run_out_date).toMatchObject({ type: 'string', nullable: true, description: expect.stringContaining('según el Plan de Tueste') });
  });

  it('lots sold more than 30 days ago are not watched; defaults list nothing for this chain', async () => {
    const alerts = await stockAlerts(t.db, '2024-06-01');
    expect(alerts.thresholds).toEqual({ green_kg: 60, roasted_kg: 5, blend_kg: 5 });
    expect(alerts.origins).toEqual([]);
    expect(alerts.lots).toEqual([]);
  });

  it('says whether any lot exists: an empty shop has no stock yet, not all of it above the thresholds', async () => {
    const withLots = (await t.call(cookie, { method: 'GET', url: '/api/stock-alerts' })).json() as StockAlerts;
    expect(withLots.has_lots).toBe(true);
    await resetDatabase(t.db);
    const response = await t.call(cookie, { method: 'GET', url: '/api/stock-alerts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      thresholds: { green_kg: 60, roasted_kg: 5, blend_kg: 5 },
      origins: [],
      lots: [],
      orders_due: { date: localIsoDate(), overdue: 0, today: 0, tomorrow: 0 },
      past_freshness: { lots: 0, kg: 0, value: 0 },
      has_lots: false,
    });
    expect(m.noStockYet).toBe('Todavía no hay stock: registra café verde para empezar.');
  });

  it('is a signed-in route; thresholds are checked like any setting', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/stock-alerts' })).statusCode).toBe(401);
    const response = await t.call(cookie, { method: 'GET', url: '/api/stock-alerts' });
    expect(response.statusCode).toBe(200);
    const negative = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { low_stock_blend_kg: -1 } });
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative).message).toBe(lowStockSettingsMessages.thresholdNegative);
    expect(errorOf(negative).message).toBe('El umbral de stock bajo no puede ser negativo.');
    expect((await t.call(cookie, { method: 'PUT', url: '/api/settings', payload: { low_stock_blend_kg: 1 } })).statusCode).toBe(403);
  });
});
