import { readFileSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { createSession, publicIdOfToken } from '#server/auth/sessions.js';
import { insertUser } from '#server/features/users/repository.js';
import { findLedgerMismatches, stockOf } from '#server/ledger/ledger.js';
import { IDEMPOTENCY_WINDOW_MS, pruneKeys } from '#server/write-pipeline/idempotency-store.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { localIsoDate } from '#shared/local-date.js';
import { idempotencyMessages } from '#shared/messages.js';
import { addDays } from '#shared/schemas/orders.js';
import { GREEN_CSV_HEADERS as h } from '#shared/schemas/green-import.js';
import { inventorySnapshot } from '../helpers/inventory-snapshot.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { countRows, openTestDatabase, testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * The write pipeline (docs/architecture.md#write-pipeline): Idempotency-Key
 * (docs/decisions/0023-idempotency-keys.md) and the activity log
 * (docs/decisions/0024-activity-log.md), on every write route.
 */
describe.each(testDialects())('write pipeline (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let chain: Chain;
  /** An origin nothing uses (deletable), and a user whose sessions a test may end. */
  let spareOrigin: number;
  /** A roast no blend or sale uses (editable in full). */
  let spareRoast: number;
  /** A green lot nothing was roasted from, a blend nothing sold, a recipe and a user nothing uses: each deletable. */
  let spareGreen: number;
  let spareBlend: number;
  let spareRecipe: number;
  let sparePrice: number;
  let spareUser: number;
  /** A customer no sale names: editable and deletable. */
  let spareCustomer: number;
  /** A pending order and a prepared one (docs/product-guide.md#pedidos), of 1 kg of Colombia Medio each, and R1's stock after them. */
  let pendingOrder: number;
  let pendingLine: number;
  let preparedOrder: number;
  let r1StockKg: number;
  let spareFormat: number;
  /** A shop SKU mapping and a column preset: editable and deletable. */
  let spareSku: number;
  let sparePreset: number;
  /** The public id of another session of the administrator's, for «Cerrar» in «Mis sesiones». */
  let spareSession: string;
  let other: { id: number; cookie: string };
  let keyCounter = 0;
  const newKey = () => `clave-${Date.now()}-${++keyCounter}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador', 'ana');
    tecnico = await t.signIn('tecnico', 'tomas');
    other = { cookie: await t.signIn('tecnico', 'otra'), id: 0 };
    other.id = (await t.db.selectFrom('users').select('id').where('username', '=', 'otra').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    chain = await buildChain(t, admin);
    spareRoast = (await t.call(admin, { method: 'POST', url: '/api/roasted-coffee', payload: { green_coffee_id: chain.greenB.id, quantity_green_kg: 5, resultant_kg: 4.2, roast_type: 'Claro', roast_date: '2024-03-08' } })).json().id;
    // With a curve, so it can be marked as its product's reference (docs/decisions/0053-reference-profile.md).
    await t.db.insertInto('roast_artisan_profiles').values({ roast_id: spareRoast, roast_uuid: 'spare-roast', curve: '{"unit":"C","t":[],"bt":[],"et":[],"events":{}}', created_at: Date.now() }).execute();
    spareOrigin = (await t.call(admin, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Finca Dos'] } })).json().id;
    spareGreen = (await t.call(admin, { method: 'POST', url: '/api/green-coffee', payload: { ...greenBody(), batch_code: 'VERDE-30' } })).json().id;
    spareBlend = (await t.call(admin, { method: 'POST', url: '/api/blended-coffee', payload: blendBody('Casa 3') })).json().id;
    spareRecipe = (await t.call(admin, { method: 'POST', url: '/api/blend-recipes', payload: recipeBody('Receta guardada') })).json().id;
    spareCustomer = (await t.call(admin, { method: 'POST', url: '/api/customers', payload: { name: 'Cafetería Sol', kind: 'cafeteria' } })).json().id;
    spareFormat = (await t.call(admin, { method: 'POST', url: '/api/sale-formats', payload: { name: 'Bolsa 250 g', grams: 250 } })).json().id;
    spareSku = (await t.call(admin, { method: 'POST', url: '/api/shop-skus', payload: shopSku('COL-G') })).json().id;
    sparePreset = (await t.call(admin, { method: 'POST', url: '/api/shop-import-presets', payload: { name: 'WooCommerce', columns: shopColumns } })).json().id;
    sparePrice = (await t.call(admin, { method: 'POST', url: '/api/product-prices', payload: { product_type: 'mezcla', recipe_id: spareRecipe, price: 30 } })).json().id;
    // Straight into the tables: no password to hash, no sign-in to throttle, for every test.
    spareUser = await insertUser(t.db, { username: `sobrante${++keyCounter}`, full_name: 'Sobrante', role: 'tecnico', password_hash: 'x' });
    const ana = await t.db.selectFrom('users').select('id').where('username', '=', 'ana').executeTakeFirstOrThrow();
    spareSession = publicIdOfToken(await createSession(t.db, ana.id));
    const orderCustomer = (await t.call(admin, { method: 'POST', url: '/api/customers', payload: { name: 'Café Pedido', kind: 'cafeteria' } })).json().id;
    const order = async () => (await t.call(admin, { method: 'POST', url: '/api/orders', payload: orderBody(orderCustomer) })).json<{ id: number; lines: { id: number }[] }>();
    const pending = await order();
    pendingOrder = pending.id;
    pendingLine = pending.lines[0]!.id;
    const prepared = await order();
    preparedOrder = prepared.id;
    const r1Grams = Number(await stockOf(t.db, 'roasted', chain.r1.id));
    const r1Kg = r1Grams / 1000;
    const fulfilled = await t.call(admin, { method: 'POST', url: `/api/orders/${preparedOrder}/fulfil`, payload: fulfilBody(prepared.lines[0]!.id, r1Kg) });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    r1StockKg = (r1Grams - 1000) / 1000;
  });

  const orderBody = (customer: number) => ({
    customer_id: customer,
    due_date: addDays(localIsoDate(), 2),
    repeat_weeks: 1,
    lines: [{ product: { kind: 'tostado', origin_id: chain.origin.id, roast_type: 'Medio' }, format_id: null, quantity: 1, unit_price: 20, grind: 'grano' }],
  });
  const fulfilBody = (lineId: number, stockKg: number) => ({ lines: [{ line_id: lineId, lots: [{ lot_kind: 'tostado', lot_id: chain.r1.id, kg: 1, expected_stock_kg: stockKg }] }] });

  const greenBody = () => ({ origin_id: chain.origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 10, unit_price: 7, entry_date: '2024-03-02', batch_code: 'VERDE-09' });
  const blendBody = (name: string) => ({
    name,
    total_quantity_kg: 2,
    creation_date: '2024-03-10',
    recipe_id: null,
    components: [{ origin_id: chain.origin.id, percentage: 100, selected_roasted_batches: [{ id: chain.r1.id, quantity_used: 2 }] }],
  });
  const shopSku = (sku: string) => ({ sku, product: { kind: 'tostado', origin_id: chain.origin.id, roast_type: 'Medio' }, format_id: null, grind: 'grano' });
  const shopColumns = { order: 'Pedido', date: 'Fecha', customer_name: 'Cliente', sku: 'SKU', quantity: 'Cantidad', unit_price: 'Precio' };
  const recipeBody = (name: string) => ({ name, components: [{ origin_id: chain.origin.id, percentage: 100 }] });
  const alog = () => readFileSync(new URL('../fixtures/artisan/python-literal-lb.alog', import.meta.url));

  /** The entries written after the one with id `afterId`. */
  const entriesAfter = (afterId: number) => t.db.selectFrom('activity_log').selectAll().where('id', '>', afterId).orderBy('id').execute();
  const lastEntryId = async () => Number((await t.db.selectFrom('activity_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

  const send = (cookie: string, request: InjectOptions, key?: string) =>
    t.call(cookie, { ...request, headers: { ...request.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) } });

  /** Everything a write could change: lots, ledger, sales, and the two pipeline stores. */
  const state = async () => ({
    inventory: await inventorySnapshot(t.db),
    origins: await t.db.selectFrom('coffee_origins').selectAll().orderBy('id').execute(),
    recipes: await t.db.selectFrom('blend_recipes').selectAll().orderBy('id').execute(),
    customers: await t.db.selectFrom('customers').selectAll().orderBy('id').execute(),
    orders: await t.db.selectFrom('orders').selectAll().orderBy('id').execute(),
    orderLines: await t.db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
    productPrices: await t.db.selectFrom('product_prices').selectAll().orderBy('id').execute(),
    saleFormats: await t.db.selectFrom('sale_formats').select(['id', 'version', 'name', 'grams', 'active']).orderBy('id').execute(),
    settings: await t.db.selectFrom('settings').selectAll().orderBy('key').execute(),
    references: await t.db.selectFrom('roast_references').select(['origin_id', 'roast_type', 'roast_id']).orderBy('roast_id').execute(),
    users: await t.db.selectFrom('users').select(['id', 'username', 'role', 'full_name']).orderBy('id').execute(),
    sessions: await countRows(t.db, 'sessions'),
    activity: await countRows(t.db, 'activity_log'),
    keys: await countRows(t.db, 'idempotency_keys'),
  });

  const saleBody = (quantity_kg = 1) => ({
    product_id: chain.r2.id,
    product_type: 'tostado',
    quantity_kg,
    unit_price: 18,
    sale_date: '2024-05-01',
    batch_code_sold: chain.r2.batch_code,
  });

  /** One request per write route, built on the chain (a fresh one per test). */
  const writeRoutes = (): Record<string, () => InjectOptions> => ({
    'POST /api/coffee-origins': () => ({ method: 'POST', url: '/api/coffee-origins', payload: { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Finca Uno'] } }),
    'PUT /api/coffee-origins/:id': () => ({
      method: 'PUT',
      url: `/api/coffee-origins/${chain.origin.id}`,
      payload: { name: 'Colombia Huila', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'] },
    }),
    'POST /api/green-coffee': () => ({ method: 'POST', url: '/api/green-coffee', payload: greenBody() }),
    'DELETE /api/green-coffee/:id': () => ({ method: 'DELETE', url: `/api/green-coffee/${spareGreen}` }),
    'POST /api/roasted-coffee': () => ({
      method: 'POST',
      url: '/api/roasted-coffee',
      payload: { green_coffee_id: chain.greenA.id, quantity_green_kg: 5, resultant_kg: 4.2, roast_type: 'Claro', roast_date: '2024-03-08' },
    }),
    'PUT /api/green-coffee/:id': () => ({
      method: 'PUT',
      url: `/api/green-coffee/${chain.greenB.id}`,
      payload: { origin_id: chain.origin.id, supplier_finca: 'Finca El Paraíso', quantity_kg: 61, unit_price: 9.5, entry_date: '2024-03-01', batch_code: 'VERDE-02' },
    }),
    'PUT /api/roasted-coffee/:id': () => ({
      method: 'PUT',
      url: `/api/roasted-coffee/${spareRoast}`,
      payload: { green_coffee_id: chain.greenB.id, quantity_green_kg: 6, resultant_kg: 5, roast_type: 'Oscuro', roast_date: '2024-03-08' },
    }),
    'DELETE /api/roasted-coffee/:id': () => ({ method: 'DELETE', url: `/api/roasted-coffee/${spareRoast}` }),
    'POST /api/roasted-coffee/:id/reference': () => ({ method: 'POST', url: `/api/roasted-coffee/${spareRoast}/reference`, payload: { version: 1 } }),
    'DELETE /api/roasted-coffee/:id/reference': () => ({ method: 'DELETE', url: `/api/roasted-coffee/${spareRoast}/reference` }),
    'POST /api/blended-coffee': () => ({ method: 'POST', url: '/api/blended-coffee', payload: blendBody('Casa 2') }),
    'PUT /api/blended-coffee/:id': () => ({ method: 'PUT', url: `/api/blended-coffee/${spareBlend}`, payload: blendBody('Casa 3 renombrada') }),
    'DELETE /api/blended-coffee/:id': () => ({ method: 'DELETE', url: `/api/blended-coffee/${spareBlend}` }),
    'PUT /api/users/:id': () => ({ method: 'PUT', url: `/api/users/${other.id}`, payload: { username: 'otra', full_name: `Otra ${++keyCounter}`, role: 'tecnico' } }),
    'DELETE /api/users/:id': () => ({ method: 'DELETE', url: `/api/users/${spareUser}` }),
    'DELETE /api/auth/sessions': () => ({ method: 'DELETE', url: '/api/auth/sessions' }),
    'DELETE /api/auth/sessions/:id': () => ({ method: 'DELETE', url: `/api/auth/sessions/${spareSession}` }),
    'POST /api/roasted-coffee/import-artisan': () => ({
      method: 'POST',
      url: `/api/roasted-coffee/import-artisan?green_coffee_id=${chain.greenA.id}&roast_type=Medio&roast_date=2024-03-08`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: alog(),
    }),
    'POST /api/roasted-coffee/import-artisan-batch': () => ({
      method: 'POST',
      url: '/api/roasted-coffee/import-artisan-batch',
      payload: { files: [{ name: 'tueste.alog', content_base64: alog().toString('base64'), green_coffee_id: chain.greenA.id, roast_type: 'Medio', roast_date: '2024-03-08' }] },
    }),
    'POST /api/stock-counts': () => ({
      method: 'POST',
      url: '/api/stock-counts',
      payload: { reason: 'merma', lines: [{ lot_kind: 'roasted', lot_id: chain.r2.id, expected_kg: 7.067, counted_kg: 7 }] },
    }),
    'POST /api/blend-recipes': () => ({ method: 'POST', url: '/api/blend-recipes', payload: recipeBody('Receta casa') }),
    'PUT /api/blend-recipes/:id': () => ({ method: 'PUT', url: `/api/blend-recipes/${spareRecipe}`, payload: recipeBody('Receta guardada 2') }),
    'DELETE /api/blend-recipes/:id': () => ({ method: 'DELETE', url: `/api/blend-recipes/${spareRecipe}` }),
    'POST /api/product-prices': () => ({ method: 'POST', url: '/api/product-prices', payload: { product_type: 'tostado', origin_id: chain.origin.id, roast_type: 'Medio', price: 18.5 } }),
    'PUT /api/product-prices/:id': () => ({ method: 'PUT', url: `/api/product-prices/${sparePrice}`, payload: { price: 31, version: 1 } }),
    'DELETE /api/product-prices/:id': () => ({ method: 'DELETE', url: `/api/product-prices/${sparePrice}` }),
    'POST /api/sale-formats': () => ({ method: 'POST', url: '/api/sale-formats', payload: { name: 'Bolsa 500 g', grams: 500 } }),
    'PUT /api/sale-formats/:id': () => ({ method: 'PUT', url: `/api/sale-formats/${spareFormat}`, payload: { name: 'Bolsa 250 g', grams: 250, active: false, version: 1 } }),
    'DELETE /api/sale-formats/:id': () => ({ method: 'DELETE', url: `/api/sale-formats/${spareFormat}` }),
    'POST /api/sales': () => ({ method: 'POST', url: '/api/sales', payload: saleBody() }),
    'PUT /api/sales/:id': () => ({ method: 'PUT', url: `/api/sales/${chain.s1.id}`, payload: { ...saleBody(2), sale_date: '2024-04-02' } }),
    'DELETE /api/sales/:id': () => ({ method: 'DELETE', url: `/api/sales/${chain.s3.id}` }),
    'DELETE /api/coffee-origins/:id': () => ({ method: 'DELETE', url: `/api/coffee-origins/${spareOrigin}` }),
    'POST /api/customers': () => ({ method: 'POST', url: '/api/customers', payload: { name: 'Tienda Luna', kind: 'tienda', email: 'hola@luna.es' } }),
    'PUT /api/customers/:id': () => ({ method: 'PUT', url: `/api/customers/${spareCustomer}`, payload: { name: 'Cafetería Sol', kind: 'cafeteria', phone: '600 11 22 33' } }),
    'DELETE /api/customers/:id': () => ({ method: 'DELETE', url: `/api/customers/${spareCustomer}` }),
    'POST /api/orders': () => ({ method: 'POST', url: '/api/orders', payload: orderBody(spareCustomer) }),
    'PUT /api/orders/:id': () => ({ method: 'PUT', url: `/api/orders/${pendingOrder}`, payload: { ...orderBody(spareCustomer), notes: 'Otra nota', version: 1 } }),
    'POST /api/orders/:id/fulfil': () => ({ method: 'POST', url: `/api/orders/${pendingOrder}/fulfil`, payload: fulfilBody(pendingLine, r1StockKg) }),
    'POST /api/orders/:id/undo-fulfil': () => ({ method: 'POST', url: `/api/orders/${preparedOrder}/undo-fulfil` }),
    'POST /api/orders/:id/deliver': () => ({ method: 'POST', url: `/api/orders/${preparedOrder}/deliver` }),
    'POST /api/orders/:id/cancel': () => ({ method: 'POST', url: `/api/orders/${pendingOrder}/cancel` }),
    'POST /api/shop-skus': () => ({ method: 'POST', url: '/api/shop-skus', payload: { sku: 'TAZA-01', ignore: true } }),
    'PUT /api/shop-skus/:id': () => ({ method: 'PUT', url: `/api/shop-skus/${spareSku}`, payload: { ...shopSku('COL-G'), grind: 'molido', version: 1 } }),
    'DELETE /api/shop-skus/:id': () => ({ method: 'DELETE', url: `/api/shop-skus/${spareSku}` }),
    'POST /api/shop-import-presets': () => ({ method: 'POST', url: '/api/shop-import-presets', payload: { name: 'PrestaShop', columns: shopColumns } }),
    'PUT /api/shop-import-presets/:id': () => ({ method: 'PUT', url: `/api/shop-import-presets/${sparePreset}`, payload: { name: 'Woo', columns: shopColumns, version: 1 } }),
    'DELETE /api/shop-import-presets/:id': () => ({ method: 'DELETE', url: `/api/shop-import-presets/${sparePreset}` }),
    // One new order of the customer above, by name: one activity entry.
    'POST /api/shop-orders/import': () => ({
      method: 'POST',
      url: '/api/shop-orders/import',
      headers: { 'content-type': 'text/csv' },
      payload: 'Name,Email,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Billing Name\n#1001,,2026-11-28 10:00:00 +0100,2,Colombia 1 kg,20.00,COL-G,Cafetería Sol\n',
    }),
    'PUT /api/settings': () => ({ method: 'PUT', url: '/api/settings', payload: { default_price_roasted: 16 } }),
    'POST /api/users': () => ({ method: 'POST', url: '/api/users', payload: { username: `nueva${++keyCounter}`, full_name: 'Nueva Persona', role: 'tecnico', password: 'una-clave-larga-9' } }),
    'DELETE /api/users/:id/sessions': () => ({ method: 'DELETE', url: `/api/users/${other.id}/sessions` }),
    'POST /api/green-coffee/import': () => ({
      method: 'POST',
      url: '/api/green-coffee/import?dry_run=false',
      headers: { 'content-type': 'text/csv' },
      payload: `${[h.batchCode, h.origin, h.supplier, h.quantity, h.price, h.entryDate].join(',')}\nVERDE-20,Colombia,Finca La Esperanza,5,7,01/03/2024\n`,
    }),
  });

  it('the table lists every write route the app registers, so a new one gets these tests too', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // Sign-in and sign-out take no key and have their own tests (sessions, activity); a preview writes nothing.
    const untabled = ['POST /api/auth/login', 'POST /api/auth/logout', 'POST /api/artisan/preview', 'POST /api/shop-orders/preview'];
    expect(registered.filter((route) => !untabled.includes(route)).sort()).toEqual(Object.keys(writeRoutes()).sort());
  });

  it.each(Object.keys(writeRoutes()))('%s: a retry with the same key replays the answer and changes nothing', async (name) => {
    const request = writeRoutes()[name]!();
    const key = newKey();
    const first = await send(admin, request, key);
    expect(first.statusCode, first.body).toBeLessThan(300);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await state();
    const again = await send(admin, request, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await state()).toEqual(after);
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
  });

  // With a key, PostgreSQL writes a one-entry log in the statement that stores the answer (idempotency-store.ts).
  it.each(Object.keys(writeRoutes()).flatMap((name) => [[name, 'sin clave'], [name, 'con clave']]))(
    '%s: leaves exactly one activity entry, by the right user (%s)', async (name, keyed) => {
      const before = await lastEntryId();
      const response = await send(admin, writeRoutes()[name]!(), keyed === 'con clave' ? newKey() : undefined);
      expect(response.statusCode, response.body).toBeLessThan(300);
      const entries = await entriesAfter(before);
      // An import logs one entry per imported lot: the file above has one.
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ username: 'ana', user_id: expect.any(Number) });
    });

  it('the same key with another body, or on another path, is a 422 and writes nothing', async () => {
    const key = newKey();
    expect((await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(1) }, key)).statusCode).toBe(201);
    const after = await state();
    const otherBody = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(2) }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(errorOf(otherBody)).toEqual({ code: 'idempotency_key_reused', message: idempotencyMessages.keyReused });
    const otherPath = await send(admin, { method: 'DELETE', url: `/api/sales/${chain.s1.id}` }, key);
    expect(otherPath.statusCode).toBe(422);
    expect(await state()).toEqual(after);
  });

  it('keys are per user: the same key from another user runs as its own request', async () => {
    const key = newKey();
    const mine = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(1) }, key);
    const theirs = await send(tecnico, { method: 'POST', url: '/api/sales', payload: saleBody(1) }, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().user_id).not.toBe(mine.json().user_id);
  });

  it('a refused request stores nothing: the same key runs again once the form is fixed', async () => {
    const key = newKey();
    const refused = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(500) }, key);
    expect(refused.statusCode).toBe(409);
    const invalid = await send(admin, { method: 'POST', url: '/api/sales', payload: { ...saleBody(), quantity_kg: -1 } }, key);
    expect(invalid.statusCode).toBe(400);
    expect(await countRows(t.db, 'idempotency_keys')).toBe(0);
    const fixed = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(1) }, key);
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'dos partes'],
    ['not ASCII', 'clave-ñ'],
  ])('a malformed key (%s) is a 400 in Spanish, nothing written', async (_name, key) => {
    const before = await state();
    const response = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody() }, key);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(idempotencyMessages.invalidKey);
    expect(await state()).toEqual(before);
  });

  it('accepts 255 visible ASCII characters', async () => {
    const response = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody() }, `!~${'a'.repeat(253)}`);
    expect(response.statusCode).toBe(201);
  });

  it('20 concurrent requests with one key: one sale, one ledger row, every answer the same', async () => {
    const before = await countRows(t.db, 'sales');
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(1) }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await countRows(t.db, 'sales')).toBe(before + 1);
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
  });

  it('two servers on one database (no shared memory): 20 requests with one key, split between them, make one sale', async () => {
    const second = await buildApp({ db: t.db, loginRateLimitPerMinute: 1000 });
    try {
      const before = await countRows(t.db, 'sales');
      const movements = await countRows(t.db, 'stock_movements');
      const key = newKey();
      const request = { method: 'POST' as const, url: '/api/sales', payload: saleBody(1), headers: { cookie: admin, 'idempotency-key': key } };
      const answers: LightMyRequestResponse[] = await Promise.all(
        Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? t.app : second).inject(request)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await countRows(t.db, 'sales')).toBe(before + 1);
      expect(await countRows(t.db, 'stock_movements')).toBe(movements + 1);
      expect(await countRows(t.db, 'idempotency_keys')).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('a key older than 24 hours is forgotten: the request runs again', async () => {
    const key = newKey();
    const first = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(1) }, key);
    await t.db.updateTable('idempotency_keys').set({ created_at: Date.now() - IDEMPOTENCY_WINDOW_MS - 1000 }).execute();
    const again = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(1) }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().id).not.toBe(first.json().id);
    expect(await countRows(t.db, 'idempotency_keys')).toBe(1);
  });

  it('pruning deletes the keys past their window, then the oldest beyond the ceiling', async () => {
    const user = (await t.db.selectFrom('users').select('id').where('username', '=', 'ana').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const row = (key: string, created_at: number) => ({ user_id: user, key, method: 'POST', path: '/api/x', body_hash: 'h', status: 201, response_body: null, created_at });
    await t.db
      .insertInto('idempotency_keys')
      .values([row('viejo', now - IDEMPOTENCY_WINDOW_MS - 1), row('a', now - 3000), row('b', now - 2000), row('c', now - 1000)])
      .execute();
    await withWriteTransaction(t.db, (trx) => pruneKeys(trx, now, 2));
    const left = await t.db.selectFrom('idempotency_keys').select('key').orderBy('key').execute();
    expect(left.map((r) => r.key)).toEqual(['b', 'c']);
  });

  it('sign-in, a refused sign-in and sign-out are logged, without the password', async () => {
    const before = await lastEntryId();
    const refused = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'tomas', password: 'mal-secreto-xyz' } });
    expect(refused.statusCode).toBe(401);
    const login = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'tomas', password: 'contraseña-de-prueba-1' } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await t.call(cookie, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.area, e.username])).toEqual([
      ['sign_in_refused', 'auth', 'tomas'],
      ['sign_in', 'auth', 'tomas'],
      ['sign_out', 'auth', 'tomas'],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/mal-secreto|contraseña-de-prueba|argon2/);
  });

  it('an edit logs its changed fields before and after; a refused write logs nothing', async () => {
    const before = await countRows(t.db, 'activity_log');
    const refused = await send(admin, { method: 'POST', url: '/api/sales', payload: saleBody(500) });
    expect(refused.statusCode).toBe(409);
    expect(await countRows(t.db, 'activity_log')).toBe(before);
    await send(admin, writeRoutes()['PUT /api/coffee-origins/:id']!());
    const [entry] = await t.db.selectFrom('activity_log').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(entry).toMatchObject({ action: 'update', area: 'coffee-origins', record_id: chain.origin.id, record_label: 'Colombia' });
    expect(JSON.parse(entry!.changes!)).toEqual({ name: { before: 'Colombia', after: 'Colombia Huila' } });
  });

  it('a user edit with a new password logs that the password changed, with no password or hash', async () => {
    const response = await send(admin, { method: 'PUT', url: `/api/users/${other.id}`, payload: { username: 'otra', full_name: 'Otra R.', role: 'tecnico', password: 'nueva-clave-larga-8' } });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await t.db.selectFrom('activity_log').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(entry).toMatchObject({ action: 'update', area: 'users', record_label: 'otra' });
    expect(JSON.parse(entry!.changes!)).toEqual({ full_name: { before: expect.any(String), after: 'Otra R.' }, password: { before: null, after: null } });
    expect(JSON.stringify(entry)).not.toMatch(/nueva-clave|argon2/);
  });
});

describe('write pipeline: the rules a new route must follow', () => {
  it('refuses to start with a write route that does not say how it is logged', async () => {
    const { db, close } = await openTestDatabase('sqlite');
    try {
      const app = await buildApp({ db });
      await expect(
        app.register(async (api) => {
          api.post('/api/sin-regla', async () => ({ ok: true }));
        }),
      ).rejects.toThrow(/config\.activity/);
      await app.close();
    } finally {
      await close();
    }
  });

  it('refuses a second write transaction in one request: the change, its log and its answer are one', async () => {
    const { db, close } = await openTestDatabase('sqlite');
    try {
      const app = await buildApp({ db, logger: false });
      await app.register(async (api) => {
        api.post('/api/dos-transacciones', { config: { public: true, activity: { area: 'settings', describe: () => ({ id: null, label: 'x' }) } } }, async (request) => {
          await withWriteTransaction(writeDatabaseOf(request), async () => 1);
          return withWriteTransaction(writeDatabaseOf(request), async () => 2);
        });
      });
      const response = await app.inject({ method: 'POST', url: '/api/dos-transacciones', payload: {} });
      expect(response.statusCode).toBe(500);
      await app.close();
    } finally {
      await close();
    }
  });

  it("gives each write its own database handle, and a read none: a service given the app's handle would write no log", async () => {
    const { db, close } = await openTestDatabase('sqlite');
    try {
      const app = await buildApp({ db, logger: false });
      const handles: unknown[] = [];
      await app.register(async (api) => {
        const config = { public: true, activity: { area: 'settings', describe: () => ({ id: null, label: 'x' }) } } as const;
        api.post('/api/un-manejador', { config }, async (request) => {
          handles.push(writeDatabaseOf(request));
          return withWriteTransaction(writeDatabaseOf(request), async () => ({ ok: true }));
        });
        api.get('/api/una-lectura', { config: { public: true } }, async (request) => ({ handle: Boolean(writeDatabaseOf(request)) }));
      });
      const before = await countRows(db, 'activity_log');
      for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'POST', url: '/api/un-manejador', payload: {} })).statusCode).toBe(200);
      expect(handles[0]).not.toBe(handles[1]);
      expect(handles).not.toContain(db);
      expect(await countRows(db, 'activity_log')).toBe(before + 2);
      expect((await app.inject({ method: 'GET', url: '/api/una-lectura' })).statusCode).toBe(500);
      await app.close();
    } finally {
      await close();
    }
  });

  it('documents the Idempotency-Key header and its 422 on every write route but sign-in and sign-out', async () => {
    const { db, close } = await openTestDatabase('sqlite');
    try {
      const app = await buildApp({ db });
      await app.ready();
      const doc = app.swagger() as unknown as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> }>> };
      const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => ['post', 'put', 'delete'].includes(method))
          .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
      );
      expect(writes.length).toBeGreaterThan(15);
      for (const { route, operation } of writes) {
        const documented = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
        // Sign-in and sign-out take no key; a preview writes nothing (readOnly).
        const exempt = ['POST /api/auth/login', 'POST /api/auth/logout', 'POST /api/artisan/preview', 'POST /api/shop-orders/preview'].includes(route);
        expect(documented, route).toBe(!exempt);
        if (!exempt) expect(operation.responses['422'], route).toBeDefined();
      }
      await app.close();
    } finally {
      await close();
    }
  });
});
