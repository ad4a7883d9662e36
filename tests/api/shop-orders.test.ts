import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csvMessages } from '#shared/csv-messages.js';
import { localIsoDate } from '#shared/local-date.js';
import { commonMessages } from '#shared/messages.js';
import { addDays } from '#shared/schemas/orders.js';
import type { ShopImportResult, ShopPreview } from '#shared/schemas/shop-orders.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/shop/${name}`, import.meta.url));
const SHOPIFY = fixture('shopify-orders.csv');
const SHOPIFY_SEMICOLON_BOM = fixture('shopify-orders-semicolon-bom.csv');

/** What the shop's day plus the default 2 days to prepare gives, or today when that has passed. */
const dueOf = (date: string, days = 2) => (addDays(date, days) < localIsoDate() ? localIsoDate() : addDays(date, days));

/** A WooCommerce-style export through a plugin: semicolons, Spanish headers, a status column. */
const WOO_HEADER = 'Número de pedido;Fecha del pedido;Nombre de facturación;Correo electrónico (facturación);Teléfono (facturación);SKU;Artículo;Cantidad;Coste de artículo;Estado del pedido';
const WOO_COLUMNS = {
  order: 'Número de pedido',
  date: 'Fecha del pedido',
  customer_name: 'Nombre de facturación',
  email: 'Correo electrónico (facturación)',
  phone: 'Teléfono (facturación)',
  sku: 'SKU',
  product_name: 'Artículo',
  quantity: 'Cantidad',
  unit_price: 'Coste de artículo',
  cancelled: 'Estado del pedido',
};

describe.each(testDialects())('pedidos de la tienda online (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let colombia: number;
  let etiopia: number;
  let recipe: number;
  let f250: number;
  let f500: number;
  let f1000: number;
  let cafeSol: number;

  const preview = (body: string | Buffer, query = '') =>
    t.call(tecnico, { method: 'POST', url: `/api/shop-orders/preview${query}`, headers: { 'content-type': 'text/csv' }, payload: body });
  const importFile = (body: string | Buffer, query = '', headers: Record<string, string> = {}) =>
    t.call(tecnico, { method: 'POST', url: `/api/shop-orders/import${query}`, headers: { 'content-type': 'text/csv', ...headers }, payload: body });
  const postSku = (payload: object, cookie = tecnico) => t.call(cookie, { method: 'POST', url: '/api/shop-skus', payload });
  const orders = () =>
    t.db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.id', 'o.shop_source', 'o.shop_order', 'o.order_date', 'o.due_date', 'o.status', 'o.notes', 'c.name as customer'])
      .orderBy('o.id')
      .execute();
  const lines = (orderId: number) =>
    t.db
      .selectFrom('order_lines')
      .select(['product_type', 'origin_id', 'roast_type', 'recipe_id', 'format_id', 'bags', 'quantity_g', 'unit_price_cents', 'grind'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
  const customers = () => t.db.selectFrom('customers').select(['name', 'kind', 'email', 'phone']).orderBy('id').execute();

  /** The fixture's SKUs mapped: two roasted products in bags, the house blend by the kilo bag, the mug ignored. */
  async function mapFixtureSkus() {
    for (const payload of [
      { sku: 'COL-250-G', product: { kind: 'tostado', origin_id: colombia, roast_type: 'Medio' }, format_id: f250, grind: 'grano' },
      { sku: 'ETI-500-M', product: { kind: 'tostado', origin_id: etiopia, roast_type: 'Claro' }, format_id: f500, grind: 'molido' },
      { sku: 'BLEND-1KG', product: { kind: 'mezcla', recipe_id: recipe }, format_id: f1000, grind: 'grano' },
      { sku: 'TAZA-01', ignore: true },
    ]) {
      const response = await postSku(payload);
      expect(response.statusCode, response.body).toBe(201);
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador', 'ana');
    tecnico = await t.signIn('tecnico', 'tomas');
  });
  beforeEach(async () => {
    await resetDatabase(t.db);
    const origin = async (name: string) =>
      (await t.call(admin, { method: 'POST', url: '/api/coffee-origins', payload: { name, kilos_per_bag: 70, suppliers_fincas: [`Finca ${name}`] } })).json<{ id: number }>().id;
    colombia = await origin('Colombia');
    etiopia = await origin('Etiopía');
    recipe = (await t.call(admin, { method: 'POST', url: '/api/blend-recipes', payload: { name: 'Mezcla de la Casa', components: [{ origin_id: colombia, percentage: 100 }] } })).json<{ id: number }>().id;
    // The reset empties the migration's default formats: the same three again.
    const now = Date.now();
    const format = async (name: string, grams: number) =>
      (await t.db.insertInto('sale_formats').values({ name, name_key: name.toLowerCase(), grams, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    f250 = await format('Bolsa 250 g', 250);
    f500 = await format('Bolsa 500 g', 500);
    f1000 = await format('Bolsa 1 kg', 1000);
    cafeSol = (await t.call(admin, { method: 'POST', url: '/api/customers', payload: { name: 'Café Sol', kind: 'cafeteria', email: 'hola@cafesol.es' } })).json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  it('previews a real-shaped Shopify export: states, customers, lines with kilos and price per kg, unknown SKUs; nothing written', async () => {
    const response = await preview(SHOPIFY);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ShopPreview>();
    expect(result.source).toBe('shopify');
    expect(result.orders.map((order) => [order.shop_order, order.date, order.state])).toEqual([
      ['#1001', '2026-11-28', 'nuevo'],
      ['#1002', '2026-11-28', 'nuevo'],
      ['#1003', '2026-11-28', 'cancelado'],
      ['#1004', '2026-11-29', 'cancelado'],
      ['#1005', '2026-11-29', 'nuevo'],
      ['#1006', '2026-11-30', 'nuevo'],
    ]);
    // Nothing mapped yet: each SKU of the new orders once, in the file's order, and each new order says which.
    expect(result.unknown_skus).toEqual(['COL-250-G', 'ETI-500-M', 'BLEND-1KG', 'TAZA-01']);
    expect(result.orders[0]!.problems).toEqual([m.unknownSku('COL-250-G'), m.unknownSku('ETI-500-M')]);
    expect(result.orders[0]!.problems[0]).toBe('El producto «COL-250-G» de la tienda no tiene correspondencia: elige a qué café corresponde (o «Ignorar»).');
    // Cancelled orders are skipped: no problems asked of them.
    expect(result.orders[2]!.problems).toEqual([]);
    expect(await orders()).toEqual([]);

    await mapFixtureSkus();
    const mapped = (await preview(SHOPIFY)).json<ShopPreview>();
    expect(mapped.unknown_skus).toEqual([]);
    const [first, second, , , partial, sixth] = mapped.orders;
    expect(first!.problems).toEqual([]);
    // Found by nothing: a new customer, shared by #1006, whose email is the same in capitals.
    expect(first!.customer).toEqual({ name: 'Ana García', email: 'ana.garcia@example.es', phone: '+34 600 111 222', customer_id: null });
    expect(first!.lines).toEqual([
      {
        sku: 'COL-250-G',
        name: 'Colombia Huila - 250 g / Grano',
        quantity: 2,
        unit_price: 8.5,
        kg: 0.5,
        price_per_kg: 34,
        mapping: { product: { kind: 'tostado', origin_id: colombia, roast_type: 'Medio' }, product_name: 'Colombia · Medio', format_id: f250, format_name: 'Bolsa 250 g', grind: 'grano' },
      },
      {
        sku: 'ETI-500-M',
        name: 'Etiopía Yirgacheffe - 500 g / Molido',
        quantity: 1,
        unit_price: 16,
        kg: 0.5,
        price_per_kg: 32,
        mapping: { product: { kind: 'tostado', origin_id: etiopia, roast_type: 'Claro' }, product_name: 'Etiopía · Claro', format_id: f500, format_name: 'Bolsa 500 g', grind: 'molido' },
      },
    ]);
    // 'Cafe Sol' is the customer 'Café Sol' by the one-name rule (accents aside), though its email differs.
    expect(second!.customer.customer_id).toBe(cafeSol);
    // Each order shows the customer it will be saved under: the existing one's name, and for #1006
    // ('Ana G.', the same email) the new customer of #1001; email and phone as the file writes them.
    expect(second!.customer).toEqual({ name: 'Café Sol', email: 'pedidos@cafesol.es', phone: '+34 910 000 000', customer_id: cafeSol });
    expect(second!.lines[1]).toMatchObject({ sku: 'TAZA-01', kg: null, price_per_kg: null, mapping: { ignore: true } });
    expect(partial!.warnings).toEqual([m.partiallyRefunded]);
    expect(partial!.problems).toEqual([]);
    expect(sixth!.customer).toEqual({ name: 'Ana García', email: 'ANA.GARCIA@example.es', phone: '+34 600 111 222', customer_id: null });
    expect(await orders()).toEqual([]);
  });

  it('imports the new orders once, all in one go, with their customers; the same file again creates nothing', async () => {
    await mapFixtureSkus();
    const response = await importFile(SHOPIFY);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ShopImportResult>();
    expect(result.created).toHaveLength(4);
    expect(result.skipped).toBe(2);
    const imported = await orders();
    expect(imported).toEqual([
      { id: result.created[0], shop_source: 'shopify', shop_order: '#1001', order_date: '2026-11-28', due_date: dueOf('2026-11-28'), status: 'pendiente', notes: 'Dejar en portería, por favor.\nGracias', customer: 'Ana García' },
      { id: result.created[1], shop_source: 'shopify', shop_order: '#1002', order_date: '2026-11-28', due_date: dueOf('2026-11-28'), status: 'pendiente', notes: null, customer: 'Café Sol' },
      { id: result.created[2], shop_source: 'shopify', shop_order: '#1005', order_date: '2026-11-29', due_date: dueOf('2026-11-29'), status: 'pendiente', notes: null, customer: 'Luis Pérez' },
      { id: result.created[3], shop_source: 'shopify', shop_order: '#1006', order_date: '2026-11-30', due_date: dueOf('2026-11-30'), status: 'pendiente', notes: null, customer: 'Ana García' },
    ]);
    expect(await lines(result.created[0]!)).toEqual([
      { product_type: 'tostado', origin_id: colombia, roast_type: 'Medio', recipe_id: null, format_id: f250, bags: 2, quantity_g: 500, unit_price_cents: 3400, grind: 'grano' },
      { product_type: 'tostado', origin_id: etiopia, roast_type: 'Claro', recipe_id: null, format_id: f500, bags: 1, quantity_g: 500, unit_price_cents: 3200, grind: 'molido' },
    ]);
    // The mug is not an order line.
    expect(await lines(result.created[1]!)).toEqual([
      { product_type: 'mezcla', origin_id: null, roast_type: null, recipe_id: recipe, format_id: f1000, bags: 3, quantity_g: 3000, unit_price_cents: 2400, grind: 'grano' },
    ]);
    expect(await customers()).toEqual([
      { name: 'Café Sol', kind: 'cafeteria', email: 'hola@cafesol.es', phone: null },
      { name: 'Ana García', kind: 'online', email: 'ana.garcia@example.es', phone: '+34 600 111 222' },
      { name: 'Luis Pérez', kind: 'online', email: 'luis.perez@example.es', phone: '+34 622 333 444' },
    ]);
    const activity = await t.db.selectFrom('activity_log').select(['area', 'action', 'record_label']).orderBy('id').execute();
    expect(activity.filter((entry) => entry.area === 'orders')).toHaveLength(4);
    expect(activity.filter((entry) => entry.area === 'customers' && entry.action === 'import').map((entry) => entry.record_label)).toEqual(['Ana García', 'Luis Pérez']);

    // Again, and in its other dialect (BOM, semicolons, CRLF): every order is 'Ya importado', nothing created.
    for (const file of [SHOPIFY, SHOPIFY_SEMICOLON_BOM]) {
      const states = (await preview(file)).json<ShopPreview>().orders.map((order) => order.state);
      expect(states).toEqual(['ya_importado', 'ya_importado', 'cancelado', 'cancelado', 'ya_importado', 'ya_importado']);
      const again = await importFile(file);
      expect(again.json()).toEqual({ created: [], skipped: 6 });
    }
    expect(await orders()).toHaveLength(4);
    expect(await customers()).toHaveLength(3);
  });

  it('two imports of the same file at once create its orders and customers once', async () => {
    await mapFixtureSkus();
    const answers = await Promise.all([importFile(SHOPIFY), importFile(SHOPIFY)]);
    // The one that comes second either saw the first's orders ('Ya importado') or met the unique index (409).
    const created = answers.flatMap((answer) => (answer.statusCode === 200 ? answer.json<ShopImportResult>().created : []));
    expect(created, answers.map((answer) => answer.body).join('\n')).toHaveLength(4);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) expect([answer.statusCode, errorOf(answer).message]).toEqual([409, m.alreadyImporting]);
    expect(await orders()).toHaveLength(4);
    expect(await customers()).toHaveLength(3);
  });

  it('reads the BOM + semicolon variant exactly as the comma one', async () => {
    await mapFixtureSkus();
    const comma = (await preview(SHOPIFY)).json<ShopPreview>();
    const semicolon = (await preview(SHOPIFY_SEMICOLON_BOM)).json<ShopPreview>();
    expect(semicolon).toEqual(comma);
    expect(semicolon.orders[0]!.customer.name).toBe('Ana García');
  });

  it('writes nothing when any new order has a problem (all or nothing), and imports once it is fixed', async () => {
    await mapFixtureSkus();
    const text = SHOPIFY.toString('utf8').replace('COL-250-G', 'DESCAF-250');
    const refused = await importFile(text);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({ code: 'validation', message: m.notSaved });
    expect(await orders()).toEqual([]);
    expect(await customers()).toHaveLength(1);
    const seen = (await preview(text)).json<ShopPreview>();
    expect(seen.unknown_skus).toEqual(['DESCAF-250']);
    expect(seen.orders[0]!.problems).toEqual([m.unknownSku('DESCAF-250')]);

    await postSku({ sku: 'descaf-250 ', product: { kind: 'tostado', origin_id: colombia, roast_type: 'Oscuro' }, format_id: f250, grind: 'molido' });
    const saved = await importFile(text);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ShopImportResult>().created).toHaveLength(4);
  });

  it('a bad quantity, price or date is a problem of its order', async () => {
    await mapFixtureSkus();
    const csv = [
      'Name,Email,Financial Status,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Billing Name,Cancelled at',
      '#1,a@b.es,paid,2026-11-28 10:00:00 +0100,dos,Café,8.50,COL-250-G,Ana,',
      '#2,c@d.es,paid,31/02/2026,1,Café,8.50,COL-250-G,Eva,',
      '#3,e@f.es,paid,2026-11-28,1,Café,=1+1,COL-250-G,Leo,',
      '#4,,paid,2026-11-28,1,Café,8.50,COL-250-G,,',
    ].join('\n');
    const result = (await preview(csv)).json<ShopPreview>();
    expect(result.orders.map((order) => order.problems)).toEqual([
      [m.badQuantity('Café')],
      [m.badDate('31/02/2026')],
      [m.badPrice('Café')],
      [m.noCustomer],
    ]);
    expect(errorOf(await importFile(csv)).message).toBe(m.notSaved);
  });

  it('refuses PrestaShop\'s order list (totals only) saying a line-item export is needed', async () => {
    const csv = '\uFEFFID;Referencia;Nuevo cliente;Entrega;Cliente;Total;Pago;Estado;Fecha\n12;XKBKNABJK;Sí;España;J. Pérez;45,90 €;Tarjeta;Enviado;2026-11-28 10:00:00\n';
    for (const response of [await preview(csv), await importFile(csv)]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message: m.lineItemsNeeded });
    }
    expect(m.lineItemsNeeded).toBe(
      'El archivo solo tiene los totales de cada pedido, sin sus productos (como la lista de pedidos de PrestaShop). Exporta los pedidos con una fila por producto (artículos del pedido) y vuelve a subirlo.',
    );
  });

  it('asks for a column mapping for any other shop\'s file, then reads it through a saved preset', async () => {
    const csv = [
      WOO_HEADER,
      '2041;05/03/2026 10:15;Marta Ruiz;marta@example.es;600 123 456;COL-250-G;Colombia 250 g;2;8,50;Completado',
      '2041;;;;;TAZA-01;Taza;1;12;',
      '2042;06/03/2026 09:00;Café Sol;hola@cafesol.es;;BLEND-1KG;Mezcla 1 kg;1;24;Cancelado',
    ].join('\n');
    const refused = await preview(csv);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(m.notShopify);

    const created = await t.call(tecnico, { method: 'POST', url: '/api/shop-import-presets', payload: { name: 'WooCommerce', columns: WOO_COLUMNS } });
    expect(created.statusCode, created.body).toBe(201);
    const preset = created.json<{ id: number; columns: Record<string, string | null> }>();
    expect(preset.columns).toEqual({ ...WOO_COLUMNS, notes: null });
    const listed = await t.call(tecnico, { method: 'GET', url: '/api/shop-import-presets' });
    expect(listed.json<{ items: { name: string }[] }>().items.map((item) => item.name)).toEqual(['WooCommerce']);
    const duplicate = await t.call(tecnico, { method: 'POST', url: '/api/shop-import-presets', payload: { name: ' woocommerce ', columns: WOO_COLUMNS } });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe(m.presetDuplicate('WooCommerce'));

    await mapFixtureSkus();
    const result = (await preview(csv, `?preset=${preset.id}`)).json<ShopPreview>();
    expect(result.source).toBe('preset');
    expect(result.orders.map((order) => [order.shop_order, order.date, order.state, order.customer.customer_id])).toEqual([
      ['2041', '2026-03-05', 'nuevo', null],
      ['2042', '2026-03-06', 'cancelado', cafeSol],
    ]);
    expect(result.orders[0]!.lines.map((line) => [line.sku, line.kg, line.price_per_kg])).toEqual([['COL-250-G', 0.5, 34], ['TAZA-01', null, null]]);
    // Matched by its email, the order shows the customer's name, not the file's billing name.
    const byEmail = (await preview(csv.replace('2042;06/03/2026 09:00;Café Sol;', '2042;06/03/2026 09:00;Cafetería Sol S.L.;'), `?preset=${preset.id}`)).json<ShopPreview>();
    expect(byEmail.orders[1]!.customer).toEqual({ name: 'Café Sol', email: 'hola@cafesol.es', phone: null, customer_id: cafeSol });
    const saved = await importFile(csv, `?preset=${preset.id}`);
    expect(saved.json()).toEqual({ created: [expect.any(Number)], skipped: 1 });
    expect((await orders()).map((order) => [order.shop_source, order.shop_order, order.customer, order.due_date])).toEqual([[`preset-${preset.id}`, '2041', 'Marta Ruiz', localIsoDate()]]);
    expect((await importFile(csv, `?preset=${preset.id}`)).json()).toEqual({ created: [], skipped: 2 });

    // A preset whose columns the file lacks names them; an unknown preset is refused.
    const other = await t.call(tecnico, { method: 'POST', url: '/api/shop-import-presets', payload: { name: 'Otra', columns: { ...WOO_COLUMNS, order: 'Pedido n.º' } } });
    expect(errorOf(await preview(csv, `?preset=${other.json<{ id: number }>().id}`)).message).toBe(m.missingColumns(['Pedido n.º']));
    expect(errorOf(await preview(csv, '?preset=999')).message).toBe(m.presetNotFound);
  });

  it('uses the setting \'Días para preparar pedidos online\' for the due date', async () => {
    await mapFixtureSkus();
    const today = localIsoDate();
    const put = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { shop_order_prep_days: 5 } });
    expect(put.statusCode, put.body).toBe(200);
    const csv = `Name,Email,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Billing Name\n#9,a@b.es,${today} 09:00:00 +0100,1,Café,8.50,COL-250-G,Ana\n`;
    expect((await importFile(csv)).statusCode).toBe(200);
    expect((await orders())[0]!.due_date).toBe(addDays(today, 5));
    const refused = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { shop_order_prep_days: 61 } });
    expect(errorOf(refused).message).toBe('Los días para preparar pedidos online deben ser un número entero de 0 a 60.');
  });

  it('is retry-safe by Idempotency-Key: the same key answers the first import again', async () => {
    await mapFixtureSkus();
    const key = { 'idempotency-key': 'clave-importacion-1' };
    const first = await importFile(SHOPIFY, '', key);
    const second = await importFile(SHOPIFY, '', key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await orders()).toHaveLength(4);
  });

  it('refuses hostile files: not UTF-8, too large, too many rows, a formula is only text', async () => {
    const latin1 = Buffer.from('Name,Email,Created at,Lineitem quantity,Lineitem name,Lineitem price,Billing Name\n#1,a@b.es,2026-11-28,1,Caf\xe9,1,Ana\n', 'latin1');
    expect(errorOf(await preview(latin1)).message).toBe(csvMessages.fileNotUtf8);
    expect(errorOf(await preview('')).message).toBe(csvMessages.fileEmpty);
    const huge = await preview(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(huge.statusCode).toBe(413);
    const header = 'Name,Email,Created at,Lineitem quantity,Lineitem name,Lineitem price,Billing Name';
    const many = `${header}\n${'#1,a@b.es,2026-11-28,1,Café,1,Ana\n'.repeat(10_001)}`;
    expect(errorOf(await preview(many)).message).toBe(m.tooManyRows(10_000));
    const wide = `${header}\n#1${','.repeat(2_000_000)}\n`;
    expect(errorOf(await preview(wide)).message).toBe(m.tooManyCells(1_000_100));
    // A formula is text: never evaluated, its line's name kept as written.
    await mapFixtureSkus();
    const formula = `${header},Lineitem sku\n#1,a@b.es,2026-11-28,1,"=HYPERLINK(""http://x"")",8.50,Ana,COL-250-G\n`;
    const read = (await preview(formula)).json<ShopPreview>();
    expect(read.orders[0]!.lines[0]!.name).toBe('=HYPERLINK("http://x")');
    // A control character in a cell is the text rule's problem, naming its column.
    const control = `${header}\n#1,a@b.es,2026-11-28,1,"Caf\u0007é",1,Ana\n`;
    expect((await preview(control)).json<ShopPreview>().orders[0]!.problems).toContain('El campo «Lineitem name» no puede contener tabuladores, saltos de línea ni otros caracteres de control.');
  });

  it('needs a session: 401 without one, for every route', async () => {
    for (const [method, url] of [
      ['POST', '/api/shop-orders/preview'],
      ['POST', '/api/shop-orders/import'],
      ['GET', '/api/shop-skus'],
      ['POST', '/api/shop-skus'],
      ['GET', '/api/shop-import-presets'],
      ['POST', '/api/shop-import-presets'],
    ] as const) {
      const response = await t.call(undefined, { method, url, headers: { 'content-type': url.includes('shop-orders') ? 'text/csv' : 'application/json' }, payload: url.includes('shop-orders') ? SHOPIFY : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('SKU mappings', () => {
    it('creates, lists, edits with version and deletes a mapping; both roles', async () => {
      const created = await postSku({ sku: 'COL-250-G', product: { kind: 'tostado', origin_id: colombia, roast_type: 'Medio' }, format_id: f250, grind: 'grano' });
      expect(created.statusCode, created.body).toBe(201);
      const sku = created.json<{ id: number; version: number }>();
      expect(created.json()).toEqual({
        id: sku.id,
        version: 1,
        sku: 'COL-250-G',
        ignore: false,
        product: { kind: 'tostado', origin_id: colombia, roast_type: 'Medio' },
        product_name: 'Colombia · Medio',
        format_id: f250,
        format_name: 'Bolsa 250 g',
        grind: 'grano',
      });
      const bulk = await postSku({ sku: 'Mezcla a granel', product: { kind: 'mezcla', recipe_id: recipe }, format_id: null, grind: 'molido' }, admin);
      expect(bulk.json()).toMatchObject({ product_name: 'Mezcla de la Casa', format_id: null, format_name: null });
      const list = await t.call(tecnico, { method: 'GET', url: '/api/shop-skus' });
      expect(list.json<{ items: { sku: string }[]; total: number }>().items.map((item) => item.sku)).toEqual(['COL-250-G', 'Mezcla a granel']);

      const put = await t.call(tecnico, { method: 'PUT', url: `/api/shop-skus/${sku.id}`, payload: { sku: 'COL-250-G', ignore: true, version: 1 } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ version: 2, ignore: true, product: null, format_id: null, grind: null });
      const stale = await t.call(tecnico, { method: 'PUT', url: `/api/shop-skus/${sku.id}`, payload: { sku: 'COL-250-G', ignore: true, version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).message).toBe('Otro usuario modificó esta correspondencia mientras la editabas. Recarga para ver sus cambios.');
      expect((await t.call(tecnico, { method: 'PUT', url: `/api/shop-skus/${sku.id}`, payload: { sku: 'COL-250-G', ignore: true } })).statusCode).toBe(428);
      expect((await t.call(tecnico, { method: 'DELETE', url: `/api/shop-skus/${sku.id}?version=2` })).statusCode).toBe(204);
      expect((await t.call(tecnico, { method: 'DELETE', url: `/api/shop-skus/${sku.id}` })).statusCode).toBe(404);
    });

    it.each([
      ['no SKU', { ignore: true }, m.skuRequired],
      ['a blank SKU', { sku: '  ', ignore: true }, m.skuRequired],
      ['a coffee without product', { sku: 'X', grind: 'grano' }, m.productRequired],
      ['a coffee without grind', { sku: 'X', product: { kind: 'mezcla', recipe_id: 1 } }, m.productRequired],
      ['an unknown product kind', { sku: 'X', product: { kind: 'verde', origin_id: 1 }, grind: 'grano' }, 'Producto: elige un café tostado (origen y tueste) o una receta de mezcla de la lista.'],
      ['a bad grind', { sku: 'X', product: { kind: 'mezcla', recipe_id: 1 }, grind: 'fino' }, m.grindInvalid],
      ['a 201-character SKU', { sku: 'x'.repeat(201), ignore: true }, m.skuTooLong(200)],
    ])('refuses %s with its message, writing nothing', async (_case, payload, message) => {
      const response = await postSku(payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message });
      expect(await t.db.selectFrom('shop_skus').select('id').execute()).toEqual([]);
    });

    it('refuses an origin, recipe or format that does not exist, and a SKU already mapped (any case)', async () => {
      expect(errorOf(await postSku({ sku: 'X', product: { kind: 'tostado', origin_id: 999, roast_type: 'Medio' }, grind: 'grano' })).message).toBe(m.productInvalid);
      expect(errorOf(await postSku({ sku: 'X', product: { kind: 'mezcla', recipe_id: recipe }, format_id: 999, grind: 'grano' })).message).toBe(m.formatInvalid);
      await postSku({ sku: 'COL-250-G', ignore: true });
      const duplicate = await postSku({ sku: 'col-250-g', ignore: true });
      expect(duplicate.statusCode).toBe(409);
      expect(errorOf(duplicate).message).toBe('El SKU «COL-250-G» ya tiene correspondencia. Edítala en la lista.');
    });

    it('is retry-safe: the same Idempotency-Key creates one mapping', async () => {
      const headers = { 'idempotency-key': 'clave-sku-1' };
      const payload = { sku: 'TAZA-01', ignore: true };
      const first = await t.call(tecnico, { method: 'POST', url: '/api/shop-skus', payload, headers });
      const second = await t.call(tecnico, { method: 'POST', url: '/api/shop-skus', payload, headers });
      expect(second.json()).toEqual(first.json());
      expect(await t.db.selectFrom('shop_skus').select('id').execute()).toHaveLength(1);
    });
  });

  it('refuses a preset without the columns it needs', async () => {
    const response = await t.call(tecnico, { method: 'POST', url: '/api/shop-import-presets', payload: { name: 'Sin producto', columns: { ...WOO_COLUMNS, sku: null, product_name: null } } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(m.presetRequired);
    expect(errorOf(await t.call(tecnico, { method: 'POST', url: '/api/shop-import-presets', payload: {} })).message).toBe(m.presetRequired);
    expect(commonMessages.forbidden).toBeTruthy();
  });
});
