import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { aggregateRows } from '#server/features/reports/repository.js';
import { splitRange } from '#server/features/reports/range-split.js';
import { grossMarginByMonth, grossMarginByMonthOf, saleMargins } from '#server/features/costs/service.js';
import { saleTotalCents } from '#shared/sale-total.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

interface Costed { id: number; cost_per_kg: number | null }

describe.each(testDialects())('costes por kg y márgenes (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let chain: Chain;

  const costsOf = async (url: string): Promise<Map<number, number | null>> => {
    const response = await t.call(cookie, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return new Map((response.json() as { items: Costed[] }).items.map((item) => [item.id, item.cost_per_kg]));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    chain = await buildChain(t, cookie);
  });
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
  });

  it('a roast costs green kg × green price / resultant kg; a blend the kg-weighted cost of its draws', async () => {
    const roasted = await costsOf('/api/roasted-coffee');
    expect(roasted.get(chain.r1.id)).toBe(9.7); // 20000 × 800 / 16500 = 969.69… c
    expect(roasted.get(chain.r2.id)).toBe(9.62); // 12500 × 800 / 10400 = 961.53… c
    expect(roasted.get(chain.r3.id)).toBe(11.59); // 15000 × 950 / 12300 = 1158.53… c
    // Rounded once from the exact fractions: (5000 × 969.69… + 4000 × 1158.53…) / 9000 = 1053.62… c.
    expect((await costsOf('/api/blended-coffee')).get(chain.blend.id)).toBe(10.54);
  });

  it('the create and edit answers carry the cost too', async () => {
    const response = await t.call(cookie, {
      method: 'PUT',
      url: `/api/roasted-coffee/${chain.r2.id}`,
      payload: { green_coffee_id: chain.greenA.id, quantity_green_kg: 12.5, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-06' },
    });
    expect(response.statusCode).toBe(200);
    // A lower yield costs more: 12500 × 800 / 10000 = 1000 c.
    expect((response.json() as Costed).cost_per_kg).toBe(10);
  });

  it("a sale's create answer is the sale as it is read back (built from the transaction's own rows)", async () => {
    for (const [lot, product_type] of [[chain.r1, 'tostado'], [chain.r3, 'tostado'], [chain.blend, 'mezcla']] as const) {
      const response = await t.call(cookie, {
        method: 'POST',
        url: '/api/sales',
        payload: { product_id: lot.id, product_type, quantity_kg: 1.234, unit_price: 19.99, sale_date: '2024-04-05', batch_code_sold: lot.batch_code },
      });
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json() as { id: number; cost: number | null };
      expect(answer.cost).not.toBeNull();
      const listed = (await t.call(cookie, { method: 'GET', url: '/api/sales?limit=500' })).json() as { items: { id: number }[] };
      expect(listed.items.find((item) => item.id === answer.id)).toEqual(answer);
    }
  });

  it('a corrected green price changes the cost of every lot made from it, sold ones included', async () => {
    const response = await t.call(cookie, {
      method: 'PUT',
      url: `/api/green-coffee/${chain.greenA.id}`,
      payload: { origin_id: chain.origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 100, unit_price: 8.8, entry_date: '2024-03-01', batch_code: 'VERDE-01' },
    });
    expect(response.statusCode).toBe(200);
    expect((await costsOf('/api/roasted-coffee')).get(chain.r1.id)).toBe(10.67); // 20000 × 880 / 16500 = 1066.66… c
    expect((await costsOf('/api/blended-coffee')).get(chain.blend.id)).toBe(11.07); // (5000 × 1066.66… + 4000 × 1158.53…) / 9000
    const sale = (await t.call(cookie, { method: 'GET', url: '/api/trace?sale_id=' + chain.s3.id })).json() as { sale: { cost: number } };
    expect(sale.sale.cost).toBe(10.67);
  });

  it('each sale has its cost, gross margin (total − kg × cost per kg) and margin %', async () => {
    const trace = async (saleId: number) =>
      ((await t.call(cookie, { method: 'GET', url: `/api/trace?sale_id=${saleId}` })).json() as { sale: Record<string, unknown> }).sale;
    // S1: 3.333 kg × 18 = 59.994 → 59.99; cost 3333 × 961.53… / 1000 = 3204.8… c → 32.05.
    expect(await trace(chain.s1.id)).toMatchObject({ total: 59.99, cost: 32.05, margin: 27.94, margin_percent: 46.57 });
    // S2: 2.5 kg × 28.50 = 71.25; cost 2.5 × 1053.62… c = 2634.06… c → 26.34.
    expect(await trace(chain.s2.id)).toMatchObject({ total: 71.25, cost: 26.34, margin: 44.91, margin_percent: 63.03 });
    expect(await trace(chain.s3.id)).toMatchObject({ total: 20, cost: 9.7, margin: 10.3, margin_percent: 51.5 });
  });

  it("'Margen bruto' per month from the aggregates: grams per product × current cost, one rounding per product and month", async () => {
    const rows = await t.db.selectFrom('sales_monthly').select(['month', 'product_type', 'product_id', 'quantity_g', 'revenue_cents']).execute();
    const months = await grossMarginByMonth(
      t.db,
      rows.map((row) => ({ ...row, quantity_g: Number(row.quantity_g), revenue_cents: Number(row.revenue_cents) })),
    );
    // April 2024: S1 + S2 + S3 = 59.99 + 71.25 + 20.00 $; cost 32.05 + 26.34 + 9.70 $.
    expect(months).toEqual([{ month: '2024-04', revenue_cents: 15124, cost_cents: 6809, margin_cents: 8315, margin_percent: 54.98 }]);
  });

  it("'Margen bruto' kept per month (docs/decisions/0048) follows every change that moves a month's cost: a sale, its edit or delete, a green price, a roast", async () => {
    type Month = { month: string; revenue: number; margin: number; margin_percent: number | null };
    const report = async () => {
      const response = await t.call(cookie, { method: 'GET', url: '/api/reports/monthly-margin' });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: Month[] }).items.map(({ month, revenue, margin, margin_percent }) => ({ month, revenue, margin, margin_percent }));
    };
    const live = async () =>
      (await grossMarginByMonthOf(t.db, aggregateRows(splitRange({})))).map((row) => ({
        month: row.month,
        revenue: row.revenue_cents / 100,
        margin: row.margin_cents / 100,
        margin_percent: row.margin_percent,
      }));
    /** The first read costs what changed and keeps it; the second is answered from what was kept: both as costed from scratch. */
    const expectKeptAsLive = async () => {
      const expected = await live();
      expect(await report()).toEqual(expected);
      const kept = await t.db.selectFrom('monthly_costs').select(['month', 'revenue_cents', 'cost_cents']).orderBy('month').execute();
      expect(kept.map((row) => ({ month: row.month, margin: (Number(row.revenue_cents) - Number(row.cost_cents)) / 100 }))).toEqual(
        expected.map(({ month, margin }) => ({ month, margin })),
      );
      expect(await report()).toEqual(expected);
      return expected;
    };
    const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await t.call(cookie, { method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };

    const april = await expectKeptAsLive();
    expect(april).toEqual([{ month: '2024-04', revenue: 151.24, margin: 83.15, margin_percent: 54.98 }]);
    // A new sale of the month raises its count.
    await call('POST', '/api/sales', { product_id: chain.r1.id, product_type: 'tostado', quantity_kg: 0.5, unit_price: 20, sale_date: '2024-04-20', batch_code_sold: chain.r1.batch_code });
    await expectKeptAsLive();
    // S3 moved to another lot, same kilos, price and day: the month's count and revenue stay, its cost does not.
    const before = await report();
    await call('PUT', `/api/sales/${chain.s3.id}`, { product_id: chain.r3.id, product_type: 'tostado', quantity_kg: 1, unit_price: 20, sale_date: '2024-04-04', batch_code_sold: chain.r3.batch_code });
    expect(await expectKeptAsLive()).not.toEqual(before);
    // A corrected green price: every lot made from it, sold ones included (docs/decisions/0011).
    await call('PUT', `/api/green-coffee/${chain.greenA.id}`, { origin_id: chain.origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 100, unit_price: 8.8, entry_date: '2024-03-01', batch_code: 'VERDE-01' });
    const afterPrice = await expectKeptAsLive();
    // A roast's yield.
    await call('PUT', `/api/roasted-coffee/${chain.r2.id}`, { green_coffee_id: chain.greenA.id, quantity_green_kg: 12.5, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-06' });
    expect(await expectKeptAsLive()).not.toEqual(afterPrice);
    // A deleted sale.
    await call('DELETE', `/api/sales/${chain.s1.id}`);
    await expectKeptAsLive();
  });

  it("'Margen bruto' of the report (SQL for roasts, each blend costed once) = the plain recount from the sales table, over months, blends and cut ranges", async () => {
    const ok = async (url: string, payload: object) => {
      const response = await t.call(cookie, { method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number; batch_code: string };
    };
    // Blends of two and three roasts in awkward grams: costs per kg with large denominators.
    const blend = (batch_code: string, draws: [{ id: number }, number][]) =>
      ok('/api/blended-coffee', {
        name: batch_code,
        total_quantity_kg: draws.reduce((sum, [, kg]) => sum + kg * 1000, 0) / 1000,
        creation_date: '2024-03-11',
        batch_code,
        recipe_id: null,
        components: [{ origin_id: chain.origin.id, percentage: 100, selected_roasted_batches: draws.map(([lot, kg]) => ({ id: lot.id, quantity_used: kg })) }],
      });
    const b2 = await blend('CA-MZ-2', [[chain.r1, 1.237], [chain.r2, 2.111], [chain.r3, 0.777]]);
    const b3 = await blend('CA-MZ-3', [[chain.r2, 0.503], [chain.r3, 1.009]]);
    const sales: [{ id: number; batch_code: string }, 'tostado' | 'mezcla', number, number, string][] = [
      [chain.blend, 'mezcla', 0.333, 27.77, '2024-04-30'],
      [b2, 'mezcla', 1.111, 31.13, '2024-05-01'],
      [b2, 'mezcla', 0.457, 29.99, '2024-05-17'],
      [b3, 'mezcla', 0.301, 33.33, '2024-05-31'],
      [chain.blend, 'mezcla', 1.007, 25.5, '2024-06-09'],
      [b3, 'mezcla', 0.607, 18.01, '2024-06-10'],
      [chain.r3, 'tostado', 2.345, 21.21, '2024-06-15'],
      [b2, 'mezcla', 0.999, 12.34, '2024-07-02'],
      [chain.r2, 'tostado', 1.001, 17.17, '2024-07-20'],
      [chain.r3, 'tostado', 0.123, 99.99, '2024-07-31'],
    ];
    for (const [lot, product_type, quantity_kg, unit_price, sale_date] of sales) {
      await ok('/api/sales', { product_id: lot.id, product_type, quantity_kg, unit_price, sale_date, batch_code_sold: lot.batch_code });
    }

    /** Per (month, product) straight from the sales table, each sale's total rounded as it was booked. */
    const recount = async (from?: string, to?: string) => {
      const rows = new Map<string, { month: string; product_type: 'tostado' | 'mezcla'; product_id: number; quantity_g: number; revenue_cents: number }>();
      for (const sale of await t.db.selectFrom('sales').selectAll().execute()) {
        if ((from !== undefined && sale.sale_date < from) || (to !== undefined && sale.sale_date > to)) continue;
        const key = `${sale.sale_date.slice(0, 7)} ${sale.product_type} ${sale.product_id}`;
        const row = rows.get(key) ?? { month: sale.sale_date.slice(0, 7), product_type: sale.product_type, product_id: sale.product_id, quantity_g: 0, revenue_cents: 0 };
        row.quantity_g += sale.quantity_g;
        row.revenue_cents += saleTotalCents(sale.quantity_g, sale.unit_price_cents);
        rows.set(key, row);
      }
      return (await grossMarginByMonth(t.db, [...rows.values()])).sort((a, b) => (a.month < b.month ? -1 : 1));
    };
    const report = async (from?: string, to?: string) =>
      (await grossMarginByMonthOf(t.db, aggregateRows(splitRange({ from, to })))).sort((a, b) => (a.month < b.month ? -1 : 1));
    const ranges: [string?, string?][] = [[], ['2024-05-10', '2024-07-20'], ['2024-06-01', '2024-06-30'], ['2024-04-30', '2024-05-01'], [undefined, '2024-06-12']];
    const compare = async () => {
      for (const [from, to] of ranges) expect(await report(from, to), `${from}..${to}`).toEqual(await recount(from, to));
    };
    expect((await report()).map((row) => row.month)).toEqual(['2024-04', '2024-05', '2024-06', '2024-07']);
    await compare();
    // A green price so high that R3's cost per kg passes 2^31 cents: its rows leave the SQL for the BigInt path too.
    await t.db.updateTable('green_coffee').set({ unit_price_cents: 2_000_000_000 }).where('id', '=', chain.greenB.id).execute();
    await compare();
  });

  it('saleMargins (what the Ventas list uses) gives the same figures', async () => {
    const margins = await saleMargins(t.db, [
      { product_type: 'tostado', product_id: chain.r2.id, quantity_g: 3333, unit_price_cents: 1800 },
      { product_type: 'mezcla', product_id: chain.blend.id, quantity_g: 2500, unit_price_cents: 2850 },
      { product_type: 'mezcla', product_id: 999999, quantity_g: 1000, unit_price_cents: 100 },
    ]);
    expect(margins).toEqual([
      { cost: 32.05, margin: 27.94, margin_percent: 46.57 },
      { cost: 26.34, margin: 44.91, margin_percent: 63.03 },
      { cost: null, margin: null, margin_percent: null },
    ]);
  });
});
