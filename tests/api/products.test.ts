import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

interface Product { id: number; type: 'tostado' | 'mezcla'; name: string; batch_code: string; stock_kg: number; made_on: string; price: number | null }

describe.each(testDialects())('productos a la venta (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let counter = 0;
  const lots: Record<string, { id: number; batch_code: string }> = {};

  const products = async (query = '') => {
    const response = await t.call(cookie, { method: 'GET', url: `/api/products${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: Product[]; limit: number };
  };

  const origin = async (name: string) =>
    ((await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name, kilos_per_bag: 70, suppliers_fincas: [`Finca ${name}`] } })).json() as { id: number; name: string });

  const roast = async (o: { id: number; name: string }, kg: number, roastType: string, roastDate: string, code: string) => {
    const green = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: o.id, supplier_finca: `Finca ${o.name}`, quantity_kg: kg * 2, unit_price: 5, entry_date: '2024-01-01', batch_code: `V-${++counter}` },
    });
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/roasted-coffee',
      payload: { green_coffee_id: (green.json() as { id: number }).id, quantity_green_kg: kg * 2, resultant_kg: kg, roast_type: roastType, roast_date: roastDate, batch_code: code },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; batch_code: string };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'vendedor');
    const colombia = await origin('Colombia');
    const etiopia = await origin('Etiopía');
    lots.co = await roast(colombia, 10, 'Medio', '2024-03-15', 'CO-150324-1111');
    lots.et = await roast(etiopia, 4, 'Claro', '2024-03-20', 'ET-200324-2222');
    lots.empty = await roast(colombia, 3, 'Oscuro', '2024-03-16', 'CO-160324-3333');
    // A blend that draws all of `empty` (so that lot has no stock) plus a little of `co`.
    const blend = await t.call(cookie, {
      method: 'POST',
      url: '/api/blended-coffee',
      payload: {
        name: 'Mezcla 100%_Café',
        total_quantity_kg: 4,
        creation_date: '2024-03-18',
        recipe_id: null,
        batch_code: 'ME-MZ-180324-4444',
        components: [{ origin_id: colombia.id, percentage: 100, selected_roasted_batches: [{ id: lots.empty.id, quantity_used: 3 }, { id: lots.co.id, quantity_used: 1 }] }],
      },
    });
    expect(blend.statusCode, blend.body).toBe(201);
    lots.blend = blend.json() as { id: number; batch_code: string };
  });
  afterAll(() => t.close());

  it('lists roasted lots and blends with stock, oldest first (what should sell first), with type, name, lot code, on-hand kg and date', async () => {
    expect(await products()).toEqual({
      limit: 20,
      items: [
        { id: lots.co!.id, type: 'tostado', name: 'Colombia · Medio', batch_code: 'CO-150324-1111', stock_kg: 9, made_on: '2024-03-15', price: null, age_days: expect.any(Number), freshness: 'pasado' },
        { id: lots.blend!.id, type: 'mezcla', name: 'Mezcla 100%_Café', batch_code: 'ME-MZ-180324-4444', stock_kg: 4, made_on: '2024-03-18', price: null, age_days: expect.any(Number), freshness: 'pasado' },
        { id: lots.et!.id, type: 'tostado', name: 'Etiopía · Claro', batch_code: 'ET-200324-2222', stock_kg: 4, made_on: '2024-03-20', price: null, age_days: expect.any(Number), freshness: 'pasado' },
      ],
    });
  });

  it('includes an emptied lot only when asked for it (the sale being edited)', async () => {
    const { items } = await products(`?include_type=tostado&include_id=${lots.empty!.id}`);
    expect(items.map((p) => p.batch_code)).toContain('CO-160324-3333');
    expect(items.find((p) => p.id === lots.empty!.id)?.stock_kg).toBe(0);
    // The same id as a blend names no lot: nothing extra.
    expect((await products(`?include_type=mezcla&include_id=${lots.empty!.id}`)).items).toHaveLength(3);
  });

  it('searches name and lot code without regard to case or accents, and treats % and _ as text', async () => {
    const codes = async (q: string) => (await products(`?q=${encodeURIComponent(q)}`)).items.map((p) => p.batch_code);
    expect(await codes('etiopia')).toEqual(['ET-200324-2222']);
    expect(await codes('ETIOPÍA · claro')).toEqual(['ET-200324-2222']);
    expect(await codes('co-150324')).toEqual(['CO-150324-1111']);
    expect(await codes('medio')).toEqual(['CO-150324-1111']);
    expect(await codes('cafe')).toEqual(['ME-MZ-180324-4444']);
    expect(await codes('100%_')).toEqual(['ME-MZ-180324-4444']);
    // Only the blend's name holds a literal % or _: as wildcards they would match every product.
    expect(await codes('%')).toEqual(['ME-MZ-180324-4444']);
    expect(await codes('_')).toEqual(['ME-MZ-180324-4444']);
    expect(await codes('a%e')).toEqual([]);
    expect(await codes('mz')).toEqual(['ME-MZ-180324-4444']);
    expect(await codes('nada')).toEqual([]);
  });

  it('returns at most `limit` products', async () => {
    const { items, limit } = await products('?limit=2');
    expect(limit).toBe(2);
    expect(items.map((p) => p.batch_code)).toEqual(['CO-150324-1111', 'ME-MZ-180324-4444']);
  });

  it('refuses a bad query with 400 and needs a session', async () => {
    for (const query of ['?limit=0', '?limit=101', '?include_type=otro&include_id=1', '?include_id=1', `?q=${'x'.repeat(101)}`]) {
      const response = await t.call(cookie, { method: 'GET', url: `/api/products${query}` });
      expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status: 400, error: { code: 'validation', message: commonMessages.invalidRequest } });
    }
    expect((await t.call(undefined, { method: 'GET', url: '/api/products' })).statusCode).toBe(401);
  });
});
