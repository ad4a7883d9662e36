import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recallMessages as m } from '#shared/recall-messages.js';
import { traceabilityMessages } from '#shared/traceability-messages.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { readPdf } from '../helpers/pdf-pages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * Lista de retirada, GET /api/recall (.csv, .pdf) (docs/product-guide.md#lista-de-retirada,
 * docs/decisions/0044-recall-list-and-delivery-note.md), against a hand-made trace: the trace
 * chain (green A roasted twice as R1 and R2, R1 and R3 of green B drawn by blend M, 5 kg + 4 kg,
 * and its three counter sales S1 3.333 kg of R2, S2 2.5 kg of M, S3 1 kg of R1), plus:
 *   Café Sol:  2 kg of R1 (05/04/2024), 1.8 kg of M (06/04/2024);
 *   Café Luna: 0.75 kg of R2 (07/04/2024) prepared through an order with delivery note 2026-0001,
 *              1.2 kg of M (08/04/2024).
 * Figures by hand (a blend's kilos split by its draws, 5000 : 4000, largest remainder):
 *   M 2500 g → R1 1389, R3 1111;  M 1800 g → R1 1000, R3 800;  M 1200 g → R1 667, R3 533.
 *   Green A (R1, R2):  Sol 2000 + 1000 = 3.000 kg; Luna 750 + 667 = 1.417 kg;
 *                      counter 3333 + 1389 + 1000 = 5.722 kg in 3 sales; total 10.139 kg.
 *   Green B (R3):      Sol 0.800 kg; Luna 0.533 kg; counter 1.111 kg in 1 sale.
 *   Blend M:           Sol 1.800; Luna 1.200; counter 2.500 in 1 sale.
 *   R2:                Luna 0.750 with 2026-0001; counter 3.333 in 1 sale.
 */

interface RecallAnswer {
  lot: { kind: string; id: number; batch_code: string };
  customers: {
    customer_id: number;
    name: string;
    kind: string;
    tax_id: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
    kg: number;
    sales: number;
    first_date: string;
    last_date: string;
    delivery_notes: string[];
  }[];
  counter: { kg: number; sales: number };
  total_kg: number;
}

describe.each(testDialects())('lista de retirada (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let chain: Chain;
  let sol: number;
  let luna: number;

  const get = (url: string, cookie = tecnico) => t.call(cookie, { method: 'GET', url });
  const ok = async (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    return response;
  };
  const created = (response: LightMyRequestResponse) => ok(response, 201);
  const recallOf = async (query: string, cookie = tecnico) => (await ok(await get(`/api/recall?${query}`, cookie))).json<RecallAnswer>();
  const byName = (answer: RecallAnswer) => Object.fromEntries(answer.customers.map((customer) => [customer.name, customer]));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
    chain = await buildChain(t, admin);
    const customer = async (payload: object) => (await created(await t.call(admin, { method: 'POST', url: '/api/customers', payload }))).json<{ id: number }>().id;
    sol = await customer({ name: 'Café Sol', kind: 'cafeteria', tax_id: 'B11111111', email: 'sol@example.es', phone: '+34 600 000 001', address: 'Calle Mayor 1, Madrid' });
    luna = await customer({ name: 'Café Luna', kind: 'tienda', address: 'Plaza Nueva 2, Sevilla', phone: '955 00 00 02' });
    const sale = async (lot: { id: number; batch_code: string }, product_type: 'tostado' | 'mezcla', quantity_kg: number, sale_date: string, customer_id: number) =>
      (
        await created(await t.call(admin, { method: 'POST', url: '/api/sales', payload: { product_id: lot.id, product_type, quantity_kg, unit_price: 20, sale_date, batch_code_sold: lot.batch_code, customer_id } }))
      ).json<{ id: number }>().id;
    await sale(chain.r1, 'tostado', 2, '2024-04-05', sol);
    await sale(chain.blend, 'mezcla', 1.8, '2024-04-06', sol);
    const lunaR2 = await sale(chain.r2, 'tostado', 0.75, '2024-04-07', luna);
    await sale(chain.blend, 'mezcla', 1.2, '2024-04-08', luna);
    // The order that carried Luna's R2 sale, as migration 0020 defines it once prepared (its number 2026-0001).
    const now = Date.now();
    const order = await t.db
      .insertInto('orders')
      .values({ customer_id: luna, order_date: '2024-04-01', due_date: '2024-04-07', status: 'preparado', prepared_date: '2024-04-07', delivery_note_year: 2026, delivery_note_seq: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = await t.db
      .insertInto('order_lines')
      .values({ order_id: order.id, position: 1, product_type: 'tostado', origin_id: chain.origin.id, roast_type: 'Medio', quantity_g: 750, unit_price_cents: 2000, grind: 'grano' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sales').set({ order_line_id: line.id }).where('id', '=', lunaR2).execute();
  });
  afterAll(() => t.close());

  it('lists, for a green lot, each customer reached through its roasts and a blend, with the kilos of THIS lot', async () => {
    const answer = await recallOf('lot=VERDE-01');
    expect(answer.lot).toMatchObject({ kind: 'green', id: chain.greenA.id, batch_code: 'VERDE-01' });
    expect(answer.customers.map((customer) => customer.name)).toEqual(['Café Luna', 'Café Sol']);
    const customers = byName(answer);
    expect(customers['Café Sol']).toEqual({
      customer_id: sol,
      name: 'Café Sol',
      kind: 'cafeteria',
      tax_id: 'B11111111',
      address: 'Calle Mayor 1, Madrid',
      email: 'sol@example.es',
      phone: '+34 600 000 001',
      kg: 3,
      sales: 2,
      first_date: '2024-04-05',
      last_date: '2024-04-06',
      delivery_notes: [],
    });
    expect(customers['Café Luna']).toMatchObject({ customer_id: luna, kg: 1.417, sales: 2, first_date: '2024-04-07', last_date: '2024-04-08', delivery_notes: ['2026-0001'], email: null });
    expect(answer.counter).toEqual({ kg: 5.722, sales: 3 });
    expect(answer.total_kg).toBe(10.139);
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
  });

  it('follows the other green lot only through the blend, with its share of each sale of the blend', async () => {
    const answer = await recallOf(`kind=green&id=${chain.greenB.id}`);
    const customers = byName(answer);
    expect(customers['Café Sol']!.kg).toBe(0.8);
    expect(customers['Café Luna']).toMatchObject({ kg: 0.533, delivery_notes: [], first_date: '2024-04-08', last_date: '2024-04-08', sales: 1 });
    expect(answer.counter).toEqual({ kg: 1.111, sales: 1 });
  });

  it('lists a blend and a roast by their own kilos, and the delivery note of the order that carried a roast', async () => {
    const blend = await recallOf(`lot=${encodeURIComponent(' ca-mz-1 ')}`);
    expect(blend.lot).toMatchObject({ kind: 'blend', id: chain.blend.id });
    expect(blend.customers.map((customer) => [customer.name, customer.kg])).toEqual([['Café Luna', 1.2], ['Café Sol', 1.8]]);
    expect(blend.counter).toEqual({ kg: 2.5, sales: 1 });
    const roast = await recallOf('lot=CO-R2');
    expect(roast.customers).toHaveLength(1);
    expect(roast.customers[0]).toMatchObject({ name: 'Café Luna', kg: 0.75, delivery_notes: ['2026-0001'] });
    expect(roast.counter).toEqual({ kg: 3.333, sales: 1 });
    // R3 went only into the blend: the blend's buyers, for R3's share.
    const r3 = await recallOf('lot=CO-R3');
    expect(r3.customers.map((customer) => [customer.name, customer.kg])).toEqual([['Café Luna', 0.533], ['Café Sol', 0.8]]);
  });

  it('answers both roles, 401 without a session, 404 for an unknown lot and 400 without a lot', async () => {
    for (const cookie of [admin, tecnico]) {
      for (const url of ['/api/recall?lot=VERDE-01', '/api/recall.csv?lot=VERDE-01', '/api/recall.pdf?lot=VERDE-01']) expect((await get(url, cookie)).statusCode).toBe(200);
    }
    for (const url of ['/api/recall?lot=VERDE-01', '/api/recall.csv?lot=VERDE-01', '/api/recall.pdf?lot=VERDE-01']) {
      const response = await t.call(undefined, { method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
    for (const url of ['/api/recall?lot=NO-EXISTE', '/api/recall.csv?lot=NO-EXISTE', '/api/recall.pdf?lot=NO-EXISTE', '/api/recall?kind=roasted&id=999999']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(response).message).toBe('Lote no encontrado. Revisa el código e inténtalo de nuevo.');
    }
    const missing = await get('/api/recall');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(traceabilityMessages.codeRequired);
    const half = await get('/api/recall?kind=green');
    expect(half.statusCode).toBe(400);
    expect(errorOf(half).message).toBe(traceabilityMessages.kindAndIdTogether);
    expect((await get('/api/recall?kind=tostado&id=1')).statusCode).toBe(400);
  });

  it('writes the CSV in the Spanish dialect: one line per customer, the counter sales last', async () => {
    const response = await ok(await get('/api/recall.csv?lot=VERDE-01'));
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="retirada-VERDE-01-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows).toEqual([
      ['Cliente', 'Tipo', 'NIF/CIF', 'Dirección', 'Correo Electrónico', 'Teléfono', 'Cantidad (Kg)', 'Ventas', 'Primera venta', 'Última venta', 'Albaranes'],
      ['Café Luna', 'Tienda', '', 'Plaza Nueva 2, Sevilla', '', '955 00 00 02', '1,417', '2', '07/04/2024', '08/04/2024', '2026-0001'],
      // A leading '+' is guarded as every text cell's (docs/decisions/0012-csv-dialects.md).
      ['Café Sol', 'Cafetería', 'B11111111', 'Calle Mayor 1, Madrid', 'sol@example.es', "'+34 600 000 001", '3,000', '2', '05/04/2024', '06/04/2024', ''],
      ['Venta de mostrador', '', '', '', '', '', '5,722', '3', '', '', ''],
    ]);
    const standard = await ok(await get('/api/recall.csv?lot=VERDE-01&dialect=standard'));
    expect(standard.body.split('\r\n')[3]).toBe('"Venta de mostrador","","","","","",5.722,3,"","",""');
  });

  it('prints the list on A4: the lot, each customer with how to reach them, the counter sales and the total', async () => {
    const response = await ok(await get('/api/recall.pdf?lot=VERDE-01'));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="retirada-VERDE-01-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pages = readPdf(response.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(595.276, 1);
    expect(pages[0]!.height).toBeCloseTo(841.89, 1);
    const text = pages[0]!.lines.map((line) => line.text).join('\n');
    for (const expected of [
      'Lista de retirada · VERDE-01',
      'Café Verde VERDE-01 · Colombia',
      'Café Sol',
      'Calle Mayor 1, Madrid',
      'sol@example.es',
      'NIF/CIF B11111111',
      '3.00 Kg',
      '05/04/2024 –',
      '06/04/2024',
      'Café Luna',
      '1.417 Kg',
      '2026-0001',
      m.counterSales,
      '5.722 Kg',
      '3 ventas',
      '10.139 Kg',
      'Página 1 de 1',
    ]) expect(text).toContain(expected);
  });

  it('asks to choose when a code names several lots, and lists the one chosen by kind and id', async () => {
    const origin = (await created(await t.call(admin, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe'] } }))).json<{ id: number }>();
    const other = (
      await created(await t.call(admin, { method: 'POST', url: '/api/green-coffee', payload: { origin_id: origin.id, supplier_finca: 'Yirgacheffe', quantity_kg: 10, unit_price: 7, entry_date: '2024-03-02', batch_code: 'VERDE-01' } }))
    ).json<{ id: number }>();
    const ambiguous = await get('/api/recall?lot=VERDE-01');
    expect(ambiguous.statusCode).toBe(409);
    expect(errorOf(ambiguous).message).toBe('Varios lotes tienen ese código: ábrelo en Trazabilidad y elige uno.');
    expect((await get('/api/recall.pdf?lot=VERDE-01')).statusCode).toBe(409);
    const chosen = await recallOf(`kind=green&id=${other.id}`);
    expect(chosen).toMatchObject({ customers: [], counter: { kg: 0, sales: 0 }, total_kg: 0 });
    const pdf = readPdf((await ok(await get(`/api/recall.pdf?kind=green&id=${other.id}`))).rawPayload);
    expect(pdf[0]!.lines.map((line) => line.text).join('\n')).toContain(m.noCustomers);
  });
});
