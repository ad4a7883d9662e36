import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localIsoDate } from '#shared/local-date.js';
import type { BlendedCoffee } from '#shared/schemas/blended-coffee.js';
import { addDays, type Allocation } from '#shared/schemas/orders.js';
import type { ProductList } from '#shared/schemas/products.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import type { StockByAge } from '#shared/schemas/reports.js';
import type { StockAlerts } from '#shared/schemas/stock-alerts.js';
import { agedStock, readRoastAges, readRoastDates } from '#server/features/freshness/service.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

// A roast's age and freshness (docs/decisions/0049-roast-age-and-public-page.md).
describe.each(testDialects())('edad y frescura del tueste (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let admin: string;
  let chain: Chain;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await resetDatabase(t.db);
    cookie = await t.signIn('tecnico');
    admin = await t.signIn('administrador');
    chain = await buildChain(t, cookie);
  });
  afterAll(() => t.close());

  it("a roasted lot's roast date is its own, a blend's its oldest drawn roast's, in one read", async () => {
    const dates = await readRoastDates(t.db, { roasted: [chain.r2.id, chain.r3.id, 999_999], blend: [chain.blend.id] });
    expect(dates.roasted).toEqual(new Map([[chain.r2.id, '2024-03-06'], [chain.r3.id, '2024-03-07']]));
    // CA-MZ-1 drew R1 (5 March) and R3 (7 March).
    expect(dates.blend).toEqual(new Map([[chain.blend.id, '2024-03-05']]));
    expect(await readRoastDates(t.db, {})).toEqual({ roasted: new Map(), blend: new Map() });
  });

  it('reads the settings: defaults 0 and 30, then what the administrator saved', async () => {
    const lots = { roasted: [chain.r1.id], blend: [chain.blend.id] };
    let ages = await readRoastAges(t.db, lots, '2024-04-04');
    expect(ages.roasted.get(chain.r1.id)).toEqual({ age_days: 30, freshness: 'fresco' });
    expect((await readRoastAges(t.db, lots, '2024-04-05')).blend.get(chain.blend.id)).toEqual({ age_days: 31, freshness: 'pasado' });
    const saved = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { rest_days: 5, freshness_days: 40 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ rest_days: 5, freshness_days: 40, public_trace: false });
    ages = await readRoastAges(t.db, lots, '2024-03-09');
    expect(ages.roasted.get(chain.r1.id)).toEqual({ age_days: 4, freshness: 'reposo' });
    expect((await readRoastAges(t.db, lots, '2024-04-14')).blend.get(chain.blend.id)).toEqual({ age_days: 40, freshness: 'fresco' });
    const bad = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { rest_days: -1, public_trace: 'sí' } });
    expect(bad.statusCode).toBe(400);
  });

  it("the lists, the sale picker and an order's allocation: age at the edges on the server's date, the oldest ready lot first", async () => {
    const saved = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { rest_days: 5, freshness_days: 40 } });
    expect(saved.statusCode).toBe(200);
    const today = localIsoDate();
    for (const age of [4, 5, 40, 41]) {
      const roast = await t.call(cookie, {
        method: 'POST',
        url: '/api/roasted-coffee',
        payload: { green_coffee_id: chain.greenA.id, quantity_green_kg: 1, resultant_kg: 0.8, roast_type: 'Medio', roast_date: addDays(today, -age), batch_code: `E${age}` },
      });
      expect(roast.statusCode, roast.body).toBe(201);
    }
    const list = (await t.call(cookie, { method: 'GET', url: '/api/roasted-coffee?limit=50' })).json<{ items: RoastedCoffee[] }>();
    const byCode = new Map(list.items.map((roast) => [roast.batch_code, [roast.age_days, roast.freshness]]));
    expect(['E4', 'E5', 'E40', 'E41'].map((code) => byCode.get(code))).toEqual([[4, 'reposo'], [5, 'fresco'], [40, 'fresco'], [41, 'pasado']]);
    const blend = (await t.call(cookie, { method: 'GET', url: `/api/blended-coffee/${chain.blend.id}` })).json<BlendedCoffee>();
    expect(blend.freshness).toBe('pasado');

    // The picker: ready lots oldest roast first (past freshness too: they should go first), resting ones last.
    const products = (await t.call(cookie, { method: 'GET', url: '/api/products?q=colombia&limit=20' })).json<ProductList>();
    expect(products.items.map((item) => [item.batch_code, item.freshness])).toEqual([
      ['CO-R1', 'pasado'], ['CO-R2', 'pasado'], ['CO-R3', 'pasado'], ['E41', 'pasado'], ['E40', 'fresco'], ['E5', 'fresco'], ['E4', 'reposo'],
    ]);

    // An order of Colombia · Medio: the same order, its kilos taken from the oldest ready lot on.
    const customer = await t.call(cookie, { method: 'POST', url: '/api/customers', payload: { name: 'Bar Pedido', kind: 'cafeteria' } });
    const order = await t.call(cookie, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        customer_id: customer.json().id, due_date: addDays(today, 3), notes: null, repeat_weeks: null,
        lines: [{ product: { kind: 'tostado', origin_id: chain.origin.id, roast_type: 'Medio' }, format_id: null, quantity: 1, unit_price: 20, grind: 'grano' }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const allocation = (await t.call(cookie, { method: 'GET', url: `/api/orders/${order.json().id}/allocation` })).json<Allocation>();
    const lots = allocation.lines[0]!.lots;
    expect(lots.map((lot) => [lot.batch_code, lot.freshness, lot.kg])).toEqual([
      ['CO-R1', 'pasado', 1], ['CO-R2', 'pasado', 0], ['CO-R3', 'pasado', 0], ['E41', 'pasado', 0], ['E40', 'fresco', 0], ['E5', 'fresco', 0], ['E4', 'reposo', 0],
    ]);

    // Inicio: the lots on hand past freshness, their kilos and value at cost (exact cost, rounded once per lot);
    // Reportes: the same lots by age.
    const blends = (await t.call(cookie, { method: 'GET', url: '/api/blended-coffee?limit=50' })).json<{ items: BlendedCoffee[] }>();
    const onHand = [...list.items, ...blends.items].filter((lot) => lot.stock_kg > 0);
    const past = onHand.filter((lot) => lot.freshness === 'pasado');
    const alerts = (await t.call(cookie, { method: 'GET', url: '/api/stock-alerts' })).json<StockAlerts>();
    expect(alerts.past_freshness.lots).toBe(past.length);
    expect(alerts.past_freshness.kg).toBeCloseTo(past.reduce((sum, lot) => sum + lot.stock_kg, 0), 3);
    // The lists' cost per kg is rounded to cents: within half a cent per kg of the exact value.
    const pastKg = past.reduce((sum, lot) => sum + lot.stock_kg, 0);
    expect(Math.abs(alerts.past_freshness.value - past.reduce((sum, lot) => sum + lot.stock_kg * (lot.cost_per_kg ?? 0), 0))).toBeLessThanOrEqual(0.005 * pastKg + 0.01);
    const byAge = (await t.call(cookie, { method: 'GET', url: '/api/reports/stock-by-age' })).json<StockByAge>();
    const buckets = [[0, 7], [8, 14], [15, 30], [31, 1e9]] as const;
    const kgAged = (min: number, max: number) => onHand.filter((lot) => lot.age_days >= min && lot.age_days <= max).reduce((sum, lot) => sum + lot.stock_kg, 0);
    expect(byAge.items.map((bucket) => bucket.kg)).toEqual(buckets.map(([min, max]) => Number(kgAged(min, max).toFixed(3))));
    // Each bucket's value at cost: the sum of its lots' values, each lot at its exact cost rounded once (agedStock,
    // what Inicio's alert reads lot by lot); the report sums the roasted lots per roast date in the database.
    const aged = await agedStock(t.db);
    const centsAged = (min: number, max: number) => aged.filter((lot) => lot.age_days >= min && lot.age_days <= max).reduce((sum, lot) => sum + lot.value_cents, 0);
    expect(aged.filter((lot) => lot.kind === 'blend').length).toBeGreaterThan(0);
    expect(buckets.filter(([min, max]) => centsAged(min, max) > 0).length).toBeGreaterThan(1);
    expect(byAge.items.map((bucket) => Math.round(bucket.value * 100))).toEqual(buckets.map(([min, max]) => centsAged(min, max)));
  });

  it("today is the server's local date (its TZ)", async () => {
    const zone = process.env.TZ;
    vi.useFakeTimers({ now: new Date('2026-12-01T20:00:00Z'), toFake: ['Date'] });
    try {
      const roasted = { roasted: [chain.r1.id] };
      process.env.TZ = 'UTC';
      const utc = (await readRoastAges(t.db, roasted)).roasted.get(chain.r1.id)!.age_days;
      // 10:00 on 2 December in Kiritimati (UTC+14): one day more.
      process.env.TZ = 'Pacific/Kiritimati';
      expect((await readRoastAges(t.db, roasted)).roasted.get(chain.r1.id)!.age_days).toBe(utc + 1);
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  describe('la página pública /c/<lote>', () => {
    const privateTexts = ['Cliente Secreto', 'Cafetería del Centro', 'B12345678', '18', '28.5', '9.7', 'tecnico', 'Persona', 'CO-R2', 'CO-R3', 'VERDE-01', 'stock', 'precio', 'coste', 'margen'];
    const page = (code: string, cookie?: string) => t.call(cookie, { method: 'GET', url: `/c/${encodeURIComponent(code)}` });
    const api = (code: string, cookie?: string) => t.call(cookie, { method: 'GET', url: `/api/public/lots/${encodeURIComponent(code)}` });
    const setPublic = async (on: boolean) => expect((await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { public_trace: on } })).statusCode).toBe(200);

    it('answers the same 404 while off and for an unknown code; on, a roasted lot sold to a customer shows nothing private', async () => {
      const customer = await t.call(cookie, { method: 'POST', url: '/api/customers', payload: { name: 'Cliente Secreto', kind: 'cafeteria', tax_id: 'B12345678' } });
      expect(customer.statusCode).toBe(201);
      const sale = await t.call(cookie, {
        method: 'POST',
        url: '/api/sales',
        payload: { product_id: chain.r1.id, product_type: 'tostado', quantity_kg: 1, unit_price: 31.4, sale_date: '2024-04-05', batch_code_sold: 'CO-R1', customer_id: customer.json().id },
      });
      expect(sale.statusCode).toBe(201);
      await setPublic(false);
      const offApi = await api('CO-R1');
      const offPage = await page('CO-R1');
      await setPublic(true);
      const unknownApi = await api('NO-EXISTE');
      const unknownPage = await page('NO-EXISTE');
      expect([offApi.statusCode, unknownApi.statusCode, offPage.statusCode, unknownPage.statusCode]).toEqual([404, 404, 404, 404]);
      expect(offApi.body).toBe(unknownApi.body);
      expect(offPage.body).toBe(unknownPage.body);
      // A green lot's code is not a bag's.
      expect((await api('VERDE-01')).body).toBe(unknownApi.body);

      // Signed out, and the same for a signed-in user; the code's key finds 'co-r1 '.
      const answer = await api('co-r1 ');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        batch_code: 'CO-R1', kind: 'tostado', name: 'Colombia', farm: 'Finca La Esperanza', roast_types: ['Medio'], roast_date: '2024-03-05',
        age_days: answer.json().age_days, freshness: 'pasado', rest_days: 5, freshness_days: 40, component_origins: [],
      });
      const html = (await page('CO-R1')).body;
      expect(html).toContain('Colombia · Finca La Esperanza');
      expect(html).toContain('05/03/2024');
      expect(html).toContain('Pasado de frescura');
      for (const text of ['31.4', '31,4', ...privateTexts]) {
        expect(html, text).not.toContain(text);
        expect(answer.body, text).not.toContain(text);
      }
      expect(html).not.toMatch(/<script|style=/);
      const headers = (await page('CO-R1')).headers;
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['cache-control']).toBe('no-store');
    });

    it("a blend shows its components' origins and its oldest roast, nothing private; a code a roasted lot and a blend share is the same 404", async () => {
      await setPublic(true);
      const blend = (await api('CA-MZ-1')).json();
      expect(blend).toMatchObject({ kind: 'mezcla', name: 'Casa', farm: null, roast_types: ['Medio'], roast_date: '2024-03-05', component_origins: ['Colombia'] });
      const html = (await page('CA-MZ-1')).body;
      expect(html).toContain('<li>Colombia</li>');
      for (const text of privateTexts) expect(html, text).not.toContain(text);

      // A code that a roasted lot and a blend share: which is in the bag cannot be told, the same 404.
      const twin = await t.call(cookie, {
        method: 'POST',
        url: '/api/blended-coffee',
        payload: {
          name: 'Gemela', total_quantity_kg: 0.1, creation_date: '2024-04-01', batch_code: 'co-r2', recipe_id: null,
          components: [{ origin_id: chain.origin.id, percentage: 100, selected_roasted_batches: [{ id: chain.r3.id, quantity_used: 0.1 }] }],
        },
      });
      expect(twin.statusCode, twin.body).toBe(201);
      expect((await api('CO-R2')).body).toBe((await api('NO-EXISTE')).body);
      expect((await page('CO-R2')).body).toBe((await page('NO-EXISTE')).body);
    });

    it('is public in the guard table, and rate-limited per address like the sign-in', async () => {
      expect(t.app.routeList.filter((route) => route.public && route.method !== 'HEAD' && route.url.startsWith('/api/public')).map((route) => `${route.method} ${route.url}`)).toEqual(['GET /api/public/lots/:code']);
      if (dialect !== 'sqlite') return;
      const limited = await createTestApp('sqlite', { loginRateLimitPerMinute: 2 });
      try {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await limited.call(undefined, { method: 'GET', url: '/api/public/lots/X' })).statusCode);
        expect(statuses).toEqual([404, 404, 429]);
        for (let i = 0; i < 2; i++) await limited.call(undefined, { method: 'GET', url: '/c/X' });
        const tooMany = await limited.call(undefined, { method: 'GET', url: '/c/X' });
        expect(tooMany.statusCode).toBe(429);
        expect(tooMany.headers['content-type']).toContain('text/html');
        expect(tooMany.headers['retry-after']).toBeDefined();
      } finally {
        await limited.close();
      }
    });
  });
});
