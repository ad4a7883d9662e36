import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryNoteMessages as m } from '#shared/delivery-note-messages.js';
import { formatDate } from '#shared/format.js';
import { localIsoDate } from '#shared/local-date.js';
import { orderMessages } from '#shared/order-messages.js';
import { addDays, type Allocation, type Order } from '#shared/schemas/orders.js';
import { type PdfPage, readPdf } from '../helpers/pdf-pages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * Albarán, GET /api/orders/:id/delivery-note.pdf (docs/product-guide.md#albaran,
 * docs/decisions/0044-recall-list-and-delivery-note.md): an order of 72 bags of 250 g of
 * Colombia · Medio at 21.50 $/Kg for Café Sol, prepared through the API from the trace chain's
 * roasts, oldest first: R1 (roasted 05/03/2024; 16.5 kg less the 5 kg the blend drew: 11.5 kg,
 * 46 bags) and R2 (06/03/2024, 6.5 kg: 26 bags). 18 kg × 21.50 = 387.00.
 */

describe.each(testDialects())('albarán (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let chain: Chain;
  let customer: number;
  let prepared: Order;
  let pending: Order;

  const get = (url: string, cookie = tecnico) => t.call(cookie, { method: 'GET', url });
  const post = async <T>(url: string, payload: unknown, status = 200): Promise<T> => {
    const response = await t.call(admin, { method: 'POST', url, payload: payload as object });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    return response.json<T>();
  };
  const pdfOf = (response: LightMyRequestResponse): PdfPage[] => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return readPdf(response.rawPayload);
  };
  const noteUrl = (id: number) => `/api/orders/${id}/delivery-note.pdf`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
    chain = await buildChain(t, admin, { sales: false });
    customer = (await post<{ id: number }>('/api/customers', { name: 'Café Sol', kind: 'cafeteria', tax_id: 'B11111111', address: 'Calle Mayor 1, Madrid' }, 201)).id;
    const bag250 = (await t.db.selectFrom('sale_formats').select('id').where('grams', '=', 250).executeTakeFirstOrThrow()).id;
    const body = {
      customer_id: customer,
      due_date: addDays(localIsoDate(), 2),
      notes: 'Entregar por la mañana',
      repeat_weeks: null,
      lines: [{ product: { kind: 'tostado', origin_id: chain.origin.id, roast_type: 'Medio' }, format_id: bag250, quantity: 72, unit_price: 21.5, grind: 'grano' }],
    };
    const order = await post<Order>('/api/orders', body, 201);
    const allocation = (await get(`/api/orders/${order.id}/allocation`, admin)).json<Allocation>();
    prepared = await post<Order>(`/api/orders/${order.id}/fulfil`, {
      lines: allocation.lines.map((line) => ({
        line_id: line.line_id,
        lots: line.lots.filter((lot) => lot.kg > 0).map((lot) => ({ lot_kind: lot.lot_kind, lot_id: lot.lot_id, kg: lot.kg, expected_stock_kg: lot.stock_kg })),
      })),
    });
    pending = await post<Order>('/api/orders', { ...body, lines: [{ ...body.lines[0], quantity: 4 }] }, 201);
  });
  afterAll(() => t.close());

  it('prints the prepared order on A4: number, business, customer, dates, each lot with its roast date, kilos, bags, price, totals', async () => {
    const number = `${localIsoDate().slice(0, 4)}-0001`;
    expect(prepared).toMatchObject({ status: 'preparado', delivery_note_number: number });
    const response = await get(noteUrl(prepared.id));
    expect(response.headers['content-disposition']).toBe(`inline; filename="albaran-${number}.pdf"`);
    const pages = pdfOf(response);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(595.276, 1);
    expect(pages[0]!.height).toBeCloseTo(841.89, 1);
    const lines = pages[0]!.lines.map((line) => line.text);
    const text = lines.join('\n');
    for (const expected of [
      `Albarán ${number}`,
      'Sistema de Gestión de Café',
      'http://localhost',
      'Café Sol',
      'NIF/CIF: B11111111',
      'Calle Mayor 1, Madrid',
      `Pedido ${prepared.id} · Fecha del pedido: ${formatDate(localIsoDate())} · Preparado: ${formatDate(localIsoDate())} · Fecha de entrega: ${formatDate(addDays(localIsoDate(), 2))}`,
      'Entregar por la mañana',
      'Colombia · Medio',
      'Bolsa 250 g · Grano',
      'CO-R1 (tostado 05/03/2024)',
      '11.50 Kg · 46 bolsas',
      'CO-R2 (tostado 06/03/2024)',
      '6.50 Kg · 26 bolsas',
      '18.00 Kg',
      '$21.50',
      '$387.00',
      'Total del albarán',
      m.received,
      'Página 1 de 1',
    ]) expect(text).toContain(expected);
  });

  it('draws one QR code per lot that opens its trace', async () => {
    const [page] = pdfOf(await get(noteUrl(prepared.id)));
    const rendering = page!.render(4);
    for (const code of ['CO-R1', 'CO-R2']) {
      const caption = page!.lines.find((line) => line.text === code);
      expect(caption, `leyenda ${code}`).toBeDefined();
      const { x0, y0 } = caption!.bbox;
      const qr = rendering.qrIn({ x0: x0 - 4, y0: y0 - 90, x1: x0 + 96, y1: y0 });
      expect(qr?.text).toBe(`http://localhost/trazabilidad?lote=${code}`);
    }
  });

  it('answers both roles, 401 without a session, 404 for an unknown order and 409 for one not prepared', async () => {
    for (const cookie of [admin, tecnico]) expect((await get(noteUrl(prepared.id), cookie)).statusCode).toBe(200);
    expect((await t.call(undefined, { method: 'GET', url: noteUrl(prepared.id) })).statusCode).toBe(401);
    const unknown = await get(noteUrl(999999));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(orderMessages.notFound);
    const notPrepared = await get(noteUrl(pending.id));
    expect(notPrepared.statusCode).toBe(409);
    expect(errorOf(notPrepared).message).toBe('El pedido no está preparado: el albarán se imprime una vez preparado el pedido.');
    expect((await get('/api/orders/abc/delivery-note.pdf')).statusCode).toBe(400);
  });

  it('keeps the number through an undo but refuses the note until prepared again; a delivered order still prints it', async () => {
    await post<Order>(`/api/orders/${prepared.id}/undo-fulfil`, undefined);
    expect(errorOf(await get(noteUrl(prepared.id))).message).toBe(m.notPrepared);
    const allocation = (await get(`/api/orders/${prepared.id}/allocation`, admin)).json<Allocation>();
    await post<Order>(`/api/orders/${prepared.id}/fulfil`, {
      lines: allocation.lines.map((line) => ({
        line_id: line.line_id,
        lots: line.lots.filter((lot) => lot.kg > 0).map((lot) => ({ lot_kind: lot.lot_kind, lot_id: lot.lot_id, kg: lot.kg, expected_stock_kg: lot.stock_kg })),
      })),
    });
    const delivered = await post<Order>(`/api/orders/${prepared.id}/deliver`, undefined);
    expect(delivered.status).toBe('entregado');
    const text = pdfOf(await get(noteUrl(prepared.id)))[0]!.lines.map((line) => line.text).join('\n');
    expect(text).toContain(`Albarán ${prepared.delivery_note_number}`);
    expect(text).toContain(`Entregado: ${formatDate(localIsoDate())}`);
  });

  it('heads the note with Datos del negocio (name, address on its lines, sanitary registration); a blend lot shows its oldest component\'s roast date', async () => {
    const recipe = await post<{ id: number }>('/api/blend-recipes', { name: 'Casa Receta', components: [{ origin_id: chain.origin.id, percentage: 100 }] }, 201);
    // Created on the 12th from R3, roasted on the 7th: the note prints the roast, not the mixing.
    await post('/api/blended-coffee', {
      name: 'Casa Receta', total_quantity_kg: 2, creation_date: '2024-03-12', batch_code: 'MZ-R3', recipe_id: recipe.id,
      components: [{ origin_id: chain.origin.id, percentage: 100, selected_roasted_batches: [{ id: chain.r3.id, quantity_used: 2 }] }],
    }, 201);
    const bag250 = (await t.db.selectFrom('sale_formats').select('id').where('grams', '=', 250).executeTakeFirstOrThrow()).id;
    const order = await post<Order>('/api/orders', {
      customer_id: customer, due_date: addDays(localIsoDate(), 2), notes: null, repeat_weeks: null,
      lines: [{ product: { kind: 'mezcla', recipe_id: recipe.id }, format_id: bag250, quantity: 4, unit_price: 30, grind: 'molido' }],
    }, 201);
    const allocation = (await get(`/api/orders/${order.id}/allocation`, admin)).json<Allocation>();
    const blendOrder = await post<Order>(`/api/orders/${order.id}/fulfil`, {
      lines: allocation.lines.map((line) => ({
        line_id: line.line_id,
        lots: line.lots.filter((lot) => lot.kg > 0).map((lot) => ({ lot_kind: lot.lot_kind, lot_id: lot.lot_id, kg: lot.kg, expected_stock_kg: lot.stock_kg })),
      })),
    });
    const saved = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { business_name: 'Tostadores del Sur', business_address: 'Calle Mayor 1\n28013 Madrid', sanitary_registration: 'RGSEAA 20.12345/M' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const lines = pdfOf(await get(noteUrl(blendOrder.id)))[0]!.lines.map((line) => line.text);
    // The business block, in this order, before the customer; the app's name and address are gone.
    expect(lines.slice(1, 5)).toEqual(['Tostadores del Sur', 'Calle Mayor 1', '28013 Madrid', 'Registro sanitario: RGSEAA 20.12345/M']);
    expect(lines).not.toContain('Sistema de Gestión de Café');
    expect(lines).not.toContain('http://localhost');
    expect(lines.join('\n')).toContain('MZ-R3 (mezcla, tostado 07/03/2024)');
  });
});
