import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { blendedCoffeeMessages as b } from '#shared/blended-coffee-messages.js';
import { greenCoffeeMessages as g } from '#shared/green-coffee-messages.js';
import { roastedCoffeeMessages as r } from '#shared/roasted-coffee-messages.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';
import { inventorySnapshot } from '../helpers/inventory-snapshot.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * What blends and sales recorded stays true (docs/product-guide.md#data-rules):
 * a green lot with roasts keeps its origin; a roast in a blend or sold keeps
 * its green lot and roast type; a sold blend keeps its recipe, origins,
 * percentages and drawn lots. Each refusal is a Spanish 409 that writes
 * nothing; every other field stays editable (quantities through the ledger).
 * On the chain of tests/helpers/trace-chain.ts: green A → R1, R2; green B → R3;
 * blend M draws R1 and R3; sales of R2, M and R1.
 */
describe.each(testDialects())('hechos registrados (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let chain: Chain;
  let etiopia: { id: number };

  const put = (url: string, payload: object) => t.call(cookie, { method: 'PUT', url, payload });
  const post = async (url: string, payload: object) => {
    const response = await t.call(cookie, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; batch_code: string };
  };

  const greenA = (change: object = {}) => ({
    origin_id: chain.origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 100, unit_price: 8, entry_date: '2024-03-01', batch_code: 'VERDE-01', ...change,
  });
  const roastR1 = (change: object = {}) => ({
    green_coffee_id: chain.greenA.id, quantity_green_kg: 20, resultant_kg: 16.5, roast_type: 'Medio', roast_date: '2024-03-05', batch_code: 'CO-R1', ...change,
  });
  const blendM = (change: object = {}, draws = [{ id: chain.r1.id, quantity_used: 5 }, { id: chain.r3.id, quantity_used: 4 }]) => ({
    name: 'Casa', total_quantity_kg: 9, creation_date: '2024-03-10', batch_code: 'CA-MZ-1', recipe_id: null,
    components: [{ origin_id: chain.origin.id, percentage: 100, selected_roasted_batches: draws }],
    ...change,
  });

  /** Refused with 409 `message`, and every table as it was. */
  const expectFixed = async (write: () => Promise<LightMyRequestResponse>, message: string) => {
    const before = await inventorySnapshot(t.db);
    const response = await write();
    expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status: 409, error: { code: 'in_use', message } });
    expect(await inventorySnapshot(t.db)).toEqual(before);
  };
  const expectOk = async (response: LightMyRequestResponse) => expect(response.statusCode, response.body).toBe(200);

  beforeEach(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'auditora');
    chain = await buildChain(t, cookie);
    etiopia = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  });
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
    await t.close();
  });

  describe('a green lot with roasts keeps its origin', () => {
    it('another origin is refused naming the roasts; without roasts it is allowed, and every other field stays editable', async () => {
      const toEtiopia = greenA({ origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop' });
      await expectFixed(() => put(`/api/green-coffee/${chain.greenA.id}`, toEtiopia), g.originFixed(['CO-R1', 'CO-R2']));
      await expectFixed(
        () => put(`/api/green-coffee/${chain.greenA.id}`, toEtiopia),
        'No se puede cambiar el origen: el lote ya tiene tuestes (CO-R1, CO-R2).',
      );
      await expectFixed(
        () => put(`/api/green-coffee/${chain.greenB.id}`, { ...toEtiopia, batch_code: 'VERDE-02' }),
        'No se puede cambiar el origen: el lote ya tiene un tueste (CO-R3).',
      );
      const unroasted = await post('/api/green-coffee', greenA({ batch_code: 'VERDE-03' }));
      await expectOk(await put(`/api/green-coffee/${unroasted.id}`, { ...toEtiopia, batch_code: 'VERDE-03' }));
      // Every other field stays editable: farm, received kg (through the ledger), price, entry date, lot code.
      await expectOk(await put(`/api/green-coffee/${chain.greenA.id}`, greenA({
        supplier_finca: 'Finca El Paraíso', quantity_kg: 120, unit_price: 8.8, entry_date: '2024-02-20', batch_code: 'VERDE-01B',
      })));
    });

    it('many roasts: the first three codes, then …', async () => {
      for (const code of ['CO-R4', 'CO-R5']) {
        await post('/api/roasted-coffee', roastR1({ quantity_green_kg: 1, resultant_kg: 0.8, roast_date: '2024-03-08', batch_code: code }));
      }
      await expectFixed(
        () => put(`/api/green-coffee/${chain.greenA.id}`, greenA({ origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop' })),
        'No se puede cambiar el origen: el lote ya tiene tuestes (CO-R1, CO-R2, CO-R4, …).',
      );
    });
  });

  describe('a roast in a blend or sold keeps its green lot and roast type', () => {
    it('in a blend and sold: refused, naming them; every other field stays editable', async () => {
      const edit = (change: object) => put(`/api/roasted-coffee/${chain.r1.id}`, roastR1(change));
      await expectFixed(() => edit({ green_coffee_id: chain.greenB.id }), r.greenLotFixed(['CA-MZ-1'], 1));
      await expectFixed(
        () => edit({ green_coffee_id: chain.greenB.id }),
        'No se puede cambiar el lote de café verde: el tueste ya se usó en la mezcla CA-MZ-1 y en 1 venta.',
      );
      await expectFixed(() => edit({ roast_type: 'Oscuro' }), 'No se puede cambiar el tipo de tueste: el tueste ya se usó en la mezcla CA-MZ-1 y en 1 venta.');
      // Every other field stays editable: quantities (through the ledger), date, lot code; an unused roast may change both.
      await expectOk(await edit({ quantity_green_kg: 21, resultant_kg: 17, roast_date: '2024-03-04', batch_code: 'CO-R1B' }));
      const unused = await post('/api/roasted-coffee', roastR1({ quantity_green_kg: 2, resultant_kg: 1.6, batch_code: 'CO-R9' }));
      await expectOk(await put(`/api/roasted-coffee/${unused.id}`, roastR1({
        green_coffee_id: chain.greenB.id, quantity_green_kg: 2, resultant_kg: 1.6, roast_type: 'Oscuro', roast_date: '2024-03-07', batch_code: 'CO-R9',
      })));
    });

    it('only sold, or only in blends: refused too', async () => {
      // R2 was sold (S1) and is in no blend; R3 is in blend M and was never sold.
      const r2 = roastR1({ quantity_green_kg: 12.5, resultant_kg: 10.4, roast_date: '2024-03-06', batch_code: 'CO-R2' });
      await expectFixed(() => put(`/api/roasted-coffee/${chain.r2.id}`, { ...r2, roast_type: 'Claro' }), r.roastTypeFixed([], 1));
      await post('/api/sales', { product_id: chain.r2.id, product_type: 'tostado', quantity_kg: 1, unit_price: 18, sale_date: '2024-04-05', batch_code_sold: 'CO-R2' });
      await expectFixed(
        () => put(`/api/roasted-coffee/${chain.r2.id}`, { ...r2, green_coffee_id: chain.greenB.id }),
        'No se puede cambiar el lote de café verde: el tueste ya se usó en 2 ventas.',
      );
      const r3 = { green_coffee_id: chain.greenB.id, quantity_green_kg: 15, resultant_kg: 12.3, roast_type: 'Medio', roast_date: '2024-03-07', batch_code: 'CO-R3' };
      await expectFixed(() => put(`/api/roasted-coffee/${chain.r3.id}`, { ...r3, green_coffee_id: chain.greenA.id }), 'No se puede cambiar el lote de café verde: el tueste ya se usó en la mezcla CA-MZ-1.');
    });
  });

  describe('a sold blend keeps its composition', () => {
    it('recipe, origins, percentages and drawn lots are refused once sold; quantities, name, date and lot code are not', async () => {
      const recipe = (await t.call((await t.signIn('administrador')), {
        method: 'POST', url: '/api/blend-recipes', payload: { name: 'Casa', components: [{ origin_id: chain.origin.id, percentage: 100 }] },
      })).json() as { id: number };
      const edit = (change: object, draws?: { id: number; quantity_used: number }[]) => put(`/api/blended-coffee/${chain.blend.id}`, blendM(change, draws));
      await expectFixed(() => edit({ recipe_id: recipe.id }), b.compositionFixed(1));
      await expectFixed(
        () => edit({ recipe_id: recipe.id }),
        'La mezcla ya tiene 1 venta: no se pueden cambiar su receta, sus orígenes, sus porcentajes ni los lotes de café tostado que usa (sí las cantidades, el nombre, la fecha y el lote).',
      );
      // Another roasted lot (R2 instead of R3), or one lot fewer.
      await expectFixed(() => edit({}, [{ id: chain.r1.id, quantity_used: 5 }, { id: chain.r2.id, quantity_used: 4 }]), b.compositionFixed(1));
      await expectFixed(() => edit({}, [{ id: chain.r1.id, quantity_used: 9 }]), b.compositionFixed(1));
      // Another origin with another share.
      const ethiopian = await post('/api/green-coffee', { origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop', quantity_kg: 10, unit_price: 7, entry_date: '2024-03-01', batch_code: 'ET-V1' });
      const roastedEt = await post('/api/roasted-coffee', { green_coffee_id: ethiopian.id, quantity_green_kg: 10, resultant_kg: 8, roast_type: 'Claro', roast_date: '2024-03-02', batch_code: 'ET-R1' });
      await expectFixed(
        () =>
          edit({
            components: [
              { origin_id: chain.origin.id, percentage: 50, selected_roasted_batches: [{ id: chain.r1.id, quantity_used: 4.5 }] },
              { origin_id: etiopia.id, percentage: 50, selected_roasted_batches: [{ id: roastedEt.id, quantity_used: 4.5 }] },
            ],
          }),
        b.compositionFixed(1),
      );
      // Quantities (the same lots, through the ledger), name, date and lot code stay editable; an unsold blend may change its lots.
      await expectOk(await put(`/api/blended-coffee/${chain.blend.id}`, blendM(
        { name: 'Casa Reserva', total_quantity_kg: 10, creation_date: '2024-03-08', batch_code: 'CA-MZ-1B' },
        [{ id: chain.r3.id, quantity_used: 4.5 }, { id: chain.r1.id, quantity_used: 5.5 }],
      )));
      const unsold = await post('/api/blended-coffee', blendM({ batch_code: 'CA-MZ-2', total_quantity_kg: 1 }, [{ id: chain.r1.id, quantity_used: 1 }]));
      await expectOk(await put(`/api/blended-coffee/${unsold.id}`, blendM({ batch_code: 'CA-MZ-2', total_quantity_kg: 1 }, [{ id: chain.r2.id, quantity_used: 1 }])));
    });
  });
});
