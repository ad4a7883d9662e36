import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stockAlerts } from '#server/features/stock-alerts/service.js';
import { traceabilityMessages as m } from '#shared/messages.js';
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
    expect(alerts.lots.map((lot) => [lot.batch_code, lot.stock_kg, lot.sold_30d_kg, lot.days_left])).toEqual([
      ['CO-R2', 7.067, 3.333, 63], // 7067 × 30 / 3333 = 63.6
      ['CA-MZ-1', 6.5, 2.5, 78], // 6500 × 30 / 2500
      ['CO-R1', 10.5, 1, 315], // above 9 kg, but sold lately
      ['CO-R3', 8.3, 0, null], // under 9 kg, no sales in the window
    ]);
  });

  it('sales older than 30 days give no pace; defaults list nothing for this chain', async () => {
    const alerts = await stockAlerts(t.db, '2024-06-01');
    expect(alerts.thresholds).toEqual({ green_kg: 60, roasted_kg: 5, blend_kg: 5 });
    expect(alerts.origins).toEqual([]);
    expect(alerts.lots).toEqual([]);
  });

  it('is a signed-in route; thresholds are checked like any setting', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/stock-alerts' })).statusCode).toBe(401);
    const response = await t.call(cookie, { method: 'GET', url: '/api/stock-alerts' });
    expect(response.statusCode).toBe(200);
    const negative = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { low_stock_blend_kg: -1 } });
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative).message).toBe(m.thresholdNegative);
    expect(errorOf(negative).message).toBe('El umbral de stock bajo no puede ser negativo.');
    expect((await t.call(cookie, { method: 'PUT', url: '/api/settings', payload: { low_stock_blend_kg: 1 } })).statusCode).toBe(403);
  });
});
