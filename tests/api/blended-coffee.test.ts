import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.js';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { findLedgerMismatches, moveStock } from '#server/ledger/ledger.js';
import { stockOf as ledgerStockOf } from '#server/ledger/ledger.js';
import { BLEND_COMPONENTS_MAX } from '#shared/schemas/blended-coffee.js';
import { commonMessages, requestMessages } from '#shared/messages.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { percentageMessages } from '#shared/percentage-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { checkStockCommand } from '../helpers/check-stock.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';

interface Origin { id: number; name: string }
interface Draw { id: number; batch_code: string; quantity_used: number }
interface Blend {
  id: number;
  name: string;
  total_quantity_kg: number;
  stock_kg: number;
  creation_date: string;
  batch_code: string;
  recipe_id: number | null;
  components: { origin_id: number; origin_name: string; percentage: number; required_kg: number; selected_roasted_batches: Draw[] }[];
}

type ComponentBody = { origin_id: unknown; percentage: unknown; selected_roasted_batches?: unknown };

describe.each(testDialects())('café mezcla (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;
  let userId: number;
  let colombia: Origin;
  let etiopia: Origin;
  let brasil: Origin;

  const post = (payload: unknown, as = cookie) => t.call(as, { method: 'POST', url: '/api/blended-coffee', payload: payload as object });
  const put = (id: number | string, payload: unknown) =>
    t.call(cookie, { method: 'PUT', url: `/api/blended-coffee/${id}`, payload: payload as object });
  const del = (id: number | string) => t.call(cookie, { method: 'DELETE', url: `/api/blended-coffee/${id}` });
  const list = (query = '') => t.call(cookie, { method: 'GET', url: `/api/blended-coffee${query}` });

  let counter = 0;
  const createOrigin = async (name: string): Promise<Origin> => {
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/coffee-origins',
      payload: { name, kilos_per_bag: 70, suppliers_fincas: [`Finca ${name}`] },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Origin;
  };

  /** A roasted lot of `kg` on hand from `origin`, made through the green and roast APIs (both in the ledger). */
  const roastedLot = async (origin: Origin, kg: number, roastDate = '2024-03-15'): Promise<{ id: number; batch_code: string }> => {
    const green = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: origin.id, supplier_finca: `Finca ${origin.name}`, quantity_kg: kg * 2, unit_price: 5, entry_date: '2024-01-01', batch_code: `V-${++counter}` },
    });
    expect(green.statusCode).toBe(201);
    const roast = await t.call(cookie, {
      method: 'POST',
      url: '/api/roasted-coffee',
      payload: { green_coffee_id: (green.json() as { id: number }).id, quantity_green_kg: kg * 2, resultant_kg: kg, roast_type: 'Medio', roast_date: roastDate, batch_code: `T-${counter}` },
    });
    expect(roast.statusCode).toBe(201);
    return roast.json() as { id: number; batch_code: string };
  };

  const createRecipe = async (name: string, components: { origin_id: number; percentage: number }[]): Promise<number> => {
    const response = await t.call(adminCookie, { method: 'POST', url: '/api/blend-recipes', payload: { name, components } });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };

  const component = (origin: Origin, percentage: unknown, draws: [number, number][] = []): ComponentBody => ({
    origin_id: origin.id,
    percentage,
    selected_roasted_batches: draws.map(([id, quantity_used]) => ({ id, quantity_used })),
  });
  const body = (components: ComponentBody[], change: Record<string, unknown> = {}) => ({
    name: 'Mezcla de la Casa',
    total_quantity_kg: 10,
    creation_date: '2024-04-02',
    recipe_id: null,
    components,
    ...change,
  });

  const stockOf = (kind: 'roasted' | 'blend', id: number) => ledgerStockOf(t.db, kind, id);
  const movements = () => t.db.selectFrom('stock_movements').selectAll().orderBy('id').execute();
  /** Everything a blend operation may change. */
  const snapshot = async () => ({
    roasted: await t.db.selectFrom('roasted_coffee').select(['id', 'stock_g']).orderBy('id').execute(),
    blends: await t.db.selectFrom('blended_coffee').selectAll().orderBy('id').execute(),
    components: await t.db.selectFrom('blended_coffee_components').selectAll().orderBy('id').execute(),
    draws: await t.db.selectFrom('blended_coffee_draws').selectAll().orderBy('id').execute(),
    movements: await movements(),
  });

  const expectError = (response: LightMyRequestResponse, status: number, code: string, message: string) => {
    expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status, error: { code, message } });
  };
  const created = async (payload: unknown): Promise<Blend> => {
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Blend;
  };
  /** A sale of the blend, inserted directly until the Ventas API exists, moving its stock as a sale will. */
  const sellBlend = async (blendId: number, grams: number) => {
    await t.db.transaction().execute(async (trx) => {
      const sale = await trx
        .insertInto('sales')
        .values({ product_id: blendId, product_type: 'mezcla', quantity_g: grams, unit_price_cents: 2500, sale_date: '2024-04-03', batch_code_sold: 'X', user_id: userId, created_at: Date.now(), updated_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await moveStock(trx, { lotKind: 'blend', lotId: blendId, deltaG: -grams, reason: 'sale', userId, refKind: 'sale', refId: sale.id })).toBe(true);
    });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'mezclador');
    adminCookie = await t.signIn('administrador', 'jefa');
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'mezclador').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    colombia = await createOrigin('Colombia');
    etiopia = await createOrigin('Etiopía');
    brasil = await createOrigin('Brasil');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    // The ledger invariant after every test, blends included: on-hand = sum of movements, never below zero.
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
  });

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const lot = await roastedLot(colombia, 20);
    const before = await snapshot();
    const payload = body([component(colombia, 100, [[lot.id, 10]])]);
    const responses = await Promise.all([
      t.call(undefined, { method: 'GET', url: '/api/blended-coffee' }),
      t.call(undefined, { method: 'POST', url: '/api/blended-coffee', payload }),
      t.call(undefined, { method: 'PUT', url: '/api/blended-coffee/1', payload }),
      t.call(undefined, { method: 'DELETE', url: '/api/blended-coffee/1' }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  describe('creating', () => {
    it('deducts each draw from its roasted lot (a component drawing two lots), in one ledger, pointing at the blend', async () => {
      const co1 = await roastedLot(colombia, 5);
      const co2 = await roastedLot(colombia, 5);
      const et = await roastedLot(etiopia, 10);
      const blend = await created(
        body([component(colombia, 60, [[co1.id, 5], [co2.id, 1]]), component(etiopia, 40, [[et.id, 4]])], { batch_code: ' CA-MZ-020424-1234 ' }),
      );
      expect(blend).toEqual({
        id: expect.any(Number),
        version: 1,
        name: 'Mezcla de la Casa',
        total_quantity_kg: 10,
        stock_kg: 10,
        // Every lot drawn costs 2 kg of green at 5 $/Kg per kg roasted (docs/decisions/0011-cost-per-kg-and-margins.md).
        cost_per_kg: 10,
        creation_date: '2024-04-02',
        batch_code: 'CA-MZ-020424-1234',
        recipe_id: null,
        // Its oldest drawn roast's age, by today's date (docs/decisions/0049-roast-age-and-public-page.md).
        age_days: expect.any(Number),
        freshness: 'pasado',
        components: [
          {
            origin_id: colombia.id,
            origin_name: 'Colombia',
            percentage: 60,
            required_kg: 6,
            selected_roasted_batches: [
              { id: co1.id, batch_code: co1.batch_code, quantity_used: 5 },
              { id: co2.id, batch_code: co2.batch_code, quantity_used: 1 },
            ],
          },
          { origin_id: etiopia.id, origin_name: 'Etiopía', percentage: 40, required_kg: 4, selected_roasted_batches: [{ id: et.id, batch_code: et.batch_code, quantity_used: 4 }] },
        ],
      });
      expect(await stockOf('roasted', co1.id)).toBe(0);
      expect(await stockOf('roasted', co2.id)).toBe(4_000);
      expect(await stockOf('roasted', et.id)).toBe(6_000);
      expect(await stockOf('blend', blend.id)).toBe(10_000);
      const blendMoves = (await movements()).filter((move) => move.ref_kind === 'blend');
      expect(blendMoves).toEqual([
        expect.objectContaining({ lot_kind: 'roasted', lot_id: co1.id, delta_g: -5_000, reason: 'blend', ref_id: blend.id, user_id: userId }),
        expect.objectContaining({ lot_kind: 'roasted', lot_id: co2.id, delta_g: -1_000, reason: 'blend', ref_id: blend.id, user_id: userId }),
        expect.objectContaining({ lot_kind: 'roasted', lot_id: et.id, delta_g: -4_000, reason: 'blend', ref_id: blend.id, user_id: userId }),
        expect.objectContaining({ lot_kind: 'blend', lot_id: blend.id, delta_g: 10_000, reason: 'blend', ref_id: blend.id, user_id: userId }),
      ]);
      // Components and draws are rows (traceability joins them), basis points and grams.
      const rows = await t.db
        .selectFrom('blended_coffee_draws as d')
        .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
        .select(['c.blend_id', 'c.origin_id', 'c.percentage_bp', 'c.position', 'd.roasted_coffee_id', 'd.quantity_g'])
        .orderBy('d.id')
        .execute();
      expect(rows).toEqual([
        { blend_id: blend.id, origin_id: colombia.id, percentage_bp: 6000, position: 0, roasted_coffee_id: co1.id, quantity_g: 5000 },
        { blend_id: blend.id, origin_id: colombia.id, percentage_bp: 6000, position: 0, roasted_coffee_id: co2.id, quantity_g: 1000 },
        { blend_id: blend.id, origin_id: etiopia.id, percentage_bp: 4000, position: 1, roasted_coffee_id: et.id, quantity_g: 4000 },
      ]);
    });

    it('generates the lot code XX-MZ-DDMMYY-NNNN from the recipe name, or the blend name without a recipe', async () => {
      const lot = await roastedLot(colombia, 20);
      const recipe = await createRecipe('Bourbon Suave', [{ origin_id: colombia.id, percentage: 100 }]);
      const fromRecipe = await created(body([component(colombia, 100, [[lot.id, 1]])], { total_quantity_kg: 1, recipe_id: recipe }));
      expect(fromRecipe.batch_code).toMatch(/^BO-MZ-020424-[1-9]\d{3}$/);
      expect(fromRecipe.recipe_id).toBe(recipe);
      const fromName = await created(body([component(colombia, 100, [[lot.id, 1]])], { total_quantity_kg: 1, name: 'Espresso', batch_code: '  ' }));
      expect(fromName.batch_code).toMatch(/^ES-MZ-020424-[1-9]\d{3}$/);
    });

    it('regenerates a server-made code that is taken, gives up with a 409 after many tries, and refuses a typed duplicate whatever its case', async () => {
      const lot = await roastedLot(colombia, 20);
      const one = (change: Record<string, unknown> = {}) => body([component(colombia, 100, [[lot.id, 1]])], { total_quantity_kg: 1, ...change });
      await created(one({ batch_code: 'ME-MZ-020424-1000' }));
      // Math.random 0 → 1000 (taken), then 0.5 → 5500.
      vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValueOnce(0.5);
      expect((await created(one())).batch_code).toBe('ME-MZ-020424-5500');
      vi.spyOn(Math, 'random').mockReturnValue(0);
      const before = await snapshot();
      expectError(await post(one()), 409, 'conflict', m.lotCodeUnavailable);
      vi.restoreAllMocks();
      // 'me-mz-020424-1000 ' is the same lot as 'ME-MZ-020424-1000' (case-blind codes, docs/product-guide.md#business-constants).
      expectError(await post(one({ batch_code: 'me-mz-020424-1000 ' })), 409, 'duplicate', m.duplicateBatch);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('grams to the gram (largest remainder, docs/decisions/0006)', () => {
    it('1 kg at 33.33 / 33.33 / 33.34 needs 333 + 333 + 334 g, and nothing else passes', async () => {
      const co = await roastedLot(colombia, 1);
      const et = await roastedLot(etiopia, 1);
      const br = await roastedLot(brasil, 1);
      const parts = (a: number, b: number, c: number) =>
        body([component(colombia, 33.33, [[co.id, a]]), component(etiopia, 33.33, [[et.id, b]]), component(brasil, 33.34, [[br.id, c]])], { total_quantity_kg: 1 });
      expectError(await post(parts(0.334, 0.333, 0.333)), 400, 'validation', m.drawMismatch('Colombia', '0.334', '0.333'));
      expectError(await post(parts(0.333, 0.333, 0.333)), 400, 'validation', m.drawMismatch('Brasil', '0.333', '0.334'));
      const blend = await created(parts(0.333, 0.333, 0.334));
      expect(blend.components.map((c) => c.required_kg)).toEqual([0.333, 0.333, 0.334]);
      expect(blend.total_quantity_kg).toBe(1);
    });

    it('0.001 kg at 50 / 50: the one gram goes to the first component, the second draws nothing', async () => {
      const co = await roastedLot(colombia, 1);
      const et = await roastedLot(etiopia, 1);
      expectError(
        await post(body([component(colombia, 50), component(etiopia, 50, [[et.id, 0.001]])], { total_quantity_kg: 0.001 })),
        400,
        'validation',
        m.drawMismatch('Colombia', '0', '0.001'),
      );
      const blend = await created(body([component(colombia, 50, [[co.id, 0.001]]), component(etiopia, 50)], { total_quantity_kg: 0.001 }));
      expect(blend.components.map((c) => c.required_kg)).toEqual([0.001, 0]);
      expect(await stockOf('roasted', co.id)).toBe(999);
      expect(await stockOf('roasted', et.id)).toBe(1_000);
    });

    it('7 kg at 14.29 × 6 + 14.26: 1001, 1001, 1000 × 4, 998 g, adding up to 7000', async () => {
      const origins = [colombia, etiopia, brasil];
      for (const name of ['Perú', 'Kenia', 'Guatemala', 'Honduras']) origins.push(await createOrigin(`${name} ${dialect}`));
      const required = [1.001, 1.001, 1, 1, 1, 1, 0.998];
      const lots: { id: number; batch_code: string }[] = [];
      for (const origin of origins) lots.push(await roastedLot(origin, 2));
      const blend = await created(
        body(origins.map((origin, i) => component(origin, i < 6 ? 14.29 : 14.26, [[lots[i]!.id, required[i]!]])), { total_quantity_kg: 7 }),
      );
      expect(blend.components.map((c) => c.required_kg)).toEqual(required);
    });
  });

  describe('rules in their documented order, writing nothing', () => {
    let co: { id: number; batch_code: string };
    let co2: { id: number; batch_code: string };
    let et: { id: number; batch_code: string };
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeEach(async () => {
      co = await roastedLot(colombia, 6);
      co2 = await roastedLot(colombia, 2);
      et = await roastedLot(etiopia, 3);
      before = await snapshot();
    });
    afterEach(async () => {
      expect(await snapshot()).toEqual(before);
    });
    const good = () => [component(colombia, 60, [[co.id, 6]]), component(etiopia, 40, [[et.id, 4]])];

    it.each([
      ['no name', { name: undefined }],
      ['a blank name', { name: '   ' }],
      ['no total', { total_quantity_kg: undefined }],
      ['no creation date', { creation_date: '' }],
      ['no components', { components: [] }],
      ['components that are not a list', { components: 'x' }],
    ])('%s: required', async (_case, change) => {
      const response = await post(body(good(), change));
      expectError(response, 400, 'validation', m.required);
      // The text of docs/product-guide.md#blend, copied literally.
      expect(errorOf(response).message).toBe('Por favor, completa todos los campos y añade al menos un componente.');
    });

    it('a body that is not an object: required', async () => {
      for (const payload of [[], 'x', 42, null]) {
        const response = await t.call(cookie, { method: 'POST', url: '/api/blended-coffee', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        expect(response.statusCode).toBe(400);
      }
    });

    it('percentages that do not add up to 100, with the exact sum, before an invalid extra component', async () => {
      const response = await post(body([component(colombia, 33.33, [[co.id, 3.333]]), component(etiopia, 33.33), component(brasil, 33.33)]));
      expect(errorOf(response).message).toBe('Los porcentajes de los componentes deben sumar 100%. Actualmente suman 99.99%.');
      expectError(response, 400, 'validation', percentageMessages.mustTotal100('99.99'));
      expectError(await post(body([component(colombia, 60), { origin_id: null, percentage: 20 }])), 400, 'validation', percentageMessages.mustTotal100('80'));
    });

    it('an extra component without an origin or with a percentage of 0 or less', async () => {
      const extra = 'Por favor, selecciona un origen y un porcentaje válido para el componente adicional.';
      for (const bad of [
        { origin_id: null, percentage: 0 },
        { origin_id: undefined, percentage: 0 },
        { origin_id: brasil.id, percentage: 0 },
        { origin_id: brasil.id, percentage: null },
      ]) {
        const response = await post(body([...good(), bad]));
        expectError(response, 400, 'validation', m.extraComponent);
        expect(errorOf(response).message).toBe(extra);
      }
      // 150 + (-50) adds up to 100 but -50 is not a valid percentage.
      expectError(await post(body([component(colombia, 150), component(etiopia, -50)])), 400, 'validation', m.extraComponent);
    });

    it('a roasted lot of another origin than its component (before the sums and the stock)', async () => {
      expectError(
        await post(body([component(colombia, 60, [[et.id, 6]]), component(etiopia, 40, [[co.id, 4]])])),
        400,
        'validation',
        m.roastedNotInOrigin(et.batch_code, 'Colombia'),
      );
    });

    it('a component whose draws do not add up to its kg, naming used and required kg (before the stock)', async () => {
      // Colombia draws 6 + 2 = 8 kg of 6 required; Etiopía would also lack stock (3 kg on hand, 4 needed).
      expectError(
        await post(body([component(colombia, 60, [[co.id, 6], [co2.id, 2]]), component(etiopia, 40, [[et.id, 4]])])),
        400,
        'validation',
        m.drawMismatch('Colombia', '8', '6'),
      );
      expectError(await post(body([component(colombia, 60, [[co.id, 6]]), component(etiopia, 40, [])])), 400, 'validation', m.drawMismatch('Etiopía', '0', '4'));
    });

    it('a lot without enough stock: 409 with the lot, what it has and what is needed', async () => {
      const response = await post(body(good()));
      expectError(response, 409, 'insufficient_stock', m.notEnoughStock(et.batch_code, '3', '4'));
      expect(errorOf(response).message).toBe(`No hay suficiente stock en el lote ${et.batch_code}. Disponible: 3, Necesario: 4 Kg.`);
    });

    it.each([
      ['a total of 0', { total_quantity_kg: 0 }, m.totalPositive],
      ['a negative total', { total_quantity_kg: -10 }, m.totalPositive],
      ['a total with 4 decimals', { total_quantity_kg: 10.0001 }, commonMessages.tooManyDecimals(3)],
      ['a huge total', { total_quantity_kg: 1e308 }, m.totalTooLarge(1_000_000)],
      ['an impossible date', { creation_date: '2024-02-30' }, m.invalidDate('2024-02-30')],
      ['a total that is not a number', { total_quantity_kg: 'abc' }, m.totalKgNotNumber],
      ['a total as JSON text', { total_quantity_kg: '10' }, 'Cantidad Total (Kg): escribe un número, con coma o punto decimal.'],
      ['a recipe id that is not an id', { recipe_id: 'abc' }, m.invalidRecipe],
      ['a lot code of 41 characters', { batch_code: 'X'.repeat(41) }, m.batchCodeTooLong(40)],
      ['a name of 10,000 characters', { name: 'N'.repeat(10_000) }, m.nameTooLong(120)],
    ])('%s: 400', async (_case, change, message) => {
      expectError(await post(body(good(), change)), 400, 'validation', message);
    });

    it.each([
      ['a draw of 0 kg', [[0]], m.quantityUsedPositive],
      ['a negative draw', [[-6]], m.quantityUsedPositive],
      ['a draw with 4 decimals', [[6.0001]], commonMessages.tooManyDecimals(3)],
    ])('%s: 400', async (_case, quantities, message) => {
      expectError(await post(body([component(colombia, 60, [[co.id, quantities[0]![0]!]]), component(etiopia, 40, [[et.id, 4]])])), 400, 'validation', message);
    });

    it('a percentage with 3 decimals, an origin twice, a lot twice, a draw without id: 400', async () => {
      expectError(await post(body([component(colombia, 60.001), component(etiopia, 39.999)])), 400, 'validation', commonMessages.tooManyDecimals(2));
      expectError(await post(body([component(colombia, 60, [[co.id, 6]]), component(colombia, 40, [[co2.id, 4]])])), 400, 'validation', m.sameOriginTwice);
      expectError(await post(body([component(colombia, 100, [[co.id, 5], [co.id, 5]])])), 400, 'validation', m.sameLotTwice);
      expectError(
        await post(body([{ origin_id: colombia.id, percentage: 100, selected_roasted_batches: [{ quantity_used: 1 }] }])),
        400,
        'validation',
        m.invalidRoastedLot,
      );
    });

    it('a lot, an origin or a recipe that does not exist: 400', async () => {
      expectError(await post(body([component(colombia, 60, [[999_999, 6]]), component(etiopia, 40, [[et.id, 4]])])), 400, 'validation', m.invalidRoastedLot);
      expectError(await post(body([...good().slice(0, 1), { origin_id: 999_999, percentage: 40, selected_roasted_batches: [] }])), 400, 'validation', m.invalidOrigin);
      expectError(await post(body(good(), { recipe_id: 999_999 })), 400, 'validation', m.invalidRecipe);
    });

    it('10,000 components: 400 before any is looked at (413 in Spanish once they pass the body limit)', async () => {
      expectError(await post(body(Array.from({ length: 10_000 }, () => ({}) as ComponentBody))), 400, 'validation', m.tooManyComponents(BLEND_COMPONENTS_MAX));
      const big = await post(body(Array.from({ length: 10_000 }, () => component(colombia, 0.01))));
      expectError(big, 413, 'validation', requestMessages.bodyTooLarge(256));
    });
  });

  describe('editing', () => {
    it('returns the old draws and deducts the new ones (swapping lots), one ledger row each, and follows the produced kg', async () => {
      const a = await roastedLot(colombia, 10);
      const b = await roastedLot(colombia, 10);
      const blend = await created(body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 }));
      const response = await put(blend.id, body([component(colombia, 100, [[b.id, 6]])], { total_quantity_kg: 6, batch_code: null }));
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json() as Blend;
      expect(updated).toMatchObject({ id: blend.id, batch_code: blend.batch_code, total_quantity_kg: 6, stock_kg: 6 });
      expect(updated.components[0]!.selected_roasted_batches).toEqual([{ id: b.id, batch_code: b.batch_code, quantity_used: 6 }]);
      expect(await stockOf('roasted', a.id)).toBe(10_000);
      expect(await stockOf('roasted', b.id)).toBe(4_000);
      expect(await stockOf('blend', blend.id)).toBe(6_000);
      const editMoves = (await movements()).filter((move) => move.ref_kind === 'blend').slice(2);
      expect(editMoves).toEqual([
        expect.objectContaining({ lot_kind: 'roasted', lot_id: a.id, delta_g: 4_000, reason: 'blend_reversal', ref_id: blend.id }),
        expect.objectContaining({ lot_kind: 'roasted', lot_id: b.id, delta_g: -6_000, reason: 'blend', ref_id: blend.id }),
        expect.objectContaining({ lot_kind: 'blend', lot_id: blend.id, delta_g: 2_000, reason: 'blend', ref_id: blend.id }),
      ]);
      expect(await t.db.selectFrom('blended_coffee_draws').select(['roasted_coffee_id', 'quantity_g']).execute()).toEqual([{ roasted_coffee_id: b.id, quantity_g: 6_000 }]);
    });

    it('may take from a lot what it gives back on the same lot', async () => {
      const a = await roastedLot(colombia, 5);
      const blend = await created(body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 }));
      expect(await stockOf('roasted', a.id)).toBe(1_000);
      expect((await put(blend.id, body([component(colombia, 100, [[a.id, 5]])], { total_quantity_kg: 5 }))).statusCode).toBe(200);
      expect(await stockOf('roasted', a.id)).toBe(0);
      const before = await snapshot();
      expectError(await put(blend.id, body([component(colombia, 100, [[a.id, 5.001]])], { total_quantity_kg: 5.001 })), 409, 'insufficient_stock', m.notEnoughStock(a.batch_code, '5', '5.001'));
      expect(await snapshot()).toEqual(before);
    });

    it('keeps sold kg sold: the produced kg cannot fall below what was sold, and nothing changes', async () => {
      const a = await roastedLot(colombia, 10);
      const blend = await created(body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 }));
      await sellBlend(blend.id, 3_000);
      expect((await put(blend.id, body([component(colombia, 100, [[a.id, 5]])], { total_quantity_kg: 5 }))).statusCode).toBe(200);
      expect(await stockOf('blend', blend.id)).toBe(2_000);
      const before = await snapshot();
      expectError(await put(blend.id, body([component(colombia, 100, [[a.id, 2]])], { total_quantity_kg: 2 })), 409, 'insufficient_stock', m.stockBelowZero('3'));
      expect(await snapshot()).toEqual(before);
    });

    it('answers 404 for a blend that does not exist, and checks the rules as on create', async () => {
      const a = await roastedLot(colombia, 10);
      const blend = await created(body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 }));
      const before = await snapshot();
      expectError(await put(999_999, body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 })), 404, 'not_found', m.notFound);
      expectError(await put(blend.id, body([component(colombia, 100, [[a.id, 3]])], { total_quantity_kg: 4 })), 400, 'validation', m.drawMismatch('Colombia', '3', '4'));
      expectError(await put(blend.id, body([])), 400, 'validation', m.required);
      expectError(await put('abc', body([])), 400, 'validation', commonMessages.invalidRequest);
      expect(await snapshot()).toEqual(before);
    });

    it('a refusal after the moves (a lot code another blend has) leaves every lot, the blend and the ledger as before', async () => {
      const a = await roastedLot(colombia, 10);
      const b = await roastedLot(colombia, 10);
      const blend = await created(body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 }));
      const other = await created(body([component(colombia, 100, [[b.id, 1]])], { total_quantity_kg: 1 }));
      const before = await snapshot();
      // Returning a's 4 kg, taking 6 kg of b and raising the blend's stock all happen before the row update refuses the code.
      expectError(
        await put(blend.id, body([component(colombia, 100, [[b.id, 6]])], { total_quantity_kg: 6, batch_code: other.batch_code.toLowerCase() })),
        409,
        'duplicate',
        m.duplicateBatch,
      );
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('deleting', () => {
    it('returns every draw, writes off the blend through the ledger and removes its components and draws', async () => {
      const a = await roastedLot(colombia, 10);
      const b = await roastedLot(etiopia, 10);
      const blend = await created(body([component(colombia, 50, [[a.id, 2]]), component(etiopia, 50, [[b.id, 2]])], { total_quantity_kg: 4 }));
      expect((await del(blend.id)).statusCode).toBe(204);
      expect(await stockOf('roasted', a.id)).toBe(10_000);
      expect(await stockOf('roasted', b.id)).toBe(10_000);
      expect(await t.db.selectFrom('blended_coffee').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('blended_coffee_components').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('blended_coffee_draws').selectAll().execute()).toEqual([]);
      const last = (await movements()).slice(-3);
      expect(last).toEqual([
        expect.objectContaining({ lot_kind: 'roasted', lot_id: a.id, delta_g: 2_000, reason: 'blend_reversal', ref_kind: 'blend', ref_id: blend.id }),
        expect.objectContaining({ lot_kind: 'roasted', lot_id: b.id, delta_g: 2_000, reason: 'blend_reversal', ref_kind: 'blend', ref_id: blend.id }),
        expect.objectContaining({ lot_kind: 'blend', lot_id: blend.id, delta_g: -4_000, reason: 'adjustment' }),
      ]);
      expectError(await del(blend.id), 404, 'not_found', m.notFound);
    });

    it('is refused once the blend has sales, changing nothing', async () => {
      const a = await roastedLot(colombia, 10);
      const blend = await created(body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 }));
      await sellBlend(blend.id, 1_000);
      const before = await snapshot();
      const response = await del(blend.id);
      expectError(response, 409, 'in_use', m.deleteInUse);
      expect(errorOf(response).message).toBe('Error al eliminar la mezcla de café. Asegúrate de que no esté asociada a ventas.');
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('what blends do to other areas', () => {
    it('a roasted lot used by a blend cannot be deleted, even after the blend is gone', async () => {
      const a = await roastedLot(colombia, 10);
      const blend = await created(body([component(colombia, 100, [[a.id, 4]])], { total_quantity_kg: 4 }));
      const refuse = async () =>
        expectError(await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${a.id}` }), 409, 'in_use', roastedCoffeeMessages.deleteInUse);
      await refuse();
      expect((await del(blend.id)).statusCode).toBe(204);
      await refuse();
    });

    it('a roasted lot with a sale cannot be deleted', async () => {
      const a = await roastedLot(colombia, 10);
      await t.db
        .insertInto('sales')
        .values({ product_id: a.id, product_type: 'tostado', quantity_g: 1, unit_price_cents: 1500, sale_date: '2024-04-03', batch_code_sold: a.batch_code, user_id: userId, created_at: 1, updated_at: 1 })
        .execute();
      expectError(await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${a.id}` }), 409, 'in_use', roastedCoffeeMessages.deleteInUse);
    });

    it('an origin a blend uses cannot be deleted; a recipe can, and the blend forgets it', async () => {
      const a = await roastedLot(brasil, 10);
      const recipe = await createRecipe('Casa', [{ origin_id: brasil.id, percentage: 100 }]);
      const blend = await created(body([component(brasil, 100, [[a.id, 1]])], { total_quantity_kg: 1, recipe_id: recipe }));
      await t.db.deleteFrom('blend_recipes').where('id', '=', recipe).execute();
      expectError(await t.call(cookie, { method: 'DELETE', url: `/api/coffee-origins/${brasil.id}` }), 409, 'in_use', originMessages.deleteInUse);
      const listed = (await list()).json() as { items: Blend[] };
      expect(listed.items.find((item) => item.id === blend.id)?.recipe_id).toBeNull();
    });
  });

  it('lists newest creation date first (then newest id), paginated, with components', async () => {
    // Roasted on the oldest blend's day: a blend is never dated before the roasts it draws.
    const a = await roastedLot(colombia, 10, '2024-01-01');
    const make = (date: string) => created(body([component(colombia, 100, [[a.id, 1]])], { total_quantity_kg: 1, creation_date: date }));
    const older = await make('2024-01-01');
    const newer = await make('2024-05-01');
    const sameDay = await make('2024-05-01');
    const page = (await list('?limit=2&offset=0')).json() as { items: Blend[]; total: number; limit: number; offset: number };
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.id)).toEqual([sameDay.id, newer.id]);
    expect(page.items[0]!.components[0]!.selected_roasted_batches[0]!.id).toBe(a.id);
    const rest = (await list('?limit=2&offset=2')).json() as { items: Blend[] };
    expect(rest.items.map((item) => item.id)).toEqual([older.id]);
    expect((await list('?limit=0')).statusCode).toBe(400);
  });

  // `npm run check:stock` (the ledger invariant on a real database file) looks at blends too.
  itOn(dialect, 'sqlite')('check:stock covers blends: a blend whose stock left its ledger fails it', async () => {
    const a = await roastedLot(colombia, 10);
    const blend = await created(body([component(colombia, 100, [[a.id, 1]])], { total_quantity_kg: 1 }));
    const checkStock = await checkStockCommand(t.db);
    const clean = checkStock();
    expect(clean.stdout).toContain('lotes revisados de green, roasted, blend');
    expect(clean.status).toBe(0);
    await sql`update blended_coffee set stock_g = stock_g - 1 where id = ${blend.id}`.execute(t.db);
    const broken = checkStock();
    await sql`update blended_coffee set stock_g = stock_g + 1 where id = ${blend.id}`.execute(t.db);
    expect(broken.stdout).toContain(`blend #${blend.id}: stock 999 g, libro 1000 g`);
    expect(broken.status).toBe(1);
  }, 60_000);

  describe('concurrency', () => {
    /** 30 blends of 1 kg race for a 20 kg roasted lot: exactly 20 pass, the rest get the stock message. */
    const race = async (apps: FastifyInstance[]) => {
      const lot = await roastedLot(colombia, 20);
      const attempts = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          apps[i % apps.length]!.inject({
            method: 'POST',
            url: '/api/blended-coffee',
            headers: { cookie },
            payload: body([component(colombia, 100, [[lot.id, 1]])], { total_quantity_kg: 1 }),
          }),
        ),
      );
      const statuses = attempts.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.filter((status) => status === 409)).toHaveLength(10);
      for (const refused of attempts.filter((response) => response.statusCode === 409)) {
        expect(errorOf(refused).message).toBe(m.notEnoughStock(lot.batch_code, '0', '1'));
      }
      expect(await stockOf('roasted', lot.id)).toBe(0);
      const blends = await t.db.selectFrom('blended_coffee').select(['batch_code_key']).execute();
      expect(new Set(blends.map((b) => b.batch_code_key)).size).toBe(20);
    };

    it('30 concurrent blends on one roasted lot in one process: never below zero, ledger = stock', async () => {
      await race([t.app]);
    });

    // Two server processes on one PostgreSQL: two apps, each with its own connection pool, on the same schema.
    itOn(dialect, 'postgres')('the same through two app instances with separate connection pools', async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const database: DatabaseHandle = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! }, { pgSchema: rows[0]!.schema });
      const second = await buildApp({ db: database.db, loginRateLimitPerMinute: 100_000 });
      try {
        await race([t.app, second]);
      } finally {
        await second.close();
        await database.close();
      }
    });

    it('concurrent edits and a delete of one blend over shared lots keep every lot equal to its ledger', async () => {
      const a = await roastedLot(colombia, 10);
      const b = await roastedLot(colombia, 10);
      const blend = await created(body([component(colombia, 100, [[a.id, 2]])], { total_quantity_kg: 2 }));
      const other = await created(body([component(colombia, 100, [[b.id, 2]])], { total_quantity_kg: 2 }));
      const responses = await Promise.all([
        put(blend.id, body([component(colombia, 100, [[b.id, 3]])], { total_quantity_kg: 3 })),
        put(other.id, body([component(colombia, 100, [[a.id, 3]])], { total_quantity_kg: 3 })),
        put(blend.id, body([component(colombia, 100, [[a.id, 1], [b.id, 1]])], { total_quantity_kg: 2 })),
        del(other.id),
      ]);
      // The two edits of `blend` were read at one version: the second is refused (docs/decisions/0038-record-versions.md).
      for (const response of responses) expect([200, 204, 404, 409]).toContain(response.statusCode);
      for (const refused of responses.filter((r) => r.statusCode === 409)) expect(errorOf(refused).code).toBe('version_conflict');
      const drawn = await t.db.selectFrom('blended_coffee_draws').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity_g'), sql<number>`0`).as('g')).executeTakeFirstOrThrow();
      expect(Number(await stockOf('roasted', a.id)) + Number(await stockOf('roasted', b.id)) + Number(drawn.g)).toBe(20_000);
    });
  });
});
