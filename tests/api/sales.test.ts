import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { openDatabase } from '#server/db/database.js';
import { findLedgerMismatches, stockOf } from '#server/ledger/ledger.js';
import { countSale, findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { localIsoDate } from '#shared/local-date.js';
import { commonMessages } from '#shared/messages.js';
import { blendedCoffeeMessages } from '#shared/blended-coffee-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { checkStockCommand } from '../helpers/check-stock.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';

interface Lot { id: number; batch_code: string }
interface Sale {
  id: number;
  product_id: number;
  product_type: 'tostado' | 'mezcla';
  product_name: string;
  quantity_kg: number;
  unit_price: number;
  total: number;
  sale_date: string;
  batch_code_sold: string;
  user_id: number | null;
  created_at: string;
  updated_at: string;
}

describe.each(testDialects())('ventas (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;
  let userId: number;
  let colombia: { id: number };
  let counter = 0;

  const post = (payload: unknown, as = cookie) => t.call(as, { method: 'POST', url: '/api/sales', payload: payload as object });
  const put = (id: number | string, payload: unknown) => t.call(cookie, { method: 'PUT', url: `/api/sales/${id}`, payload: payload as object });
  const del = (id: number | string, as = cookie) => t.call(as, { method: 'DELETE', url: `/api/sales/${id}` });
  const list = (query = '') => t.call(cookie, { method: 'GET', url: `/api/sales${query}` });

  /** A roasted lot of `kg` on hand (green lot → roast, through the APIs, both in the ledger). */
  const roastedLot = async (kg: number, roastType = 'Medio'): Promise<Lot> => {
    const green = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: colombia.id, supplier_finca: 'Finca Colombia', quantity_kg: kg * 2, unit_price: 5, entry_date: '2024-03-01', batch_code: `V-${++counter}` },
    });
    expect(green.statusCode, green.body).toBe(201);
    const roast = await t.call(cookie, {
      method: 'POST',
      url: '/api/roasted-coffee',
      payload: { green_coffee_id: (green.json() as Lot).id, quantity_green_kg: kg * 2, resultant_kg: kg, roast_type: roastType, roast_date: '2024-03-15', batch_code: `CO-150324-${1000 + counter}` },
    });
    expect(roast.statusCode, roast.body).toBe(201);
    return roast.json() as Lot;
  };

  /** A blend of `kg` drawn from a fresh roasted lot of the same kg. */
  const blendLot = async (kg: number, name = 'Mezcla de la Casa'): Promise<Lot> => {
    const roasted = await roastedLot(kg);
    const blend = await t.call(cookie, {
      method: 'POST',
      url: '/api/blended-coffee',
      payload: {
        name,
        total_quantity_kg: kg,
        creation_date: '2024-04-02',
        recipe_id: null,
        batch_code: `CA-MZ-020424-${2000 + counter}`,
        components: [{ origin_id: colombia.id, percentage: 100, selected_roasted_batches: [{ id: roasted.id, quantity_used: kg }] }],
      },
    });
    expect(blend.statusCode, blend.body).toBe(201);
    return blend.json() as Lot;
  };

  const saleBody = (lot: Lot, change: Record<string, unknown> = {}, type: 'tostado' | 'mezcla' = 'tostado') => ({
    product_id: lot.id,
    product_type: type,
    quantity_kg: 2.5,
    unit_price: 15,
    sale_date: '2024-05-10',
    batch_code_sold: lot.batch_code,
    ...change,
  });

  const created = async (payload: unknown): Promise<Sale> => {
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Sale;
  };

  const expectError = (response: LightMyRequestResponse, status: number, code: string, message: string) => {
    expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status, error: { code, message } });
  };

  const roastedStock = (id: number) => stockOf(t.db, 'roasted', id);
  const blendStock = (id: number) => stockOf(t.db, 'blend', id);
  const saleMoves = async () =>
    (await t.db.selectFrom('stock_movements').selectAll().where('ref_kind', '=', 'sale').orderBy('id').execute()).map(
      ({ lot_kind, lot_id, delta_g, reason, ref_id, user_id }) => ({ lot_kind, lot_id, delta_g: Number(delta_g), reason, ref_id: Number(ref_id), user_id }),
    );
  /** Everything a sale operation may change. */
  const snapshot = async () => ({
    roasted: await t.db.selectFrom('roasted_coffee').select(['id', 'stock_g']).orderBy('id').execute(),
    blends: await t.db.selectFrom('blended_coffee').select(['id', 'stock_g']).orderBy('id').execute(),
    sales: await t.db.selectFrom('sales').selectAll().orderBy('id').execute(),
    daily: await t.db.selectFrom('sales_daily').selectAll().orderBy('sale_date').orderBy('product_id').execute(),
    monthly: await t.db.selectFrom('sales_monthly').selectAll().orderBy('month').orderBy('product_id').execute(),
    dailyTotals: await t.db.selectFrom('sales_daily_totals').selectAll().orderBy('sale_date').orderBy('stripe').execute(),
    productTotals: await t.db.selectFrom('sales_product_totals').selectAll().orderBy('product_type').orderBy('product_id').execute(),
    movements: await t.db.selectFrom('stock_movements').selectAll().orderBy('id').execute(),
  });
  const aggregates = async () => ({
    daily: (await t.db.selectFrom('sales_daily').selectAll().orderBy('sale_date').orderBy('product_type').orderBy('product_id').execute()).map((r) => ({
      ...r,
      quantity_g: Number(r.quantity_g),
      revenue_cents: Number(r.revenue_cents),
    })),
    monthly: (await t.db.selectFrom('sales_monthly').selectAll().orderBy('month').orderBy('product_type').orderBy('product_id').execute()).map((r) => ({
      ...r,
      quantity_g: Number(r.quantity_g),
      revenue_cents: Number(r.revenue_cents),
    })),
    // Migration 0008: per (day, stripe = product_id % 16) and per product, all time.
    dailyTotals: (await t.db.selectFrom('sales_daily_totals').selectAll().orderBy('sale_date').orderBy('stripe').execute()).map((r) => ({
      ...r,
      quantity_g: Number(r.quantity_g),
      revenue_cents: Number(r.revenue_cents),
    })),
    productTotals: (await t.db.selectFrom('sales_product_totals').selectAll().orderBy('product_type').orderBy('product_id').execute()).map((r) => ({
      ...r,
      quantity_g: Number(r.quantity_g),
      revenue_cents: Number(r.revenue_cents),
    })),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'vendedor');
    adminCookie = await t.signIn('administrador', 'jefa');
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'vendedor').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const origin = await t.call(cookie, {
      method: 'POST',
      url: '/api/coffee-origins',
      payload: { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca Colombia'] },
    });
    colombia = origin.json() as { id: number };
  });
  afterEach(async () => {
    // After every test: on-hand = sum of movements, and the aggregates equal a recount of the sales.
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const lot = await roastedLot(10);
    const before = await snapshot();
    const responses = await Promise.all([
      t.call(undefined, { method: 'GET', url: '/api/sales' }),
      t.call(undefined, { method: 'POST', url: '/api/sales', payload: saleBody(lot) }),
      t.call(undefined, { method: 'PUT', url: '/api/sales/1', payload: saleBody(lot) }),
      t.call(undefined, { method: 'DELETE', url: '/api/sales/1' }),
      t.call(undefined, { method: 'GET', url: '/api/products' }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  describe('creating', () => {
    it('deducts a roasted lot, records who sold it, the exact total and one ledger row pointing at the sale', async () => {
      const lot = await roastedLot(10);
      const sale = await created(saleBody(lot, { quantity_kg: 2.5, unit_price: 15.99, batch_code_sold: ` ${lot.batch_code.toLowerCase()} ` }));
      expect(sale).toEqual({
        id: expect.any(Number),
        version: 1,
        product_id: lot.id,
        product_type: 'tostado',
        product_name: 'Colombia · Medio',
        quantity_kg: 2.5,
        unit_price: 15.99,
        total: 39.98, // 2.5 × 15.99 = 39.975 → half up
        // Cost and margin (docs/decisions/0011-cost-per-kg-and-margins.md): the lot cost 2 kg of green at 5 $/Kg per kg roasted: 2.5 × 10 = 25; 14.98 / 39.98 = 37.47 %.
        cost: 25,
        margin: 14.98,
        margin_percent: 37.47,
        sale_date: '2024-05-10',
        // The product's own code, whatever case the client sent (docs/decisions/0009).
        batch_code_sold: lot.batch_code,
        // A counter sale: no customer named (docs/product-guide.md#ventas).
        customer_id: null,
        customer_name: null,
        format_id: null,
        format_name: null,
        bags: null,
        user_id: userId,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(await roastedStock(lot.id)).toBe(7_500);
      expect(await saleMoves()).toEqual([{ lot_kind: 'roasted', lot_id: lot.id, delta_g: -2_500, reason: 'sale', ref_id: sale.id, user_id: userId }]);
      const row = await t.db.selectFrom('sales').selectAll().where('id', '=', sale.id).executeTakeFirstOrThrow();
      expect({ g: row.quantity_g, c: row.unit_price_cents }).toEqual({ g: 2_500, c: 1_599 });
      expect(await aggregates()).toEqual({
        daily: [{ sale_date: '2024-05-10', product_type: 'tostado', product_id: lot.id, quantity_g: 2_500, revenue_cents: 3_998, sale_count: 1 }],
        monthly: [{ month: '2024-05', product_type: 'tostado', product_id: lot.id, quantity_g: 2_500, revenue_cents: 3_998, sale_count: 1 }],
        dailyTotals: [{ sale_date: '2024-05-10', stripe: lot.id % 16, quantity_g: 2_500, revenue_cents: 3_998, sale_count: 1 }],
        productTotals: [{ product_type: 'tostado', product_id: lot.id, quantity_g: 2_500, revenue_cents: 3_998, sale_count: 1 }],
      });
    });

    it('deducts a blend, named by its own name', async () => {
      const blend = await blendLot(8, 'Mezcla Dulce');
      const sale = await created(saleBody(blend, { quantity_kg: 3, unit_price: 25 }, 'mezcla'));
      expect(sale).toMatchObject({ product_type: 'mezcla', product_name: 'Mezcla Dulce', total: 75, batch_code_sold: blend.batch_code });
      expect(await blendStock(blend.id)).toBe(5_000);
      expect(await saleMoves()).toEqual([{ lot_kind: 'blend', lot_id: blend.id, delta_g: -3_000, reason: 'sale', ref_id: sale.id, user_id: userId }]);
    });

    it('lets both roles sell, and sells the last gram exactly', async () => {
      const lot = await roastedLot(1);
      expect((await post(saleBody(lot, { quantity_kg: 0.999 }), adminCookie)).statusCode).toBe(201);
      expect((await post(saleBody(lot, { quantity_kg: 0.001 }))).statusCode).toBe(201);
      expect(await roastedStock(lot.id)).toBe(0);
    });

    it("refuses more than the stock with 409 and the message naming the kind, writing nothing", async () => {
      const lot = await roastedLot(10);
      await created(saleBody(lot, { quantity_kg: 2.5 }));
      const blend = await blendLot(4);
      const before = await snapshot();
      const response = await post(saleBody(lot, { quantity_kg: 7.501 }));
      expectError(response, 409, 'insufficient_stock', m.notEnoughStock('tostado', '7.5'));
      // Literal copy of docs/product-guide.md#sale, with '…' naming the kind and X the exact kilos, trailing zeros dropped.
      expect(errorOf(response).message).toBe('No hay suficiente café tostado disponible. Solo tienes 7.5 Kg.');
      expectError(await post(saleBody(blend, { quantity_kg: 4.001 }, 'mezcla')), 409, 'insufficient_stock', 'No hay suficiente café mezcla disponible. Solo tienes 4 Kg.');
      expect(await snapshot()).toEqual(before);
    });

    it('states exactly the kg on hand, never rounded up or down: 0.999 Kg reads 0.999', async () => {
      const lot = await roastedLot(1);
      await created(saleBody(lot, { quantity_kg: 0.001 }));
      const refused = await post(saleBody(lot, { quantity_kg: 1 }));
      expectError(refused, 409, 'insufficient_stock', m.notEnoughStock('tostado', '0.999'));
      expect(errorOf(refused).message).toBe('No hay suficiente café tostado disponible. Solo tienes 0.999 Kg.');
      // What the message states can be sold: all of it.
      expect((await post(saleBody(lot, { quantity_kg: 0.999 }))).statusCode).toBe(201);

      const other = await roastedLot(10);
      await created(saleBody(other, { quantity_kg: 0.005 }));
      expectError(await post(saleBody(other, { quantity_kg: 10 })), 409, 'insufficient_stock', m.notEnoughStock('tostado', '9.995'));
    });

    it("answers 'Producto seleccionado no válido.' for an unknown product, a product of the other type or an unknown type", async () => {
      // Ids that only the other table has: the first roasted lot is gone, so the
      // blend's id names no roasted lot, and the last roasted lot's id no blend.
      const removed = await roastedLot(1);
      expect((await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${removed.id}` })).statusCode).toBe(204);
      const blend = await blendLot(5);
      const lot = await roastedLot(10);
      const idsOf = async (table: 'roasted_coffee' | 'blended_coffee') => (await t.db.selectFrom(table).select('id').execute()).map((row) => row.id);
      expect(await idsOf('roasted_coffee')).not.toContain(blend.id);
      expect(await idsOf('blended_coffee')).not.toContain(lot.id);
      const before = await snapshot();
      for (const payload of [
        saleBody(lot, { product_id: 999_999 }),
        // The blend's id sold as 'tostado' and the roasted lot's as 'mezcla' (ids of the other type).
        saleBody(blend, {}, 'tostado'),
        saleBody(lot, {}, 'mezcla'),
        saleBody(lot, { product_type: 'otro' }),
        saleBody(lot, { product_id: 'uno' }),
        saleBody(lot, { product_id: 1.5 }),
      ]) {
        const response = await post(payload);
        expectError(response, 400, 'validation', m.invalidProduct);
      }
      expect(errorOf(await post(saleBody(lot, { product_type: 'otro' }))).message).toBe('Producto seleccionado no válido.');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a lot code that is not the product\'s', async () => {
      const lot = await roastedLot(10);
      const other = await roastedLot(10);
      const before = await snapshot();
      expectError(await post(saleBody(lot, { batch_code_sold: other.batch_code })), 400, 'validation', m.batchMismatch);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('bad input: 400 with a Spanish message, nothing written', () => {
    const tomorrow = () => {
      const date = new Date();
      date.setDate(date.getDate() + 1);
      return localIsoDate(date);
    };
    const cases: [string, (lot: Lot) => unknown, string][] = [
      ['quantity 0', (lot) => saleBody(lot, { quantity_kg: 0 }), m.quantityPositive],
      ['quantity -1', (lot) => saleBody(lot, { quantity_kg: -1 }), m.quantityPositive],
      ['quantity 0.0001', (lot) => saleBody(lot, { quantity_kg: 0.0001 }), commonMessages.tooManyDecimals(3)],
      ['quantity 1e308', (lot) => saleBody(lot, { quantity_kg: 1e308 }), m.quantityTooLarge],
      ['quantity "10,5"', (lot) => saleBody(lot, { quantity_kg: '10,5' }), m.quantityNotNumber],
      ['quantity "10.5" as text', (lot) => saleBody(lot, { quantity_kg: '10.5' }), 'Cantidad (Kg): escribe un número, con coma o punto decimal.'],
      ['price -0.01', (lot) => saleBody(lot, { unit_price: -0.01 }), m.priceNegative],
      ['price 1.001', (lot) => saleBody(lot, { unit_price: 1.001 }), commonMessages.tooManyDecimals(2)],
      ['price above the limit', (lot) => saleBody(lot, { unit_price: 1_000_000.01 }), m.priceTooLarge],
      ["product_type 'otro'", (lot) => saleBody(lot, { product_type: 'otro' }), m.invalidProduct],
      ['date 2026-02-30', (lot) => saleBody(lot, { sale_date: '2026-02-30' }), m.invalidDate('2026-02-30')],
      ['date 15/05/2024', (lot) => saleBody(lot, { sale_date: '15/05/2024' }), m.invalidDate('15/05/2024')],
      ['date tomorrow', (lot) => saleBody(lot, { sale_date: tomorrow() }), m.futureDate],
      ['lot code too long', (lot) => saleBody(lot, { batch_code_sold: 'X'.repeat(41) }), m.batchCodeTooLong],
      ['no product', (lot) => ({ ...saleBody(lot), product_id: undefined }), m.required],
      ['no type', (lot) => ({ ...saleBody(lot), product_type: undefined }), m.required],
      ['no quantity', (lot) => ({ ...saleBody(lot), quantity_kg: undefined }), m.required],
      ['no price', (lot) => ({ ...saleBody(lot), unit_price: null }), m.required],
      ['no date', (lot) => saleBody(lot, { sale_date: '' }), m.required],
      ['no lot', (lot) => saleBody(lot, { batch_code_sold: '  ' }), m.required],
      ['an array', () => [], m.required],
    ];
    it.each(cases)('%s', async (_name, payload, message) => {
      const lot = await roastedLot(20);
      const sale = await created(saleBody(lot));
      const before = await snapshot();
      expectError(await post(payload(lot)), 400, 'validation', message);
      // The same rules on an edit.
      expectError(await put(sale.id, payload(lot)), 400, 'validation', message);
      expect(await snapshot()).toEqual(before);
    });

    it('has the Spanish texts word for word', async () => {
      const lot = await roastedLot(20);
      expect(errorOf(await post(saleBody(lot, { quantity_kg: 0 }))).message).toBe('La cantidad a vender debe ser mayor que cero.');
    });

    it('accepts today', async () => {
      const lot = await roastedLot(20);
      expect((await post(saleBody(lot, { sale_date: localIsoDate() }))).statusCode).toBe(201);
    });
  });

  describe('listing', () => {
    it('returns newest sale date first, then newest id, paginated, with the total from the monthly aggregates', async () => {
      const lot = await roastedLot(50);
      const blend = await blendLot(10, 'Mezcla Dulce');
      const a = await created(saleBody(lot, { sale_date: '2024-05-10', quantity_kg: 1 }));
      const b = await created(saleBody(blend, { sale_date: '2024-06-01', quantity_kg: 1.25, unit_price: 25 }, 'mezcla'));
      const c = await created(saleBody(lot, { sale_date: '2024-05-10', quantity_kg: 2 }));
      const d = await created(saleBody(lot, { sale_date: '2024-03-31', quantity_kg: 3 }));
      const page = (await list('?limit=2')).json() as { items: Sale[]; total: number; limit: number; offset: number };
      expect(page).toMatchObject({ total: 4, limit: 2, offset: 0 });
      expect(page.items.map((s) => s.id)).toEqual([b.id, c.id]);
      expect(page.items[0]).toMatchObject({ product_name: 'Mezcla Dulce', total: 31.25, quantity_kg: 1.25, unit_price: 25 });
      const rest = (await list('?limit=2&offset=2')).json() as { items: Sale[]; total: number };
      expect(rest.items.map((s) => s.id)).toEqual([a.id, d.id]);
      expect(rest.total).toBe(4);
    });

    it("shows 'Producto Desconocido' when a sale's product no longer exists", async () => {
      const lot = await roastedLot(10);
      await created(saleBody(lot));
      // Only by hand: the app refuses to delete a sold lot (test below).
      await t.db.insertInto('sales').values({ product_id: 987_654, product_type: 'mezcla', quantity_g: 1_000, unit_price_cents: 2_500, sale_date: '2024-01-01', batch_code_sold: 'ZZ', user_id: userId, created_at: 0, updated_at: 0 }).execute();
      await countSale(t.db, { sale_date: '2024-01-01', product_type: 'mezcla', product_id: 987_654, quantity_g: 1_000, unit_price_cents: 2_500 }, 1);
      const { items } = (await list()).json() as { items: Sale[] };
      expect(items.map((s) => s.product_name)).toEqual(['Colombia · Medio', 'Producto Desconocido']);
      expect(m.unknownProduct).toBe('Producto Desconocido');
      // Its kg have nowhere to go back to: the delete is refused (docs/product-guide.md#sale), nothing changes.
      const orphan = items[1]!;
      const before = await snapshot();
      expectError(await del(orphan.id), 409, 'conflict', 'Error al devolver el stock del producto.');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a bad page with 400', async () => {
      for (const query of ['?limit=0', '?limit=501', '?offset=-1', '?limit=abc']) {
        expectError(await list(query), 400, 'validation', commonMessages.invalidRequest);
      }
    });
  });

  describe('editing', () => {
    it('applies the difference to the same lot, in one ledger row', async () => {
      const lot = await roastedLot(10);
      const sale = await created(saleBody(lot, { quantity_kg: 4 }));
      const more = await put(sale.id, saleBody(lot, { quantity_kg: 6 }));
      expect(more.statusCode, more.body).toBe(200);
      expect(await roastedStock(lot.id)).toBe(4_000);
      const less = await put(sale.id, saleBody(lot, { quantity_kg: 1.5, unit_price: 19.99 }));
      expect(less.json()).toMatchObject({ quantity_kg: 1.5, unit_price: 19.99, total: 29.99, user_id: userId });
      expect(await roastedStock(lot.id)).toBe(8_500);
      expect((await saleMoves()).map((move) => [move.delta_g, move.reason])).toEqual([[-4_000, 'sale'], [-2_000, 'sale'], [4_500, 'sale_reversal']]);
    });

    it('counts the old sale back as available: all of the stock plus the old quantity may be sold', async () => {
      const lot = await roastedLot(10);
      const sale = await created(saleBody(lot, { quantity_kg: 4 }));
      const before = await snapshot();
      // 6 kg on hand + 4 kg of this sale = 10 kg available to it.
      expectError(await put(sale.id, saleBody(lot, { quantity_kg: 10.001 })), 409, 'insufficient_stock', m.notEnoughStock('tostado', '10'));
      expect(await snapshot()).toEqual(before);
      expect((await put(sale.id, saleBody(lot, { quantity_kg: 10 }))).statusCode).toBe(200);
      expect(await roastedStock(lot.id)).toBe(0);
    });

    it('moves the kg between lots when the product changes (roasted → blend → roasted)', async () => {
      const lot = await roastedLot(10);
      const blend = await blendLot(5);
      const sale = await created(saleBody(lot, { quantity_kg: 4 }));
      const toBlend = await put(sale.id, saleBody(blend, { quantity_kg: 3, unit_price: 25 }, 'mezcla'));
      expect(toBlend.statusCode, toBlend.body).toBe(200);
      expect(toBlend.json()).toMatchObject({ product_type: 'mezcla', product_id: blend.id, batch_code_sold: blend.batch_code, total: 75 });
      expect(await roastedStock(lot.id)).toBe(10_000);
      expect(await blendStock(blend.id)).toBe(2_000);
      expect((await saleMoves()).slice(1)).toEqual([
        { lot_kind: 'roasted', lot_id: lot.id, delta_g: 4_000, reason: 'sale_reversal', ref_id: sale.id, user_id: userId },
        { lot_kind: 'blend', lot_id: blend.id, delta_g: -3_000, reason: 'sale', ref_id: sale.id, user_id: userId },
      ]);
      // The new product's own stock decides; the old sale's kg do not count for it.
      const before = await snapshot();
      const other = await roastedLot(2);
      const refused = await put(sale.id, saleBody(other, { quantity_kg: 2.5 }));
      expectError(refused, 409, 'insufficient_stock', m.notEnoughStock('tostado', '2'));
      expect((await snapshot()).sales).toEqual(before.sales);
      expect(await blendStock(blend.id)).toBe(2_000);
      expect((await put(sale.id, saleBody(lot, { quantity_kg: 1 }))).statusCode).toBe(200);
      expect(await blendStock(blend.id)).toBe(5_000);
      expect(await roastedStock(lot.id)).toBe(9_000);
    });

    it('moves the aggregates when the date, product and price change', async () => {
      const lot = await roastedLot(10);
      const blend = await blendLot(5);
      const sale = await created(saleBody(lot, { quantity_kg: 1, unit_price: 15, sale_date: '2024-05-31' }));
      await created(saleBody(lot, { quantity_kg: 2, unit_price: 10, sale_date: '2024-05-31' }));
      expect((await put(sale.id, saleBody(blend, { quantity_kg: 1.001, unit_price: 0.05, sale_date: '2024-06-01' }, 'mezcla'))).statusCode).toBe(200);
      expect(await aggregates()).toEqual({
        daily: [
          { sale_date: '2024-05-31', product_type: 'tostado', product_id: lot.id, quantity_g: 2_000, revenue_cents: 2_000, sale_count: 1 },
          // 1.001 kg × 0.05 $ = 0.05005 $ → 5 cents
          { sale_date: '2024-06-01', product_type: 'mezcla', product_id: blend.id, quantity_g: 1_001, revenue_cents: 5, sale_count: 1 },
        ],
        monthly: [
          { month: '2024-05', product_type: 'tostado', product_id: lot.id, quantity_g: 2_000, revenue_cents: 2_000, sale_count: 1 },
          { month: '2024-06', product_type: 'mezcla', product_id: blend.id, quantity_g: 1_001, revenue_cents: 5, sale_count: 1 },
        ],
        // The edit left the old day's stripe with the other sale only, and counted the new day's.
        dailyTotals: [
          { sale_date: '2024-05-31', stripe: lot.id % 16, quantity_g: 2_000, revenue_cents: 2_000, sale_count: 1 },
          { sale_date: '2024-06-01', stripe: blend.id % 16, quantity_g: 1_001, revenue_cents: 5, sale_count: 1 },
        ],
        productTotals: [
          { product_type: 'mezcla', product_id: blend.id, quantity_g: 1_001, revenue_cents: 5, sale_count: 1 },
          { product_type: 'tostado', product_id: lot.id, quantity_g: 2_000, revenue_cents: 2_000, sale_count: 1 },
        ],
      });
    });

    it('keeps the code the sale recorded when the lot was renamed since, and refuses any other', async () => {
      const lot = await roastedLot(10);
      const sale = await created(saleBody(lot, { quantity_kg: 1 }));
      await t.db.updateTable('roasted_coffee').set({ batch_code: 'CO-NUEVO-1', batch_code_key: 'CO-NUEVO-1' }).where('id', '=', lot.id).execute();
      expect((await put(sale.id, saleBody(lot, { quantity_kg: 2 }))).json()).toMatchObject({ batch_code_sold: lot.batch_code });
      expect((await put(sale.id, saleBody(lot, { quantity_kg: 2, batch_code_sold: 'co-nuevo-1' }))).json()).toMatchObject({ batch_code_sold: 'CO-NUEVO-1' });
      expectError(await put(sale.id, saleBody(lot, { batch_code_sold: 'OTRO' })), 400, 'validation', m.batchMismatch);
    });

    it('answers 404 for a sale that does not exist', async () => {
      const lot = await roastedLot(10);
      expectError(await put(999_999, saleBody(lot)), 404, 'not_found', m.notFound);
      expectError(await del(999_999), 404, 'not_found', m.notFound);
    });
  });

  describe('deleting', () => {
    it('returns the kg to the product, then deletes the sale and uncounts it', async () => {
      const lot = await roastedLot(10);
      const blend = await blendLot(5);
      const a = await created(saleBody(lot, { quantity_kg: 4 }));
      const b = await created(saleBody(blend, { quantity_kg: 5 }, 'mezcla'));
      expect((await del(a.id, adminCookie)).statusCode).toBe(204);
      expect((await del(b.id)).statusCode).toBe(204);
      expect(await roastedStock(lot.id)).toBe(10_000);
      expect(await blendStock(blend.id)).toBe(5_000);
      expect((await saleMoves()).slice(2)).toEqual([
        { lot_kind: 'roasted', lot_id: lot.id, delta_g: 4_000, reason: 'sale_reversal', ref_id: a.id, user_id: expect.any(Number) },
        { lot_kind: 'blend', lot_id: blend.id, delta_g: 5_000, reason: 'sale_reversal', ref_id: b.id, user_id: userId },
      ]);
      expect(await aggregates()).toEqual({ daily: [], monthly: [], dailyTotals: [], productTotals: [] });
      expect((await list()).json()).toMatchObject({ items: [], total: 0 });
    });
  });

  it('keeps a sold roasted lot and a sold blend from being deleted, with their Spanish messages', async () => {
    const lot = await roastedLot(10);
    const blend = await blendLot(5);
    await created(saleBody(lot, { quantity_kg: 1 }));
    await created(saleBody(blend, { quantity_kg: 1 }, 'mezcla'));
    expectError(await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${lot.id}` }), 409, 'in_use', roastedCoffeeMessages.deleteInUse);
    expectError(await t.call(cookie, { method: 'DELETE', url: `/api/blended-coffee/${blend.id}` }), 409, 'in_use', blendedCoffeeMessages.deleteInUse);
  });

  /** 200 concurrent 1 kg sales of a 50 kg lot, spread over `apps`: exactly 50 sell, 150 get the stock message, no 5xx. */
  const race = async (apps: FastifyInstance[]) => {
    const lot = await roastedLot(50);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        apps[i % apps.length]!.inject({ method: 'POST', url: '/api/sales', headers: { cookie }, payload: saleBody(lot, { quantity_kg: 1 }) }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response)).toEqual({ code: 'insufficient_stock', message: m.notEnoughStock('tostado', '0') });
    }
    expect(await roastedStock(lot.id)).toBe(0);
    expect((await list()).json()).toMatchObject({ total: 50 });
  };

  it('sells exactly the stock under 200 concurrent 1 kg sales of a 50 kg lot in one process: 50 × 201, 150 × 409', async () => {
    await race([t.app]);
  }, 60_000);

  // Two server processes on one PostgreSQL: two apps, each with its own connection pool, on the same schema
  // (e2e/two-server-processes.e2e.test.ts runs the same with two real processes).
  itOn(dialect, 'postgres')('the same through two app instances with separate connection pools', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const database = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! }, { pgSchema: rows[0]!.schema });
    const second = await buildApp({ db: database.db, loginRateLimitPerMinute: 100_000 });
    try {
      await race([t.app, second]);
    } finally {
      await second.close();
      await database.close();
    }
  }, 60_000);

  // `npm run check:stock` looks at the sales aggregates too.
  itOn(dialect, 'sqlite')('check:stock covers sales: an aggregate that drifted from its sales fails it', async () => {
    const lot = await roastedLot(10);
    await created(saleBody(lot, { quantity_kg: 1, sale_date: '2024-05-10' }));
    const checkStock = await checkStockCommand(t.db);
    const clean = checkStock();
    expect(clean.stdout).toContain('Totales de ventas correctos');
    expect(clean.status).toBe(0);
    await sql`update sales_monthly set revenue_cents = revenue_cents + 1`.execute(t.db);
    const broken = checkStock();
    await sql`update sales_monthly set revenue_cents = revenue_cents - 1`.execute(t.db);
    expect(broken.stdout).toContain(
      `sales_monthly 2024-05 tostado #${lot.id}: guardado 1000 g, 1501 céntimos, 1 ventas, recuento 1000 g, 1500 céntimos, 1 ventas`,
    );
    expect(broken.stdout).toContain('1 total(es) de ventas incorrecto(s).');
    expect(broken.status).toBe(1);
  }, 60_000);
});
