import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { traceabilityMessages as m } from '#shared/traceability-messages.js';
import type { HistoryPage, Trace } from '#shared/schemas/traceability.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

describe.each(testDialects())('trazabilidad e historial de lotes (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let chain: Chain;

  const get = (url: string) => t.call(cookie, { method: 'GET', url });
  const traceOf = async (query: string): Promise<Trace> => {
    const response = await get(`/api/trace?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Trace;
  };
  const historyOf = async (code: string, query = ''): Promise<HistoryPage> => {
    const response = await get(`/api/lots/${encodeURIComponent(code)}/history${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as HistoryPage;
  };
  const grams = (kg: number) => Math.round(kg * 1000);

  beforeEach(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
    chain = await buildChain(t, cookie);
  });
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
    await t.close();
  });

  it('forwards: green lot → its roasts (kg in, kg out, yield) → blends that drew on them → sales, with stock at each step', async () => {
    const trace = await traceOf('code=verde-01');
    expect(trace.root).toEqual({ kind: 'green', id: chain.greenA.id, batch_code: 'VERDE-01' });
    const green = trace.forward!.green!;
    expect(green).toMatchObject({ origin_name: 'Colombia', supplier_finca: 'Finca La Esperanza', received_kg: 100, stock_kg: 67.5, cost_per_kg: 8 });
    expect(green.roasts.map((roast) => roast.batch_code)).toEqual(['CO-R1', 'CO-R2']);
    expect(green.roasts[0]).toMatchObject({
      green_used_kg: 20,
      resultant_kg: 16.5,
      yield_percent: 82.5,
      stock_kg: 10.5, // 16.5 − 5 drawn by the blend − 1 sold
      cost_per_kg: 9.7,
      sold: { count: 1, kg: 1, total: 20 },
      // Typed in the form, not imported from Artisan: no curve (docs/product-guide.md#artisan-import).
      has_curve: false,
    });
    expect(green.roasts[0]!.blends).toEqual([
      {
        id: chain.blend.id,
        batch_code: 'CA-MZ-1',
        name: 'Casa',
        date: '2024-03-10',
        produced_kg: 9,
        stock_kg: 6.5,
        cost_per_kg: 10.54,
        drawn_kg: 5,
        sold: { count: 1, kg: 2.5, total: 71.25 },
      },
    ]);
    expect(green.roasts[1]).toMatchObject({ green_used_kg: 12.5, resultant_kg: 10.4, yield_percent: 83.2, stock_kg: 7.067, cost_per_kg: 9.62, blends: [] });
    // The sales leaves of R1, R2 and the blend, newest first, with totals computed over all of them.
    expect(trace.sales.items.map((sale) => sale.id)).toEqual([chain.s3.id, chain.s2.id, chain.s1.id]);
    expect(trace.sales).toMatchObject({ total: 3, total_kg: 6.833, total_amount: 151.24 });
  });

  it('the sales leaves are paginated; the totals stay those of all of them', async () => {
    const page = await traceOf(`kind=green&id=${chain.greenA.id}&limit=2&offset=2`);
    expect(page.sales.items.map((sale) => sale.id)).toEqual([chain.s1.id]);
    expect(page.sales).toMatchObject({ total: 3, limit: 2, offset: 2, total_kg: 6.833, total_amount: 151.24 });
  });

  it('backwards: a blend sale → roasted lots → green lots, origin and farm, shares adding up to the sold grams', async () => {
    const trace = await traceOf(`sale_id=${chain.s2.id}`);
    expect(trace.root).toEqual({ kind: 'sale', id: chain.s2.id, batch_code: 'CA-MZ-1' });
    // 2500 g over draws of 5000 g (R1) and 4000 g (R3): 1388.8… and 1111.1… → the spare gram to the larger remainder.
    expect(trace.backward!.roasts.map((roast) => [roast.batch_code, roast.share_kg])).toEqual([
      ['CO-R1', 1.389],
      ['CO-R3', 1.111],
    ]);
    expect(trace.backward!.sources).toEqual([
      { green_coffee_id: chain.greenA.id, batch_code: 'VERDE-01', origin_id: chain.origin.id, origin_name: 'Colombia', supplier_finca: 'Finca La Esperanza', share_kg: 1.389 },
      { green_coffee_id: chain.greenB.id, batch_code: 'VERDE-02', origin_id: chain.origin.id, origin_name: 'Colombia', supplier_finca: 'Finca El Paraíso', share_kg: 1.111 },
    ]);
    const sum = trace.backward!.sources.reduce((acc, source) => acc + grams(source.share_kg), 0);
    expect(sum).toBe(2500);
  });

  it('backwards shares add up to the gram for awkward quantities too', async () => {
    for (const kg of [0.001, 0.007, 1.333]) {
      const response = await t.call(cookie, {
        method: 'POST',
        url: '/api/sales',
        payload: { product_id: chain.blend.id, product_type: 'mezcla', quantity_kg: kg, unit_price: 25, sale_date: '2024-04-05', batch_code_sold: 'CA-MZ-1' },
      });
      expect(response.statusCode).toBe(201);
      const trace = await traceOf(`sale_id=${(response.json() as { id: number }).id}`);
      expect(trace.backward!.sources.reduce((acc, source) => acc + grams(source.share_kg), 0)).toBe(grams(kg));
    }
  });

  it('a roasted lot traces forward to its blends and sales and back to its one green lot', async () => {
    const trace = await traceOf('code=co-r1');
    expect(trace.forward!.roast).toMatchObject({ batch_code: 'CO-R1', blends: [{ batch_code: 'CA-MZ-1', drawn_kg: 5 }] });
    expect(trace.backward!.sources).toEqual([expect.objectContaining({ batch_code: 'VERDE-01', supplier_finca: 'Finca La Esperanza', share_kg: 16.5 })]);
    const blend = await traceOf('code=CA-MZ-1');
    expect(blend.forward!.blend).toMatchObject({ produced_kg: 9, stock_kg: 6.5, cost_per_kg: 10.54, drawn_kg: null });
    expect(blend.backward!.sources.map((source) => [source.batch_code, source.share_kg])).toEqual([
      ['VERDE-01', 5],
      ['VERDE-02', 4],
    ]);
    expect(blend.sales.items.map((sale) => sale.id)).toEqual([chain.s2.id]);
  });

  it('a code shared by green lots of two origins lists both to choose from', async () => {
    const other = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe'] } });
    const green = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: (other.json() as { id: number }).id, supplier_finca: 'Yirgacheffe', quantity_kg: 10, unit_price: 7, entry_date: '2024-03-02', batch_code: 'VERDE-01' },
    });
    expect(green.statusCode).toBe(201);
    const trace = await traceOf('code=VERDE-01');
    expect(trace.root).toBeNull();
    expect(trace.matches.map((match) => [match.kind, match.name])).toEqual([
      ['green', 'Colombia'],
      ['green', 'Etiopía'],
    ]);
    const history = await historyOf('VERDE-01');
    expect(history.lot).toBeNull();
    expect(history.matches).toHaveLength(2);
    const chosen = await historyOf('VERDE-01', `?kind=green&id=${(green.json() as { id: number }).id}`);
    expect(chosen.lot).toMatchObject({ name: 'Etiopía' });
    expect(chosen.items.map((item) => item.description)).toEqual(['Recepción']);
  });

  it('an unknown lot code or sale is a Spanish "no encontrado" 404, never a 5xx', async () => {
    const unknown = await get('/api/trace?code=NO-EXISTE');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(m.lotNotFound);
    expect(errorOf(unknown).message).toBe('Lote no encontrado. Revisa el código e inténtalo de nuevo.');
    expect((await get('/api/lots/NO-EXISTE/history')).statusCode).toBe(404);
    expect(errorOf(await get('/api/lots/-/history?kind=blend&id=999999')).message).toBe(m.lotNotFound);
    const sale = await get('/api/trace?sale_id=999999');
    expect(sale.statusCode).toBe(404);
    expect(errorOf(sale).message).toBe('Venta no encontrada.');
    const empty = await get('/api/trace?code=');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(m.codeRequired);
    expect((await get('/api/trace?kind=green')).statusCode).toBe(400);
    expect((await get('/api/trace?code=X&id=abc')).statusCode).toBe(400);
    expect((await t.call(undefined, { method: 'GET', url: '/api/trace?code=CO-R1' })).statusCode).toBe(401);
  });

  it('history equals the ledger: every movement of the lot, newest first, with the running balance', async () => {
    const history = await historyOf('CO-R1');
    const ledger = await t.db
      .selectFrom('stock_movements')
      .select(['id', 'delta_g'])
      .where('lot_kind', '=', 'roasted')
      .where('lot_id', '=', chain.r1.id)
      .orderBy('id', 'desc')
      .execute();
    expect(history.total).toBe(ledger.length);
    expect(history.items.map((item) => [item.id, grams(item.delta_kg)])).toEqual(ledger.map((row) => [row.id, row.delta_g]));
    expect(history.items.map((item) => [item.description, item.delta_kg, item.balance_kg])).toEqual([
      ['Venta', -1, 10.5],
      ['Mezcla', -5, 11.5],
      ['Producción del tueste', 16.5, 16.5],
    ]);
    expect(history.items[0]).toMatchObject({ user_name: expect.stringContaining('Persona'), ref_kind: 'sale', ref_id: chain.s3.id, ref_code: 'CO-R1' });
    expect(history.lot).toMatchObject({ kind: 'roasted', stock_kg: 10.5 });
  });

  it('edited and deleted moves show in the history; the trace shows the current state', async () => {
    // Roast R2 edited (12.5 → 13 kg of green), sale S3 edited then deleted, blend edited.
    const roastEdit = await t.call(cookie, {
      method: 'PUT',
      url: `/api/roasted-coffee/${chain.r2.id}`,
      payload: { green_coffee_id: chain.greenA.id, quantity_green_kg: 13, resultant_kg: 10.4, roast_type: 'Medio', roast_date: '2024-03-06' },
    });
    expect(roastEdit.statusCode).toBe(200);
    const saleEdit = await t.call(cookie, {
      method: 'PUT',
      url: `/api/sales/${chain.s3.id}`,
      payload: { product_id: chain.r1.id, product_type: 'tostado', quantity_kg: 1.5, unit_price: 20, sale_date: '2024-04-04', batch_code_sold: 'CO-R1' },
    });
    expect(saleEdit.statusCode).toBe(200);
    expect((await t.call(cookie, { method: 'DELETE', url: `/api/sales/${chain.s3.id}` })).statusCode).toBe(204);

    const green = await historyOf('VERDE-01', `?kind=green&id=${chain.greenA.id}`);
    expect(green.items.map((item) => [item.description, item.delta_kg, item.balance_kg])).toEqual([
      ['Edición de tueste', -13, 67],
      ['Edición de tueste', 12.5, 80],
      ['Tueste', -12.5, 67.5],
      ['Tueste', -20, 80],
      ['Recepción', 100, 100],
    ]);
    const r1 = await historyOf('CO-R1');
    expect(r1.items.map((item) => item.description)).toEqual(['Venta eliminada', 'Edición de venta', 'Venta', 'Mezcla', 'Producción del tueste']);
    expect(r1.items[0]).toMatchObject({ ref_code: null, balance_kg: 11.5 });

    // A deleted roast: its green lot shows 'Tueste eliminado'.
    const extra = await t.call(cookie, {
      method: 'POST',
      url: '/api/roasted-coffee',
      payload: { green_coffee_id: chain.greenB.id, quantity_green_kg: 2, resultant_kg: 1.6, roast_type: 'Claro', roast_date: '2024-03-08', batch_code: 'CO-R4' },
    });
    expect((await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${(extra.json() as { id: number }).id}` })).statusCode).toBe(204);
    const greenB = await historyOf('VERDE-02');
    expect(greenB.items.slice(0, 2).map((item) => item.description)).toEqual(['Tueste eliminado', 'Tueste']);

    const trace = await traceOf('code=VERDE-01');
    expect(trace.forward!.green!.roasts[0]).toMatchObject({ stock_kg: 11.5, sold: { count: 0, kg: 0, total: 0 } });
    expect(trace.forward!.green!.roasts[1]).toMatchObject({ green_used_kg: 13, yield_percent: 80 });
    expect(trace.sales.total).toBe(2);
  });

  it("'Exportar CSV': the tree, the sources and every sale, through the shared CSV writer; unknown lot still a JSON 404", async () => {
    const response = await get(`/api/trace/export.csv?kind=green&id=${chain.greenA.id}&dialect=standard`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual(['Sección', 'Nivel', 'Tipo', 'Lote', 'Detalle', 'Fecha', 'Cantidad (Kg)', 'En stock (Kg)', 'Coste ($/Kg)', 'Total ($)', 'Coste ($)', 'Margen ($)']);
    expect(rows.filter((row) => row[0] === 'Hacia delante').map((row) => [row[1], row[3], row[8]])).toEqual([
      ['0', 'VERDE-01', '8'],
      ['1', 'CO-R1', '9.7'],
      ['2', 'CA-MZ-1', '10.54'],
      ['1', 'CO-R2', '9.62'],
    ]);
    expect(rows.filter((row) => row[0] === 'Ventas')).toHaveLength(3);
    expect(rows).toContainEqual(['Ventas', '0', 'Venta de café tostado', 'CO-R2', `Venta ${chain.s1.id}; 18 por Kg`, '2024-04-02', '3.333', '', '', '59.99', '32.05', '27.94']);
    const unknown = await get('/api/trace/export.csv?code=NO-EXISTE');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(m.lotNotFound);
  });

  it('history pages are cheap slices of the same running balance', async () => {
    const second = await historyOf('CO-R1', '?limit=1&offset=1');
    expect(second.items.map((item) => [item.description, item.balance_kg])).toEqual([['Mezcla', 11.5]]);
    expect(second).toMatchObject({ total: 3, limit: 1, offset: 1 });
  });
});
