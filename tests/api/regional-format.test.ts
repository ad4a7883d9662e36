import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csvMessages } from '#shared/csv-messages.js';
import { DEFAULT_REGIONAL_FORMAT, defaultFormatter, regionalFormatter } from '#shared/format.js';
import { ALOG_MAX_LIST_ITEMS } from '#shared/limits.js';
import { IMPORT_MAX_BYTES } from '#shared/schemas/green-import.js';
import { commonMessages } from '#shared/messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { settingsMessages as m } from '#shared/settings-messages.js';
import { readPdf } from '../helpers/pdf-pages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * Configuración › Formato regional (docs/product-guide.md#configuracion,
 * docs/decisions/0042-one-regional-formatter.md): three settings that every amount the
 * server writes follows (messages, CSV headers, labels), handed to the web with the session.
 */
describe.each(testDialects())('formato regional (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  const EURO = { currency_symbol: '€', currency_position: 'after', decimal_separator: ',' } as const;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
  });

  const get = (url: string, cookie: string | undefined = tecnico) => t.call(cookie, { method: 'GET', url });
  const put = (payload: object, cookie: string | undefined = admin, headers: Record<string, string> = {}) =>
    t.call(cookie, { method: 'PUT', url: '/api/settings', payload, headers });
  const formatOf = async () => {
    const settings = (await get('/api/settings')).json() as Record<string, unknown>;
    return { currency_symbol: settings.currency_symbol, currency_position: settings.currency_position, decimal_separator: settings.decimal_separator };
  };

  it("starts at the spec's look, '$' before and a decimal point, in GET /api/settings and the session answers", async () => {
    expect(await formatOf()).toEqual({ currency_symbol: '$', currency_position: 'before', decimal_separator: '.' });
    expect((await get('/api/auth/me')).json()).toMatchObject({ format: DEFAULT_REGIONAL_FORMAT });
  });

  it('lets an administrador save it; everyone reads it, and /auth/me and the login answer carry it', async () => {
    const saved = await put(EURO);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(EURO);
    expect(await formatOf()).toEqual(EURO);
    expect((await get('/api/auth/me')).json()).toMatchObject({ user: { role: 'tecnico' }, format: EURO });
    await t.signIn('tecnico', 'lucia');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'lucia', password: TEST_PASSWORD } });
    expect(login.json()).toMatchObject({ user: { username: 'lucia' }, format: EURO });
    // Only the sent setting changes: the defaults' prices stay.
    expect((await get('/api/settings')).json()).toMatchObject({ default_price_roasted: 15, ...EURO });
  });

  it('answers 401 without a session and 403 to a tecnico, writing nothing', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    expect((await t.call(undefined, { method: 'PUT', url: '/api/settings', payload: EURO })).statusCode).toBe(401);
    const refused = await put(EURO, tecnico);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'forbidden', message: commonMessages.forbidden });
    expect(await formatOf()).toEqual(DEFAULT_REGIONAL_FORMAT);
  });

  it("writes the upload limits' figures in the shop's format: the worker's refusal and the 413, worded by the server", async () => {
    const listTooLong = () =>
      t.call(tecnico, { method: 'POST', url: '/api/artisan/preview', headers: { 'content-type': 'application/octet-stream' }, payload: `{'a': [${'0,'.repeat(ALOG_MAX_LIST_ITEMS + 1)}]}` });
    const tooLargeCsv = () =>
      t.call(admin, { method: 'POST', url: '/api/green-coffee/import?dry_run=true', headers: { 'content-type': 'text/csv' }, payload: 'x'.repeat(IMPORT_MAX_BYTES + 1) });
    expect(errorOf(await listTooLong()).message).toBe('El archivo tiene una lista demasiado larga (máximo 100,000 elementos) en la línea 1.');
    await put(EURO);
    expect(errorOf(await listTooLong()).message).toBe('El archivo tiene una lista demasiado larga (máximo 100.000 elementos) en la línea 1.');
    const refused = await tooLargeCsv();
    expect({ status: refused.statusCode, message: errorOf(refused).message }).toEqual({ status: 413, message: csvMessages.fileTooLarge(5, regionalFormatter(EURO)) });
  });

  it('refuses a bad symbol, side or separator with its Spanish message, writing nothing', async () => {
    const cases: [object, string][] = [
      [{ currency_symbol: '' }, m.currencySymbolRequired],
      [{ currency_symbol: '   ' }, m.currencySymbolRequired],
      [{ currency_symbol: 'EURO' }, m.currencySymbolTooLong(3)],
      [{ currency_symbol: '1$' }, m.currencySymbolInvalid],
      [{ currency_symbol: 'U $' }, m.currencySymbolInvalid],
      [{ currency_symbol: 7 }, m.currencySymbolRequired],
      [{ currency_position: 'left' }, m.currencyPositionInvalid],
      [{ decimal_separator: ';' }, m.decimalSeparatorInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message });
    }
    expect(errorOf(await put({ currency_symbol: 'EURO' })).message).toBe('El símbolo de la moneda puede tener como máximo 3 caracteres.');
    expect(await formatOf()).toEqual(DEFAULT_REGIONAL_FORMAT);
    // Counted in characters a person sees: '€' is one, 'US$' three.
    expect((await put({ currency_symbol: 'US$' })).statusCode).toBe(200);
    expect((await put({ currency_symbol: '€€€' })).statusCode).toBe(200);
  });

  it('answers a retry with the same Idempotency-Key as the first time, without saving again', async () => {
    const first = await put(EURO, admin, { 'idempotency-key': 'formato-1' });
    await put({ currency_symbol: 'US$' });
    const retry = await put(EURO, admin, { 'idempotency-key': 'formato-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await formatOf()).currency_symbol).toBe('US$');
  });

  describe('what the server writes follows it', () => {
    let chain: Chain;
    beforeEach(async () => {
      chain = await buildChain(t, admin);
    });

    it("writes the stock refusals' kilos with the chosen separator ('Solo tienes 7,067 Kg.'), and with a point at the defaults", async () => {
      const oversell = () =>
        t.call(admin, { method: 'POST', url: '/api/sales', payload: { product_id: chain.r2.id, product_type: 'tostado', quantity_kg: 100, unit_price: 18, sale_date: '2024-05-01', batch_code_sold: 'CO-R2' } });
      expect(errorOf(await oversell()).message).toBe('No hay suficiente café tostado disponible. Solo tienes 7.067 Kg.');
      await put(EURO);
      expect(errorOf(await oversell()).message).toBe('No hay suficiente café tostado disponible. Solo tienes 7,067 Kg.');
      const overroast = async () =>
        errorOf(await t.call(admin, {
          method: 'POST',
          url: '/api/roasted-coffee',
          payload: { green_coffee_id: chain.greenB.id, quantity_green_kg: 50, resultant_kg: 40, roast_type: 'Medio', roast_date: '2024-05-01', batch_code: 'CO-R9' },
        })).message;
      expect(await overroast()).toBe('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 45,00 Kg.');
      await put(DEFAULT_REGIONAL_FORMAT);
      expect(await overroast()).toBe(roastedCoffeeMessages.notEnoughGreen(45, defaultFormatter));
    });

    it("names the currency in the CSV headers ('Precio Unitario (€/Kg)'), the cells keeping the CSV dialect", async () => {
      const headerLine = async (url: string) => (await get(url)).body.replace(/^\uFEFF/, '').split('\r\n')[0];
      expect(await headerLine('/api/sales/export.csv')).toBe('"Producto";"Lote Vendido";"Cantidad (Kg)";"Precio Unitario ($/Kg)";"Total ($)";"Fecha Venta";"Cliente";"Coste ($)";"Margen ($)";"Formato";"Bolsas"');
      await put(EURO);
      expect(await headerLine('/api/sales/export.csv')).toBe('"Producto";"Lote Vendido";"Cantidad (Kg)";"Precio Unitario (€/Kg)";"Total (€)";"Fecha Venta";"Cliente";"Coste (€)";"Margen (€)";"Formato";"Bolsas"');
      expect(await headerLine('/api/sales/export.csv?dialect=standard')).toContain('"Precio Unitario (€/Kg)"');
      // Cells are the dialect's numbers, not the screen's: standard keeps its point whatever the shop's separator.
      expect((await get('/api/sales/export.csv?dialect=standard')).body).toContain(',3.333,18.00,');
      expect(await headerLine('/api/green-coffee/export.csv')).toContain('"Precio (€/Kg)"');
      expect(await headerLine(`/api/trace/export.csv?kind=green&id=${chain.greenA.id}`)).toContain('"Coste (€/Kg)";"Total (€)";"Coste (€)";"Margen (€)"');
    });

    it("prints the labels' net weight with the chosen separator, and with a point back at the defaults", async () => {
      const netWeights = async () => {
        const response = await get(`/api/labels.pdf?lots=green:${chain.greenA.id}&format=62mm`);
        expect(response.statusCode).toBe(200);
        return readPdf(response.rawPayload).flatMap((page) => page.lines.map((line) => line.text)).filter((text) => text.startsWith('Peso neto'));
      };
      await put(EURO);
      expect(await netWeights()).toEqual(['Peso neto: 67,50 Kg']);
      await put(DEFAULT_REGIONAL_FORMAT);
      expect(await netWeights()).toEqual(['Peso neto: 67.50 Kg']);
    });
  });
});
