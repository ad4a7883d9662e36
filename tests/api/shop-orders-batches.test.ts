import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopImportResult, ShopPreview } from '#shared/schemas/shop-orders.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * The shop import writes a big file in batches (orders and their lines a hundred orders per
 * statement, activity entries 500 per statement, turns for other requests between them:
 * docs/decisions/0047-shop-orders-import.md). A file of several batches: every order with its own
 * lines and customer, every customer once, every entry logged, whatever batch each fell in.
 */
const ORDERS = 300;
const CUSTOMERS = 250;

/** Order i: customer i % CUSTOMERS (so the last 50 orders go to customers created by the first batch), 1 to 3 lines. */
const customerOf = (order: number) => order % CUSTOMERS;
const linesOf = (order: number) => Array.from({ length: 1 + (order % 3) }, (_, line) => ({ bags: 1 + ((order + line) % 4), euros: 10 + line }));

function shopFile(): string {
  const rows = ['Name,Email,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Billing Name'];
  for (let order = 0; order < ORDERS; order++) {
    const customer = customerOf(order);
    for (const [index, line] of linesOf(order).entries()) {
      const head = index === 0 ? [`cliente${customer}@example.es`, '2026-11-28 10:00:00 +0100'] : ['', ''];
      rows.push([`#${5000 + order}`, ...head, line.bags, 'Café Colombia 250 g', line.euros.toFixed(2), 'COL-250-G', index === 0 ? `Cliente Lote ${customer}` : ''].join(','));
    }
  }
  return `${rows.join('\n')}\n`;
}

describe.each(testDialects())('importación de la tienda en lotes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let colombia: number;
  let f250: number;

  const send = (path: string, body: string) =>
    t.call(tecnico, { method: 'POST', url: `/api/shop-orders/${path}`, headers: { 'content-type': 'text/csv' }, payload: body });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador', 'ana');
    tecnico = await t.signIn('tecnico', 'tomas');
  });
  beforeEach(async () => {
    await resetDatabase(t.db);
    colombia = (await t.call(admin, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca Sol'] } })).json<{ id: number }>().id;
    const now = Date.now();
    f250 = (await t.db.insertInto('sale_formats').values({ name: 'Bolsa 250 g', name_key: 'bolsa 250 g', grams: 250, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const sku = await t.call(tecnico, { method: 'POST', url: '/api/shop-skus', payload: { sku: 'COL-250-G', product: { kind: 'tostado', origin_id: colombia, roast_type: 'Medio' }, format_id: f250, grind: 'grano' } });
    expect(sku.statusCode, sku.body).toBe(201);
  });
  afterAll(() => t.close());

  it(`imports ${ORDERS} orders of ${CUSTOMERS} new customers across batches: each order its lines and customer, each entry logged once`, async () => {
    const file = shopFile();
    const preview = (await send('preview', file)).json<ShopPreview>();
    expect(preview.orders.map((order) => order.state)).toEqual(Array(ORDERS).fill('nuevo'));
    expect(preview.orders.flatMap((order) => order.problems)).toEqual([]);

    const response = await send('import', file);
    expect(response.statusCode, response.body).toBe(200);
    const { created, skipped } = response.json<ShopImportResult>();
    expect(created).toHaveLength(ORDERS);
    expect(skipped).toBe(0);

    const orders = await t.db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.id', 'o.shop_order', 'c.name as customer', 'c.email'])
      .orderBy('o.id')
      .execute();
    expect(orders).toEqual(
      Array.from({ length: ORDERS }, (_, order) => ({
        id: created[order],
        shop_order: `#${5000 + order}`,
        customer: `Cliente Lote ${customerOf(order)}`,
        email: `cliente${customerOf(order)}@example.es`,
      })),
    );
    const lines = await t.db.selectFrom('order_lines').select(['order_id', 'position', 'format_id', 'bags', 'quantity_g', 'unit_price_cents']).orderBy('order_id').orderBy('position').execute();
    expect(lines).toEqual(
      created.flatMap((id, order) =>
        linesOf(order).map((line, index) => ({ order_id: id, position: index + 1, format_id: f250, bags: line.bags, quantity_g: line.bags * 250, unit_price_cents: line.euros * 400 })),
      ),
    );
    const customerRows = await t.db.selectFrom('customers').select(['id', 'name']).where('kind', '=', 'online').orderBy('id').execute();
    expect(customerRows.map((row) => row.name)).toEqual(Array.from({ length: CUSTOMERS }, (_, customer) => `Cliente Lote ${customer}`));

    const activity = await t.db.selectFrom('activity_log').select(['area', 'record_id']).where('action', '=', 'import').orderBy('id').execute();
    expect(activity.filter((entry) => entry.area === 'orders').map((entry) => entry.record_id)).toEqual(created);
    expect(activity.filter((entry) => entry.area === 'customers').map((entry) => entry.record_id)).toEqual(customerRows.map((row) => row.id));

    const again = await send('import', file);
    expect(again.json()).toEqual({ created: [], skipped: ORDERS });
  });
});
