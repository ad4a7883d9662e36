import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { originMessages } from '#shared/origin-messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

interface Origin { id: number; name: string; kilos_per_bag: number; suppliers_fincas: string[]; description: string | null }

/**
 * A farm in use cannot disappear (docs/product-guide.md#origin). Editing an origin so that a
 * supplier/farm green lots use is removed or renamed is refused with a Spanish
 * 409 naming the farm and how many lots use it, and nothing is written.
 */
describe.each(testDialects())('a supplier/farm in use cannot disappear (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let origin: Origin;

  const putOrigin = (change: Partial<Origin>) =>
    t.call(cookie, {
      method: 'PUT',
      url: `/api/coffee-origins/${origin.id}`,
      payload: { name: origin.name, kilos_per_bag: origin.kilos_per_bag, suppliers_fincas: origin.suppliers_fincas, description: null, ...change },
    });
  let code = 0;
  const postLot = (supplier: string) =>
    t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: origin.id, supplier_finca: supplier, quantity_kg: 10, unit_price: 4, entry_date: '2024-02-01', batch_code: `F-${++code}` },
    });
  const stored = async () => {
    const row = await t.db.selectFrom('coffee_origins').select(['name', 'suppliers_fincas']).where('id', '=', origin.id).executeTakeFirstOrThrow();
    return { name: row.name, suppliers: JSON.parse(row.suppliers_fincas) as string[] };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'fincas');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const response = await t.call(cookie, {
      method: 'POST', url: '/api/coffee-origins', payload: { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca A', 'Finca B'] },
    });
    origin = response.json() as Origin;
  });

  it('refuses removing a farm three green lots use, naming it and the count, and writes nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await postLot('Finca A')).statusCode).toBe(201);
    const response = await putOrigin({ name: 'Colombia Huila', suppliers_fincas: ['Finca B'] });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'in_use', message: originMessages.farmInUse('Finca A', 3) });
    expect(errorOf(response).message).toBe(
      'No se puede quitar ni renombrar el proveedor/finca «Finca A»: lo usan 3 lotes de café verde. Cambia o elimina esos lotes antes.',
    );
    expect(await stored()).toEqual({ name: 'Colombia', suppliers: ['Finca A', 'Finca B'] });
  });

  it('refuses renaming a farm in use, even only its case, and says "1 lote" for one', async () => {
    expect((await postLot('Finca B')).statusCode).toBe(201);
    for (const renamed of [['Finca A', 'Finca Bella'], ['Finca A', 'finca b'], ['Finca A', ' Finca B2 ']]) {
      const response = await putOrigin({ suppliers_fincas: renamed });
      expect(response.statusCode, renamed.join()).toBe(409);
      expect(errorOf(response).message).toBe(originMessages.farmInUse('Finca B', 1));
    }
    expect(originMessages.farmInUse('Finca B', 1)).toContain('lo usa 1 lote de café verde');
    expect(await stored()).toEqual({ name: 'Colombia', suppliers: ['Finca A', 'Finca B'] });
  });

  it('lets an unused farm go and new farms come while the used ones stay', async () => {
    expect((await postLot('Finca A')).statusCode).toBe(201);
    const response = await putOrigin({ suppliers_fincas: ['Finca A', 'Finca Nueva'] });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual({ name: 'Colombia', suppliers: ['Finca A', 'Finca Nueva'] });
  });

  it('a farm whose last lot was deleted can go', async () => {
    const lot = (await postLot('Finca A')).json() as { id: number };
    expect((await putOrigin({ suppliers_fincas: ['Finca B'] })).statusCode).toBe(409);
    expect((await t.call(cookie, { method: 'DELETE', url: `/api/green-coffee/${lot.id}` })).statusCode).toBe(204);
    expect((await putOrigin({ suppliers_fincas: ['Finca B'] })).statusCode).toBe(200);
  });

  it('racing a new lot on a farm against removing that farm never leaves a lot on a farm the origin lacks', async () => {
    for (let round = 0; round < 10; round++) {
      expect((await putOrigin({ suppliers_fincas: ['Finca A', 'Finca B'] })).statusCode).toBe(200);
      const [lot, edit] = await Promise.all([postLot('Finca B'), putOrigin({ suppliers_fincas: ['Finca A'] })]);
      // Exactly one side wins: the lot (and the edit is refused) or the edit (and the lot is refused).
      expect([lot.statusCode, edit.statusCode].sort()).toEqual(lot.statusCode === 201 ? [201, 409] : [200, 400]);
      const lots = await t.db.selectFrom('green_coffee').select('supplier_finca').execute();
      const { suppliers } = await stored();
      for (const row of lots) expect(suppliers).toContain(row.supplier_finca);
      // The next round starts with no lot on the farm.
      if (lot.statusCode === 201) expect((await t.call(cookie, { method: 'DELETE', url: `/api/green-coffee/${(lot.json() as { id: number }).id}` })).statusCode).toBe(204);
    }
  });
});
