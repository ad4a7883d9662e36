import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { grossMarginByMonthOf } from '#server/features/costs/service.js';
import { splitRange } from '#server/features/reports/range-split.js';
import { aggregateRows } from '#server/features/reports/repository.js';
import { reportMessages as m } from '#shared/report-messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

interface Lot { id: number; batch_code: string }
interface MonthRow { month: string; label: string; revenue: number }
interface MarginRow extends MonthRow { margin: number; margin_percent: number | null }
interface TopRow { product_id: number; product_type: 'tostado' | 'mezcla'; name: string; batch_code: string; kg: number }

/**
 * Reportes (docs/product-guide.md#reportes): exact figures on a known data set written through
 * POST/PUT/DELETE /api/sales, then a property test against a plain recount of
 * the sales table. Expected figures below are worked out by hand.
 */
describe.each(testDialects())('reportes (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let originId: number;
  let counter = 0;

  const get = (url: string) => t.call(cookie, { method: 'GET', url });
  const ok = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const monthly = (query = '') => ok<{ items: MonthRow[] }>(`/api/reports/monthly-sales${query}`).then((body) => body.items);
  const margins = (query = '') => ok<{ items: MarginRow[] }>(`/api/reports/monthly-margin${query}`).then((body) => body.items);
  /** 'Ventas Mensuales' (revenue only) and 'Margen bruto' (GET /api/reports/monthly-margin, docs/decisions/0011-cost-per-kg-and-margins.md) for the same range. */
  const expectMonths = async (query: string, rows: MarginRow[]) => {
    expect(await monthly(query)).toEqual(rows.map(({ month, label, revenue }) => ({ month, label, revenue })));
    expect(await margins(query)).toEqual(rows);
  };
  const top = (query = '') => ok<{ items: TopRow[] }>(`/api/reports/top-products${query}`).then((body) => body.items);

  const post = async (url: string, payload: object) => {
    const response = await t.call(cookie, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Lot;
  };
  const greenLot = (kg: number) =>
    post('/api/green-coffee', { origin_id: originId, supplier_finca: 'Finca Reporte', quantity_kg: kg, unit_price: 5, entry_date: '2023-10-01', batch_code: `VR-${++counter}` });
  /** A roasted lot of `kg`, from a green lot of twice that, all of it roasted (green stock back to 0). */
  const roastedLot = async (kg: number, batchCode: string, roastType = 'Medio') => {
    const green = await greenLot(kg * 2);
    return post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: kg * 2, resultant_kg: kg, roast_type: roastType, roast_date: '2023-10-15', batch_code: batchCode });
  };
  const blendLot = async (kg: number, batchCode: string, name: string) => {
    const roasted = await roastedLot(kg, `CO-BASE-${++counter}`);
    return post('/api/blended-coffee', {
      name,
      total_quantity_kg: kg,
      creation_date: '2023-11-01',
      recipe_id: null,
      batch_code: batchCode,
      components: [{ origin_id: originId, percentage: 100, selected_roasted_batches: [{ id: roasted.id, quantity_used: kg }] }],
    });
  };
  const sell = (lot: Lot, type: 'tostado' | 'mezcla', quantityKg: number, unitPrice: number, saleDate: string) =>
    post('/api/sales', { product_id: lot.id, product_type: type, quantity_kg: quantityKg, unit_price: unitPrice, sale_date: saleDate, batch_code_sold: lot.batch_code });

  const expectBadRange = (response: LightMyRequestResponse, message: string) => {
    expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status: 400, error: { code: 'validation', message } });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'analista');
    const origin = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca Reporte'] } });
    originId = (origin.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  describe('con un juego de datos conocido', () => {
    let r1: Lot, r2: Lot, r3: Lot, r4: Lot, r5: Lot, r6: Lot, m1: Lot;
    let sale7: Lot, sale2: Lot;

    beforeAll(async () => {
      r1 = await roastedLot(10, 'CO-011023-1001');
      r2 = await roastedLot(5, 'CO-011023-1002', 'Claro');
      r3 = await roastedLot(5, 'CO-011023-1003', 'Oscuro');
      r4 = await roastedLot(5, 'CO-011023-1004');
      // r5 has the lower id but the later code: the tie at place 5 goes to r6 by lot code.
      r5 = await roastedLot(5, 'CO-011023-9999');
      r6 = await roastedLot(5, 'CO-011023-1111');
      m1 = await blendLot(6, 'CA-MZ-011123-2001', 'Mezcla de la Casa');
      await greenLot(12.345);

      await sell(r1, 'tostado', 1.235, 15.99, '2023-12-20'); // 19.74765 → 19.75
      sale2 = await sell(m1, 'mezcla', 2, 25, '2023-12-31'); // 50.00
      await sell(r1, 'tostado', 3, 15, '2024-01-01'); // 45.00
      await sell(r2, 'tostado', 0.333, 10.01, '2024-01-15'); // 3.33333 → 3.33
      await sell(r3, 'tostado', 4, 12.5, '2024-01-31'); // 50.00
      await sell(r4, 'tostado', 1.001, 0.99, '2024-02-10'); // 0.99099 → 0.99
      sale7 = await sell(r5, 'tostado', 1, 20, '2024-02-20'); // 20.00
      await sell(r6, 'tostado', 1, 7.77, '2024-02-29'); // 7.77
      await sell(r4, 'tostado', 0.125, 0.04, '2024-02-29'); // 0.005 → 0.01 (half up)
    });

    it('ventas mensuales y margen bruto: cada mes al céntimo, en orden cronológico, con el cambio de año y etiquetas en español', async () => {
      await expectMonths('', [
        // 'Margen bruto' (docs/decisions/0011-cost-per-kg-and-margins.md): every lot here costs 10.00 $/Kg (2 kg of green at 5 $/Kg per kg), so a month's cost is its grams in cents.
        { month: '2023-12', label: 'dic 23', revenue: 69.75, margin: 37.4, margin_percent: 53.62 }, // 69.75 − 32.35
        { month: '2024-01', label: 'ene 24', revenue: 98.33, margin: 25, margin_percent: 25.42 }, // 98.33 − 73.33
        { month: '2024-02', label: 'feb 24', revenue: 28.77, margin: -2.49, margin_percent: -8.65 }, // 28.77 − 31.26: sold below cost
      ]);
    });

    it('top 5 por Kg: el empate en el 5.º puesto lo gana el código de lote menor; nombre y tipo de cada lote', async () => {
      expect(await top()).toEqual([
        { product_id: r1.id, product_type: 'tostado', name: 'Colombia · Medio', batch_code: 'CO-011023-1001', kg: 4.235 },
        { product_id: r3.id, product_type: 'tostado', name: 'Colombia · Oscuro', batch_code: 'CO-011023-1003', kg: 4 },
        { product_id: m1.id, product_type: 'mezcla', name: 'Mezcla de la Casa', batch_code: 'CA-MZ-011123-2001', kg: 2 },
        { product_id: r4.id, product_type: 'tostado', name: 'Colombia · Medio', batch_code: 'CO-011023-1004', kg: 1.126 },
        { product_id: r6.id, product_type: 'tostado', name: 'Colombia · Medio', batch_code: 'CO-011023-1111', kg: 1 },
      ]);
      // All time reads the per-product totals (migration 0008, the tie at place 5 still settled by lot code);
      // a range holding every sale reads the period aggregates: the same answer.
      expect(await top('?from=2023-01-01&to=2024-12-31')).toEqual(await top());
    });

    it('un rango que corta meses por la mitad suma solo los días dentro', async () => {
      await expectMonths('?from=2024-01-10&to=2024-02-15', [
        { month: '2024-01', label: 'ene 24', revenue: 53.33, margin: 10, margin_percent: 18.75 },
        { month: '2024-02', label: 'feb 24', revenue: 0.99, margin: -9.02, margin_percent: -911.11 },
      ]);
      expect((await top('?from=2024-01-10&to=2024-02-15')).map((row) => [row.batch_code, row.kg])).toEqual([
        ['CO-011023-1003', 4],
        ['CO-011023-1004', 1.001],
        ['CO-011023-1002', 0.333],
      ]);
      // A cut month at the start, a whole month after it.
      await expectMonths('?from=2023-12-25&to=2024-01-31', [
        { month: '2023-12', label: 'dic 23', revenue: 50, margin: 30, margin_percent: 60 },
        { month: '2024-01', label: 'ene 24', revenue: 98.33, margin: 25, margin_percent: 25.42 },
      ]);
      // Whole months only, open ends, a single day, and a range with no sales.
      expect((await monthly('?from=2024-01-01&to=2024-02-29')).map((row) => row.revenue)).toEqual([98.33, 28.77]);
      expect((await monthly('?from=2024-02-01')).map((row) => row.month)).toEqual(['2024-02']);
      expect((await monthly('?to=2023-12-30')).map((row) => row.revenue)).toEqual([19.75]);
      expect((await margins('?from=2024-01-01&to=2024-02-29')).map((row) => row.revenue)).toEqual([98.33, 28.77]);
      expect((await margins('?from=2024-02-01')).map((row) => row.month)).toEqual(['2024-02']);
      await expectMonths('?from=2024-01-15&to=2024-01-15', [{ month: '2024-01', label: 'ene 24', revenue: 3.33, margin: 0, margin_percent: 0 }]);
      await expectMonths('?from=2025-01-01&to=2025-12-31', []);
      expect(await top('?from=2025-01-01&to=2025-12-31')).toEqual([]);
    });

    it('resumen de stock: Kg disponibles de café verde, tostado y mezcla', async () => {
      // Roasted: 10 + 5×5 received, minus 11.694 sold; the blend's base lot is drawn to 0. Blend: 6 − 2.
      // By age (docs/decisions/0049-roast-age-and-public-page.md): every roast is of 2023–2024, over 30 days old; 10.00 $/Kg each.
      const aged = (kg: number, value: number) => [
        { label: '0–7 días', max_days: 7, kg: 0, value: 0 },
        { label: '8–14 días', max_days: 14, kg: 0, value: 0 },
        { label: '15–30 días', max_days: 30, kg: 0, value: 0 },
        { label: 'Más de 30 días', max_days: null, kg, value },
      ];
      expect(await ok('/api/reports/stock-summary')).toEqual({ green_kg: 12.345, roasted_kg: 23.306, blended_kg: 4 });
      expect(await ok('/api/reports/stock-by-age')).toEqual({ items: aged(27.306, 273.06) });
    });

    it('stock por edad: ambos roles lo leen (GET /api/reports/stock-by-age, como el resumen de stock)', async () => {
      const admin = await t.signIn('administrador');
      for (const session of [cookie, admin]) {
        const response = await t.call(session, { method: 'GET', url: '/api/reports/stock-by-age' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<{ items: { label: string }[] }>().items.map((bucket) => bucket.label)).toEqual(['0–7 días', '8–14 días', '15–30 días', 'Más de 30 días']);
      }
    });

    it('totales del periodo: Kg, número de ventas, ventas y margen bruto, la suma exacta de los meses del gráfico', async () => {
      // 9 sales; revenue 69.75 + 98.33 + 28.77; margin 37.40 + 25.00 − 2.49 (the months above).
      expect(await ok('/api/reports/period-totals')).toEqual({ kg: 13.694, sale_count: 9, revenue: 196.85, margin: 59.91, margin_percent: 30.43 });
      expect(await ok('/api/reports/period-totals?from=2024-01-10&to=2024-02-15')).toEqual({ kg: 5.334, sale_count: 3, revenue: 54.32, margin: 0.98, margin_percent: 1.8 });
      expect(await ok('/api/reports/period-totals?from=2025-01-01')).toEqual({ kg: 0, sale_count: 0, revenue: 0, margin: 0, margin_percent: null });
    });

    it('top 5 por producto: los lotes de un mismo origen y tueste se suman; una mezcla sin receta cuenta por su nombre', async () => {
      const byProduct = (query = '') => ok<{ items: unknown[] }>(`/api/reports/top-by-product${query}`).then((body) => body.items);
      expect(await byProduct()).toEqual([
        { product_type: 'tostado', name: 'Colombia · Medio', lots: 4, kg: 7.361 }, // 4.235 + 1.126 + 1 + 1
        { product_type: 'tostado', name: 'Colombia · Oscuro', lots: 1, kg: 4 },
        { product_type: 'mezcla', name: 'Mezcla de la Casa', lots: 1, kg: 2 },
        { product_type: 'tostado', name: 'Colombia · Claro', lots: 1, kg: 0.333 },
      ]);
      // All time reads the per-lot totals; a range holding every sale the period aggregates: the same answer.
      expect(await byProduct('?from=2023-01-01&to=2024-12-31')).toEqual(await byProduct());
      expect(await byProduct('?from=2024-01-10&to=2024-02-15')).toEqual([
        { product_type: 'tostado', name: 'Colombia · Oscuro', lots: 1, kg: 4 },
        { product_type: 'tostado', name: 'Colombia · Medio', lots: 1, kg: 1.001 },
        { product_type: 'tostado', name: 'Colombia · Claro', lots: 1, kg: 0.333 },
      ]);
      expect(await byProduct('?from=2025-01-01')).toEqual([]);
    });

    it("'Exportar CSV': lo que muestra Reportes para el rango, en los dos dialectos", async () => {
      const response = await get('/api/reports/export.csv?from=2024-01-10&to=2024-02-15&dialect=standard');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="reportes-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.body.split('\r\n')).toEqual([
        '"Sección","Concepto","Lote","Cantidad (Kg)","Número de ventas","Ventas ($)","Margen bruto ($)","Margen (%)"',
        '"Periodo","Desde 2024-01-10 hasta 2024-02-15","","","","","",""',
        '"Totales del Periodo","Total","",5.334,3,54.32,0.98,1.8',
        '"Ventas Mensuales","ene 24","","","",53.33,10.00,18.75',
        '"Ventas Mensuales","feb 24","","","",0.99,-9.02,-911.11',
        '"Top 5 Productos Más Vendidos (Kg)","Colombia · Oscuro","CO-011023-1003",4.000,"","","",""',
        '"Top 5 Productos Más Vendidos (Kg)","Colombia · Medio","CO-011023-1004",1.001,"","","",""',
        '"Top 5 Productos Más Vendidos (Kg)","Colombia · Claro","CO-011023-1002",0.333,"","","",""',
        '"Top 5 por Producto (Kg)","Colombia · Oscuro","",4.000,"","","",""',
        '"Top 5 por Producto (Kg)","Colombia · Medio","",1.001,"","","",""',
        '"Top 5 por Producto (Kg)","Colombia · Claro","",0.333,"","","",""',
        // No sale names a customer: the counter sales alone (docs/product-guide.md#reportes).
        '"Ventas por Cliente","Venta de mostrador","",5.334,3,54.32,"",""',
        '"Resumen de Stock","Café Verde","",12.345,"","","",""',
        '"Resumen de Stock","Café Tostado","",23.306,"","","",""',
        '"Resumen de Stock","Café Mezcla","",4.000,"","","",""',
        '',
      ]);
      // The default dialect: BOM, ';', decimal comma, dd/mm/aaaa.
      const es = (await get('/api/reports/export.csv')).body;
      expect(es.startsWith('\uFEFF"Sección";"Concepto";')).toBe(true);
      expect(es).toContain('"Periodo";"Todo";"";"";"";"";"";""');
      expect(es).toContain('"Totales del Periodo";"Total";"";13,694;9;196,85;59,91;30,43');
      expectBadRange(await get('/api/reports/export.csv?from=2024-03-01&to=2024-02-01'), m.rangeReversed);
      expect(errorOf(await get('/api/reports/export.csv?dialect=excel')).code).toBe('validation');
    });

    it('editar y eliminar ventas mueve los reportes', async () => {
      const edit = await t.call(cookie, {
        method: 'PUT',
        url: `/api/sales/${sale7.id}`,
        payload: { product_id: r5.id, product_type: 'tostado', quantity_kg: 3.5, unit_price: 20, sale_date: '2024-03-05', batch_code_sold: r5.batch_code },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const removal = await t.call(cookie, { method: 'DELETE', url: `/api/sales/${sale2.id}` });
      expect(removal.statusCode, removal.body).toBe(204);

      await expectMonths('', [
        { month: '2023-12', label: 'dic 23', revenue: 19.75, margin: 7.4, margin_percent: 37.47 },
        { month: '2024-01', label: 'ene 24', revenue: 98.33, margin: 25, margin_percent: 25.42 },
        { month: '2024-02', label: 'feb 24', revenue: 8.77, margin: -12.49, margin_percent: -142.42 },
        { month: '2024-03', label: 'mar 24', revenue: 70, margin: 35, margin_percent: 50 },
      ]);
      expect((await top()).map((row) => [row.batch_code, row.kg])).toEqual([
        ['CO-011023-1001', 4.235],
        ['CO-011023-1003', 4],
        ['CO-011023-9999', 3.5],
        ['CO-011023-1004', 1.126],
        ['CO-011023-1111', 1],
      ]);
      expect(await ok('/api/reports/stock-summary')).toMatchObject({ green_kg: 12.345, roasted_kg: 20.806, blended_kg: 6 });
      // All time reads the per-product totals (each product costed once): the same as the months' sum here, every lot costing 10.00 $/Kg.
      expect(await ok('/api/reports/period-totals')).toEqual({ kg: 14.194, sale_count: 8, revenue: 196.85, margin: 54.91, margin_percent: 27.89 });
      expect(await findAggregateMismatches(t.db)).toEqual([]);
    });
  });

  describe('rango de fechas no válido: 400 en español, nunca 5xx', () => {
    it.each(['monthly-sales', 'monthly-margin', 'top-products', 'period-totals', 'top-by-product', 'sales-by-customer'])('%s', async (report) => {
      const url = `/api/reports/${report}`;
      expectBadRange(await get(`${url}?from=2024-03-01&to=2024-02-01`), m.rangeReversed);
      expectBadRange(await get(`${url}?from=2024-03-01&to=2024-02-01`), 'La fecha "Desde" no puede ser posterior a la fecha "Hasta".');
      expectBadRange(await get(`${url}?from=2024-02-30`), m.fromInvalid);
      expectBadRange(await get(`${url}?from=2023-13-01`), m.fromInvalid);
      expectBadRange(await get(`${url}?to=ayer`), m.toInvalid);
      expectBadRange(await get(`${url}?to=2024-1-05`), m.toInvalid);
      expectBadRange(await get(`${url}?from=`), m.fromInvalid);
      expectBadRange(await get(`${url}?from=2024-01-01&from=2024-02-01`), m.fromInvalid);
      expect((await get(`${url}?from=2024-01-01%00`)).statusCode).toBe(400);
    });

    // No business date is older than 01/01/2000 (docs/product-guide.md#data-rules), so neither is a range: a '1900-01' month never reaches a report.
    it.each(['monthly-sales', 'monthly-margin', 'top-products', 'period-totals', 'top-by-product', 'sales-by-customer'])('%s: nada antes del 01/01/2000', async (report) => {
      const url = `/api/reports/${report}`;
      expectBadRange(await get(`${url}?from=1900-01-01&to=1900-01-31`), m.fromTooOld);
      expectBadRange(await get(`${url}?from=1999-12-31`), 'La fecha "Desde" no puede ser anterior al 01/01/2000.');
      expectBadRange(await get(`${url}?to=1999-12-31`), m.toTooOld);
      expectBadRange(await get(`${url}?to=1900-01-31`), 'La fecha "Hasta" no puede ser anterior al 01/01/2000.');
      expect((await get(`${url}?from=2000-01-01&to=2000-01-01`)).statusCode).toBe(200);
    });

    it('sin sesión: 401', async () => {
      for (const report of ['monthly-sales', 'monthly-margin', 'top-products', 'stock-summary', 'stock-by-age', 'period-totals', 'top-by-product', 'sales-by-customer', 'export.csv']) {
        expect((await t.call(undefined, { method: 'GET', url: `/api/reports/${report}` })).statusCode).toBe(401);
      }
    });
  });

  it('propiedad: tras cualquier secuencia de altas, ediciones y bajas, los reportes = un recuento simple de la tabla de ventas', async () => {
    const lots = [
      { lot: await roastedLot(500, 'PR-T-0001'), type: 'tostado' as const },
      { lot: await roastedLot(500, 'PR-T-0002'), type: 'tostado' as const },
      { lot: await blendLot(500, 'PR-M-0001', 'Mezcla Propiedad'), type: 'mezcla' as const },
    ];
    const saleIds: number[] = [];
    const day = fc.integer({ min: 0, max: 150 }).map((offset) => new Date(Date.UTC(2023, 10, 20) + offset * 86_400_000).toISOString().slice(0, 10));
    const saleFields = fc.record({
      lot: fc.nat({ max: lots.length - 1 }),
      grams: fc.integer({ min: 1, max: 3000 }),
      cents: fc.integer({ min: 0, max: 5000 }),
      date: day,
    });
    const operation = fc.oneof(
      saleFields.map((fields) => ({ kind: 'create' as const, ...fields })),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), fields: saleFields }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    const range = fc.record({ from: fc.option(day, { nil: undefined }), to: fc.option(day, { nil: undefined }) }).map((r) =>
      r.from !== undefined && r.to !== undefined && r.from > r.to ? { from: r.to, to: r.from } : r,
    );
    const body = (fields: { lot: number; grams: number; cents: number; date: string }) => {
      const { lot, type } = lots[fields.lot]!;
      return { product_id: lot.id, product_type: type, quantity_kg: fields.grams / 1000, unit_price: fields.cents / 100, sale_date: fields.date, batch_code_sold: lot.batch_code };
    };

    /** The reports recomputed the plain way: every sale in the range from the sales table, each total rounded half up. */
    const recount = async (from: string | undefined, to: string | undefined) => {
      const sales = (await t.db.selectFrom('sales').select(['product_type', 'product_id', 'quantity_g', 'unit_price_cents', 'sale_date']).execute()).filter(
        (sale) => (from === undefined || sale.sale_date >= from) && (to === undefined || sale.sale_date <= to),
      );
      const codes = new Map<string, string>();
      for (const row of await t.db.selectFrom('roasted_coffee').select(['id', 'batch_code']).execute()) codes.set(`tostado ${row.id}`, row.batch_code);
      for (const row of await t.db.selectFrom('blended_coffee').select(['id', 'batch_code']).execute()) codes.set(`mezcla ${row.id}`, row.batch_code);
      const cents = new Map<string, bigint>();
      const grams = new Map<string, { type: string; id: number; grams: number }>();
      for (const sale of sales) {
        const month = sale.sale_date.slice(0, 7);
        cents.set(month, (cents.get(month) ?? 0n) + (BigInt(sale.quantity_g) * BigInt(sale.unit_price_cents) + 500n) / 1000n);
        const key = `${sale.product_type} ${sale.product_id}`;
        const entry = grams.get(key) ?? { type: sale.product_type, id: Number(sale.product_id), grams: 0 };
        entry.grams += Number(sale.quantity_g);
        grams.set(key, entry);
      }
      const code = (entry: { type: string; id: number }) => codes.get(`${entry.type} ${entry.id}`)!;
      return {
        totals: { grams: sales.reduce((sum, sale) => sum + Number(sale.quantity_g), 0), cents: Number([...cents.values()].reduce((sum, month) => sum + month, 0n)), count: sales.length },
        monthly: [...cents.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, total]) => ({ month, cents: Number(total) })),
        top: [...grams.values()]
          .sort((a, b) => b.grams - a.grams || (code(a) < code(b) ? -1 : code(a) > code(b) ? 1 : 0) || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) || a.id - b.id)
          .slice(0, 5)
          .map((entry) => ({ product_type: entry.type, product_id: entry.id, batch_code: code(entry), grams: entry.grams })),
      };
    };

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), range, async (operations, { from, to }) => {
        for (const op of operations) {
          if (op.kind === 'create') {
            saleIds.push((await sell(lots[op.lot]!.lot, lots[op.lot]!.type, op.grams / 1000, op.cents / 100, op.date)).id);
          } else if (saleIds.length > 0 && op.kind === 'edit') {
            const id = saleIds[op.pick % saleIds.length]!;
            const response = await t.call(cookie, { method: 'PUT', url: `/api/sales/${id}`, payload: body(op.fields) });
            expect(response.statusCode, response.body).toBe(200);
          } else if (saleIds.length > 0) {
            const [id] = saleIds.splice(op.pick % saleIds.length, 1);
            const response = await t.call(cookie, { method: 'DELETE', url: `/api/sales/${id}` });
            expect(response.statusCode, response.body).toBe(204);
          }
        }
        const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
        const expected = await recount(from, to);
        expect((await monthly(query ? `?${query}` : '')).map((row) => ({ month: row.month, cents: Math.round(row.revenue * 100) }))).toEqual(expected.monthly);
        // 'Margen bruto' as kept between reads (docs/decisions/0048) = costed from scratch, months cut by the range included.
        const costed = await grossMarginByMonthOf(t.db, aggregateRows(splitRange({ from, to })));
        expect((await margins(query ? `?${query}` : '')).map((row) => ({ month: row.month, cents: Math.round(row.revenue * 100), margin: row.margin }))).toEqual(
          expected.monthly.map((row) => ({ ...row, margin: (costed.find((month) => month.month === row.month)?.margin_cents ?? Number.NaN) / 100 })),
        );
        const totals = await ok<{ kg: number; revenue: number; sale_count: number }>(`/api/reports/period-totals${query ? `?${query}` : ''}`);
        expect({ grams: Math.round(totals.kg * 1000), cents: Math.round(totals.revenue * 100), count: totals.sale_count }).toEqual(expected.totals);
        expect(
          (await top(query ? `?${query}` : '')).map((row) => ({ product_type: row.product_type, product_id: row.product_id, batch_code: row.batch_code, grams: Math.round(row.kg * 1000) })),
        ).toEqual(expected.top);
      }),
      { numRuns: 25 },
    );
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });

  it('top 5 por producto: las mezclas de una misma receta se suman bajo el nombre de la receta', async () => {
    const admin = await t.signIn('administrador', 'jefa');
    const recipe = await t.call(admin, { method: 'POST', url: '/api/blend-recipes', payload: { name: 'Receta Espresso', components: [{ origin_id: originId, percentage: 100 }] } });
    expect(recipe.statusCode, recipe.body).toBe(201);
    const recipeBlend = async (name: string, batchCode: string) => {
      const roasted = await roastedLot(3, `CO-REC-${++counter}`);
      return post('/api/blended-coffee', {
        name,
        total_quantity_kg: 3,
        creation_date: '2025-06-01',
        recipe_id: recipe.json<{ id: number }>().id,
        batch_code: batchCode,
        components: [{ origin_id: originId, percentage: 100, selected_roasted_batches: [{ id: roasted.id, quantity_used: 3 }] }],
      });
    };
    const first = await recipeBlend('Espresso junio', 'ES-001');
    const second = await recipeBlend('Espresso julio', 'ES-002');
    await sell(first, 'mezcla', 1.5, 30, '2025-06-10');
    await sell(second, 'mezcla', 2.25, 30, '2025-07-10');
    expect((await ok<{ items: unknown[] }>('/api/reports/top-by-product?from=2025-06-01&to=2025-07-31')).items).toEqual([
      { product_type: 'mezcla', name: 'Receta Espresso', lots: 2, kg: 3.75 },
    ]);
  });
});
