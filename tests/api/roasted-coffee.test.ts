import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { buildApp } from '#server/app.js';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { findLedgerMismatches, moveStock } from '#server/ledger/ledger.js';
import { commonMessages, requestMessages } from '#shared/messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';
import { roastBody } from '../helpers/bodies.js';

interface Origin { id: number; name: string }
interface Roast {
  id: number;
  green_coffee_id: number;
  batch_code: string;
  quantity_green_kg: number;
  resultant_kg: number;
  shrinkage_kg: number;
  stock_kg: number;
}

describe.each(testDialects())('café tostado (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let colombia: Origin;
  let etiopia: Origin;

  const post = (payload: unknown) => t.call(cookie, { method: 'POST', url: '/api/roasted-coffee', payload: payload as object });
  const put = (id: number | string, payload: unknown) =>
    t.call(cookie, { method: 'PUT', url: `/api/roasted-coffee/${id}`, payload: payload as object });
  const del = (id: number | string) => t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${id}` });
  const list = (query = '') => t.call(cookie, { method: 'GET', url: `/api/roasted-coffee${query}` });

  let lotCounter = 0;
  /** A green lot through the green-coffee API (its receipt is in the ledger). */
  const greenLot = async (quantityKg: number, origin: Origin = colombia): Promise<number> => {
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: {
        origin_id: origin.id,
        supplier_finca: origin === colombia ? 'Finca La Esperanza' : 'Yirgacheffe Coop',
        quantity_kg: quantityKg,
        unit_price: 5,
        // On or before every roast date below: a roast is never dated before its green lot's entry.
        entry_date: '2024-01-01',
        batch_code: `V-${++lotCounter}`,
      },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };

  const roast = roastBody;
  const createRoast = async (greenId: number, change: Record<string, unknown> = {}): Promise<Roast> => {
    const response = await post(roast(greenId, change));
    expect(response.statusCode).toBe(201);
    return response.json() as Roast;
  };

  const greenStock = async (id: number) =>
    (await t.db.selectFrom('green_coffee').select('stock_g').where('id', '=', id).executeTakeFirstOrThrow()).stock_g;
  const roastRows = () => t.db.selectFrom('roasted_coffee').selectAll().orderBy('id').execute();
  const movements = () => t.db.selectFrom('stock_movements').selectAll().orderBy('id').execute();
  /** Everything a roast operation may change: both lot tables and the whole ledger. */
  const snapshot = async () => ({
    green: await t.db.selectFrom('green_coffee').selectAll().orderBy('id').execute(),
    roasted: await roastRows(),
    movements: await movements(),
  });
  /** A blend or sale taking from (or returning to) a roasted lot: those areas will move it through the ledger. */
  const useRoasted = (roastId: number, deltaG: number, reason: 'sale' | 'sale_reversal' | 'blend' = 'sale') =>
    t.db.transaction().execute((trx) => moveStock(trx, { lotKind: 'roasted', lotId: roastId, deltaG, reason, userId, refKind: reason, refId: 1 }));

  const expectError = (response: LightMyRequestResponse, status: number, code: string, message: string) => {
    expect(response.statusCode).toBe(status);
    expect(errorOf(response)).toEqual({ code, message });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'tostador');
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'tostador').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const createOrigin = async (payload: object) =>
      (await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload })).json() as Origin;
    colombia = await createOrigin({ name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
    etiopia = await createOrigin({ name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    // The ledger invariant after every test: on-hand = sum of movements, never below zero, for both kinds.
    expect(await findLedgerMismatches(t.db, ['green', 'roasted'])).toEqual([]);
  });

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const greenId = await greenLot(100);
    const before = await snapshot();
    const responses = await Promise.all([
      t.call(undefined, { method: 'GET', url: '/api/roasted-coffee' }),
      t.call(undefined, { method: 'POST', url: '/api/roasted-coffee', payload: roast(greenId) }),
      t.call(undefined, { method: 'PUT', url: '/api/roasted-coffee/1', payload: roast(greenId) }),
      t.call(undefined, { method: 'DELETE', url: '/api/roasted-coffee/1' }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  describe('creating', () => {
    it('deducts the green kg and records both movements, in grams, pointing at the roast', async () => {
      const greenId = await greenLot(100);
      const response = await post(roast(greenId, { quantity_green_kg: 10.125, resultant_kg: 8.6, batch_code: ' CO-150324-1234 ' }));
      expect(response.statusCode).toBe(201);
      const created = response.json() as Roast;
      expect(created).toEqual({
        id: expect.any(Number),
        version: 1,
        green_coffee_id: greenId,
        green_batch_code: `V-${lotCounter}`,
        origin_id: colombia.id,
        origin_name: 'Colombia',
        quantity_green_kg: 10.125,
        resultant_kg: 8.6,
        shrinkage_kg: 1.525,
        stock_kg: 8.6,
        // (10.125 kg × 5 $/Kg) / 8.6 kg = 5.886… (docs/decisions/0011-cost-per-kg-and-margins.md).
        cost_per_kg: 5.89,
        roast_type: 'Medio',
        roast_date: '2024-03-15',
        batch_code: 'CO-150324-1234',
        // Typed in the form, not imported from Artisan (docs/product-guide.md#artisan-import).
        artisan_batch: null,
        has_curve: false,
        // Its age by today's date (docs/decisions/0049-roast-age-and-public-page.md).
        age_days: expect.any(Number),
        freshness: 'pasado',
        // Neither notes nor a cupping score, not a reference profile (docs/decisions/0053-reference-profile.md).
        notes: null,
        cupping_score: null,
        reference: false,
        outside_tolerance: [],
      });
      expect(await greenStock(greenId)).toBe(89_875);
      expect(await roastRows()).toEqual([
        expect.objectContaining({ id: created.id, quantity_green_g: 10_125, resultant_g: 8_600, stock_g: 8_600 }),
      ]);
      const ledger = (await movements()).slice(1);
      expect(ledger).toEqual([
        expect.objectContaining({ lot_kind: 'green', lot_id: greenId, delta_g: -10_125, reason: 'roast', ref_kind: 'roast', ref_id: created.id, user_id: userId }),
        expect.objectContaining({ lot_kind: 'roasted', lot_id: created.id, delta_g: 8_600, reason: 'roast', ref_kind: 'roast', ref_id: created.id, user_id: userId }),
      ]);
    });

    it('generates the lot code (shape CO-150324-NNNN) when none is given', async () => {
      const greenId = await greenLot(100);
      const etiopian = await greenLot(100, etiopia);
      const generated = await createRoast(greenId);
      expect(generated.batch_code).toMatch(/^CO-150324-[1-9]\d{3}$/);
      const blank = await createRoast(etiopian, { batch_code: '   ', roast_date: '2025-01-09' });
      expect(blank.batch_code).toMatch(/^ET-090125-[1-9]\d{3}$/);
    });

    it('regenerates a server-made code that is taken, and gives up with a 409 after many tries', async () => {
      const greenId = await greenLot(100);
      await createRoast(greenId, { batch_code: 'CO-150324-1000' });
      // Math.random 0 → 1000 (taken), then 0.5 → 5500.
      vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValueOnce(0.5);
      expect((await createRoast(greenId)).batch_code).toBe('CO-150324-5500');

      vi.spyOn(Math, 'random').mockReturnValue(0);
      const before = await snapshot();
      expectError(await post(roast(greenId)), 409, 'conflict', m.lotCodeUnavailable);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a typed lot code that another roast has (409), writing nothing', async () => {
      const greenId = await greenLot(100);
      await createRoast(greenId, { batch_code: 'CO-150324-1234' });
      const before = await snapshot();
      expectError(await post(roast(greenId, { batch_code: 'CO-150324-1234' })), 409, 'duplicate', m.duplicateBatch);
      expect(await snapshot()).toEqual(before);
    });

    it('lets a roast take exactly what is on hand, and keeps decimals exact (0.1 + 0.2 kg)', async () => {
      const greenId = await greenLot(0.3);
      await createRoast(greenId, { quantity_green_kg: 0.1, resultant_kg: 0.1 });
      const second = await createRoast(greenId, { quantity_green_kg: 0.2, resultant_kg: 0.15 });
      expect(second).toMatchObject({ shrinkage_kg: 0.05, stock_kg: 0.15 });
      expect(await greenStock(greenId)).toBe(0);
    });
  });

  describe('validation, in the documented order, writing nothing', () => {
    let greenId: number;
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeEach(async () => {
      greenId = await greenLot(20);
      before = await snapshot();
    });
    afterEach(async () => {
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['no green lot', { green_coffee_id: undefined }],
      ['a null green lot', { green_coffee_id: null }],
      ['no green quantity', { quantity_green_kg: undefined }],
      ['no resultant kg', { resultant_kg: undefined }],
      ['no roast type', { roast_type: undefined }],
      ['a blank roast type', { roast_type: '  ' }],
      ['no roast date', { roast_date: '' }],
    ])('%s → "completa todos los campos obligatorios"', async (_case, change) => {
      expectError(await post(roast(greenId, change)), 400, 'validation', m.required);
    });

    it('uses the Spanish text word for word, also for a body that is not an object', async () => {
      for (const payload of [{}, [roast(greenId)], 'tueste', null]) {
        const response = await t.call(cookie, {
          method: 'POST', url: '/api/roasted-coffee', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe('Por favor, completa todos los campos obligatorios.');
      }
    });

    it('checks completeness first: a missing field beats more resultant than green', async () => {
      expectError(await post(roast(greenId, { roast_date: undefined, resultant_kg: 50 })), 400, 'validation', m.required);
    });

    it('then refuses more resultant kg than green kg, before looking at the lot or its stock', async () => {
      const response = await post(roast(987654, { quantity_green_kg: 500, resultant_kg: 500.001 }));
      expectError(response, 400, 'validation', m.resultantAboveGreen);
      expect(errorOf(response).message).toBe('Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.');
      // Equal is fine (shrinkage 0 is not below 0): it fails later, on the stock.
      expectError(await post(roast(greenId, { quantity_green_kg: 20.5, resultant_kg: 20.5 })), 409, 'insufficient_stock', m.notEnoughGreen(20, defaultFormatter));
    });

    it('then refuses a green lot that does not exist, before the stock check', async () => {
      const response = await post(roast(987654, { quantity_green_kg: 500 }));
      expectError(response, 400, 'validation', m.invalidGreenLot);
      expect(errorOf(response).message).toBe('El lote de café verde seleccionado no es válido.');
    });

    it('then refuses more green kg than the lot has on hand (409), even with a taken lot code', async () => {
      await createRoast(greenId, { quantity_green_kg: 5, resultant_kg: 4, batch_code: 'TOMADO' });
      before = await snapshot();
      const response = await post(roast(greenId, { quantity_green_kg: 15.001, resultant_kg: 12, batch_code: 'TOMADO' }));
      expectError(response, 409, 'insufficient_stock', m.notEnoughGreen(15, defaultFormatter));
      // The spec's text, then what the lot holds, as a sale's refusal says it (docs/product-guide.md#roasted-lot).
      expect(errorOf(response).message).toBe('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 15.00 Kg.');
    });

    it.each([
      ['a zero green quantity', { quantity_green_kg: 0, resultant_kg: 0 }, m.greenQuantityPositive],
      ['a negative green quantity', { quantity_green_kg: -1, resultant_kg: -2 }, m.greenQuantityPositive],
      ['a zero resultant', { resultant_kg: 0 }, m.resultantPositive],
      ['a green quantity with 4 decimals', { quantity_green_kg: 10.0001 }, commonMessages.tooManyDecimals(3)],
      ['a resultant with 4 decimals', { resultant_kg: 8.0001 }, commonMessages.tooManyDecimals(3)],
      ['an absurd quantity', { quantity_green_kg: 2_000_000, resultant_kg: 1 }, m.quantityTooLarge],
      ['an unknown roast type', { roast_type: 'Extra' }, m.invalidRoastType],
      ['a lower-case roast type', { roast_type: 'claro' }, m.invalidRoastType],
      ['an impossible date', { roast_date: '2024-02-30' }, m.invalidDate('2024-02-30')],
      ['a date in another format', { roast_date: '15-03-24' }, 'Fecha de Tostado: 15-03-24 no es una fecha del calendario.'],
      ['a green quantity that is not a number', { quantity_green_kg: 'abc' }, m.greenKgNotNumber],
      ['a resultant that is not a number', { resultant_kg: 'abc' }, 'Kilos Resultantes: escribe un número, con coma o punto decimal.'],
      ['a 41-character lot code', { batch_code: 'x'.repeat(41) }, m.batchCodeTooLong],
      ['a lot code that is not text', { batch_code: 1234 }, m.batchCodeInvalid],
      ['a fractional green lot id', { green_coffee_id: 1.5 }, m.invalidGreenLot],
      ['a green lot id beyond any column', { green_coffee_id: 99_999_999_999 }, m.invalidGreenLot],
      ['a negative green lot id', { green_coffee_id: -3 }, m.invalidGreenLot],
    ])('refuses %s with a Spanish 400', async (_case, change, message) => {
      expectError(await post(roast(greenId, change)), 400, 'validation', message);
    });

    it('answers malformed JSON with a Spanish 400', async () => {
      const response = await t.call(cookie, {
        method: 'POST', url: '/api/roasted-coffee', headers: { 'content-type': 'application/json' }, payload: '{"green_coffee_id": ',
      });
      expectError(response, 400, 'validation', requestMessages.invalidJson);
    });
  });

  it('lists roasts newest roast date first, joined to the green lot and origin, paginated and filtered', async () => {
    const colombian = await greenLot(100);
    const ethiopian = await greenLot(100, etiopia);
    const a = await createRoast(colombian, { roast_date: '2024-01-10' });
    const b = await createRoast(colombian, { roast_date: '2024-03-01' });
    const c = await createRoast(ethiopian, { roast_date: '2024-02-15' });
    const d = await createRoast(colombian, { roast_date: '2024-03-01' });

    const all = (await list()).json();
    expect(all).toMatchObject({ total: 4, limit: 100, offset: 0 });
    expect(all.items.map((r: Roast) => r.id)).toEqual([d.id, b.id, c.id, a.id]);
    expect(all.items[2]).toMatchObject({ origin_name: 'Etiopía', origin_id: etiopia.id, green_coffee_id: ethiopian });

    const page = (await list('?limit=2&offset=2')).json();
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(page.items.map((r: Roast) => r.id)).toEqual([c.id, a.id]);

    const ethiopianOnly = (await list(`?origin_id=${etiopia.id}`)).json();
    expect(ethiopianOnly).toMatchObject({ total: 1, items: [{ id: c.id }] });

    await useRoasted(a.id, -8500);
    const inStock = (await list('?in_stock=true')).json();
    expect(inStock.total).toBe(3);
    expect(inStock.items.map((r: Roast) => r.id)).not.toContain(a.id);

    expectError(await list('?in_stock=quizas'), 400, 'validation', commonMessages.invalidRequest);
    expectError(await list('?limit=0'), 400, 'validation', commonMessages.invalidRequest);
  });

  describe('editing', () => {
    it('names the green left to the gram, as a sale does, on creating and on editing', async () => {
      const lot = await greenLot(12.345);
      const created = await post(roast(lot, { quantity_green_kg: 12.346, resultant_kg: 10 }));
      expect(errorOf(created).message).toBe('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 12.345 Kg.');
      const roasted = await createRoast(lot, { quantity_green_kg: 2.3, resultant_kg: 2 });
      // Editing may take what the lot holds (10.045) plus what this roast gives back (2.3).
      const edited = await put(roasted.id, roast(lot, { quantity_green_kg: 12.346, resultant_kg: 10 }));
      expectError(edited, 409, 'insufficient_stock', 'No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 12.345 Kg.');
      const tinyLot = await greenLot(0.999);
      const tiny = await post(roast(tinyLot, { quantity_green_kg: 1, resultant_kg: 0.8 }));
      expect(errorOf(tiny).message).toBe('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 0.999 Kg.');
    });

    it('returns the old green kg and deducts the new one on the same lot, and moves on-hand by the produced difference', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId, { quantity_green_kg: 60, resultant_kg: 50 });
      expect(await greenStock(greenId)).toBe(40_000);

      // The lot has 40 kg, but this roast gives back its 60 first: 100 kg are available to it.
      const response = await put(created.id, roast(greenId, { quantity_green_kg: 100, resultant_kg: 84.25, roast_type: 'Oscuro' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: created.id, quantity_green_kg: 100, resultant_kg: 84.25, shrinkage_kg: 15.75, stock_kg: 84.25, roast_type: 'Oscuro',
        batch_code: created.batch_code,
      });
      expect(await greenStock(greenId)).toBe(0);
      const ledger = (await movements()).slice(3);
      expect(ledger.map((row) => [row.lot_kind, row.lot_id, row.delta_g, row.reason, row.ref_kind, row.ref_id])).toEqual([
        ['green', greenId, 60_000, 'roast_reversal', 'roast', created.id],
        ['green', greenId, -100_000, 'roast', 'roast', created.id],
        ['roasted', created.id, 34_250, 'roast', 'roast', created.id],
      ]);

      const more = await put(created.id, roast(greenId, { quantity_green_kg: 100.001 }));
      expectError(more, 409, 'insufficient_stock', m.notEnoughGreen(100, defaultFormatter));
    });

    it('moves the roast to another green lot: the old lot gets its kg back, the new one pays', async () => {
      const first = await greenLot(100);
      const second = await greenLot(30, etiopia);
      const created = await createRoast(first, { quantity_green_kg: 25, resultant_kg: 20 });
      const response = await put(created.id, roast(second, { quantity_green_kg: 30, resultant_kg: 20 }));
      expect(response.json()).toMatchObject({ green_coffee_id: second, origin_name: 'Etiopía', stock_kg: 20 });
      expect(await greenStock(first)).toBe(100_000);
      expect(await greenStock(second)).toBe(0);
    });

    it('refuses (409) a new lot without enough stock, leaving everything as it was', async () => {
      const first = await greenLot(100);
      const second = await greenLot(10);
      const created = await createRoast(first, { quantity_green_kg: 25, resultant_kg: 20 });
      const before = await snapshot();
      expectError(await put(created.id, roast(second, { quantity_green_kg: 10.5, resultant_kg: 9 })), 409, 'insufficient_stock', m.notEnoughGreen(10, defaultFormatter));
      expect(await snapshot()).toEqual(before);
    });

    it('records no green movement when only the roast type, date or code change, and keeps the code when it is left empty', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId, { batch_code: 'ANTES' });
      const count = (await movements()).length;
      const renamed = await put(created.id, roast(greenId, { roast_type: 'Claro', roast_date: '2024-04-01', batch_code: 'DESPUES' }));
      expect(renamed.json()).toMatchObject({ roast_type: 'Claro', roast_date: '2024-04-01', batch_code: 'DESPUES', stock_kg: 8.5 });
      const kept = await put(created.id, roast(greenId, { batch_code: '' }));
      expect(kept.json()).toMatchObject({ batch_code: 'DESPUES' });
      expect(await movements()).toHaveLength(count);
    });

    it('never takes the roasted on-hand below zero when part of it was already used (409, nothing changed)', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId, { quantity_green_kg: 10, resultant_kg: 8 });
      await useRoasted(created.id, -5000); // a sale took 5 kg: 3 kg on hand
      const before = await snapshot();

      const tooLow = await put(created.id, roast(greenId, { quantity_green_kg: 12, resultant_kg: 4.999 }));
      expectError(tooLow, 409, 'insufficient_stock', m.stockBelowZero('5'));
      expect(await snapshot()).toEqual(before);

      // Produced 8 → 5: on hand 3 → 0; the 5 kg sold stay sold.
      const exact = await put(created.id, roast(greenId, { quantity_green_kg: 12, resultant_kg: 5 }));
      expect(exact.json()).toMatchObject({ resultant_kg: 5, stock_kg: 0 });
      const up = await put(created.id, roast(greenId, { quantity_green_kg: 12, resultant_kg: 11 }));
      expect(up.json()).toMatchObject({ resultant_kg: 11, stock_kg: 6 });
      expect(await greenStock(greenId)).toBe(88_000);
    });

    it('applies the same rules as creating, in the same order', async () => {
      const greenId = await greenLot(100);
      const other = await createRoast(greenId, { batch_code: 'OTRO' });
      const created = await createRoast(greenId);
      const before = await snapshot();
      expectError(await put(created.id, roast(greenId, { roast_type: '' })), 400, 'validation', m.required);
      expectError(await put(created.id, roast(greenId, { resultant_kg: 10.5 })), 400, 'validation', m.resultantAboveGreen);
      expectError(await put(created.id, roast(987654)), 400, 'validation', m.invalidGreenLot);
      expectError(await put(created.id, roast(greenId, { quantity_green_kg: 91 })), 409, 'insufficient_stock', m.notEnoughGreen(90, defaultFormatter));
      expectError(await put(created.id, roast(greenId, { batch_code: other.batch_code, quantity_green_kg: 20 })), 409, 'duplicate', m.duplicateBatch);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 404 for a roast that does not exist, and 400 (not 500) for an impossible id', async () => {
      const greenId = await greenLot(100);
      expectError(await put(987654, roast(greenId)), 404, 'not_found', m.notFound);
      expect((await put(99_999_999_999, roast(greenId))).statusCode).toBe(400);
      expect((await put('abc', roast(greenId))).statusCode).toBe(400);
      expect(await roastRows()).toEqual([]);
    });

    describe('a failure between the steps of an edit leaves both lots and the ledger exactly as before', () => {
      // A trigger refuses the ledger row of one step: the failure comes from the database, mid-transaction.
      const failures = {
        // Step 2: the old lot already got its kg back and the new lot's stock_g was already lowered when its ledger row fails.
        'deducting the new green quantity': {
          sqlite: sql`create trigger test_fail_step before insert on stock_movements
            when new.lot_kind = 'green' and new.reason = 'roast' begin select raise(abort, 'fallo inyectado'); end`,
          postgres: sql`create trigger test_fail_step before insert on stock_movements for each row
            when (new.lot_kind = 'green' and new.reason = 'roast') execute function test_fail_step()`,
        },
        // Step 3: both green moves are done when the roasted lot's adjustment fails.
        'adjusting the roasted on-hand': {
          sqlite: sql`create trigger test_fail_step before insert on stock_movements
            when new.lot_kind = 'roasted' begin select raise(abort, 'fallo inyectado'); end`,
          postgres: sql`create trigger test_fail_step before insert on stock_movements for each row
            when (new.lot_kind = 'roasted') execute function test_fail_step()`,
        },
      };
      const installFailure = async (step: keyof typeof failures) => {
        if (dialect === 'postgres') {
          await sql`create function test_fail_step() returns trigger language plpgsql as $$ begin raise exception 'fallo inyectado'; end $$`.execute(t.db);
        }
        await failures[step][dialect].execute(t.db);
      };
      const removeFailure = async () => {
        if (dialect === 'postgres') {
          await sql`drop trigger if exists test_fail_step on stock_movements`.execute(t.db);
          await sql`drop function if exists test_fail_step()`.execute(t.db);
        } else {
          await sql`drop trigger if exists test_fail_step`.execute(t.db);
        }
      };
      afterEach(removeFailure);

      it.each(Object.keys(failures) as (keyof typeof failures)[])('fails while %s', async (step) => {
        const first = await greenLot(100);
        const second = await greenLot(50, etiopia);
        const created = await createRoast(first, { quantity_green_kg: 40, resultant_kg: 30 });
        const before = await snapshot();
        await installFailure(step);

        const response = await put(created.id, roast(second, { quantity_green_kg: 45, resultant_kg: 38 }));
        expect(response.statusCode).toBe(500);
        expect(errorOf(response)).toEqual({ code: 'internal', message: commonMessages.internal });
        expect(await snapshot()).toEqual(before);

        await removeFailure();
        expect((await put(created.id, roast(second, { quantity_green_kg: 45, resultant_kg: 38 }))).statusCode).toBe(200);
        expect(await greenStock(first)).toBe(100_000);
        expect(await greenStock(second)).toBe(5_000);
      });
    });
  });

  describe('deleting', () => {
    it('returns the green kg, writes the roasted stock off through the ledger, then deletes the row', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId, { quantity_green_kg: 30, resultant_kg: 25 });
      const response = await del(created.id);
      expect(response.statusCode).toBe(204);
      expect(await roastRows()).toEqual([]);
      expect(await greenStock(greenId)).toBe(100_000);
      const ledger = (await movements()).slice(3);
      expect(ledger.map((row) => [row.lot_kind, row.lot_id, row.delta_g, row.reason])).toEqual([
        ['green', greenId, 30_000, 'roast_reversal'],
        ['roasted', created.id, -25_000, 'adjustment'],
      ]);
      expectError(await del(created.id), 404, 'not_found', m.notFound);
    });

    it.each([
      ['part of it was sold', [-1000]],
      ['a blend took some and gave it all back', [-2000, 2000]],
    ])('refuses (409, its Spanish message) when %s, changing nothing', async (_case, deltas) => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId);
      for (const delta of deltas) await useRoasted(created.id, delta, delta < 0 ? 'blend' : 'sale_reversal');
      const before = await snapshot();
      const response = await del(created.id);
      expectError(response, 409, 'in_use', m.deleteInUse);
      expect(errorOf(response).message).toBe('Error al eliminar el café tostado. Asegúrate de que no esté asociado a mezclas o ventas.');
      expect(await snapshot()).toEqual(before);
    });

    it('still deletes a roast that was only edited (its own roast rows are not a use)', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId);
      await put(created.id, roast(greenId, { quantity_green_kg: 20, resultant_kg: 15 }));
      await put(created.id, roast(greenId, { quantity_green_kg: 12, resultant_kg: 10 }));
      expect((await del(created.id)).statusCode).toBe(204);
      expect(await greenStock(greenId)).toBe(100_000);
    });

    it('keeps the green lot from being deleted while a roast uses it (foreign key, the green lot\'s delete message)', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId);
      const refused = await t.call(cookie, { method: 'DELETE', url: `/api/green-coffee/${greenId}` });
      expectError(refused, 409, 'in_use', greenCoffeeMessages.deleteInUse);
      await del(created.id);
      expect((await t.call(cookie, { method: 'DELETE', url: `/api/green-coffee/${greenId}` })).statusCode).toBe(204);
    });
  });

  describe('concurrency', () => {
    const twentyRoasts = async (apps: FastifyInstance[]) => {
      const greenId = await greenLot(100);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          apps[i % apps.length]!.inject({
            method: 'POST',
            url: '/api/roasted-coffee',
            headers: { cookie },
            payload: roast(greenId, { quantity_green_kg: 10, resultant_kg: 8 }),
          })),
      );
      const created = responses.filter((r) => r.statusCode === 201);
      const refused = responses.filter((r) => r.statusCode !== 201);
      expect(created).toHaveLength(10);
      expect(refused).toHaveLength(10);
      // The lot is empty once the ten roasts it holds are in.
      for (const response of refused) expectError(response, 409, 'insufficient_stock', 'No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 0.00 Kg.');
      expect(await greenStock(greenId)).toBe(0);
      const rows = await roastRows();
      expect(rows).toHaveLength(10);
      expect(new Set(rows.map((row) => row.batch_code)).size).toBe(10);
      expect(rows.every((row) => row.stock_g === 8000)).toBe(true);
      expect(await findLedgerMismatches(t.db, ['green', 'roasted'])).toEqual([]);
    };

    it('20 simultaneous roasts of 10 kg on a 100 kg lot: exactly 10 succeed, no oversell, ledger sums match', async () => {
      await twentyRoasts([t.app]);
    });

    // Two server processes on one PostgreSQL: two apps, each with its own pool, on the same schema.
    itOn(dialect, 'postgres')('the same through two app instances with separate connection pools', async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const url = process.env.TEST_DATABASE_URL!;
      const second: DatabaseHandle = await openDatabase({ kind: 'postgres', url }, { pgSchema: rows[0]!.schema });
      const secondApp = await buildApp({ db: second.db });
      try {
        await twentyRoasts([t.app, secondApp]);
      } finally {
        await secondApp.close();
        await second.close();
      }
    });

    it('simultaneous edits of one roast never return its old green kg twice: one wins, the others were read at its old version', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId, { quantity_green_kg: 10, resultant_kg: 8 });
      const quantities = [11, 12, 13, 14, 15, 16, 17, 18];
      // Every form read the roast at version 1 (docs/decisions/0038-record-versions.md).
      const responses = await Promise.all(quantities.map((kg) => put(created.id, { ...roast(greenId, { quantity_green_kg: kg, resultant_kg: 8 }), version: 1 })));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const refused of responses.filter((r) => r.statusCode !== 200)) expectError(refused, 409, 'version_conflict', m.editedByOther);
      const [row] = await roastRows();
      expect(await greenStock(greenId)).toBe(100_000 - row!.quantity_green_g);
    });

    it('simultaneous edits moving two roasts across the same two lots in opposite directions all finish (no deadlock)', async () => {
      const first = await greenLot(100);
      const second = await greenLot(100);
      const a = await createRoast(first, { quantity_green_kg: 5, resultant_kg: 4 });
      const b = await createRoast(second, { quantity_green_kg: 5, resultant_kg: 4 });
      // Each round, both roasts' edits at once, each from its roast's current version (docs/decisions/0038-record-versions.md).
      const responses = [];
      for (let i = 0; i < 6; i++) {
        responses.push(...(await Promise.all([
          put(a.id, roast(i % 2 === 0 ? second : first, { quantity_green_kg: 5 + i, resultant_kg: 4 })),
          put(b.id, roast(i % 2 === 0 ? first : second, { quantity_green_kg: 5 + i, resultant_kg: 4 })),
        ])));
      }
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
      const rows = await roastRows();
      const taken = (lot: number) => rows.filter((row) => row.green_coffee_id === lot).reduce((sum, row) => sum + row.quantity_green_g, 0);
      expect(await greenStock(first)).toBe(100_000 - taken(first));
      expect(await greenStock(second)).toBe(100_000 - taken(second));
    });

    it('a delete racing a sale from the same roasted lot: one of them wins, nothing is lost', async () => {
      const greenId = await greenLot(100);
      const created = await createRoast(greenId);
      const [deleted] = await Promise.all([del(created.id), useRoasted(created.id, -1000).catch(() => false)]);
      const rows = await roastRows();
      if (deleted.statusCode === 204) {
        expect(rows).toEqual([]);
        expect(await greenStock(greenId)).toBe(100_000);
      } else {
        expectError(deleted, 409, 'in_use', m.deleteInUse);
        expect(rows).toEqual([expect.objectContaining({ stock_g: 7500 })]);
      }
    });
  });
});
