import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '#server/db/constraint-errors.js';
import * as migration0004 from '#server/db/migrations/0004-lot-code-keys-and-login-throttle.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { roastBody } from '../helpers/bodies.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

interface Origin { id: number; name: string }

/**
 * 'co-001' and 'CO-001 ' are the same lot code (docs/product-guide.md#business-constants). Each test is the
 * request someone sends to slip a second lot in under a code that differs only
 * in case or spaces; the unique index on the normalised code must refuse it.
 */
describe.each(testDialects())('lot codes without regard to case or spaces (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let colombia: Origin;
  let brasil: Origin;

  const greenBody = (code: string, origin: Origin = colombia) => ({
    origin_id: origin.id,
    supplier_finca: origin === colombia ? 'Finca La Esperanza' : 'Fazenda Boa Vista',
    quantity_kg: 100,
    unit_price: 5,
    entry_date: '2024-01-10',
    batch_code: code,
  });
  const postGreen = (code: string, origin?: Origin) =>
    t.call(cookie, { method: 'POST', url: '/api/green-coffee', payload: greenBody(code, origin) });
  const createGreen = async (code: string, origin?: Origin): Promise<number> => {
    const response = await postGreen(code, origin);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const postRoast = (greenId: number, code: string) =>
    t.call(cookie, { method: 'POST', url: '/api/roasted-coffee', payload: roastBody(greenId, { batch_code: code }) });
  const greenRows = () => t.db.selectFrom('green_coffee').select(['id', 'batch_code', 'stock_g']).orderBy('id').execute();
  const roastRows = () => t.db.selectFrom('roasted_coffee').select(['id', 'batch_code']).orderBy('id').execute();
  const movementCount = async () =>
    Number((await t.db.selectFrom('stock_movements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'lotes');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const origin = async (payload: object) =>
      (await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload })).json() as Origin;
    colombia = await origin({ name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
    brasil = await origin({ name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Fazenda Boa Vista'] });
  });

  it('refuses green lot CO-001 (with a trailing space) when co-001 exists for the origin, with the duplicate-code message, writing nothing', async () => {
    await createGreen('co-001');
    const before = { rows: await greenRows(), movements: await movementCount() };
    for (const code of ['CO-001 ', ' Co-001', 'CO-001']) {
      const response = await postGreen(code);
      expect(response.statusCode, code).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'duplicate', message: greenCoffeeMessages.duplicateBatch });
    }
    expect(errorOf(await postGreen('CO-001 ')).message).toBe(
      'Ya existe un lote con este código para el origen seleccionado. Por favor, usa un lote diferente o edita el existente.',
    );
    expect({ rows: await greenRows(), movements: await movementCount() }).toEqual(before);
  });

  it('accepts the same code for another origin: green codes are unique per origin', async () => {
    await createGreen('co-001');
    await createGreen('CO-001', brasil);
    expect((await greenRows()).map((row) => row.batch_code)).toEqual(['co-001', 'CO-001']);
  });

  it('refuses renaming another green lot to a case variant, and lets a lot change the case of its own code', async () => {
    const first = await createGreen('co-001');
    const second = await createGreen('co-002');
    const renamed = await t.call(cookie, { method: 'PUT', url: `/api/green-coffee/${second}`, payload: greenBody(' CO-001 ') });
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed)).toEqual({ code: 'duplicate', message: greenCoffeeMessages.duplicateBatch });
    expect((await greenRows()).map((row) => row.batch_code)).toEqual(['co-001', 'co-002']);

    const ownCase = await t.call(cookie, { method: 'PUT', url: `/api/green-coffee/${first}`, payload: greenBody('CO-001') });
    expect(ownCase.statusCode).toBe(200);
    expect((ownCase.json() as { batch_code: string }).batch_code).toBe('CO-001');
  });

  it('refuses a roasted lot whose typed code differs from another only in case and spaces, and moves no stock', async () => {
    const green = await createGreen('v-1');
    expect((await postRoast(green, 'co-150324-1234')).statusCode).toBe(201);
    const before = { green: await greenRows(), roasts: await roastRows(), movements: await movementCount() };
    const response = await postRoast(green, ' CO-150324-1234 ');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'duplicate', message: roastedCoffeeMessages.duplicateBatch });
    expect(errorOf(response).message).toBe('Ya existe café tostado con este código de lote. Genera otro o escribe uno diferente.');
    expect({ green: await greenRows(), roasts: await roastRows(), movements: await movementCount() }).toEqual(before);
    expect(await findLedgerMismatches(t.db, ['green', 'roasted'])).toEqual([]);
  });

  it('refuses renaming a roast to a case variant of another roast code, across origins', async () => {
    const green = await createGreen('v-1');
    const otherGreen = await createGreen('v-1', brasil);
    expect((await postRoast(green, 'ab-1')).statusCode).toBe(201);
    const second = await postRoast(otherGreen, 'ab-2');
    const secondId = (second.json() as { id: number }).id;
    const response = await t.call(cookie, {
      method: 'PUT', url: `/api/roasted-coffee/${secondId}`, payload: roastBody(otherGreen, { batch_code: 'AB-1' }),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(roastedCoffeeMessages.duplicateBatch);
    expect((await roastRows()).map((row) => row.batch_code)).toEqual(['ab-1', 'ab-2']);
    expect(await findLedgerMismatches(t.db, ['green', 'roasted'])).toEqual([]);
  });

  it('the database itself refuses a case variant written past the service (the index decides, not a prior read)', async () => {
    const green = await createGreen('co-001');
    const write = t.db
      .insertInto('green_coffee')
      .values({
        origin_id: colombia.id, supplier_finca: 'Finca La Esperanza', quantity_g: 1000, stock_g: 0, unit_price_cents: 1,
        entry_date: '2024-01-10', batch_code: 'CO-001 ', batch_code_key: lotCodeKey('CO-001 '),
      })
      .execute();
    await expect(write).rejects.toSatisfy(isUniqueViolation);
    const roast = await postRoast(green, 'xy-9');
    expect(roast.statusCode).toBe(201);
    const row = await t.db.selectFrom('roasted_coffee').selectAll().executeTakeFirstOrThrow();
    const roastWrite = t.db
      .insertInto('roasted_coffee')
      .values({ ...row, id: undefined as never, batch_code: 'XY-9', batch_code_key: lotCodeKey('XY-9'), stock_g: 0 })
      .execute();
    await expect(roastWrite).rejects.toSatisfy(isUniqueViolation);
  });

  it('migration 0004 lists existing clashes in Spanish and changes nothing; once renamed it fills every key', async () => {
    await createGreen('co-001');
    const roastGreen = await createGreen('v-7', brasil);
    expect((await postRoast(roastGreen, 'ab-1')).statusCode).toBe(201);
    // Back to the schema before 0004, then the clashing rows an older version could store.
    await migration0004.down(t.db);
    await sql`insert into green_coffee (origin_id, supplier_finca, quantity_g, stock_g, unit_price_cents, entry_date, batch_code)
      values (${colombia.id}, 'Finca La Esperanza', 1000, 0, 100, '2024-01-10', 'CO-001 ')`.execute(t.db);
    const roast = await t.db.selectFrom('roasted_coffee').selectAll().executeTakeFirstOrThrow();
    await sql`insert into roasted_coffee (green_coffee_id, quantity_green_g, resultant_g, stock_g, roast_type, roast_date, batch_code, created_at)
      values (${roast.green_coffee_id}, 1000, 900, 0, 'Medio', '2024-03-15', 'AB-1', 0)`.execute(t.db);
    const ids = await greenRows();
    const roasts = await roastRows();

    const failure = await migration0004.up(t.db).then(() => undefined, (error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toBe(
      [
        migration0004.CLASH_HEADER,
        `  - café verde del origen «Colombia» (id ${colombia.id}): id ${ids[0]!.id} «co-001», id ${ids[2]!.id} «CO-001 »`,
        `  - café tostado: id ${roasts[0]!.id} «ab-1», id ${roasts[1]!.id} «AB-1»`,
      ].join('\n'),
    );
    expect(failure!.message).toContain('Migración 0004: hay códigos de lote que solo se distinguen por mayúsculas o espacios');
    // Nothing changed: no key column was added.
    await expect(t.db.selectFrom('green_coffee').select('batch_code_key').execute()).rejects.toThrow();

    await t.db.updateTable('green_coffee').set({ batch_code: 'CO-002' }).where('id', '=', ids[2]!.id).execute();
    await t.db.updateTable('roasted_coffee').set({ batch_code: 'AB-2' }).where('id', '=', roasts[1]!.id).execute();
    await migration0004.up(t.db);
    const keys = await t.db.selectFrom('green_coffee').select(['batch_code', 'batch_code_key']).orderBy('id').execute();
    expect(keys).toEqual([
      { batch_code: 'co-001', batch_code_key: 'CO-001' },
      { batch_code: 'v-7', batch_code_key: 'V-7' },
      { batch_code: 'CO-002', batch_code_key: 'CO-002' },
    ]);
    expect((await postGreen(' co-002')).statusCode).toBe(409);
    expect((await postRoast(roastGreen, 'Ab-2')).statusCode).toBe(409);
  });
});
