import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportMessages as m } from '#shared/report-messages.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { migrateBackTo } from '../helpers/migrate-back.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * Reportes' 'Ventas por cliente' (docs/product-guide.md#reportes): the top 10 customers of the
 * range with kilos, sales, revenue and gross margin, the other customers together and the
 * counter sales apart; read from the customer aggregates of migration 0023. Figures worked out
 * by hand from trace-chain.ts: R1 costs 20,000 g × 800 c / 16,500 g = 969.697 c per kg; the blend
 * CA-MZ-1 (5 kg of R1, 4 kg of R3 at 15,000 g × 950 c / 12,300 g = 1,158.537 c per kg) costs
 * (5 × 969.697 + 4 × 1,158.537) / 9 = 1,053.626 c per kg.
 */

interface Report {
  items: { customer_id: number; name: string; kg: number; sale_count: number; revenue: number; margin: number; margin_percent: number | null }[];
  other_customers: { customers: number; kg: number; sale_count: number; revenue: number };
  counter: { kg: number; sale_count: number; revenue: number };
}

describe.each(testDialects())('ventas por cliente (%s)', (dialect) => {
  let t: TestApp;
  let tecnico: string;
  let chain: Chain;
  let sol: number;
  let luna: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tecnico = await t.signIn('tecnico', 'ana');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    chain = await buildChain(t, tecnico, { sales: false });
    sol = await customer('Cafetería Sol');
    luna = await customer('Tienda Luna');
  });

  async function customer(name: string): Promise<number> {
    const response = await t.call(tecnico, { method: 'POST', url: '/api/customers', payload: { name, kind: 'cafeteria' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }
  const sell = async (customerId: number | null, quantity_kg: number, unit_price: number, sale_date: string, lot: 'r1' | 'blend' = 'r1') => {
    const product = lot === 'r1' ? chain.r1 : chain.blend;
    const response = await t.call(tecnico, {
      method: 'POST',
      url: '/api/sales',
      payload: { product_id: product.id, product_type: lot === 'r1' ? 'tostado' : 'mezcla', quantity_kg, unit_price, sale_date, batch_code_sold: product.batch_code, customer_id: customerId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; margin: number }>();
  };
  const report = async (query = '') => {
    const response = await t.call(tecnico, { method: 'GET', url: `/api/reports/sales-by-customer${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Report>();
  };
  const mismatches = () => findAggregateMismatches(t.db);

  it('ranks the customers by revenue with their margin, and counts the counter sales apart, for all time and for ranges', async () => {
    await sell(sol, 2, 20, '2024-05-10');
    await sell(sol, 1, 30, '2024-06-02');
    await sell(luna, 0.5, 10, '2024-06-20');
    await sell(null, 1, 20, '2024-06-21');
    // Sol: 3 kg of R1, 70.00; cost 3 × 969.697 = 2,909.09 c → 29.09; margin 40.91, 58.44 %.
    // Luna: 0.5 kg, 5.00; cost 484.85 c → 4.85; margin 0.15, 3.00 %.
    expect(await report()).toEqual({
      items: [
        { customer_id: sol, name: 'Cafetería Sol', kg: 3, sale_count: 2, revenue: 70, margin: 40.91, margin_percent: 58.44 },
        { customer_id: luna, name: 'Tienda Luna', kg: 0.5, sale_count: 1, revenue: 5, margin: 0.15, margin_percent: 3 },
      ],
      other_customers: { customers: 0, kg: 0, sale_count: 0, revenue: 0 },
      counter: { kg: 1, sale_count: 1, revenue: 20 },
    });
    // June, a whole month (sales_customer_monthly): Sol's 1 kg at 30 (cost 969.70 c → 9.70, margin 20.30, 67.67 %) ranks first.
    expect(await report('?from=2024-06-01&to=2024-06-30')).toEqual({
      items: [
        { customer_id: sol, name: 'Cafetería Sol', kg: 1, sale_count: 1, revenue: 30, margin: 20.3, margin_percent: 67.67 },
        { customer_id: luna, name: 'Tienda Luna', kg: 0.5, sale_count: 1, revenue: 5, margin: 0.15, margin_percent: 3 },
      ],
      other_customers: { customers: 0, kg: 0, sale_count: 0, revenue: 0 },
      counter: { kg: 1, sale_count: 1, revenue: 20 },
    });
    // Cut days (the sales through the partial index): 2 kg at 20, cost 1,939.39 c → 19.39, margin 20.61, 51.53 %.
    expect((await report('?from=2024-05-09&to=2024-05-10')).items).toEqual([
      { customer_id: sol, name: 'Cafetería Sol', kg: 2, sale_count: 1, revenue: 40, margin: 20.61, margin_percent: 51.53 },
    ]);
    // Whole months and cut days together: 2024-05-10 to 2024-06-30.
    expect((await report('?from=2024-05-10&to=2024-06-30')).items.map((item) => [item.name, item.kg, item.revenue, item.margin])).toEqual([
      ['Cafetería Sol', 3, 70, 40.91],
      ['Tienda Luna', 0.5, 5, 0.15],
    ]);
    expect(await report('?from=2025-01-01')).toEqual({
      items: [],
      other_customers: { customers: 0, kg: 0, sale_count: 0, revenue: 0 },
      counter: { kg: 0, sale_count: 0, revenue: 0 },
    });
    expect(await mismatches()).toEqual([]);
  });

  it('costs a blend bought by a customer as the sale list does (1 kg at 30: cost 10.54, margin 19.46)', async () => {
    const sale = await sell(luna, 1, 30, '2024-06-20', 'blend');
    expect(sale.margin).toBe(19.46);
    expect((await report()).items).toEqual([{ customer_id: luna, name: 'Tienda Luna', kg: 1, sale_count: 1, revenue: 30, margin: 19.46, margin_percent: 64.87 }]);
  });

  it('shows the top 10 and the other customers together', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const id = await customer(`Cliente ${String(i).padStart(2, '0')}`);
      ids.push(id);
      await sell(id, i / 10, 10, '2024-06-01');
    }
    const { items, other_customers } = await report();
    expect(items.map((item) => [item.name, item.revenue])).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => [`Cliente ${String(i).padStart(2, '0')}`, i]),
    );
    expect(other_customers).toEqual({ customers: 2, kg: 0.3, sale_count: 2, revenue: 3 });
    expect(m.otherCustomers(2)).toBe('Otros 2 clientes');
  });

  it('follows edits and deletes of sales: a change of customer, a customer removed, a sale deleted', async () => {
    const first = await sell(sol, 2, 20, '2024-05-10');
    const second = await sell(luna, 1, 10, '2024-05-11');
    const edit = (id: number, payload: object) => t.call(tecnico, { method: 'PUT', url: `/api/sales/${id}`, payload });
    const body = { product_id: chain.r1.id, product_type: 'tostado', quantity_kg: 2, unit_price: 20, sale_date: '2024-05-10', batch_code_sold: chain.r1.batch_code };
    expect((await edit(first.id, { ...body, customer_id: luna, version: 1 })).statusCode).toBe(200);
    expect((await report()).items.map((item) => [item.name, item.kg, item.revenue])).toEqual([['Tienda Luna', 3, 50]]);
    expect((await edit(first.id, { ...body, customer_id: null, version: 2 })).statusCode).toBe(200);
    expect(await report()).toMatchObject({ items: [{ name: 'Tienda Luna', kg: 1, revenue: 10 }], counter: { kg: 2, sale_count: 1, revenue: 40 } });
    expect((await t.call(tecnico, { method: 'DELETE', url: `/api/sales/${second.id}` })).statusCode).toBe(204);
    expect((await report()).items).toEqual([]);
    expect(await t.db.selectFrom('sales_customer_totals').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('sales_customer_monthly').selectAll().execute()).toEqual([]);
    expect(await mismatches()).toEqual([]);
  });

  it('migration 0023 fills the customer aggregates from the sales a database already has', async () => {
    await sell(sol, 2, 20, '2024-05-10');
    await sell(sol, 1, 30, '2024-06-02');
    await sell(luna, 0.5, 10, '2024-06-20', 'blend');
    await sell(null, 1, 20, '2024-06-21');
    const before = await report();
    await migrateBackTo(t.db, '0020-sale-formats-and-orders');
    await migrateToLatest(t.db);
    const totals = await t.db.selectFrom('sales_customer_totals').select(['customer_id', 'quantity_g', 'sale_count']).orderBy('customer_id').execute();
    expect(totals.map((row) => [row.customer_id, Number(row.quantity_g), Number(row.sale_count)])).toEqual([[sol, 3000, 2], [luna, 500, 1]]);
    expect(await mismatches()).toEqual([]);
    expect(await report()).toEqual(before);
  });

  it('a counter sale writes no customer aggregate row', async () => {
    await sell(null, 1, 20, '2024-06-21');
    expect(await t.db.selectFrom('sales_customer_totals').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('sales_customer_monthly').selectAll().execute()).toEqual([]);
  });

  it('refuses a bad range with 400 in Spanish, and needs a session', async () => {
    const reversed = await t.call(tecnico, { method: 'GET', url: '/api/reports/sales-by-customer?from=2024-06-02&to=2024-06-01' });
    expect({ status: reversed.statusCode, error: errorOf(reversed) }).toEqual({ status: 400, error: { code: 'validation', message: 'La fecha "Desde" no puede ser posterior a la fecha "Hasta".' } });
    expect(errorOf(await t.call(tecnico, { method: 'GET', url: '/api/reports/sales-by-customer?from=2024-02-30' })).message).toBe(m.fromInvalid);
    expect((await t.call(undefined, { method: 'GET', url: '/api/reports/sales-by-customer' })).statusCode).toBe(401);
  });

  it("the Reportes CSV has the 'Ventas por Cliente' rows: each customer, then the counter sales", async () => {
    await sell(sol, 2, 20, '2024-05-10');
    await sell(null, 1, 20, '2024-06-21');
    const rows = parse((await t.call(tecnico, { method: 'GET', url: '/api/reports/export.csv' })).body, { delimiter: ';', bom: true }) as string[][];
    expect(rows.filter((row) => row[0] === 'Ventas por Cliente')).toEqual([
      ['Ventas por Cliente', 'Cafetería Sol', '', '2,000', '1', '40,00', '20,61', '51,53'],
      ['Ventas por Cliente', 'Venta de mostrador', '', '1,000', '1', '20,00', '', ''],
    ]);
  });
});
