import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/schemas/orders.js';
import { localIsoDate } from '#shared/local-date.js';
import type { StockByAge } from '#shared/schemas/reports.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * GET /api/reports/stock-by-age (docs/decisions/0049-roast-age-and-public-page.md): the roasted lots are
 * summed per roast date in the database, yet each lot's value is rounded once, as Inicio's alert and the
 * lists count it. Two lots of one roast date whose values each round up tell the two apart.
 */
describe.each(testDialects())('stock por edad (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await resetDatabase(t.db);
    cookie = await t.signIn('tecnico');
  });
  afterAll(() => t.close());

  const post = async <T>(url: string, payload: object): Promise<T> => {
    const response = await t.call(cookie, { method: 'POST', url, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as T;
  };

  it('cada lote redondeado una vez aunque compartan fecha de tueste; cada fecha en el tramo de su edad', async () => {
    const origin = await post<{ id: number }>('/api/coffee-origins', { name: 'Kenia', kilos_per_bag: 60, suppliers_fincas: ['Finca Uno'] });
    const green = await post<{ id: number }>('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca Uno', quantity_kg: 50, unit_price: 10, entry_date: '2024-01-02', batch_code: 'V-KE',
    });
    const roast = (batch_code: string, roast_date: string) =>
      post<{ id: number; batch_code: string }>('/api/roasted-coffee', {
        green_coffee_id: green.id, quantity_green_kg: 1, resultant_kg: 0.7, roast_type: 'Claro', roast_date, batch_code,
      });
    // 1 kg at 10.00 $/Kg gives 0.7 kg: 1,428.571… cents a kilo.
    const old = [await roast('KE-A', '2024-03-01'), await roast('KE-B', '2024-03-01')];
    const today = localIsoDate();
    await roast('KE-C', addDays(today, -10));
    for (const lot of old) {
      await post('/api/sales', { product_id: lot.id, product_type: 'tostado', quantity_kg: 0.367, unit_price: 20, sale_date: '2024-03-02', batch_code_sold: lot.batch_code });
    }
    const response = await t.call(cookie, { method: 'GET', url: '/api/reports/stock-by-age' });
    expect(response.statusCode, response.body).toBe(200);
    // KE-A and KE-B: 333 g each, 333 × 1,428.571… / 1000 = 475.71… → 476 cents each, 9.52 (summed first: 9.51).
    // KE-C, 10 days old: 700 g, 1,000 cents.
    expect(response.json<StockByAge>()).toEqual({
      items: [
        { label: '0–7 días', max_days: 7, kg: 0, value: 0 },
        { label: '8–14 días', max_days: 14, kg: 0.7, value: 10 },
        { label: '15–30 días', max_days: 30, kg: 0, value: 0 },
        { label: 'Más de 30 días', max_days: null, kg: 0.666, value: 9.52 },
      ],
    });
  });
});
