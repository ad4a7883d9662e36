import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commonMessages, recordVersionMessages } from '#shared/messages.js';
import { saleFormatMessages as m } from '#shared/sale-format-messages.js';
import { salesMessages } from '#shared/sales-messages.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * 'Formatos de venta' (docs/product-guide.md#configuracion): bag sizes in grams
 * with a name, administrador edits, both roles read; and a sale of N bags of a
 * format (docs/product-guide.md#ventas): `format_id` and `bags`, both or neither,
 * quantity_kg = bags × grams exactly, an inactive format refused for a new choice.
 */

interface Format {
  id: number;
  version: number;
  name: string;
  grams: number;
  active: boolean;
}

interface Sale {
  id: number;
  version: number;
  quantity_kg: number;
  format_id: number | null;
  format_name: string | null;
  bags: number | null;
}

describe.each(testDialects())('formatos de venta (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador', 'ana');
    tecnico = await t.signIn('tecnico', 'tomas');
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  const post = (payload: object, cookie = admin, headers: Record<string, string> = {}) => t.call(cookie, { method: 'POST', url: '/api/sale-formats', payload, headers });
  const put = (id: number, payload: object, cookie = admin) => t.call(cookie, { method: 'PUT', url: `/api/sale-formats/${id}`, payload });
  const del = (id: number, query = '', cookie = admin) => t.call(cookie, { method: 'DELETE', url: `/api/sale-formats/${id}${query}` });
  const list = async (cookie = admin) => {
    const response = await t.call(cookie, { method: 'GET', url: '/api/sale-formats' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Format[]; total: number }>();
  };
  const created = async (payload: object): Promise<Format> => {
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Format>();
  };
  const expectError = (response: LightMyRequestResponse, status: number, code: string, message: string) =>
    expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status, error: { code, message } });

  it('creates formats, listed by grams for both roles, active by default', async () => {
    const kilo = await created({ name: 'Bolsa 1 kg', grams: 1000 });
    expect(kilo).toEqual({ id: kilo.id, version: 1, name: 'Bolsa 1 kg', grams: 1000, active: true });
    await created({ name: '  Bolsa 250 g ', grams: 250 });
    await created({ name: 'Bolsa 500 g', grams: 500, active: false });
    const { items, total } = await list(tecnico);
    expect(total).toBe(3);
    expect(items.map((format) => [format.name, format.grams, format.active])).toEqual([
      ['Bolsa 250 g', 250, true],
      ['Bolsa 500 g', 500, false],
      ['Bolsa 1 kg', 1000, true],
    ]);
  });

  it('refuses a bad body with 400 in Spanish and writes nothing: 0 g, 100001 g, decimals, text, no name', async () => {
    const cases: [object, string][] = [
      [{}, m.required],
      [{ name: '', grams: 250 }, m.required],
      [{ name: 'Bolsa', grams: null }, m.required],
      [{ name: 'Bolsa', grams: 0 }, m.gramsTooSmall],
      [{ name: 'Bolsa', grams: -250 }, m.gramsTooSmall],
      [{ name: 'Bolsa', grams: 100_001 }, m.gramsTooLarge],
      [{ name: 'Bolsa', grams: 250.5 }, m.gramsNotInteger],
      [{ name: 'Bolsa', grams: '250' }, m.gramsNotInteger],
      [{ name: 'B'.repeat(61), grams: 250 }, m.nameTooLong],
      [{ name: 'Bolsa', grams: 250, active: 'sí' }, m.activeInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect({ payload, status: response.statusCode, error: errorOf(response) }).toEqual({ payload, status: 400, error: { code: 'validation', message } });
    }
    expect(errorOf(await post({ name: 'Bolsa', grams: 0 })).message).toBe('Gramos: el formato debe tener al menos 1 g.');
    expect(errorOf(await post({ name: 'Bolsa', grams: 100_001 })).message).toBe('Gramos: el formato no puede tener más de 100.000 g.');
    expect((await list()).total).toBe(0);
    // The edges are allowed.
    await created({ name: 'Muestra', grams: 1 });
    await created({ name: 'Saco', grams: 100_000 });
  });

  it('refuses a name another format has, whatever its case, accents or look, with 409 naming it', async () => {
    await created({ name: 'Bolsa Café 250 g', grams: 250 });
    expectError(await post({ name: 'BOLSA CAFE 250 G', grams: 250 }), 409, 'duplicate', m.duplicateName('Bolsa Café 250 g'));
    // A Cyrillic 'о' in 'Bоlsa': a look-alike.
    expectError(await post({ name: 'B\u043elsa Café 250 g', grams: 300 }), 409, 'duplicate', 'Ya existe un formato con ese nombre: «Bolsa Café 250 g». Usa otro nombre o edita el formato existente.');
    const other = await created({ name: 'Bolsa 500 g', grams: 500 });
    expectError(await put(other.id, { name: 'bolsa café 250 g', grams: 500, version: 1 }), 409, 'duplicate', m.duplicateName('Bolsa Café 250 g'));
    expect((await list()).total).toBe(2);
  });

  it('lets a tecnico read the formats but refuses every write with 403, and needs a session', async () => {
    const format = await created({ name: 'Bolsa 250 g', grams: 250 });
    for (const response of [await post({ name: 'Bolsa 500 g', grams: 500 }, tecnico), await put(format.id, { name: 'X', grams: 1, version: 1 }, tecnico), await del(format.id, '', tecnico)]) {
      expectError(response, 403, 'forbidden', commonMessages.forbidden);
    }
    expect((await list(tecnico)).items).toEqual([format]);
    expect((await t.call(undefined, { method: 'GET', url: '/api/sale-formats' })).statusCode).toBe(401);
  });

  it('edits from the current version, deactivates and activates; a stale version is 409, none is 428, a missing one 404', async () => {
    const format = await created({ name: 'Bolsa 250 g', grams: 250 });
    const edited = await put(format.id, { name: 'Bolsa pequeña', grams: 200, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ id: format.id, version: 2, name: 'Bolsa pequeña', grams: 200, active: true });
    const off = await put(format.id, { name: 'Bolsa pequeña', grams: 200, active: false, version: 2 });
    expect(off.json()).toMatchObject({ version: 3, active: false });
    // An edit without `active` keeps the state.
    expect((await put(format.id, { name: 'Bolsa pequeña', grams: 200, version: 3 })).json()).toMatchObject({ version: 4, active: false });
    expect((await put(format.id, { name: 'Bolsa pequeña', grams: 200, active: true, version: 4 })).json()).toMatchObject({ version: 5, active: true });
    const stale = await put(format.id, { name: 'Otra', grams: 5, version: 1 });
    expectError(stale, 409, 'version_conflict', 'Otro usuario modificó este formato mientras lo editabas. Recarga para ver sus cambios.');
    expectError(await put(format.id, { name: 'Otra', grams: 5 }), 428, 'version_required', recordVersionMessages.missing);
    expectError(await put(format.id, { name: 'Otra', grams: 0, version: 5 }), 400, 'validation', m.gramsTooSmall);
    expectError(await put(999_999, { name: 'Otra', grams: 5, version: 1 }), 404, 'not_found', m.notFound);
    expect((await list()).items).toEqual([{ id: format.id, version: 5, name: 'Bolsa pequeña', grams: 200, active: true }]);
  });

  it('deletes an unused format (a stale ?version is 409), and the activity log names it', async () => {
    const format = await created({ name: 'Bolsa 250 g', grams: 250 });
    expectError(await del(format.id, '?version=3'), 409, 'version_conflict', m.editedByOther);
    expect((await del(format.id, '?version=1')).statusCode).toBe(204);
    expectError(await del(format.id), 404, 'not_found', m.notFound);
    const logged = await t.db.selectFrom('activity_log').select(['action', 'record_label']).where('area', '=', 'sale-formats').orderBy('id').execute();
    expect(logged).toEqual([
      { action: 'create', record_label: 'Bolsa 250 g' },
      { action: 'delete', record_label: 'Bolsa 250 g' },
    ]);
  });

  it('a create sent again with its Idempotency-Key replays its answer and writes one format, logged once', async () => {
    const key = `formato-${dialect}-${Date.now()}`;
    const first = await post({ name: 'Bolsa 250 g', grams: 250 }, admin, { 'idempotency-key': key });
    const again = await post({ name: 'Bolsa 250 g', grams: 250 }, admin, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await post({ name: 'Bolsa 500 g', grams: 500 }, admin, { 'idempotency-key': key })).statusCode).toBe(422);
    expect((await list()).total).toBe(1);
    expect(await t.db.selectFrom('activity_log').select('action').where('area', '=', 'sale-formats').execute()).toEqual([{ action: 'create' }]);
  });

  describe('sales of bags', () => {
    let chain: Chain;
    let bag250: Format;
    let bag1k: Format;

    beforeEach(async () => {
      chain = await buildChain(t, tecnico, { sales: false });
      bag250 = await created({ name: 'Bolsa 250 g', grams: 250 });
      bag1k = await created({ name: 'Bolsa 1 kg', grams: 1000 });
    });

    const body = (change: Record<string, unknown> = {}) => ({
      product_id: chain.r1.id,
      product_type: 'tostado',
      quantity_kg: 1,
      unit_price: 20,
      sale_date: '2024-05-10',
      batch_code_sold: chain.r1.batch_code,
      ...change,
    });
    const sell = (payload: object, headers: Record<string, string> = {}) => t.call(tecnico, { method: 'POST', url: '/api/sales', payload, headers });
    const edit = (id: number, payload: object) => t.call(tecnico, { method: 'PUT', url: `/api/sales/${id}`, payload });
    const sold = async (payload: object): Promise<Sale> => {
      const response = await sell(payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Sale>();
    };
    const stored = async () =>
      (await t.db.selectFrom('sales').select(['format_id', 'bags', 'quantity_g']).orderBy('id').execute()).map((row) => ({ ...row, quantity_g: Number(row.quantity_g) }));
    const stockOf = async () => Number((await t.db.selectFrom('roasted_coffee').select('stock_g').where('id', '=', chain.r1.id).executeTakeFirstOrThrow()).stock_g);

    it('records 4 × Bolsa 250 g as 1 Kg: answered, listed and stored with the format and the bags, the stock down 1 Kg', async () => {
      const before = await stockOf();
      const sale = await sold(body({ format_id: bag250.id, bags: 4 }));
      expect(sale).toMatchObject({ quantity_kg: 1, format_id: bag250.id, format_name: 'Bolsa 250 g', bags: 4 });
      const bulk = await sold(body({ quantity_kg: 0.3 }));
      expect(bulk).toMatchObject({ format_id: null, format_name: null, bags: null });
      const listed = (await t.call(tecnico, { method: 'GET', url: '/api/sales' })).json<{ items: Sale[] }>().items;
      expect(listed.map((item) => [item.quantity_kg, item.format_name, item.bags])).toEqual([
        [0.3, null, null],
        [1, 'Bolsa 250 g', 4],
      ]);
      expect(await stored()).toEqual([
        { format_id: bag250.id, bags: 4, quantity_g: 1000 },
        { format_id: null, bags: null, quantity_g: 300 },
      ]);
      expect(before - (await stockOf())).toBe(1300);
      const logged = await t.db.selectFrom('activity_log').select('record_label').where('area', '=', 'sales').orderBy('id').execute();
      expect(logged[0]).toEqual({ record_label: `Colombia · Medio · ${chain.r1.batch_code} (4 × Bolsa 250 g)` });
      expect(await findLedgerMismatches(t.db, ['roasted'])).toEqual([]);
    });

    it('refuses kilos that are not bags × grams, naming Bolsas and Cantidad (Kg), and writes nothing', async () => {
      const before = await stockOf();
      const response = await sell(body({ format_id: bag250.id, bags: 4, quantity_kg: 1.001 }));
      expectError(response, 400, 'validation', salesMessages.bagsMismatch(4, 'Bolsa 250 g', '1'));
      expect(errorOf(response).message).toBe('Cantidad (Kg) debe ser Bolsas × el formato: 4 × Bolsa 250 g = 1 Kg.');
      expectError(await sell(body({ format_id: bag1k.id, bags: 3, quantity_kg: 2 })), 400, 'validation', salesMessages.bagsMismatch(3, 'Bolsa 1 kg', '3'));
      expect(await stored()).toEqual([]);
      expect(await stockOf()).toBe(before);
    });

    it('refuses a format without bags or bags without a format, and bad bags or format ids', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ format_id: bag250.id }, salesMessages.formatAndBags],
        [{ format_id: bag250.id, bags: null }, salesMessages.formatAndBags],
        [{ bags: 4 }, salesMessages.formatAndBags],
        [{ format_id: null, bags: 4 }, salesMessages.formatAndBags],
        [{ format_id: bag250.id, bags: 0 }, salesMessages.bagsInvalid],
        [{ format_id: bag250.id, bags: 1.5 }, salesMessages.bagsInvalid],
        [{ format_id: bag250.id, bags: '4' }, salesMessages.bagsInvalid],
        [{ format_id: 'Bolsa', bags: 4 }, salesMessages.invalidFormat],
        [{ format_id: 0, bags: 4 }, salesMessages.invalidFormat],
        [{ format_id: 987_654, bags: 4 }, salesMessages.invalidFormat],
      ];
      for (const [change, message] of cases) {
        const response = await sell(body(change));
        expect({ change, status: response.statusCode, error: errorOf(response) }).toEqual({ change, status: 400, error: { code: 'validation', message } });
      }
      expect(salesMessages.formatAndBags).toBe('Formato y Bolsas van juntos: elige el formato e indica las bolsas, o deja la venta a granel.');
      expect(await stored()).toEqual([]);
    });

    it('refuses an inactive format for a new sale or a new choice, but an edit may keep the one its sale has', async () => {
      const sale = await sold(body({ format_id: bag250.id, bags: 4 }));
      expect((await put(bag250.id, { name: 'Bolsa 250 g', grams: 250, active: false, version: 1 })).statusCode).toBe(200);
      const refused = await sell(body({ format_id: bag250.id, bags: 4 }));
      expectError(refused, 400, 'validation', 'Formato: elige un formato activo de la lista.');
      const kept = await edit(sale.id, body({ format_id: bag250.id, bags: 8, quantity_kg: 2, version: 1 }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<Sale>()).toMatchObject({ version: 2, quantity_kg: 2, format_name: 'Bolsa 250 g', bags: 8 });
      // Kept, the kilos must still match.
      expectError(await edit(sale.id, body({ format_id: bag250.id, bags: 8, quantity_kg: 1, version: 2 })), 400, 'validation', salesMessages.bagsMismatch(8, 'Bolsa 250 g', '2'));
      // Another sale may not switch to it.
      const other = await sold(body({ format_id: bag1k.id, bags: 1 }));
      expectError(await edit(other.id, body({ format_id: bag250.id, bags: 4, version: 1 })), 400, 'validation', salesMessages.invalidFormat);
      // To bulk: both null.
      const bulk = await edit(other.id, body({ version: 1 }));
      expect(bulk.json<Sale>()).toMatchObject({ format_id: null, bags: null, quantity_kg: 1 });
      expect(await stored()).toEqual([
        { format_id: bag250.id, bags: 8, quantity_g: 2000 },
        { format_id: null, bags: null, quantity_g: 1000 },
      ]);
      expect(await findLedgerMismatches(t.db, ['roasted'])).toEqual([]);
    });

    it('refuses (409) to delete a format a sale uses or to change its grams; deactivating is allowed, and once unused it goes', async () => {
      const sale = await sold(body({ format_id: bag250.id, bags: 4 }));
      expectError(await del(bag250.id), 409, 'in_use', 'No se puede eliminar el formato: lo usan ventas o pedidos. Desactívalo en su lugar.');
      expectError(await put(bag250.id, { name: 'Bolsa 250 g', grams: 300, version: 1 }), 409, 'in_use', m.gramsInUse);
      // Renaming it keeps the kilos true.
      expect((await put(bag250.id, { name: 'Bolsita', grams: 250, active: false, version: 1 })).statusCode).toBe(200);
      expect((await t.call(tecnico, { method: 'GET', url: '/api/sales' })).json<{ items: Sale[] }>().items[0]).toMatchObject({ format_name: 'Bolsita', bags: 4 });
      expect((await t.call(tecnico, { method: 'DELETE', url: `/api/sales/${sale.id}` })).statusCode).toBe(204);
      expect((await del(bag250.id)).statusCode).toBe(204);
    });

    it('a retry with the same Idempotency-Key records one sale of bags', async () => {
      const key = `venta-bolsas-${dialect}-${Date.now()}`;
      const first = await sell(body({ format_id: bag250.id, bags: 4 }), { 'idempotency-key': key });
      const again = await sell(body({ format_id: bag250.id, bags: 4 }), { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await stored()).toEqual([{ format_id: bag250.id, bags: 4, quantity_g: 1000 }]);
    });

    it("exports 'Formato' and 'Bolsas' after the existing columns, empty for bulk kilos", async () => {
      await sold(body({ format_id: bag250.id, bags: 4 }));
      await sold(body({ quantity_kg: 0.5, sale_date: '2024-05-11' }));
      const rows = parse((await t.call(tecnico, { method: 'GET', url: '/api/sales/export.csv' })).body, { delimiter: ';', bom: true }) as string[][];
      expect(rows[0]!.slice(-3)).toEqual(['Margen ($)', 'Formato', 'Bolsas']);
      expect(rows.slice(1).map((row) => [row[2], ...row.slice(-2)])).toEqual([
        ['0,500', '', ''],
        ['1,000', 'Bolsa 250 g', '4'],
      ]);
    });
  });
});
