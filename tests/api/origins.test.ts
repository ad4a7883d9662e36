import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { commonMessages } from '#shared/messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { anyCodeUnit } from '../helpers/arbitraries.js';
import { textRuleMessages } from '../helpers/text-rule-messages.js';

const validOrigin = {
  name: 'Colombia',
  kilos_per_bag: 70,
  suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'],
  description: 'Huila, 1700 m',
};

describe.each(testDialects())('orígenes (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green'])).toEqual([]);
  });

  const post = (payload: unknown) => t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: payload as object });
  const put = (id: number, payload: unknown) =>
    t.call(cookie, { method: 'PUT', url: `/api/coffee-origins/${id}`, payload: payload as object });
  const del = (id: number | string) => t.call(cookie, { method: 'DELETE', url: `/api/coffee-origins/${id}` });
  const list = (query = '') => t.call(cookie, { method: 'GET', url: `/api/coffee-origins${query}` });
  const countOrigins = async () =>
    Number((await t.db.selectFrom('coffee_origins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const calls = [
      t.call(undefined, { method: 'GET', url: '/api/coffee-origins' }),
      t.call(undefined, { method: 'POST', url: '/api/coffee-origins', payload: validOrigin }),
      t.call(undefined, { method: 'PUT', url: '/api/coffee-origins/1', payload: validOrigin }),
      t.call(undefined, { method: 'DELETE', url: '/api/coffee-origins/1' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
    expect(await countOrigins()).toBe(0);
  });

  it('creates an origin: suppliers trimmed, empty ones ignored, kilos stored as exact grams', async () => {
    const response = await post({ ...validOrigin, kilos_per_bag: 69.125, suppliers_fincas: ['  Finca A ', '', '   ', 'Finca B', 'Finca A'] });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      version: 1,
      name: 'Colombia',
      kilos_per_bag: 69.125,
      suppliers_fincas: ['Finca A', 'Finca B'],
      description: 'Huila, 1700 m',
      decaf: false,
    });
    const row = await t.db.selectFrom('coffee_origins').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.kilos_per_bag_g).toBe(69125);
    expect(JSON.parse(row.suppliers_fincas)).toEqual(['Finca A', 'Finca B']);
  });

  it('treats a blank or missing description as none', async () => {
    const blank = await post({ ...validOrigin, description: '   ' });
    expect(blank.json().description).toBeNull();
    const missing = await post({ name: 'Kenia', kilos_per_bag: 60, suppliers_fincas: ['Nyeri'] });
    expect(missing.statusCode).toBe(201);
    expect(missing.json().description).toBeNull();
  });

  it.each([
    ['no name', { ...validOrigin, name: undefined }],
    ['a blank name', { ...validOrigin, name: '   ' }],
    ['no kilos per bag', { ...validOrigin, kilos_per_bag: undefined }],
    ['no suppliers', { ...validOrigin, suppliers_fincas: [] }],
    ['only blank suppliers', { ...validOrigin, suppliers_fincas: ['  ', ''] }],
    ['suppliers that are not a list', { ...validOrigin, suppliers_fincas: 'Finca A' }],
    ['an empty body', {}],
    ['a JSON array as body', [validOrigin]],
  ])('refuses %s with the required-fields message, writing nothing', async (_case, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: originMessages.required });
    expect(await countOrigins()).toBe(0);
  });

  it('names the field of a filled kilos per bag that is not a number (docs/product-guide.md#validation-rules)', async () => {
    const response = await post({ ...validOrigin, kilos_per_bag: 'setenta' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: 'Kilos por Saco: escribe un número, con coma o punto decimal.' });
    expect(originMessages.kilosPerBagNotNumber).toBe('Kilos por Saco: escribe un número, con coma o punto decimal.');
    expect(await countOrigins()).toBe(0);
  });

  it('uses the Spanish text word for word', async () => {
    const response = await post({ ...validOrigin, suppliers_fincas: [] });
    expect(errorOf(response).message).toBe(
      'Por favor, completa el nombre, los kilos por saco y añade al menos un proveedor/finca.',
    );
  });

  it('checks completeness before our own limits (the original app\'s rule first)', async () => {
    // A 10 000-character name AND no suppliers: the required-fields message wins.
    const response = await post({ ...validOrigin, name: 'x'.repeat(10_000), suppliers_fincas: [] });
    expect(errorOf(response).message).toBe(originMessages.required);
  });

  it.each([
    ['a negative kilos per bag', { kilos_per_bag: -5 }, originMessages.kilosPerBagPositive],
    ['zero kilos per bag', { kilos_per_bag: 0 }, originMessages.kilosPerBagPositive],
    ['kilos with more than 3 decimals', { kilos_per_bag: 1.2345 }, commonMessages.tooManyDecimals(3)],
    ['absurd kilos per bag', { kilos_per_bag: 10_000.001 }, originMessages.kilosPerBagTooLarge],
    ['a 10 000-character name', { name: 'x'.repeat(10_000) }, originMessages.nameTooLong],
    ['a 10 000-character supplier', { suppliers_fincas: ['x'.repeat(10_000)] }, originMessages.supplierTooLong],
    ['51 suppliers', { suppliers_fincas: Array.from({ length: 51 }, (_, i) => `Finca ${i}`) }, originMessages.tooManySuppliers],
    ['a 10 000-character description', { description: 'x'.repeat(10_000) }, originMessages.descriptionTooLong],
    ['a description that is not text', { description: 42 }, originMessages.descriptionInvalid],
  ])('refuses %s with a Spanish 400, writing nothing', async (_case, change, message) => {
    const response = await post({ ...validOrigin, ...change });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message });
    expect(await countOrigins()).toBe(0);
  });

  it('accepts names, suppliers and descriptions at their limits', async () => {
    const response = await post({
      name: 'n'.repeat(120),
      kilos_per_bag: 10_000,
      suppliers_fincas: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(120, 'f')),
      description: 'd'.repeat(1000),
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers any malformed body with a 4xx and a Spanish message, never a 5xx', async () => {
    const { id } = (await post(validOrigin)).json();
    // Any UTF-16 code unit, NUL and lone surrogates included (JSON's \u escapes can carry them all).
    const text = fc.string({ unit: anyCodeUnit });
    const json = fc.jsonValue({ stringUnit: anyCodeUnit });
    const field = <T,>(valid: fc.Arbitrary<T>) => fc.oneof(valid, json, fc.constant(undefined));
    const malformed = fc.record({
      name: field(text),
      kilos_per_bag: field(fc.oneof(fc.double(), fc.integer())),
      suppliers_fincas: field(fc.array(fc.oneof(text, json))),
      description: field(fc.oneof(text, fc.constant(null))),
    });
    // Complete bodies whose texts may carry any code unit: only these get as far as the database.
    // Each name its own (a numbered prefix): two origins may not share a name, whatever its case or accents.
    let numbered = 0;
    const wellFormed = fc.record({
      name: text.map((name) => `Origen ${++numbered}: ${name}`),
      kilos_per_bag: fc.constant(70),
      suppliers_fincas: fc.array(text.map((supplier) => `Finca ${supplier}`), { minLength: 1, maxLength: 3 }),
      description: fc.oneof(text, fc.constant(null)),
    });
    const body = fc.oneof(malformed, wellFormed);
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, edit) => {
        const response = edit
          ? await t.call(cookie, { method: 'PUT', url: `/api/coffee-origins/${id}`, payload: payload as object })
          : await post(payload);
        expect([200, 201, 400]).toContain(response.statusCode);
        // One of our Spanish texts, never zod's or Fastify's English.
        if (response.statusCode >= 400) {
          expect([
            ...Object.values(originMessages),
            commonMessages.invalidRequest,
            commonMessages.invalidText,
            commonMessages.tooManyDecimals(3),
            ...textRuleMessages(['Nombre', 'Proveedores/Fincas'], ['Descripción']),
          ]).toContain(errorOf(response).message);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lists origins ordered by name (accents and case aside), paginated', async () => {
    for (const name of ['Etiopía', 'brasil', 'Colombia', 'Ámbar', 'Zambia']) {
      expect((await post({ ...validOrigin, name })).statusCode).toBe(201);
    }
    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 5, limit: 100, offset: 0 });
    expect(all.json().items.map((o: { name: string }) => o.name)).toEqual(['Ámbar', 'brasil', 'Colombia', 'Etiopía', 'Zambia']);

    const page = await list('?limit=2&offset=1');
    expect(page.json()).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.json().items.map((o: { name: string }) => o.name)).toEqual(['brasil', 'Colombia']);
  });

  it('updates an origin, with the same rules as creating one', async () => {
    const { id } = (await post(validOrigin)).json();
    const response = await put(id, { name: 'Colombia Huila', kilos_per_bag: 35.5, suppliers_fincas: [' Finca Nueva '], description: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, version: 2, name: 'Colombia Huila', kilos_per_bag: 35.5, suppliers_fincas: ['Finca Nueva'], description: null, decaf: false });
    expect((await list()).json().items).toEqual([response.json()]);

    const invalid = await put(id, { ...validOrigin, suppliers_fincas: [''] });
    expect(errorOf(invalid)).toEqual({ code: 'validation', message: originMessages.required });
    expect((await list()).json().items[0].name).toBe('Colombia Huila');
  });

  it('marks an origin decaffeinated, keeps the mark through an edit without it, and refuses a mark that is not yes or no', async () => {
    const created = await post({ ...validOrigin, decaf: true });
    expect(created.json()).toMatchObject({ decaf: true, version: 1 });
    const { id } = created.json();
    const kept = await put(id, { ...validOrigin, description: 'Sin cafeína', version: 1 });
    expect(kept.json()).toMatchObject({ decaf: true, version: 2 });
    expect((await put(id, { ...validOrigin, decaf: false, version: 2 })).json()).toMatchObject({ decaf: false, version: 3 });
    const stale = await put(id, { ...validOrigin, decaf: true, version: 2 });
    expect(stale.statusCode).toBe(409);
    const invalid = await put(id, { ...validOrigin, decaf: 'sí', version: 3 });
    expect(errorOf(invalid)).toEqual({ code: 'validation', message: originMessages.decafInvalid });
    expect((await list()).json().items[0].decaf).toBe(false);
  });

  it('answers 404 for an origin that does not exist, and 400 (not 500) for an impossible id', async () => {
    const missing = await put(987654, validOrigin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'not_found', message: originMessages.notFound });
    expect((await del(987654)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await del(id);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(commonMessages.invalidRequest);
    }
  });

  it('deletes an unused origin', async () => {
    const { id } = (await post(validOrigin)).json();
    const response = await del(id);
    expect(response.statusCode).toBe(204);
    expect(await countOrigins()).toBe(0);
  });

  it('refuses (409) to delete an origin that green coffee uses, and deletes nothing', async () => {
    const origin = (await post(validOrigin)).json();
    const lot = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: {
        origin_id: origin.id,
        supplier_finca: 'Finca La Esperanza',
        quantity_kg: 10,
        unit_price: 4.5,
        entry_date: '2024-01-10',
        batch_code: '10-01-24',
      },
    });
    expect(lot.statusCode).toBe(201);

    const response = await del(origin.id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'in_use', message: originMessages.deleteInUse });
    expect(errorOf(response).message).toBe('Error al eliminar el origen. Asegúrate de que no haya café verde asociado.');
    expect(await countOrigins()).toBe(1);
    expect(await t.db.selectFrom('green_coffee').select('id').execute()).toHaveLength(1);
  });
});
