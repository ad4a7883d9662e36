import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commonMessages, recordVersionMessages } from '#shared/messages.js';
import { productPriceMessages as m } from '#shared/product-price-messages.js';
import { DEFAULT_PRICE_MAX } from '#shared/schemas/settings.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * 'Precios por producto' (docs/product-guide.md#configuracion): a price for an
 * origin and roast type, or for a blend recipe, that the sale form fills in
 * before its type's default price (GET /api/products carries it).
 */
describe.each(testDialects())('precios por producto (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let colombia: number;
  let etiopia: number;
  let recipe: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const origin = async (name: string) =>
      (await t.call(admin, { method: 'POST', url: '/api/coffee-origins', payload: { name, kilos_per_bag: 70, suppliers_fincas: [`Finca ${name}`] } })).json<{ id: number }>().id;
    colombia = await origin('Colombia');
    etiopia = await origin('Etiopía');
    recipe = (await t.call(admin, { method: 'POST', url: '/api/blend-recipes', payload: { name: 'Mezcla de la Casa', components: [{ origin_id: colombia, percentage: 100 }] } })).json<{ id: number }>().id;
  });

  const post = (payload: object, cookie = admin, headers: Record<string, string> = {}) => t.call(cookie, { method: 'POST', url: '/api/product-prices', payload, headers });
  const put = (id: number, payload: object, cookie = admin) => t.call(cookie, { method: 'PUT', url: `/api/product-prices/${id}`, payload });
  const del = (id: number, query = '', cookie = admin) => t.call(cookie, { method: 'DELETE', url: `/api/product-prices/${id}${query}` });
  const list = async (cookie = admin) => {
    const response = await t.call(cookie, { method: 'GET', url: '/api/product-prices' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { id: number; name: string; price: number; version: number }[]; total: number }>();
  };
  const roasted = (origin_id: number, roast_type: string, price: unknown) => ({ product_type: 'tostado', origin_id, roast_type, price });
  const created = async (payload: object) => {
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; version: number }>();
  };

  it('creates prices for an origin and roast type and for a recipe, listed by name with the product named as the picker names it', async () => {
    const medio = await created(roasted(colombia, 'Medio', 18.5));
    expect(medio).toEqual({ id: medio.id, version: 1, product_type: 'tostado', origin_id: colombia, roast_type: 'Medio', recipe_id: null, name: 'Colombia · Medio', price: 18.5 });
    await created(roasted(etiopia, 'Claro', 21));
    await created({ product_type: 'mezcla', recipe_id: recipe, price: 27.25 });
    const { items, total } = await list(tecnico);
    expect(total).toBe(3);
    expect(items.map((item) => [item.name, item.price])).toEqual([['Colombia · Medio', 18.5], ['Etiopía · Claro', 21], ['Mezcla de la Casa', 27.25]]);
    expect(await t.db.selectFrom('product_prices').select('price_cents').orderBy('price_cents').execute()).toEqual([{ price_cents: 1850 }, { price_cents: 2100 }, { price_cents: 2725 }]);
  });

  it('refuses a second price for the same product with 409 naming it, and lets the same origin have one per roast type', async () => {
    await created(roasted(colombia, 'Medio', 18));
    const again = await post(roasted(colombia, 'Medio', 19));
    expect({ status: again.statusCode, error: errorOf(again) }).toEqual({ status: 409, error: { code: 'duplicate', message: 'Ya hay un precio para Colombia · Medio. Edítalo en la tabla.' } });
    await created(roasted(colombia, 'Oscuro', 19));
    await created({ product_type: 'mezcla', recipe_id: recipe, price: 25 });
    const blend = await post({ product_type: 'mezcla', recipe_id: recipe, price: 26 });
    expect(errorOf(blend)).toEqual({ code: 'duplicate', message: m.duplicate('Mezcla de la Casa') });
    expect((await list()).total).toBe(3);
  });

  it('refuses a bad body with 400 in Spanish and writes nothing', async () => {
    const cases: [object, string][] = [
      [{}, m.required],
      [{ product_type: 'otro', price: 10 }, m.required],
      [{ product_type: 'tostado', roast_type: 'Medio', price: 10 }, m.required],
      [roasted(colombia, 'Medio', undefined as unknown as number), m.required],
      [roasted(colombia, 'Tostadísimo', 10), m.productInvalid],
      [roasted(-1, 'Medio', 10), m.productInvalid],
      [roasted(colombia, 'Medio', -1), m.priceNegative],
      [roasted(colombia, 'Medio', DEFAULT_PRICE_MAX + 1), m.priceTooLarge(DEFAULT_PRICE_MAX)],
      [roasted(colombia, 'Medio', 10.555), commonMessages.tooManyDecimals(2)],
      [roasted(colombia, 'Medio', '10'), m.priceNotNumber],
      // An origin or recipe that does not exist: the foreign key refuses it.
      [roasted(999_999, 'Medio', 10), m.productInvalid],
      [{ product_type: 'mezcla', recipe_id: 999_999, price: 10 }, m.productInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect({ payload, status: response.statusCode, error: errorOf(response) }).toEqual({ payload, status: 400, error: { code: 'validation', message } });
    }
    expect(errorOf(await post(roasted(colombia, 'Medio', -1))).message).toBe('El precio no puede ser negativo.');
    expect((await list()).total).toBe(0);
  });

  it('lets a tecnico read the prices but refuses every write with 403, and needs a session', async () => {
    const price = await created(roasted(colombia, 'Medio', 18));
    for (const response of [await post(roasted(etiopia, 'Claro', 10), tecnico), await put(price.id, { price: 1, version: 1 }, tecnico), await del(price.id, '', tecnico)]) {
      expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status: 403, error: { code: 'forbidden', message: commonMessages.forbidden } });
    }
    expect((await list(tecnico)).items.map((item) => item.price)).toEqual([18]);
    expect((await t.call(undefined, { method: 'GET', url: '/api/product-prices' })).statusCode).toBe(401);
  });

  it('edits only the price, from the current version; a stale one is 409, none is 428; a missing price is 404', async () => {
    const price = await created(roasted(colombia, 'Medio', 18));
    const edited = await put(price.id, { price: 19.9, version: 1, product_type: 'mezcla' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, name: 'Colombia · Medio', product_type: 'tostado', price: 19.9 });
    const stale = await put(price.id, { price: 5, version: 1 });
    expect({ status: stale.statusCode, error: errorOf(stale) }).toEqual({ status: 409, error: { code: 'version_conflict', message: 'Otro usuario modificó este precio mientras lo editabas. Recarga para ver sus cambios.' } });
    const without = await put(price.id, { price: 5 });
    expect({ status: without.statusCode, error: errorOf(without) }).toEqual({ status: 428, error: { code: 'version_required', message: recordVersionMessages.missing } });
    expect(errorOf(await put(price.id, { price: -5, version: 2 }))).toEqual({ code: 'validation', message: m.priceNegative });
    expect((await list()).items[0]).toMatchObject({ price: 19.9, version: 2 });
    const missing = await put(999_999, { price: 5, version: 1 });
    expect({ status: missing.statusCode, error: errorOf(missing) }).toEqual({ status: 404, error: { code: 'not_found', message: m.notFound } });
  });

  it('deletes a price (a stale ?version is 409), and a deleted recipe or origin takes its price with it', async () => {
    const price = await created(roasted(colombia, 'Medio', 18));
    await created({ product_type: 'mezcla', recipe_id: recipe, price: 25 });
    expect(errorOf(await del(price.id, '?version=7'))).toEqual({ code: 'version_conflict', message: m.editedByOther });
    expect((await del(price.id, '?version=1')).statusCode).toBe(204);
    expect((await del(price.id)).statusCode).toBe(404);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/blend-recipes/${recipe}` })).statusCode).toBe(204);
    expect((await list()).total).toBe(0);
  });

  it('a create sent again with its Idempotency-Key replays its answer and writes one price, logged once', async () => {
    const key = `precio-${dialect}-${Date.now()}`;
    const first = await post(roasted(colombia, 'Medio', 18), admin, { 'idempotency-key': key });
    const again = await post(roasted(colombia, 'Medio', 18), admin, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await list()).total).toBe(1);
    const logged = await t.db.selectFrom('activity_log').select(['action', 'record_label']).where('area', '=', 'product-prices').execute();
    expect(logged).toEqual([{ action: 'create', record_label: 'Colombia · Medio' }]);
  });

  it("GET /api/products carries each lot's own price: its origin and roast type's, its recipe's, else null (the type's default)", async () => {
    const green = (await t.call(admin, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: colombia, supplier_finca: 'Finca Colombia', quantity_kg: 40, unit_price: 5, entry_date: '2024-01-01', batch_code: 'V-1' },
    })).json<{ id: number }>().id;
    const roast = async (roast_type: string, batch_code: string) =>
      (await t.call(admin, { method: 'POST', url: '/api/roasted-coffee', payload: { green_coffee_id: green, quantity_green_kg: 10, resultant_kg: 8, roast_type, roast_date: '2024-02-01', batch_code } })).json<{ id: number }>().id;
    const medio = await roast('Medio', 'T-MEDIO');
    await roast('Oscuro', 'T-OSCURO');
    const blend = async (recipe_id: number | null, batch_code: string) => {
      const response = await t.call(admin, {
        method: 'POST',
        url: '/api/blended-coffee',
        payload: { name: `Mezcla ${batch_code}`, total_quantity_kg: 1, creation_date: '2024-02-02', recipe_id, batch_code, components: [{ origin_id: colombia, percentage: 100, selected_roasted_batches: [{ id: medio, quantity_used: 1 }] }] },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await blend(recipe, 'M-RECETA');
    await blend(null, 'M-LIBRE');
    await created(roasted(colombia, 'Medio', 18.4));
    await created({ product_type: 'mezcla', recipe_id: recipe, price: 27 });
    await created(roasted(etiopia, 'Oscuro', 99));
    const products = (await t.call(tecnico, { method: 'GET', url: '/api/products' })).json<{ items: { batch_code: string; price: number | null }[] }>();
    expect(Object.fromEntries(products.items.map((item) => [item.batch_code, item.price]))).toEqual({ 'T-MEDIO': 18.4, 'T-OSCURO': null, 'M-RECETA': 27, 'M-LIBRE': null });
  });
});
