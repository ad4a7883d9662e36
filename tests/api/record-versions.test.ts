import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blendRecipeMessages } from '#shared/blend-recipe-messages.js';
import { customerMessages } from '#shared/customer-messages.js';
import { blendedCoffeeMessages } from '#shared/blended-coffee-messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { recordVersionMessages } from '#shared/messages.js';
import { productPriceMessages } from '#shared/product-price-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { salesMessages } from '#shared/sales-messages.js';
import { userMessages } from '#shared/user-messages.js';
import { roastBody } from '../helpers/bodies.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * No lost update (docs/decisions/0038-record-versions.md), for every area with
 * editable records: a record starts at version 1; an edit from the current
 * version answers 200 with the next one; from an older one 409 in the area's
 * words and nothing written; without one 428; a delete from an older version
 * 409 and nothing deleted; the same edit sent again with its Idempotency-Key
 * replays its answer rather than a 409.
 */

interface Area {
  name: string;
  path: string;
  editedByOther: string;
  admin?: boolean;
  /** Creates a record and returns its id and the body an edit sends (without version). */
  make(t: TestApp, cookie: string, n: number): Promise<{ id: number; body: Record<string, unknown> }>;
  /** The edit: the body with one field changed, and how to read that field back. */
  change(body: Record<string, unknown>, n: number): Record<string, unknown>;
  field: string;
}

interface Created {
  id: number;
  version: number;
}

describe.each(testDialects())('versiones de registro (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
  });
  afterAll(async () => {
    await t?.close();
  });

  const created = async (cookie: string, url: string, payload: object): Promise<Created> => {
    const response = await t.call(cookie, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Created>();
  };
  const origin = (cookie: string, n: number) =>
    created(cookie, '/api/coffee-origins', { name: `Origen versiones ${dialect} ${n}`, kilos_per_bag: 70, suppliers_fincas: ['Finca A'] });
  const greenLot = async (cookie: string, n: number) => {
    const { id: originId } = await origin(cookie, n);
    const body = { origin_id: originId, supplier_finca: 'Finca A', quantity_kg: 100, unit_price: 8, entry_date: '2024-03-01', batch_code: `VER-${n}` };
    return { id: (await created(cookie, '/api/green-coffee', body)).id, body };
  };
  const roast = async (cookie: string, n: number) => {
    const green = await greenLot(cookie, n);
    const body = roastBody(green.id, { batch_code: `VT-${n}` });
    const made = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee', payload: body });
    expect(made.statusCode, made.body).toBe(201);
    return { id: made.json<Created>().id, body, batchCode: made.json<{ batch_code: string }>().batch_code, originId: green.body.origin_id };
  };

  const areas: Area[] = [
    {
      name: 'orígenes',
      path: '/api/coffee-origins',
      editedByOther: originMessages.editedByOther,
      async make(_t, cookie, n) {
        const body = { name: `Origen editable ${dialect} ${n}`, kilos_per_bag: 70, suppliers_fincas: ['Finca A'] };
        return { id: (await created(cookie, '/api/coffee-origins', body)).id, body };
      },
      change: (body, n) => ({ ...body, kilos_per_bag: 60 + n }),
      field: 'kilos_per_bag',
    },
    {
      name: 'café verde',
      path: '/api/green-coffee',
      editedByOther: greenCoffeeMessages.editedByOther,
      make: (_t, cookie, n) => greenLot(cookie, n),
      change: (body, n) => ({ ...body, unit_price: 9 + n }),
      field: 'unit_price',
    },
    {
      name: 'café tostado',
      path: '/api/roasted-coffee',
      editedByOther: roastedCoffeeMessages.editedByOther,
      make: (_t, cookie, n) => roast(cookie, n),
      change: (body, n) => ({ ...body, resultant_kg: 8 - n / 10 }),
      field: 'resultant_kg',
    },
    {
      name: 'recetas',
      path: '/api/blend-recipes',
      editedByOther: blendRecipeMessages.editedByOther,
      admin: true,
      async make(_t, cookie, n) {
        const { id: originId } = await origin(cookie, n);
        const body = { name: `Receta versiones ${dialect} ${n}`, components: [{ origin_id: originId, percentage: 100 }] };
        return { id: (await created(cookie, '/api/blend-recipes', body)).id, body };
      },
      change: (body, n) => ({ ...body, name: `${String(body.name)} cambiada ${n}` }),
      field: 'name',
    },
    {
      name: 'café mezcla',
      path: '/api/blended-coffee',
      editedByOther: blendedCoffeeMessages.editedByOther,
      async make(_t, cookie, n) {
        const lot = await roast(cookie, n);
        const body = {
          name: `Mezcla versiones ${n}`,
          total_quantity_kg: 1,
          creation_date: '2024-04-02',
          recipe_id: null,
          components: [{ origin_id: lot.originId, percentage: 100, selected_roasted_batches: [{ id: lot.id, quantity_used: 1 }] }],
        };
        return { id: (await created(cookie, '/api/blended-coffee', body)).id, body };
      },
      change: (body, n) => ({ ...body, name: `Mezcla cambiada ${n}` }),
      field: 'name',
    },
    {
      name: 'ventas',
      path: '/api/sales',
      editedByOther: salesMessages.editedByOther,
      async make(_t, cookie, n) {
        const lot = await roast(cookie, n);
        const body = { product_id: lot.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: '2024-05-10', batch_code_sold: lot.batchCode };
        return { id: (await created(cookie, '/api/sales', body)).id, body };
      },
      change: (body, n) => ({ ...body, unit_price: 16 + n }),
      field: 'unit_price',
    },
    {
      name: 'usuarios',
      path: '/api/users',
      editedByOther: userMessages.editedByOther,
      admin: true,
      async make(_t, cookie, n) {
        const made = await created(cookie, '/api/users', { username: `version.${dialect}.${n}`, password: 'una-clave-larga-9', full_name: 'Persona Versión', role: 'tecnico' });
        return { id: made.id, body: { full_name: 'Persona Versión', role: 'tecnico' } };
      },
      change: (body, n) => ({ ...body, full_name: `Persona Cambiada ${n}` }),
      field: 'full_name',
    },
    {
      name: 'clientes',
      path: '/api/customers',
      editedByOther: customerMessages.editedByOther,
      // Anyone edits a customer; only an administrator deletes one.
      admin: true,
      async make(_t, cookie, n) {
        const body = { name: `Cliente versiones ${dialect} ${n}`, kind: 'cafeteria' };
        return { id: (await created(cookie, '/api/customers', body)).id, body };
      },
      change: (body, n) => ({ ...body, phone: `600 000 00${n}` }),
      field: 'phone',
    },
    {
      name: 'precios por producto',
      path: '/api/product-prices',
      editedByOther: productPriceMessages.editedByOther,
      admin: true,
      async make(_t, cookie, n) {
        const { id: originId } = await origin(cookie, n);
        const made = await created(cookie, '/api/product-prices', { product_type: 'tostado', origin_id: originId, roast_type: 'Medio', price: 20 });
        return { id: made.id, body: { price: 20 } };
      },
      change: (_body, n) => ({ price: 20 + n }),
      field: 'price',
    },
  ];

  describe.each(areas)('$name', (area) => {
    const cookie = () => (area.admin ? admin : tecnico);
    const read = async (id: number) => {
      const response = await t.call(cookie(), { method: 'GET', url: `${area.path}/${id}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Record<string, unknown> & { version: number }>();
    };
    const put = (id: number, payload: object, headers: Record<string, string> = {}) =>
      t.call(cookie(), { method: 'PUT', url: `${area.path}/${id}`, payload, headers });

    it('starts at version 1, in the list and in the single read', async () => {
      const { id } = await area.make(t, cookie(), ++counter);
      expect((await read(id)).version).toBe(1);
      const list = await t.call(cookie(), { method: 'GET', url: `${area.path}?limit=500` });
      expect(list.json<{ items: { id: number; version: number }[] }>().items.find((item) => item.id === id)?.version).toBe(1);
    });

    it('an edit from the current version answers 200 with the next one', async () => {
      const { id, body } = await area.make(t, cookie(), ++counter);
      const changed = area.change(body, 1);
      const response = await put(id, { ...changed, version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ version: number }>().version).toBe(2);
      expect(await read(id)).toMatchObject({ version: 2, [area.field]: changed[area.field] });
      const again = await put(id, { ...area.change(body, 2), version: 2 });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ version: number }>().version).toBe(3);
    });

    it('an edit from an older version answers 409 in the area\'s words and writes nothing', async () => {
      const { id, body } = await area.make(t, cookie(), ++counter);
      const first = await put(id, { ...area.change(body, 1), version: 1 });
      expect(first.statusCode, first.body).toBe(200);
      const before = await read(id);
      const stale = await put(id, { ...area.change(body, 2), version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toEqual({ code: 'version_conflict', message: area.editedByOther });
      expect(await read(id)).toEqual(before);
    });

    it('an edit without a version answers 428 and writes nothing', async () => {
      const { id, body } = await area.make(t, cookie(), ++counter);
      const before = await read(id);
      const response = await put(id, { ...area.change(body, 1), version: undefined });
      expect(response.statusCode).toBe(428);
      expect(errorOf(response)).toEqual({ code: 'version_required', message: recordVersionMessages.missing });
      expect(await read(id)).toEqual(before);
    });

    it('a version that is not a positive integer answers 400', async () => {
      const { id, body } = await area.make(t, cookie(), ++counter);
      const response = await put(id, { ...area.change(body, 1), version: 'uno' });
      expect(response.statusCode).toBe(400);
    });

    it('a delete from an older version answers 409 and deletes nothing; from the current one, or without one, it deletes', async () => {
      const { id, body } = await area.make(t, cookie(), ++counter);
      expect((await put(id, { ...area.change(body, 1), version: 1 })).statusCode).toBe(200);
      const stale = await t.call(cookie(), { method: 'DELETE', url: `${area.path}/${id}?version=1` });
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toEqual({ code: 'version_conflict', message: area.editedByOther });
      expect((await read(id)).version).toBe(2);
      const current = await t.call(cookie(), { method: 'DELETE', url: `${area.path}/${id}?version=2` });
      expect(current.statusCode, current.body).toBe(204);
      expect((await t.call(cookie(), { method: 'GET', url: `${area.path}/${id}` })).statusCode).toBe(404);
      const other = await area.make(t, cookie(), ++counter);
      expect((await t.call(cookie(), { method: 'DELETE', url: `${area.path}/${other.id}` })).statusCode).toBe(204);
    });

    it('the same edit sent again with its Idempotency-Key replays its answer, not a 409', async () => {
      const { id, body } = await area.make(t, cookie(), ++counter);
      const key = `versiones-${dialect}-${counter}`;
      const payload = { ...area.change(body, 1), version: 1 };
      const first = await put(id, payload, { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(200);
      const replay = await put(id, payload, { 'idempotency-key': key });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect((await read(id)).version).toBe(2);
    });
  });

  it('OpenAPI documents the PUT\'s version, its 409 and 428, and the DELETE\'s ?version', async () => {
    const response = await t.call(tecnico, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const sale = response.json<{ paths: Record<string, Record<string, any>> }>().paths['/api/sales/{id}']!;
    const body = sale.put.requestBody.content['application/json'].schema;
    expect(body.properties.version).toMatchObject({ type: 'integer', minimum: 1 });
    expect(body.required).toContain('version');
    expect(Object.keys(sale.put.responses)).toEqual(expect.arrayContaining(['200', '409', '428']));
    expect(sale.delete.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'version' })]));
    expect(sale.get.operationId).toBe('getSale');
  });

  it('a sale moving a roast\'s stock does not change the roast\'s version', async () => {
    const lot = await roast(tecnico, ++counter);
    const sale = await t.call(tecnico, {
      method: 'POST',
      url: '/api/sales',
      payload: { product_id: lot.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: '2024-05-10', batch_code_sold: lot.batchCode },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const after = await t.call(tecnico, { method: 'GET', url: `/api/roasted-coffee/${lot.id}` });
    expect(after.json<{ version: number; stock_kg: number }>()).toMatchObject({ version: 1, stock_kg: 7.5 });
  });
});
