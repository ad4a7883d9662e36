import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '#shared/local-date.js';
import { commonMessages, recordVersionMessages } from '#shared/messages.js';
import { orderMessages as m } from '#shared/order-messages.js';
import { saleFormatMessages } from '#shared/sale-format-messages.js';
import { addDays, type Allocation, type Order, orderBodySchema, type OrderPage } from '#shared/schemas/orders.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { createShopOrders } from '#server/features/orders/service.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches, stockOf } from '#server/ledger/ledger.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * /api/orders (docs/product-guide.md#pedidos, docs/decisions/0043-orders.md):
 * create, list, edit, cancel, the lots' allocation, fulfil in one transaction
 * (all or nothing), its undo, delivery with the repeat, the delivery-note
 * numbers, the price hint, the roles, the write pipeline, and what other areas
 * refuse because an order uses it. The ledger is checked clean after each test.
 */
interface Fixture {
  customer: number;
  origin: number;
  recipe: number;
  r1: { id: number; batch_code: string };
  r2: { id: number; batch_code: string };
  r3: { id: number; batch_code: string };
  blend: { id: number; batch_code: string };
  bag250: number;
  bag1k: number;
}

const today = () => localIsoDate();

describe.each(testDialects())('pedidos (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let f: Fixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
    // The sales aggregates (per product and per customer) equal a recount after fulfils and undos.
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });

  const ok = async <T>(method: 'POST' | 'PUT', url: string, payload: object, cookie = admin): Promise<T> => {
    const response = await t.call(cookie, { method, url, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as T;
  };

  /**
   * Colombia (Medio: R1 10 kg roasted 05/03, R2 8 kg roasted 06/03; Oscuro: R3 5 kg,
   * 2 of them in the blend CASA-1 of recipe 'Casa'), customer 'Café Sol', formats 250 g and 1 kg.
   */
  beforeEach(async () => {
    await resetDatabase(t.db);
    const origin = await ok<{ id: number }>('POST', '/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca A'] });
    const green = await ok<{ id: number }>('POST', '/api/green-coffee', {
      origin_id: origin.id,
      supplier_finca: 'Finca A',
      quantity_kg: 100,
      unit_price: 8,
      entry_date: '2024-03-01',
      batch_code: 'VERDE-1',
    });
    const roast = (batch_code: string, green_kg: number, kg: number, roast_type: string, roast_date: string) =>
      ok<{ id: number; batch_code: string }>('POST', '/api/roasted-coffee', {
        green_coffee_id: green.id,
        quantity_green_kg: green_kg,
        resultant_kg: kg,
        roast_type,
        roast_date,
        batch_code,
      });
    // R2 is entered first, so id order and roast order differ: the allocation follows the roast date.
    const r2 = await roast('CO-R2', 10, 8, 'Medio', '2024-03-06');
    const r1 = await roast('CO-R1', 12, 10, 'Medio', '2024-03-05');
    const r3 = await roast('CO-R3', 6, 5, 'Oscuro', '2024-03-05');
    const recipe = await ok<{ id: number }>('POST', '/api/blend-recipes', { name: 'Casa', components: [{ origin_id: origin.id, percentage: 100 }] });
    const blend = await ok<{ id: number; batch_code: string }>('POST', '/api/blended-coffee', {
      name: 'Casa',
      total_quantity_kg: 2,
      creation_date: '2024-03-10',
      batch_code: 'CASA-1',
      recipe_id: recipe.id,
      components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: r3.id, quantity_used: 2 }] }],
    });
    const customer = await ok<{ id: number }>('POST', '/api/customers', { name: 'Café Sol', kind: 'cafeteria' });
    const now = Date.now();
    const format = async (name: string, grams: number) =>
      (await t.db.insertInto('sale_formats').values({ name, name_key: name.toLowerCase(), grams, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    f = { customer: customer.id, origin: origin.id, recipe: recipe.id, r1, r2, r3, blend, bag250: await format('Bolsa 250 g', 250), bag1k: await format('Bolsa 1 kg', 1000) };
  });

  const medio = () => ({ kind: 'tostado', origin_id: f.origin, roast_type: 'Medio' });
  const orderBody = (change: Record<string, unknown> = {}) => ({
    customer_id: f.customer,
    due_date: addDays(today(), 3),
    notes: 'Entregar por la mañana',
    repeat_weeks: null,
    lines: [
      { product: medio(), format_id: f.bag250, quantity: 40, unit_price: 21.5, grind: 'grano' },
      { product: { kind: 'mezcla', recipe_id: f.recipe }, format_id: null, quantity: 1.5, unit_price: 25, grind: 'molido' },
    ],
    ...change,
  });
  const post = (url: string, payload?: unknown, cookie = tecnico, key?: string) =>
    t.call(cookie, {
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: key ? { 'idempotency-key': key } : {},
    });
  const get = (url: string, cookie = tecnico) => t.call(cookie, { method: 'GET', url });
  const create = async (change: Record<string, unknown> = {}): Promise<Order> => {
    const response = await post('/api/orders', orderBody(change));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const allocation = async (id: number): Promise<Allocation> => {
    const response = await get(`/api/orders/${id}/allocation`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Allocation>();
  };
  /** The fulfil body that takes what the allocation proposes, with the stock it showed. */
  const proposed = (a: Allocation) => ({
    lines: a.lines.map((line) => ({
      line_id: line.line_id,
      lots: line.lots.filter((lot) => lot.kg > 0).map((lot) => ({ lot_kind: lot.lot_kind, lot_id: lot.lot_id, kg: lot.kg, expected_stock_kg: lot.stock_kg })),
    })),
  });
  const fulfil = async (id: number): Promise<Order> => {
    const response = await post(`/api/orders/${id}/fulfil`, proposed(await allocation(id)));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  /** The default order prepared by hand: line 1 (10 kg of 250 g bags) from R1 6 kg (24 bags) and R2 4 kg (16 bags), line 2 from the blend, with the stock the fixture gave each. */
  const splitBody = (order: Order) => ({
    lines: [
      {
        line_id: order.lines[0]!.id,
        lots: [
          { lot_kind: 'tostado', lot_id: f.r1.id, kg: 6, expected_stock_kg: 10 },
          { lot_kind: 'tostado', lot_id: f.r2.id, kg: 4, expected_stock_kg: 8 },
        ],
      },
      { line_id: order.lines[1]!.id, lots: [{ lot_kind: 'mezcla', lot_id: f.blend.id, kg: 1.5, expected_stock_kg: 2 }] },
    ],
  });
  const expectError = (response: LightMyRequestResponse, status: number, message: string) =>
    expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({ status, message });
  const stock = async () => ({
    r1: await stockOf(t.db, 'roasted', f.r1.id),
    r2: await stockOf(t.db, 'roasted', f.r2.id),
    blend: await stockOf(t.db, 'blend', f.blend.id),
  });
  const counts = async () => ({
    orders: (await t.db.selectFrom('orders').select('id').execute()).length,
    sales: (await t.db.selectFrom('sales').select('id').execute()).length,
    counters: await t.db.selectFrom('delivery_note_counters').selectAll().execute(),
  });
  const noteOf = (seq: number) => `${today().slice(0, 4)}-${String(seq).padStart(4, '0')}`;

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const calls = [
      get('/api/orders', ''),
      get('/api/orders/1', ''),
      get('/api/orders/1/allocation', ''),
      get('/api/orders/price-hint?kind=mezcla&recipe_id=1', ''),
      t.call(undefined, { method: 'POST', url: '/api/orders', payload: orderBody() }),
      t.call(undefined, { method: 'PUT', url: '/api/orders/1', payload: { ...orderBody(), version: 1 } }),
      t.call(undefined, { method: 'POST', url: '/api/orders/1/fulfil', payload: { lines: [] } }),
      t.call(undefined, { method: 'POST', url: '/api/orders/1/undo-fulfil' }),
      t.call(undefined, { method: 'POST', url: '/api/orders/1/deliver' }),
      t.call(undefined, { method: 'POST', url: '/api/orders/1/cancel' }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
    expect((await counts()).orders).toBe(0);
  });

  it('creates an order for a tecnico: pending, dated today, each line with its kilos, names and total', async () => {
    const order = await create();
    expect(order).toMatchObject({
      version: 1,
      status: 'pendiente',
      customer_id: f.customer,
      customer_name: 'Café Sol',
      order_date: today(),
      due_date: addDays(today(), 3),
      notes: 'Entregar por la mañana',
      repeat_weeks: null,
      prepared_date: null,
      delivered_date: null,
      delivery_note_number: null,
      next_order_id: null,
      sale_ids: [],
      // 40 × 250 g = 10 kg at 21.50 = 215.00; 1.5 kg at 25 = 37.50.
      kg: 11.5,
      total: 252.5,
    });
    expect(order.lines).toEqual([
      {
        id: expect.any(Number),
        product: medio(),
        product_name: 'Colombia · Medio',
        format_id: f.bag250,
        format_name: 'Bolsa 250 g',
        bags: 40,
        quantity: 40,
        kg: 10,
        unit_price: 21.5,
        total: 215,
        grind: 'grano',
      },
      {
        id: expect.any(Number),
        product: { kind: 'mezcla', recipe_id: f.recipe },
        product_name: 'Casa',
        format_id: null,
        format_name: null,
        bags: null,
        quantity: 1.5,
        kg: 1.5,
        unit_price: 25,
        total: 37.5,
        grind: 'molido',
      },
    ]);
    expect((await get(`/api/orders/${order.id}`)).json()).toEqual(order);
    const entry = await t.db.selectFrom('activity_log').select(['area', 'action', 'record_label']).where('area', '=', 'orders').executeTakeFirstOrThrow();
    expect(entry).toEqual({ area: 'orders', action: 'create', record_label: `Pedido ${order.id} · Café Sol` });
  });

  it.each([
    ['a due date in the past', () => ({ due_date: addDays(today(), -1) }), m.dueDatePast],
    ['a due date that is no day', () => ({ due_date: '2026-02-31' }), m.invalidDueDate('2026-02-31')],
    ['a due date years ahead', () => ({ due_date: addDays(today(), 400) }), m.dueDateTooFar],
    ['no lines', () => ({ lines: [] }), m.noLines],
    ['a customer id that does not exist', () => ({ customer_id: 999 }), m.invalidCustomer],
    ['a line of an unknown origin', () => ({ lines: [{ product: { kind: 'tostado', origin_id: 999, roast_type: 'Medio' }, format_id: null, quantity: 1, unit_price: 20, grind: 'grano' }] }), m.line(1, m.unknownOrigin)],
    ['a line of an unknown recipe', () => ({ lines: [orderBody().lines[0], { product: { kind: 'mezcla', recipe_id: 999 }, format_id: null, quantity: 1, unit_price: 20, grind: 'grano' }] }), m.line(2, m.unknownRecipe)],
    ['a line of an unknown roast type', () => ({ lines: [{ product: { kind: 'tostado', origin_id: f.origin, roast_type: 'Rubio' }, format_id: null, quantity: 1, unit_price: 20, grind: 'grano' }] }), m.invalidProduct],
    ['a line of an unknown format', () => ({ lines: [{ product: medio(), format_id: 999, quantity: 4, unit_price: 20, grind: 'grano' }] }), m.line(1, m.invalidFormat)],
    ['a line of half a bag', () => ({ lines: [{ product: medio(), format_id: f.bag250, quantity: 2.5, unit_price: 20, grind: 'grano' }] }), m.bagsWhole],
    ['a line of 0 kg', () => ({ lines: [{ product: medio(), format_id: null, quantity: 0, unit_price: 20, grind: 'grano' }] }), m.quantityPositive],
    ['a line of 4 decimals of kg', () => ({ lines: [{ product: medio(), format_id: null, quantity: 1.0005, unit_price: 20, grind: 'grano' }] }), m.quantityDecimals],
    ['a negative price', () => ({ lines: [{ product: medio(), format_id: null, quantity: 1, unit_price: -1, grind: 'grano' }] }), m.priceNegative],
    ['an unknown grind', () => ({ lines: [{ product: medio(), format_id: null, quantity: 1, unit_price: 20, grind: 'espresso' }] }), m.invalidGrind],
    ['a repeat of 3 weeks', () => ({ repeat_weeks: 3 }), m.invalidRepeat],
  ])('refuses %s with a Spanish 400, writing nothing', async (_case, change, message) => {
    const response = await post('/api/orders', orderBody(change()));
    expectError(response, 400, message);
    expect((await counts()).orders).toBe(0);
  });

  it('refuses an inactive customer and an inactive format', async () => {
    await t.db.updateTable('sale_formats').set({ active: 0 }).where('id', '=', f.bag250).execute();
    expectError(await post('/api/orders', orderBody()), 400, m.line(1, m.invalidFormat));
    await t.db.updateTable('customers').set({ active: 0 }).where('id', '=', f.customer).execute();
    expectError(await post('/api/orders', orderBody({ lines: [orderBody().lines[1]] })), 400, m.invalidCustomer);
    expect((await counts()).orders).toBe(0);
  });

  it('creates the shop import\'s orders in its transaction, a batch at a time: all of them, or none when one is refused', async () => {
    const body = orderBodySchema.parse(orderBody());
    const shopOrder = (number: string, customer = f.customer) => ({ body: { ...body, customer_id: customer }, order_date: '2026-11-02', shop: { source: 'shopify', number } });
    const refusal = (index: number, message: string) => `#${index}: ${message}`;
    const made = await withWriteTransaction(t.db, (trx) => createShopOrders(trx, [shopOrder('#1'), shopOrder('#2')], null, refusal));
    expect(made).toHaveLength(2);
    const rows = await t.db.selectFrom('orders').select(['id', 'status', 'order_date', 'shop_order']).orderBy('id').execute();
    expect(rows).toEqual(made.map((order, index) => ({ id: order.id, status: 'pendiente', order_date: '2026-11-02', shop_order: `#${index + 1}` })));
    expect(await t.db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: 4 });
    await expect(withWriteTransaction(t.db, (trx) => createShopOrders(trx, [shopOrder('#3'), shopOrder('#4', 999)], null, refusal))).rejects.toThrow(`#1: ${m.invalidCustomer}`);
    expect((await counts()).orders).toBe(2);
  });

  it('creates one order for a create retried with its Idempotency-Key, answering the first answer again', async () => {
    const first = await post('/api/orders', orderBody(), tecnico, 'pedido-1');
    const again = await post('/api/orders', orderBody(), tecnico, 'pedido-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await counts()).orders).toBe(1);
  });

  it('edits a pending order with its version (409 on a stale one, 428 without), and refuses to edit a prepared one', async () => {
    const order = await create();
    const put = (payload: object) => t.call(tecnico, { method: 'PUT', url: `/api/orders/${order.id}`, payload });
    const edited = await put({ ...orderBody({ notes: 'Por la tarde', lines: [orderBody().lines[1]] }), version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Order>()).toMatchObject({ version: 2, notes: 'Por la tarde', kg: 1.5 });
    expect(edited.json<Order>().lines).toHaveLength(1);
    expectError(await put({ ...orderBody(), version: 1 }), 409, m.editedByOther);
    expectError(await put({ ...orderBody(), version: undefined }), 428, recordVersionMessages.missing);
    const prepared = await fulfil(order.id);
    expect(prepared.version).toBe(3);
    expectError(await put({ ...orderBody(), version: 3 }), 409, m.notPending('Preparado'));
    expectError(await t.call(tecnico, { method: 'PUT', url: '/api/orders/999', payload: { ...orderBody(), version: 1 } }), 404, m.notFound);
  });

  it('proposes the lots of each line oldest roast first, covering its kilos, the lines of one product sharing them', async () => {
    const order = await create({
      lines: [
        { product: medio(), format_id: f.bag1k, quantity: 9, unit_price: 20, grind: 'grano' },
        { product: medio(), format_id: null, quantity: 5, unit_price: 20, grind: 'molido' },
        { product: { kind: 'mezcla', recipe_id: f.recipe }, format_id: null, quantity: 3, unit_price: 25, grind: 'grano' },
      ],
    });
    const a = await allocation(order.id);
    const lot = (l: { id: number; batch_code: string }, date: string, kind: 'tostado' | 'mezcla', kg: number, stock_kg: number) => ({
      lot_kind: kind,
      lot_id: l.id,
      batch_code: l.batch_code,
      made_date: date,
      kg,
      stock_kg,
      age_days: expect.any(Number),
      freshness: 'pasado',
    });
    expect(a).toEqual({
      order_id: order.id,
      lines: [
        { line_id: order.lines[0]!.id, kg: 9, missing_kg: 0, lots: [lot(f.r1, '2024-03-05', 'tostado', 9, 10), lot(f.r2, '2024-03-06', 'tostado', 0, 8)] },
        { line_id: order.lines[1]!.id, kg: 5, missing_kg: 0, lots: [lot(f.r1, '2024-03-05', 'tostado', 1, 10), lot(f.r2, '2024-03-06', 'tostado', 4, 8)] },
        // 2 kg of blend on hand: 1 kg short.
        { line_id: order.lines[2]!.id, kg: 3, missing_kg: 1, lots: [lot(f.blend, '2024-03-10', 'mezcla', 2, 2)] },
      ],
    });
  });

  it('fulfils in one transaction: one sale per line and lot, today, with the customer, price, format and bags; stock down; a delivery note', async () => {
    const order = await create();
    const before = await stock();
    const response = await post(`/api/orders/${order.id}/fulfil`, splitBody(order));
    expect(response.statusCode, response.body).toBe(200);
    const prepared = response.json<Order>();
    expect(prepared).toMatchObject({ status: 'preparado', prepared_date: today(), delivery_note_number: noteOf(1), version: 2 });
    expect(prepared.sale_ids).toHaveLength(3);
    // The answer is made from what the fulfil read and wrote, not read back (docs/decisions/0055): the same as reading the order.
    expect(prepared).toEqual((await get(`/api/orders/${order.id}`)).json<Order>());
    expect(await stock()).toEqual({ r1: before.r1! - 6000, r2: before.r2! - 4000, blend: before.blend! - 1500 });
    const sales = await t.db
      .selectFrom('sales')
      .select(['product_type', 'product_id', 'quantity_g', 'unit_price_cents', 'sale_date', 'customer_id', 'format_id', 'bags', 'order_line_id', 'batch_code_sold'])
      .orderBy('id')
      .execute();
    expect(sales).toEqual([
      { product_type: 'tostado', product_id: f.r1.id, quantity_g: 6000, unit_price_cents: 2150, sale_date: today(), customer_id: f.customer, format_id: f.bag250, bags: 24, order_line_id: order.lines[0]!.id, batch_code_sold: 'CO-R1' },
      { product_type: 'tostado', product_id: f.r2.id, quantity_g: 4000, unit_price_cents: 2150, sale_date: today(), customer_id: f.customer, format_id: f.bag250, bags: 16, order_line_id: order.lines[0]!.id, batch_code_sold: 'CO-R2' },
      { product_type: 'mezcla', product_id: f.blend.id, quantity_g: 1500, unit_price_cents: 2500, sale_date: today(), customer_id: f.customer, format_id: null, bags: null, order_line_id: order.lines[1]!.id, batch_code_sold: 'CASA-1' },
    ]);
    // The sales aggregates count them as any sale (the reports read them).
    const daily = await t.db.selectFrom('sales_daily').select(['quantity_g', 'sale_count']).where('sale_date', '=', today()).execute();
    expect(daily.reduce((sum, row) => sum + Number(row.quantity_g), 0)).toBe(11500);
    const byCustomer = await t.db.selectFrom('sales_customer_totals').select(['quantity_g']).where('customer_id', '=', f.customer).execute();
    expect(byCustomer.reduce((sum, row) => sum + Number(row.quantity_g), 0)).toBe(11500);
    expect(await t.db.selectFrom('delivery_note_counters').selectAll().execute()).toEqual([{ year: Number(today().slice(0, 4)), last_seq: 1 }]);
  });

  it('keeps the format but no bags on a lot whose kilos are not a whole number of bags', async () => {
    const order = await create({ lines: [{ product: medio(), format_id: f.bag1k, quantity: 11, unit_price: 20, grind: 'grano' }] });
    const response = await post(`/api/orders/${order.id}/fulfil`, {
      lines: [
        {
          line_id: order.lines[0]!.id,
          lots: [
            { lot_kind: 'tostado', lot_id: f.r1.id, kg: 9.5, expected_stock_kg: 10 },
            { lot_kind: 'tostado', lot_id: f.r2.id, kg: 1.5, expected_stock_kg: 8 },
          ],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const sales = await t.db.selectFrom('sales').select(['quantity_g', 'format_id', 'bags']).orderBy('id').execute();
    expect(sales).toEqual([
      { quantity_g: 9500, format_id: null, bags: null },
      { quantity_g: 1500, format_id: null, bags: null },
    ]);
  });

  it('fulfils all or nothing: one lot whose stock changed refuses with its code, no sale, stock and counter untouched', async () => {
    const order = await create();
    // A sale of R2 after the allocation was shown (the body still says 8 kg).
    await ok('POST', '/api/sales', { product_id: f.r2.id, product_type: 'tostado', quantity_kg: 0.5, unit_price: 20, sale_date: today(), batch_code_sold: 'CO-R2' });
    const before = await stock();
    expectError(await post(`/api/orders/${order.id}/fulfil`, splitBody(order)), 409, m.lotChanged('CO-R2'));
    expect(await stock()).toEqual(before);
    expect(await counts()).toEqual({ orders: 1, sales: 1, counters: [] });
    expect((await get(`/api/orders/${order.id}`)).json<Order>()).toMatchObject({ status: 'pendiente', version: 1, delivery_note_number: null });
  });

  type Lots = { lot_kind: string; lot_id: number; kg: number; expected_stock_kg: number }[];
  const refusals: [string, () => Lots | 'skip-line', number, () => string][] = [
    ['lots that do not sum to the line', () => [{ lot_kind: 'tostado', lot_id: f.r1.id, kg: 9, expected_stock_kg: 10 }], 400, () => m.lineSumMismatch(1, '10', '9')],
    ['a lot of another product', () => [{ lot_kind: 'tostado', lot_id: f.r3.id, kg: 3, expected_stock_kg: 3 }], 400, () => m.lotWrongProduct('CO-R3')],
    ['a line left out', () => 'skip-line', 400, () => m.fulfilLinesMismatch],
    ['more than the lot has', () => [{ lot_kind: 'tostado', lot_id: f.r2.id, kg: 10, expected_stock_kg: 8 }], 409, () => m.lotNotEnough('CO-R2', '8')],
    ['a lot that does not exist', () => [{ lot_kind: 'tostado', lot_id: 999, kg: 10, expected_stock_kg: 10 }], 409, () => m.lotNotFound],
  ];
  it.each(refusals)('refuses a fulfil with %s, writing nothing', async (_case, lotsOfLine1, status, message) => {
    const order = await create();
    const blendLine = { line_id: order.lines[1]!.id, lots: [{ lot_kind: 'mezcla', lot_id: f.blend.id, kg: 1.5, expected_stock_kg: 2 }] };
    const lots = lotsOfLine1();
    const body = { lines: lots === 'skip-line' ? [blendLine] : [{ line_id: order.lines[0]!.id, lots }, blendLine] };
    const before = await stock();
    expectError(await post(`/api/orders/${order.id}/fulfil`, body), status, message());
    expect(await stock()).toEqual(before);
    expect(await counts()).toEqual({ orders: 1, sales: 0, counters: [] });
  });

  it('fulfils once for a retried fulfil with its Idempotency-Key, and refuses a second fulfil (409)', async () => {
    const order = await create();
    const body = proposed(await allocation(order.id));
    const first = await post(`/api/orders/${order.id}/fulfil`, body, tecnico, 'preparar-1');
    const again = await post(`/api/orders/${order.id}/fulfil`, body, tecnico, 'preparar-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await counts()).sales).toBe(2);
    expectError(await post(`/api/orders/${order.id}/fulfil`, body), 409, m.cannotFulfil('Preparado'));
    expect((await counts()).sales).toBe(2);
  });

  it('undoes a preparation: its sales gone, the stock back exactly, pending again, its delivery note kept and reused', async () => {
    const before = await stock();
    const order = await create();
    const other = await create({ lines: [{ product: medio(), format_id: null, quantity: 1, unit_price: 20, grind: 'grano' }] });
    const prepared = await fulfil(order.id);
    expect(prepared.delivery_note_number).toBe(noteOf(1));
    const undone = await post(`/api/orders/${order.id}/undo-fulfil`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<Order>()).toMatchObject({ status: 'pendiente', prepared_date: null, sale_ids: [], delivery_note_number: noteOf(1) });
    expect(await stock()).toEqual(before);
    expect((await counts()).sales).toBe(0);
    const daily = await t.db.selectFrom('sales_daily').select(['quantity_g']).where('sale_date', '=', today()).execute();
    expect(daily.reduce((sum, row) => sum + Number(row.quantity_g), 0)).toBe(0);
    // Its month's 'Margen bruto', if kept, is costed again (docs/decisions/0048): one bump for the order's sales.
    const revision = await t.db.selectFrom('sales_month_revisions').select('revision').where('month', '=', today().slice(0, 7)).executeTakeFirst();
    expect(Number(revision?.revision)).toBe(1);
    // Another order prepared meanwhile draws the next number; the first keeps its own when prepared again.
    expect((await fulfil(other.id)).delivery_note_number).toBe(noteOf(2));
    const again = await fulfil(order.id);
    expect(again.delivery_note_number).toBe(noteOf(1));
    // Prepared again after an undo: its answer names only the new sales, as reading the order does.
    expect(again).toEqual((await get(`/api/orders/${order.id}`)).json<Order>());
    expect(again.sale_ids.some((id) => prepared.sale_ids.includes(id))).toBe(false);
    expect((await counts()).counters).toEqual([{ year: Number(today().slice(0, 4)), last_seq: 2 }]);
  });

  it('refuses to undo a pending order, to cancel a prepared one, and to deliver a pending one (409, Spanish)', async () => {
    const order = await create();
    expectError(await post(`/api/orders/${order.id}/undo-fulfil`), 409, m.cannotUndo('Pendiente'));
    expectError(await post(`/api/orders/${order.id}/deliver`), 409, m.cannotDeliver('Pendiente'));
    await fulfil(order.id);
    expectError(await post(`/api/orders/${order.id}/cancel`), 409, m.cannotCancel('Preparado'));
    expectError(await post('/api/orders/999/cancel'), 404, m.notFound);
  });

  it('cancels a pending order; a cancelled one cannot be prepared', async () => {
    const order = await create();
    const cancelled = await post(`/api/orders/${order.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({ status: 'cancelado', version: 2 });
    expectError(await post(`/api/orders/${order.id}/fulfil`, proposed(await allocation(order.id))), 409, m.cannotFulfil('Cancelado'));
    const entry = await t.db.selectFrom('activity_log').select(['action', 'changes']).where('area', '=', 'orders').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.action).toBe('update');
    expect(JSON.stringify(entry.changes)).toContain('cancelado');
  });

  it('delivers a weekly order once: delivered today, its next order due a week after with the same lines; a retried deliver creates nothing more', async () => {
    const order = await create({ repeat_weeks: 1 });
    await fulfil(order.id);
    const first = await post(`/api/orders/${order.id}/deliver`, undefined, tecnico, 'entregar-1');
    expect(first.statusCode, first.body).toBe(200);
    const delivered = first.json<Order>();
    expect(delivered).toMatchObject({ status: 'entregado', delivered_date: today(), next_order_id: expect.any(Number) });
    const again = await post(`/api/orders/${order.id}/deliver`, undefined, tecnico, 'entregar-1');
    expect(again.json()).toEqual(delivered);
    expectError(await post(`/api/orders/${order.id}/deliver`), 409, m.cannotDeliver('Entregado'));
    expect((await counts()).orders).toBe(2);
    const next = (await get(`/api/orders/${delivered.next_order_id}`)).json<Order>();
    expect(next).toMatchObject({
      status: 'pendiente',
      customer_id: f.customer,
      order_date: today(),
      due_date: addDays(order.due_date, 7),
      notes: order.notes,
      repeat_weeks: 1,
      delivery_note_number: null,
      kg: order.kg,
      total: order.total,
    });
    expect(next.lines.map(({ id: _id, ...line }) => line)).toEqual(order.lines.map(({ id: _id, ...line }) => line));
  });

  it('delivers a one-off order without creating another', async () => {
    const order = await create();
    await fulfil(order.id);
    const delivered = await post(`/api/orders/${order.id}/deliver`);
    expect(delivered.json<Order>()).toMatchObject({ status: 'entregado', next_order_id: null });
    expect((await counts()).orders).toBe(1);
  });

  it('lists by due date with filters and a keyset cursor', async () => {
    const a = await create({ due_date: addDays(today(), 5) });
    const b = await create({ due_date: addDays(today(), 1) });
    const c = await create({ due_date: addDays(today(), 3) });
    await post(`/api/orders/${c.id}/cancel`);
    const page = async (query: string) => {
      const response = await get(`/api/orders${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OrderPage>();
    };
    const first = await page('?limit=2');
    expect(first.items.map((item) => item.id)).toEqual([b.id, c.id]);
    expect(first.items[0]).toMatchObject({ customer_name: 'Café Sol', kg: 11.5, total: 252.5, line_count: 2, status: 'pendiente' });
    const second = await page(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((item) => item.id)).toEqual([a.id]);
    expect(second.next_cursor).toBeNull();
    expect((await page('?status=cancelado')).items.map((item) => item.id)).toEqual([c.id]);
    expect((await page(`?status=pendiente&due_from=${addDays(today(), 2)}`)).items.map((item) => item.id)).toEqual([a.id]);
    expect((await page(`?customer_id=${f.customer}&due_to=${addDays(today(), 3)}`)).items.map((item) => item.id)).toEqual([b.id, c.id]);
    expect((await page('?customer_id=999')).items).toEqual([]);
    expectError(await get('/api/orders?cursor=abc'), 400, m.invalidCursor);
    expectError(await get('/api/orders?status=enviado'), 400, commonMessages.invalidRequest);
  });

  it('hints a line price: the type default, then the product price, then the customer’s last sale of that product', async () => {
    const hint = async (query: string) => (await get(`/api/orders/price-hint?${query}`)).json();
    const roasted = `customer_id=${f.customer}&kind=tostado&origin_id=${f.origin}&roast_type=Medio`;
    expect(await hint(roasted)).toEqual({ unit_price: 15, source: 'predeterminado' });
    expect(await hint(`kind=mezcla&recipe_id=${f.recipe}`)).toEqual({ unit_price: 25, source: 'predeterminado' });
    await ok('POST', '/api/product-prices', { product_type: 'tostado', origin_id: f.origin, roast_type: 'Medio', price: 19.9 });
    expect(await hint(roasted)).toEqual({ unit_price: 19.9, source: 'producto' });
    await ok('POST', '/api/sales', { product_id: f.r2.id, product_type: 'tostado', quantity_kg: 1, unit_price: 22.4, sale_date: today(), batch_code_sold: 'CO-R2', customer_id: f.customer });
    expect(await hint(roasted)).toEqual({ unit_price: 22.4, source: 'cliente' });
    // Another roast type of the same origin is another product: not the customer's price.
    expect(await hint(`customer_id=${f.customer}&kind=tostado&origin_id=${f.origin}&roast_type=Oscuro`)).toEqual({ unit_price: 15, source: 'predeterminado' });
    expectError(await get('/api/orders/price-hint?kind=tostado'), 400, m.invalidProduct);
  });

  it('refuses in Ventas an edit or delete of a sale an order prepared (409, use Deshacer preparación)', async () => {
    const order = await create();
    const prepared = await fulfil(order.id);
    const saleId = prepared.sale_ids[0]!;
    const sale = (await get(`/api/sales/${saleId}`)).json<{ version: number; product_id: number }>();
    const edit = await t.call(tecnico, {
      method: 'PUT',
      url: `/api/sales/${saleId}`,
      payload: { product_id: sale.product_id, product_type: 'tostado', quantity_kg: 1, unit_price: 20, sale_date: today(), batch_code_sold: 'CO-R1', version: sale.version },
    });
    expectError(edit, 409, m.saleBelongsToOrder(order.id));
    expectError(await t.call(tecnico, { method: 'DELETE', url: `/api/sales/${saleId}` }), 409, m.saleBelongsToOrder(order.id));
    expect((await counts()).sales).toBe(2);
  });

  it('refuses to delete a customer, an origin, a recipe or a format an order uses (409, Spanish), not a 500', async () => {
    await create();
    expectError(await t.call(admin, { method: 'DELETE', url: `/api/customers/${f.customer}` }), 409, m.customerInOrders);
    expectError(await t.call(admin, { method: 'DELETE', url: `/api/blend-recipes/${f.recipe}` }), 409, m.recipeInOrders);
    // An origin with no lots and no blends, ordered only.
    const peru = await ok<{ id: number }>('POST', '/api/coffee-origins', { name: 'Perú', kilos_per_bag: 69, suppliers_fincas: ['Finca P'] });
    await create({ lines: [{ product: { kind: 'tostado', origin_id: peru.id, roast_type: 'Claro' }, format_id: null, quantity: 2, unit_price: 20, grind: 'grano' }] });
    expectError(await t.call(admin, { method: 'DELETE', url: `/api/coffee-origins/${peru.id}` }), 409, m.originInOrders);
    // A format an order line uses: the formats area's own refusal (deactivate it instead).
    expectError(await t.call(admin, { method: 'DELETE', url: `/api/sale-formats/${f.bag250}` }), 409, saleFormatMessages.deleteInUse);
  });
});
