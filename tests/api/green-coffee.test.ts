import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findGreenLotWithOrigin } from '#server/features/green-coffee/repository.js';
import { findLedgerMismatches, moveStock } from '#server/ledger/ledger.js';
import { commonMessages, requestMessages } from '#shared/messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';
import { anyCodeUnit } from '../helpers/arbitraries.js';
import { textRuleMessages } from '../helpers/text-rule-messages.js';

interface Origin { id: number; name: string; suppliers_fincas: string[] }

/** Every answer a green-lot body can get is one of our Spanish texts (never zod's or Fastify's English). */
const known = (message: string) =>
  [
    ...Object.values(greenCoffeeMessages),
    commonMessages.invalidRequest,
    commonMessages.invalidText,
    commonMessages.tooManyDecimals(2),
    commonMessages.tooManyDecimals(3),
    ...textRuleMessages(['Proveedor/Finca', 'Fecha de entrada', 'Lote']),
  ].includes(message) || message.startsWith(greenCoffeeMessages.stockBelowZero('').split('(')[0]!);

describe.each(testDialects())('café verde (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let colombia: Origin;
  let etiopia: Origin;

  const post = (payload: unknown) => t.call(cookie, { method: 'POST', url: '/api/green-coffee', payload: payload as object });
  const put = (id: number, payload: unknown) =>
    t.call(cookie, { method: 'PUT', url: `/api/green-coffee/${id}`, payload: payload as object });
  const del = (id: number | string) => t.call(cookie, { method: 'DELETE', url: `/api/green-coffee/${id}` });
  const list = (query = '') => t.call(cookie, { method: 'GET', url: `/api/green-coffee${query}` });

  const lot = (change: Record<string, unknown> = {}) => ({
    origin_id: colombia.id,
    supplier_finca: 'Finca La Esperanza',
    quantity_kg: 10.125,
    unit_price: 5.5,
    entry_date: '2024-01-10',
    batch_code: '10-01-24',
    ...change,
  });

  const lotRows = () => t.db.selectFrom('green_coffee').selectAll().orderBy('id').execute();
  const movements = () => t.db.selectFrom('stock_movements').selectAll().where('lot_kind', '=', 'green').orderBy('id').execute();
  const createLot = async (change: Record<string, unknown> = {}) => {
    const response = await post(lot(change));
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'tostador');
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'tostador').executeTakeFirstOrThrow()).id;
    // roasted_coffee.green_coffee_id references a green lot ON DELETE RESTRICT; this
    // stand-in has the same kind of reference, so the refusal is tested now.
    await sql`create table test_roast_reference (id integer primary key, green_coffee_id integer not null references green_coffee(id) on delete restrict)`.execute(t.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const createOrigin = async (payload: object) =>
      (await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload })).json() as Origin;
    colombia = await createOrigin({
      name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'], description: 'Huila',
    });
    etiopia = await createOrigin({ name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  });
  afterEach(async () => {
    // The ledger invariant after every test: on-hand = sum of movements, never below zero.
    expect(await findLedgerMismatches(t.db, ['green'])).toEqual([]);
  });

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const responses = await Promise.all([
      t.call(undefined, { method: 'GET', url: '/api/green-coffee' }),
      t.call(undefined, { method: 'POST', url: '/api/green-coffee', payload: lot() }),
      t.call(undefined, { method: 'PUT', url: '/api/green-coffee/1', payload: lot() }),
      t.call(undefined, { method: 'DELETE', url: '/api/green-coffee/1' }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
    expect(await lotRows()).toEqual([]);
  });

  it('creates a lot joined to its origin, with its receipt in the ledger in grams and cents', async () => {
    const response = await post(lot());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      version: 1,
      origin_id: colombia.id,
      origin_name: 'Colombia',
      origin_description: 'Huila',
      supplier_finca: 'Finca La Esperanza',
      quantity_kg: 10.125,
      stock_kg: 10.125,
      unit_price: 5.5,
      entry_date: '2024-01-10',
      batch_code: '10-01-24',
    });
    expect(await lotRows()).toEqual([expect.objectContaining({ quantity_g: 10125, stock_g: 10125, unit_price_cents: 550 })]);
    expect(await movements()).toEqual([
      expect.objectContaining({ lot_id: created.id, delta_g: 10125, reason: 'receipt', user_id: userId }),
    ]);
  });

  it('trims text fields and keeps decimals exact (0.1 + 0.2 kg)', async () => {
    const created = (await post(lot({ supplier_finca: '  Finca El Paraíso ', batch_code: ' 11-01-24 ', quantity_kg: 0.3, unit_price: 0.1 }))).json();
    expect(created).toMatchObject({ supplier_finca: 'Finca El Paraíso', batch_code: '11-01-24', quantity_kg: 0.3, unit_price: 0.1 });
    expect((await lotRows())[0]).toMatchObject({ quantity_g: 300, unit_price_cents: 10 });
  });

  it('lists lots newest entry first, joined and paginated, with optional filters', async () => {
    const a = await createLot({ entry_date: '2024-01-10', batch_code: 'A' });
    const b = await createLot({ entry_date: '2024-03-01', batch_code: 'B' });
    const c = await createLot({ origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop', entry_date: '2024-02-15', batch_code: 'C' });
    const d = await createLot({ entry_date: '2024-03-01', batch_code: 'D' });

    const all = (await list()).json();
    expect(all).toMatchObject({ total: 4, limit: 100, offset: 0 });
    expect(all.items.map((l: { id: number }) => l.id)).toEqual([d.id, b.id, c.id, a.id]);
    expect(all.items[2]).toMatchObject({ origin_name: 'Etiopía', origin_description: null });

    const page = (await list('?limit=2&offset=2')).json();
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(page.items.map((l: { id: number }) => l.id)).toEqual([c.id, a.id]);

    const ethiopian = (await list(`?origin_id=${etiopia.id}`)).json();
    expect(ethiopian.items.map((l: { id: number }) => l.id)).toEqual([c.id]);
    expect(ethiopian.total).toBe(1);

    await t.db.transaction().execute((trx) =>
      moveStock(trx, { lotKind: 'green', lotId: a.id, deltaG: -10125, reason: 'roast', userId }));
    const inStock = (await list('?in_stock=true')).json();
    expect(inStock.total).toBe(3);
    expect(inStock.items.map((l: { id: number }) => l.id)).not.toContain(a.id);

    const bad = await list('?in_stock=quizas');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(commonMessages.invalidRequest);
  });

  describe('validation, in the documented order, writing nothing', () => {
    afterEach(async () => {
      expect(await lotRows()).toEqual([]);
      expect(await movements()).toEqual([]);
    });

    it.each([
      ['no origin', { origin_id: undefined }],
      ['no supplier', { supplier_finca: undefined }],
      ['a blank supplier', { supplier_finca: '  ' }],
      ['no quantity', { quantity_kg: undefined }],
      ['no price', { unit_price: undefined }],
      ['no entry date', { entry_date: '' }],
      ['no lot code', { batch_code: '   ' }],
      ['a null origin', { origin_id: null }],
    ])('%s → "completa todos los campos"', async (_case, change) => {
      const response = await post(lot(change));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message: greenCoffeeMessages.required });
    });

    it('uses the Spanish text word for word, also for a body that is not an object', async () => {
      for (const payload of [{}, [lot()], 'lote']) {
        const response = await t.call(cookie, {
          method: 'POST', url: '/api/green-coffee', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe('Por favor, completa todos los campos.');
      }
    });

    it('answers malformed JSON with a Spanish 400', async () => {
      const response = await t.call(cookie, {
        method: 'POST', url: '/api/green-coffee', headers: { 'content-type': 'application/json' }, payload: '{"origin_id": ',
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(requestMessages.invalidJson);
    });

    it('checks completeness before anything else (a missing field beats a 10 000-character code)', async () => {
      const response = await post(lot({ batch_code: 'x'.repeat(10_000), unit_price: undefined }));
      expect(errorOf(response).message).toBe(greenCoffeeMessages.required);
    });

    it.each([
      ['a negative quantity', { quantity_kg: -1 }, greenCoffeeMessages.quantityPositive],
      ['a zero quantity', { quantity_kg: 0 }, greenCoffeeMessages.quantityPositive],
      ['a quantity with more than 3 decimals', { quantity_kg: 1.2345 }, commonMessages.tooManyDecimals(3)],
      ['an absurd quantity', { quantity_kg: 1_000_000.5 }, greenCoffeeMessages.quantityTooLarge],
      ['a price with more than 2 decimals', { unit_price: 4.555 }, commonMessages.tooManyDecimals(2)],
      ['a negative price', { unit_price: -4 }, greenCoffeeMessages.priceNegative],
      ['an impossible date', { entry_date: '2024-02-31' }, 'Fecha de Entrada: 2024-02-31 no es una fecha del calendario.'],
      ['a date in another format', { entry_date: '10-01-24' }, greenCoffeeMessages.invalidDate('10-01-24')],
      ['a quantity that is not a number', { quantity_kg: 'abc' }, 'Cantidad (Kg): escribe un número, con coma o punto decimal.'],
      ['a quantity as JSON text', { quantity_kg: '10' }, greenCoffeeMessages.quantityNotNumber],
      ['a price that is not a number', { unit_price: '4,5' }, greenCoffeeMessages.priceNotNumber],
      ['a 10 000-character supplier', { supplier_finca: 'x'.repeat(10_000) }, greenCoffeeMessages.supplierTooLong],
      ['a 10 000-character lot code', { batch_code: 'x'.repeat(10_000) }, greenCoffeeMessages.batchCodeTooLong],
      ['a fractional origin id', { origin_id: 1.5 }, greenCoffeeMessages.originNotFound],
      ['an origin id beyond any column', { origin_id: 99_999_999_999 }, greenCoffeeMessages.originNotFound],
    ])('refuses %s with a Spanish 400', async (_case, change, message) => {
      const response = await post(lot(change));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message });
    });

    it('refuses an unknown origin', async () => {
      const response = await post(lot({ origin_id: 987654 }));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message: greenCoffeeMessages.originNotFound });
    });

    it('refuses a supplier of another origin with its Spanish message', async () => {
      const response = await post(lot({ supplier_finca: 'Yirgacheffe Coop' }));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message: greenCoffeeMessages.supplierNotInOrigin });
      expect(errorOf(response).message).toBe('El proveedor/finca seleccionado no pertenece al origen elegido.');
    });
  });

  it('refuses a duplicate lot code for the same origin (409), but allows it for another origin', async () => {
    await createLot();
    const duplicate = await post(lot({ quantity_kg: 3 }));
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate)).toEqual({ code: 'duplicate', message: greenCoffeeMessages.duplicateBatch });
    expect(errorOf(duplicate).message).toBe(
      'Ya existe un lote con este código para el origen seleccionado. Por favor, usa un lote diferente o edita el existente.',
    );
    expect(await lotRows()).toHaveLength(1);
    expect(await movements()).toHaveLength(1);

    const otherOrigin = await post(lot({ origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop' }));
    expect(otherOrigin.statusCode).toBe(201);
  });

  // Only PostgreSQL runs two transactions at once (SQLite serialises them on its one connection).
  itOn(dialect, 'postgres')('answers 400, not 500, when the origin is deleted while the lot is being created', async () => {
    const origin = (await t.call(cookie, {
      method: 'POST', url: '/api/coffee-origins', payload: { name: 'Temporal', kilos_per_bag: 60, suppliers_fincas: ['Finca T'] },
    })).json() as Origin;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let markDeleted!: () => void;
    const deleted = new Promise<void>((resolve) => (markDeleted = resolve));
    // The delete is done but not committed: the create's check still sees the origin, its insert waits on the row lock.
    const deleting = t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('coffee_origins').where('id', '=', origin.id).execute();
      markDeleted();
      await held;
    });
    await deleted;
    const creating = post(lot({ origin_id: origin.id, supplier_finca: 'Finca T' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await deleting;
    const response = await creating;
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: greenCoffeeMessages.originNotFound });
    expect(await lotRows()).toEqual([]);
    expect(await movements()).toEqual([]);
  });

  it('lets exactly one of several simultaneous creations of the same lot succeed', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => post(lot({ quantity_kg: i + 1 }))));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response).message).toBe(greenCoffeeMessages.duplicateBatch);
    }
    const rows = await lotRows();
    expect(rows).toHaveLength(1);
    expect(await movements()).toEqual([expect.objectContaining({ lot_id: rows[0]!.id, delta_g: rows[0]!.quantity_g, reason: 'receipt' })]);
  });

  describe('editing', () => {
    it('moves the stock by the difference of the received quantity, as an adjustment', async () => {
      const { id } = await createLot({ quantity_kg: 10 });
      const up = await put(id, lot({ quantity_kg: 12.5, unit_price: 6, supplier_finca: 'Finca El Paraíso', batch_code: 'NUEVO' }));
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ id, quantity_kg: 12.5, stock_kg: 12.5, unit_price: 6, supplier_finca: 'Finca El Paraíso', batch_code: 'NUEVO' });

      const down = await put(id, lot({ quantity_kg: 4 }));
      expect(down.json()).toMatchObject({ quantity_kg: 4, stock_kg: 4 });
      expect((await movements()).map((m) => [m.delta_g, m.reason, m.user_id])).toEqual([
        [10000, 'receipt', userId],
        [2500, 'adjustment', userId],
        [-8500, 'adjustment', userId],
      ]);
    });

    it('records no movement when the quantity does not change', async () => {
      const { id } = await createLot();
      const response = await put(id, lot({ unit_price: 7.25 }));
      expect(response.json()).toMatchObject({ unit_price: 7.25, stock_kg: 10.125 });
      expect(await movements()).toHaveLength(1);
    });

    it('never takes the stock below zero: what roasts took stays taken (409, nothing changed)', async () => {
      const { id } = await createLot({ quantity_kg: 10 });
      // A roast took 7 kg.
      await t.db.transaction().execute((trx) => moveStock(trx, { lotKind: 'green', lotId: id, deltaG: -7000, reason: 'roast', userId }));

      const tooLow = await put(id, lot({ quantity_kg: 6.999, unit_price: 99 }));
      expect(tooLow.statusCode).toBe(409);
      expect(errorOf(tooLow)).toEqual({ code: 'insufficient_stock', message: greenCoffeeMessages.stockBelowZero('7') });
      expect(await lotRows()).toEqual([expect.objectContaining({ quantity_g: 10000, stock_g: 3000, unit_price_cents: 550 })]);

      const exact = await put(id, lot({ quantity_kg: 7 }));
      expect(exact.json()).toMatchObject({ quantity_kg: 7, stock_kg: 0 });
    });

    it('applies the same rules as creating, and keeps codes unique per origin', async () => {
      const first = await createLot({ batch_code: 'A' });
      const second = await createLot({ batch_code: 'B' });
      const duplicate = await put(second.id, lot({ batch_code: 'A' }));
      expect(duplicate.statusCode).toBe(409);
      expect(errorOf(duplicate).message).toBe(greenCoffeeMessages.duplicateBatch);

      const foreignSupplier = await put(first.id, lot({ batch_code: 'A', supplier_finca: 'Yirgacheffe Coop' }));
      expect(errorOf(foreignSupplier).message).toBe(greenCoffeeMessages.supplierNotInOrigin);
      const incomplete = await put(first.id, lot({ batch_code: 'A', quantity_kg: null }));
      expect(errorOf(incomplete).message).toBe(greenCoffeeMessages.required);

      expect((await lotRows()).map((r) => r.batch_code)).toEqual(['A', 'B']);
      expect(await movements()).toHaveLength(2);
    });

    it('can move a lot to another origin with one of its suppliers', async () => {
      const { id } = await createLot();
      const response = await put(id, lot({ origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop' }));
      expect(response.json()).toMatchObject({ origin_id: etiopia.id, origin_name: 'Etiopía' });
    });

    it('answers 404 for a lot that does not exist, and 400 (not 500) for an impossible id', async () => {
      const missing = await put(987654, lot());
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toEqual({ code: 'not_found', message: greenCoffeeMessages.notFound });
      const huge = await put(99_999_999_999, lot());
      expect(huge.statusCode).toBe(400);
      expect(await lotRows()).toEqual([]);
    });
  });

  describe('deleting', () => {
    it('deletes a lot; its remaining stock leaves through the ledger', async () => {
      const { id } = await createLot({ quantity_kg: 10 });
      await t.db.transaction().execute((trx) => moveStock(trx, { lotKind: 'green', lotId: id, deltaG: -4000, reason: 'roast', userId }));
      const response = await del(id);
      expect(response.statusCode).toBe(204);
      expect(await lotRows()).toEqual([]);
      const ledger = await movements();
      expect(ledger.reduce((sum, m) => sum + m.delta_g, 0)).toBe(0);
      expect(ledger.at(-1)).toMatchObject({ delta_g: -6000, reason: 'adjustment', user_id: userId });
    });

    it('refuses (409, its Spanish message) to delete a lot a roast uses, changing nothing', async () => {
      const { id } = await createLot();
      await sql`insert into test_roast_reference (id, green_coffee_id) values (1, ${id})`.execute(t.db);
      const response = await del(id);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'in_use', message: greenCoffeeMessages.deleteInUse });
      expect(errorOf(response).message).toBe('Error al eliminar el café verde. Asegúrate de que no esté asociado a café tostado.');
      // The write-off before the delete was rolled back with it.
      expect(await lotRows()).toEqual([expect.objectContaining({ id, stock_g: 10125 })]);
      expect(await movements()).toHaveLength(1);
    });

    it('answers 404 for a lot that does not exist', async () => {
      const response = await del(987654);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(greenCoffeeMessages.notFound);
    });
  });

  it('answers any malformed body with a 4xx and a Spanish message, never a 5xx', async () => {
    const { id } = await createLot({ batch_code: 'BASE' });
    // Any UTF-16 code unit, NUL and lone surrogates included (JSON's \u escapes can carry them all).
    const text = fc.string({ unit: anyCodeUnit });
    // Each field either valid, or any JSON value at all (strings of any length, huge or fractional numbers, objects…).
    const field = <T,>(valid: fc.Arbitrary<T>) => fc.oneof(valid, fc.jsonValue({ stringUnit: anyCodeUnit }), fc.constant(undefined));
    const malformed = fc.record({
      origin_id: field(fc.constantFrom(colombia.id, etiopia.id, 0, -1, 2 ** 31, 1e300)),
      supplier_finca: field(fc.constantFrom('Finca La Esperanza', 'Yirgacheffe Coop', '', 'x'.repeat(10_000))),
      quantity_kg: field(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0.001, 1e21, -0))),
      unit_price: field(fc.oneof(fc.double(), fc.integer())),
      entry_date: field(fc.constantFrom('2024-01-10', '2024-13-01', '', '0000-00-00')),
      batch_code: field(fc.oneof(text, fc.constant('BASE'))),
    });
    // Complete bodies whose lot code may carry any code unit: only these get as far as the database.
    const wellFormed = fc.record({
      origin_id: fc.constant(colombia.id),
      supplier_finca: fc.constant('Finca La Esperanza'),
      quantity_kg: fc.constant(1),
      unit_price: fc.constant(5),
      entry_date: fc.constant('2024-01-10'),
      batch_code: text.map((code) => `L-${code}`),
    });
    const body = fc.oneof(malformed, wellFormed);
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, edit) => {
        const response = edit ? await put(id, payload) : await post(payload);
        expect([200, 201, 400, 409]).toContain(response.statusCode);
        if (response.statusCode >= 400) expect(known(errorOf(response).message)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('findGreenLotWithOrigin gives a roast what it needs about a lot', async () => {
    const { id } = await createLot({ quantity_kg: 2.5 });
    expect(await findGreenLotWithOrigin(t.db, id)).toEqual({
      id, origin_id: colombia.id, origin_name: 'Colombia', batch_code: '10-01-24', entry_date: '2024-01-10', stock_g: 2500,
    });
    expect(await findGreenLotWithOrigin(t.db, 987654)).toBeUndefined();
  });
});
