import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { csvMessages } from '#shared/csv-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import type { ImportResult } from '#shared/schemas/green-import.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';

/**
 * One origin per name (docs/product-guide.md#data-rules): names are equal
 * whatever their case, accents, width (NFKC) or surrounding spaces, in a
 * create, an edit, two creates at once, and the green-lot CSV import, which
 * refuses a name that could be more than one origin instead of picking one.
 */
describe.each(testDialects())('un origen por nombre (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.db.deleteFrom('stock_movements').execute();
    await t.db.deleteFrom('green_coffee').execute();
    await t.db.deleteFrom('coffee_origins').execute();
  });

  const origin = (name: string) => ({ name, kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'], description: null });
  const post = (name: string) => t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: origin(name) });
  const put = (id: number, name: string) => t.call(cookie, { method: 'PUT', url: `/api/coffee-origins/${id}`, payload: origin(name) });
  const create = async (name: string): Promise<number> => {
    const response = await post(name);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const names = async () => (await t.db.selectFrom('coffee_origins').select('name').orderBy('id').execute()).map((row) => row.name);

  it('refuses a second origin whose name differs only in case, accents, width or surrounding spaces', async () => {
    await create('Colombia');
    for (const variant of ['colombia', ' COLOMBIA ', 'Colómbia', 'ＣＯＬＯＭＢＩＡ', 'Colombia\u00a0', 'Co\u0301lombia']) {
      const response = await post(variant);
      expect(response.statusCode, variant).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'duplicate', message: originMessages.duplicateName('Colombia') });
    }
    expect(errorOf(await post('colombia')).message).toBe(
      'Ya existe un origen con ese nombre: «Colombia». Usa otro nombre o edita el origen existente.',
    );
    expect(await names()).toEqual(['Colombia']);
    // Another name is another origin.
    await create('Colombia Huila');
  });

  it('refuses renaming an origin to another one’s name, and lets an origin change the case of its own', async () => {
    const colombia = await create('Etiopía');
    const brasil = await create('Brasil');
    const response = await put(brasil, 'ETIOPIA');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'duplicate', message: originMessages.duplicateName('Etiopía') });
    expect(await names()).toEqual(['Etiopía', 'Brasil']);

    const own = await put(colombia, ' etiopía ');
    expect(own.statusCode, own.body).toBe(200);
    expect(await names()).toEqual(['etiopía', 'Brasil']);
  });

  it('the database itself refuses a duplicate written past the service', async () => {
    await create('Kenia');
    const row = await t.db.selectFrom('coffee_origins').selectAll().executeTakeFirstOrThrow();
    const copy = t.db.insertInto('coffee_origins').values({ ...row, id: undefined as never, name: 'KENIA' }).execute();
    await expect(copy).rejects.toThrow();
  });

  itOn(dialect, 'postgres')('of eight simultaneous creates of one name in different spellings, exactly one is saved', async () => {
    const spellings = ['Panamá', 'panama', 'PANAMÁ', ' Panama', 'Ｐａｎａｍá', 'panamá ', 'Pana\u0301ma', 'PANAMA'];
    const responses = await Promise.all(spellings.map((name) => post(name)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const saved = responses.find((response) => response.statusCode === 201)!.json<{ name: string }>().name;
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(errorOf(refused)).toEqual({ code: 'duplicate', message: originMessages.duplicateName(saved) });
    }
    expect(await names()).toEqual([saved]);
  });

  describe('importar CSV', () => {
    const HEADER = 'Lote;Origen;Proveedor/Finca;Recibido (Kg);Precio ($/Kg);Fecha Entrada';
    const upload = (csv: string) =>
      t.call(cookie, { method: 'POST', url: '/api/green-coffee/import?dry_run=true', headers: { 'content-type': 'text/csv' }, payload: csv });

    it('matches a name by its normalised key first, and refuses one that could be either of two origins', async () => {
      await create('Santa Ana');
      await create('Santa-Ana');
      await create('Etiopía');
      const response = await upload(
        [
          HEADER,
          'L-1;SANTA ANA;Finca La Esperanza;1;1;2024-01-10',
          'L-2;santa-ana ;Finca La Esperanza;1;1;2024-01-10',
          'L-3;santaana;Finca La Esperanza;1;1;2024-01-10',
          'L-4;ＥＴＩＯＰＩＡ;Finca La Esperanza;1;1;2024-01-10',
        ].join('\n'),
      );
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<ImportResult>();
      expect(result.rows.map((row) => [row.line, row.problems])).toEqual([
        [2, []],
        [3, []],
        [4, [csvMessages.ambiguousOrigin('santaana', ['Santa Ana', 'Santa-Ana'])]],
        [5, []],
      ]);
      expect(result.rows[2]!.problems[0]).toBe('El origen «santaana» puede ser cualquiera de estos: «Santa Ana», «Santa-Ana». Escribe su nombre exacto.');
    });
  });
});
