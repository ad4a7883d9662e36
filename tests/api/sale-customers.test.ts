import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerMessages } from '#shared/customer-messages.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * A customer on any sale, optional (docs/product-guide.md#ventas): `customer_id` in the body,
 * `customer_id` and `customer_name` in the answers, 'Cliente' in the CSV and the customer in the
 * activity log. Absent or null is a counter sale.
 */

interface Sale {
  id: number;
  version: number;
  customer_id: number | null;
  customer_name: string | null;
}

describe.each(testDialects())('ventas con cliente (%s)', (dialect) => {
  let t: TestApp;
  let tecnico: string;
  let admin: string;
  let chain: Chain;
  let sol: number;
  let luna: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tecnico = await t.signIn('tecnico', 'ana');
    admin = await t.signIn('administrador', 'jefa');
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
  const deactivate = async (id: number) =>
    expect((await t.call(tecnico, { method: 'PUT', url: `/api/customers/${id}`, payload: { name: 'Tienda Luna', kind: 'cafeteria', active: false } })).statusCode).toBe(200);

  const body = (change: Record<string, unknown> = {}) => ({
    product_id: chain.r1.id,
    product_type: 'tostado',
    quantity_kg: 2,
    unit_price: 20,
    sale_date: '2024-05-10',
    batch_code_sold: chain.r1.batch_code,
    ...change,
  });
  const post = (payload: object, cookie = tecnico, headers: Record<string, string> = {}) => t.call(cookie, { method: 'POST', url: '/api/sales', payload, headers });
  const put = (id: number, payload: object, cookie = tecnico) => t.call(cookie, { method: 'PUT', url: `/api/sales/${id}`, payload });
  const created = async (payload: object, cookie = tecnico): Promise<Sale> => {
    const response = await post(payload, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Sale>();
  };
  const listed = async () => (await t.call(tecnico, { method: 'GET', url: '/api/sales' })).json<{ items: Sale[] }>().items;
  const stored = async () => (await t.db.selectFrom('sales').select(['id', 'customer_id', 'quantity_g']).orderBy('id').execute()).map((row) => ({ ...row, quantity_g: Number(row.quantity_g) }));
  const expectInvalidCustomer = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: m.invalidCustomer });
  };

  it("has the field's message word for word", () => {
    expect(m.invalidCustomer).toBe('Cliente: elige un cliente activo de la lista.');
  });

  it('records a sale for a customer, as either role, and answers, lists and stores it with the name', async () => {
    const bySeller = await created(body({ customer_id: sol }));
    expect(bySeller).toMatchObject({ customer_id: sol, customer_name: 'Cafetería Sol' });
    const byAdmin = await created(body({ customer_id: luna, quantity_kg: 1 }), admin);
    expect(byAdmin).toMatchObject({ customer_id: luna, customer_name: 'Tienda Luna' });
    expect((await listed()).map((sale) => [sale.id, sale.customer_id, sale.customer_name])).toEqual([
      [byAdmin.id, luna, 'Tienda Luna'],
      [bySeller.id, sol, 'Cafetería Sol'],
    ]);
    expect(await stored()).toEqual([
      { id: bySeller.id, customer_id: sol, quantity_g: 2_000 },
      { id: byAdmin.id, customer_id: luna, quantity_g: 1_000 },
    ]);
  });

  it('records a counter sale when the customer is absent or null', async () => {
    const absent = await created(body());
    const none = await created(body({ customer_id: null, quantity_kg: 1 }));
    for (const sale of [absent, none]) expect(sale).toMatchObject({ customer_id: null, customer_name: null });
    expect((await stored()).map((row) => row.customer_id)).toEqual([null, null]);
  });

  it('keeps showing the customer of a sale after it was deactivated or renamed', async () => {
    const sale = await created(body({ customer_id: luna }));
    await deactivate(luna);
    expect((await listed())[0]).toMatchObject({ id: sale.id, customer_id: luna, customer_name: 'Tienda Luna' });
  });

  describe('bad input: 400 naming the field, nothing written', () => {
    it.each([
      ['an unknown customer', 987_654],
      ['an id too large for the column', 99_999_999_999],
      ['zero', 0],
      ['a negative id', -1],
      ['a fraction', 1.5],
      ['text', 'Cafetería Sol'],
      ['a list', [1]],
    ])('refuses %s', async (_case, customerId) => {
      expectInvalidCustomer(await post(body({ customer_id: customerId })));
      expect(await stored()).toEqual([]);
      expect(await t.db.selectFrom('stock_movements').select('id').where('ref_kind', '=', 'sale').execute()).toEqual([]);
    });

    it('refuses a deactivated customer', async () => {
      await deactivate(luna);
      expectInvalidCustomer(await post(body({ customer_id: luna })));
      expect(await stored()).toEqual([]);
    });
  });

  describe('editing', () => {
    it('changes the customer, clears it (counter sale) and sets one again, each with its version', async () => {
      const sale = await created(body({ customer_id: sol }));
      const changed = await put(sale.id, body({ customer_id: luna, version: 1 }));
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<Sale>()).toMatchObject({ version: 2, customer_id: luna, customer_name: 'Tienda Luna' });
      const cleared = await put(sale.id, body({ customer_id: null, version: 2 }));
      expect(cleared.json<Sale>()).toMatchObject({ version: 3, customer_id: null, customer_name: null });
      const again = await put(sale.id, body({ customer_id: sol, version: 3 }), admin);
      expect(again.json<Sale>()).toMatchObject({ version: 4, customer_id: sol, customer_name: 'Cafetería Sol' });
      expect(await stored()).toEqual([{ id: sale.id, customer_id: sol, quantity_g: 2_000 }]);
    });

    it('an edit without the field makes it a counter sale, as a form without a customer sends', async () => {
      const sale = await created(body({ customer_id: sol }));
      expect((await put(sale.id, body({ version: 1 }))).json<Sale>()).toMatchObject({ customer_id: null });
    });

    it('refuses a stale version (409) or none (428), keeping the customer', async () => {
      const sale = await created(body({ customer_id: sol }));
      expect((await put(sale.id, body({ customer_id: luna, version: 1 }))).statusCode).toBe(200);
      const stale = await put(sale.id, body({ customer_id: null, version: 1 }));
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).message).toBe(m.editedByOther);
      expect((await put(sale.id, body({ customer_id: null, version: undefined }))).statusCode).toBe(428);
      expect(await stored()).toEqual([{ id: sale.id, customer_id: luna, quantity_g: 2_000 }]);
    });

    it('keeps a customer deactivated since, but refuses to switch to one or to an unknown one', async () => {
      const sale = await created(body({ customer_id: luna }));
      await deactivate(luna);
      const kept = await put(sale.id, body({ customer_id: luna, quantity_kg: 3, version: 1 }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<Sale>()).toMatchObject({ customer_id: luna, customer_name: 'Tienda Luna' });
      const other = await created(body({ customer_id: sol, quantity_kg: 1 }));
      expectInvalidCustomer(await put(other.id, body({ customer_id: luna, quantity_kg: 1, version: 1 })));
      expectInvalidCustomer(await put(other.id, body({ customer_id: 987_654, quantity_kg: 1, version: 1 })));
      expect(await stored()).toEqual([
        { id: sale.id, customer_id: luna, quantity_g: 3_000 },
        { id: other.id, customer_id: sol, quantity_g: 1_000 },
      ]);
    });
  });

  it('a retry with the same Idempotency-Key records one sale for the customer; another customer under that key is a 422', async () => {
    const key = 'c0ffee00-0000-4000-8000-000000000056';
    const first = await post(body({ customer_id: sol }), tecnico, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(body({ customer_id: sol }), tecnico, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await post(body({ customer_id: luna }), tecnico, { 'idempotency-key': key })).statusCode).toBe(422);
    expect(await stored()).toEqual([{ id: first.json<Sale>().id, customer_id: sol, quantity_g: 2_000 }]);
  });

  it('still refuses (409) to delete a customer with sales; once its sales are gone it can be', async () => {
    const sale = await created(body({ customer_id: sol }));
    const refused = await t.call(admin, { method: 'DELETE', url: `/api/customers/${sol}` });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'in_use', message: customerMessages.deleteInUse });
    expect((await t.call(tecnico, { method: 'DELETE', url: `/api/sales/${sale.id}` })).statusCode).toBe(204);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/customers/${sol}` })).statusCode).toBe(204);
  });

  it("exports 'Cliente', 'Coste' and 'Margen' as the list shows them, empty for a counter sale", async () => {
    const forSol = await created(body({ customer_id: sol }));
    await created(body({ quantity_kg: 1, sale_date: '2024-05-11' }));
    const rows = parse((await t.call(tecnico, { method: 'GET', url: '/api/sales/export.csv' })).body, { delimiter: ';', bom: true }) as string[][];
    const list = await listed();
    const figures = list.find((sale) => sale.id === forSol.id) as Sale & { cost: number; margin: number };
    // R1 costs 20000 × 800 / 16500 c per kg (trace-chain.ts): 2 kg → 19.39 $ of cost (exact, rounded once), 40 − 19.39 = 20.61 $ of margin.
    expect([figures.cost, figures.margin]).toEqual([19.39, 20.61]);
    expect(rows.map((row) => row.slice(6, 9))).toEqual([
      ['Cliente', 'Coste ($)', 'Margen ($)'],
      ['', '9,70', '10,30'],
      ['Cafetería Sol', '19,39', '20,61'],
    ]);
  });

  it('names the customer in the activity log, and the change of customer on an edit', async () => {
    const sale = await created(body({ customer_id: sol }));
    await put(sale.id, body({ customer_id: luna, version: 1 }));
    const entries = (await t.call(admin, { method: 'GET', url: '/api/activity?area=sales' })).json<{
      items: { action: string; record_label: string; changes: Record<string, { before: unknown; after: unknown }> | null }[];
    }>().items;
    // An edit's entry is named by the sale as it was (as every area's); its changes say the new customer.
    expect(entries.map((entry) => [entry.action, entry.record_label])).toEqual([
      ['update', 'Colombia · Medio · CO-R1 para Cafetería Sol'],
      ['create', 'Colombia · Medio · CO-R1 para Cafetería Sol'],
    ]);
    expect(entries[0]!.changes).toMatchObject({ customer_id: { before: sol, after: luna }, customer_name: { before: 'Cafetería Sol', after: 'Tienda Luna' } });
  });
});
