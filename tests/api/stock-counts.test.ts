import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { findLedgerMismatches, findStockAboveEntry, stockOf } from '#server/ledger/ledger.js';
import { commonMessages } from '#shared/messages.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import type { CountSheet, StockCount, StockCountsPage } from '#shared/schemas/stock-counts.js';
import type { HistoryPage } from '#shared/schemas/traceability.js';
import { inventorySnapshot } from '../helpers/inventory-snapshot.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { countRows, testDialects } from '../helpers/test-database.js';

/**
 * POST/GET /api/stock-counts and the count sheet (docs/product-guide.md#recuento-de-inventario):
 * each reason, the 409 when a lot moved after the sheet was loaded, every
 * refusal leaving the inventory as it was, the roles, and the ledger clean
 * after every test (docs/architecture.md#ledger).
 */
interface Lot {
  id: number;
  batch_code: string;
}

describe.each(testDialects())('recuento de inventario (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let tecnicoCookie: string;
  let colombia: number;
  let etiopia: number;
  let counter = 0;

  const post = (payload: unknown, as = cookie) =>
    t.call(as, { method: 'POST', url: '/api/stock-counts', payload: payload as object });
  const get = (url: string, as = cookie) => t.call(as, { method: 'GET', url });
  const sheet = async (query = ''): Promise<CountSheet> => {
    const response = await get(`/api/stock-counts/sheet${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CountSheet;
  };
  const expectError = (response: LightMyRequestResponse, status: number, code: string, message: string) =>
    expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status, error: { code, message } });
  const created = async (payload: unknown, as = cookie): Promise<StockCount> => {
    const response = await post(payload, as);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as StockCount;
  };

  const greenLot = async (origin: number, kg: number, price = 5): Promise<Lot> => {
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: {
        origin_id: origin,
        supplier_finca: origin === colombia ? 'Finca Colombia' : 'Finca Etiopía',
        quantity_kg: kg,
        unit_price: price,
        entry_date: '2024-03-01',
        batch_code: `RV-${++counter}`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Lot;
  };
  /** A roasted lot of `kg` from a fresh Colombian green lot (2 × kg green at 5 $/Kg: 10 $/Kg roasted). */
  const roastedLot = async (kg: number): Promise<Lot> => {
    const green = await greenLot(colombia, kg * 2);
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/roasted-coffee',
      payload: { green_coffee_id: green.id, quantity_green_kg: kg * 2, resultant_kg: kg, roast_type: 'Medio', roast_date: '2024-03-15', batch_code: `RT-${++counter}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Lot;
  };
  const blendLot = async (kg: number): Promise<Lot> => {
    const roasted = await roastedLot(kg);
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/blended-coffee',
      payload: {
        name: `Mezcla ${++counter}`,
        total_quantity_kg: kg,
        creation_date: '2024-04-02',
        recipe_id: null,
        batch_code: `RM-${counter}`,
        components: [{ origin_id: colombia, percentage: 100, selected_roasted_batches: [{ id: roasted.id, quantity_used: kg }] }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Lot;
  };
  /** Sells `kg` of a roasted lot or a blend, so a count may find some of it again (a lot never holds more than entered it). */
  const sell = async (kind: 'roasted' | 'blend', lot: Lot, kg: number) => {
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/sales',
      payload: { product_id: lot.id, product_type: kind === 'roasted' ? 'tostado' : 'mezcla', quantity_kg: kg, unit_price: 15, sale_date: '2024-05-10', batch_code_sold: lot.batch_code },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const countMoves = async (countId: number) =>
    (await t.db.selectFrom('stock_movements').selectAll().where('ref_kind', '=', 'stock_count').where('ref_id', '=', countId).orderBy('id').execute()).map(
      ({ lot_kind, lot_id, delta_g, reason }) => ({ lot_kind, lot_id, delta_g: Number(delta_g), reason }),
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('administrador', 'ana');
    tecnicoCookie = await t.signIn('tecnico', 'tomas');
    const origin = async (name: string, finca: string) => {
      const response = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name, kilos_per_bag: 70, suppliers_fincas: [finca] } });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: number }).id;
    };
    colombia = await origin('Colombia', 'Finca Colombia');
    etiopia = await origin('Etiopía', 'Finca Etiopía');
  });
  afterAll(async () => t?.close());
  // Every count leaves on-hand = sum of movements, never negative, never above what entered the lot (npm run check:stock).
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
    expect(await findStockAboveEntry(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
  });

  it('la hoja lista cada lote con stock, con su coste por Kg, y filtra por tipo y por origen', async () => {
    const green = await greenLot(etiopia, 30, 7.5);
    const roasted = await roastedLot(8);
    const blend = await blendLot(2);
    const all = await sheet();
    const byKey = new Map(all.items.map((lot) => [`${lot.kind}:${lot.id}`, lot]));
    expect(byKey.get(`green:${green.id}`)).toMatchObject({ batch_code: green.batch_code, name: 'Etiopía · Finca Etiopía', origin_name: 'Etiopía', origin_ids: [etiopia], stock_kg: 30, cost_per_kg: 7.5 });
    // 16 kg green at 5 $/Kg became 8 kg roasted: 10 $/Kg.
    expect(byKey.get(`roasted:${roasted.id}`)).toMatchObject({ name: 'Colombia · Medio', stock_kg: 8, cost_per_kg: 10 });
    expect(byKey.get(`blend:${blend.id}`)).toMatchObject({ origin_name: null, origin_ids: [colombia], stock_kg: 2, cost_per_kg: 10 });
    // The roast and blend drew their green and roasted lots whole: no stock, not on the sheet.
    expect(all.items.every((lot) => lot.stock_kg > 0)).toBe(true);

    expect((await sheet('?kind=green')).items.every((lot) => lot.kind === 'green')).toBe(true);
    const ethiopian = await sheet(`?origin_id=${etiopia}`);
    expect(ethiopian.items.map((lot) => `${lot.kind}:${lot.id}`)).toEqual([`green:${green.id}`]);
    const colombian = (await sheet(`?origin_id=${colombia}`)).items.map((lot) => `${lot.kind}:${lot.id}`);
    expect(colombian).toEqual(expect.arrayContaining([`roasted:${roasted.id}`, `blend:${blend.id}`]));
    expect(colombian).not.toContain(`green:${green.id}`);
    expectError(await get('/api/stock-counts/sheet?kind=tostado'), 400, 'validation', commonMessages.invalidRequest);
  });

  it.each([
    ['recuento', null, 4.5],
    ['merma', 'Saco roto', 3.25],
    ['muestra', 'Catación del lunes', 4.9],
    ['devolucion', 'Devuelto por un cliente', 5.75],
    ['otro', 'Báscula descalibrada\nrevisada por Tomás', 0],
  ] as const)('un recuento con motivo %s mueve el stock por la diferencia, con el motivo y la nota', async (reason, note, countedKg) => {
    // 6 kg roasted, 1 kg sold: 5 kg expected, and up to 6 kg may be counted.
    const lot = await roastedLot(6);
    await sell('roasted', lot, 1);
    const count = await created({ reason, note, lines: [{ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 5, counted_kg: countedKg }] });
    expect(count).toMatchObject({
      reason,
      note,
      username: 'ana',
      user_name: 'Persona ana',
      lines_count: 1,
      adjusted_count: 1,
      lines: [{ lot_kind: 'roasted', lot_id: lot.id, batch_code: lot.batch_code, expected_kg: 5, counted_kg: countedKg, difference_kg: Number((countedKg - 5).toFixed(3)) }],
    });
    expect(await stockOf(t.db, 'roasted', lot.id)).toBe(countedKg * 1000);
    expect(await countMoves(count.id)).toEqual([{ lot_kind: 'roasted', lot_id: lot.id, delta_g: Math.round((countedKg - 5) * 1000), reason: 'count' }]);
  });

  it('cuenta lotes de los tres tipos en una sola vez; un lote igual queda comprobado sin movimiento', async () => {
    const green = await greenLot(colombia, 12.5);
    const roasted = await roastedLot(3.5);
    await sell('roasted', roasted, 0.5);
    const blend = await blendLot(1.5);
    const count = await created({
      reason: 'recuento',
      lines: [
        { lot_kind: 'green', lot_id: green.id, expected_kg: 12.5, counted_kg: 12.5 },
        { lot_kind: 'roasted', lot_id: roasted.id, expected_kg: 3, counted_kg: 3.125 },
        { lot_kind: 'blend', lot_id: blend.id, expected_kg: 1.5, counted_kg: 1.25 },
      ],
    });
    expect(count).toMatchObject({ note: null, lines_count: 3, adjusted_count: 2 });
    expect(count.lines.map((line) => line.difference_kg)).toEqual([0, 0.125, -0.25]);
    expect(await countMoves(count.id)).toEqual([
      { lot_kind: 'roasted', lot_id: roasted.id, delta_g: 125, reason: 'count' },
      { lot_kind: 'blend', lot_id: blend.id, delta_g: -250, reason: 'count' },
    ]);
    expect(await stockOf(t.db, 'green', green.id)).toBe(12_500);

    const detail = await get(`/api/stock-counts/${count.id}`, tecnicoCookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(count);
  });

  it('la lista va del más reciente al más antiguo, paginada, con quién y cuántos lotes', async () => {
    const lot = await roastedLot(2);
    const first = await created({ reason: 'muestra', lines: [{ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 2, counted_kg: 1.9 }] });
    const second = await created({ reason: 'merma', lines: [{ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 1.9, counted_kg: 1.8 }] }, tecnicoCookie);
    const page = (await get('/api/stock-counts?limit=2&offset=0')).json() as StockCountsPage;
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toMatchObject({ username: 'tomas', reason: 'merma', lines_count: 1, adjusted_count: 1 });
    expect(page.total).toBe(await countRows(t.db, 'stock_counts'));
    expect(page).toMatchObject({ limit: 2, offset: 0 });
    const next = (await get('/api/stock-counts?limit=1&offset=1')).json() as StockCountsPage;
    expect(next.items.map((item) => item.id)).toEqual([first.id]);
  });

  it('409 si una venta cambió el stock después de cargar la hoja: nombra el lote y no guarda nada', async () => {
    const moved = await roastedLot(6);
    const still = await roastedLot(4);
    const loaded = new Map((await sheet('?kind=roasted')).items.map((lot) => [lot.id, lot.stock_kg]));
    const sale = await t.call(cookie, {
      method: 'POST',
      url: '/api/sales',
      payload: { product_id: moved.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: '2024-05-10', batch_code_sold: moved.batch_code },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const before = await inventorySnapshot(t.db);
    const counts = await countRows(t.db, 'stock_counts');
    const response = await post({
      reason: 'recuento',
      lines: [
        { lot_kind: 'roasted', lot_id: still.id, expected_kg: loaded.get(still.id), counted_kg: 3.5 },
        { lot_kind: 'roasted', lot_id: moved.id, expected_kg: loaded.get(moved.id), counted_kg: 5.5 },
      ],
    });
    expectError(
      response,
      409,
      'conflict',
      `El stock del lote ${moved.batch_code} cambió mientras contabas (una venta, un tueste o una mezcla). Vuelve a contarlo: no se ha guardado nada.`,
    );
    expect(await inventorySnapshot(t.db)).toEqual(before);
    expect(await countRows(t.db, 'stock_counts')).toBe(counts);

    // Two lots moved: both named.
    const sale2 = await t.call(cookie, {
      method: 'POST',
      url: '/api/sales',
      payload: { product_id: still.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: '2024-05-10', batch_code_sold: still.batch_code },
    });
    expect(sale2.statusCode).toBe(201);
    const both = await post({
      reason: 'recuento',
      lines: [
        { lot_kind: 'roasted', lot_id: still.id, expected_kg: 4, counted_kg: 3.5 },
        { lot_kind: 'roasted', lot_id: moved.id, expected_kg: 6, counted_kg: 5.5 },
      ],
    });
    expectError(both, 409, 'conflict', m.stockChanged([still.batch_code, moved.batch_code]));

    // Counted again from the reloaded sheet, it goes through.
    await created({
      reason: 'recuento',
      lines: [
        { lot_kind: 'roasted', lot_id: still.id, expected_kg: 3, counted_kg: 3 },
        { lot_kind: 'roasted', lot_id: moved.id, expected_kg: 5, counted_kg: 4.5 },
      ],
    });
  });

  it('un recuento y una venta a la vez: o el recuento se guarda y la venta va después, o el recuento se rechaza entero', async () => {
    for (let round = 0; round < 5; round++) {
      const lot = await roastedLot(5);
      const [count, sale] = await Promise.all([
        post({ reason: 'merma', lines: [{ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 5, counted_kg: 4 }] }),
        t.call(cookie, {
          method: 'POST',
          url: '/api/sales',
          payload: { product_id: lot.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: '2024-05-10', batch_code_sold: lot.batch_code },
        }),
      ]);
      expect(sale.statusCode, sale.body).toBe(201);
      // Count first: 5 → 4, then the sale: 3. Sale first: the count is refused, 4 stays.
      if (count.statusCode === 201) expect(await stockOf(t.db, 'roasted', lot.id)).toBe(3000);
      else {
        expectError(count, 409, 'conflict', m.stockChanged([lot.batch_code]));
        expect(await stockOf(t.db, 'roasted', lot.id)).toBe(4000);
      }
    }
  });

  // The sheet sends its count with an Idempotency-Key and again with it after a lost answer
  // (src/web/features/stock-counts/api/create-stock-count.ts, docs/decisions/0023-idempotency-keys.md).
  it('un recuento enviado otra vez con la misma clave (la respuesta se perdió) se registra una sola vez', async () => {
    const lot = await roastedLot(5);
    const payload = { reason: 'merma', lines: [{ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 5, counted_kg: 4.5 }] };
    const send = () => t.call(cookie, { method: 'POST', url: '/api/stock-counts', payload, headers: { 'idempotency-key': `recuento-${lot.id}` } });
    const counts = await countRows(t.db, 'stock_counts');
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t.db, 'stock_counts')).toBe(counts + 1);
    expect(await countMoves((first.json() as StockCount).id)).toEqual([{ lot_kind: 'roasted', lot_id: lot.id, delta_g: -500, reason: 'count' }]);
    expect(await stockOf(t.db, 'roasted', lot.id)).toBe(4500);
  });

  describe('un lote nunca tiene más de lo que entró (docs/decisions/0039-stock-never-above-entry.md)', () => {
    it('un recuento por encima de lo recibido, producido o mezclado: 400 que manda corregir la entrada, nada escrito', async () => {
      const green = await greenLot(colombia, 10);
      const roasted = await roastedLot(0.999);
      const blend = await blendLot(2);
      const before = await inventorySnapshot(t.db);
      const counts = await countRows(t.db, 'stock_counts');
      // 999,999 kg typed on a lot that received 10 kg.
      expectError(
        await post({ reason: 'recuento', lines: [{ lot_kind: 'green', lot_id: green.id, expected_kg: 10, counted_kg: 999_999 }] }),
        400,
        'validation',
        `El lote ${green.batch_code} recibió 10.00 Kg: un recuento no puede dejar más. Si entró más café, corrige la entrada del lote en Café Verde.`,
      );
      expectError(
        await post({ reason: 'recuento', lines: [{ lot_kind: 'roasted', lot_id: roasted.id, expected_kg: 0.999, counted_kg: 1 }] }),
        400,
        'validation',
        `El lote ${roasted.batch_code} salió del tueste con 0.999 Kg: un recuento no puede dejar más. Si salió más café, corrige sus Kilos Resultantes en Café Tostado.`,
      );
      // One line too many spoils the whole count: the good line is not saved either.
      expectError(
        await post({
          reason: 'devolucion',
          lines: [
            { lot_kind: 'green', lot_id: green.id, expected_kg: 10, counted_kg: 9 },
            { lot_kind: 'blend', lot_id: blend.id, expected_kg: 2, counted_kg: 2.001 },
          ],
        }),
        400,
        'validation',
        m.aboveEntry('blend', blend.batch_code, 2, defaultFormatter),
      );
      expect(await inventorySnapshot(t.db)).toEqual(before);
      expect(await countRows(t.db, 'stock_counts')).toBe(counts);

      // Up to what entered is a count: 1 kg sold and found again on the shelf.
      await sell('blend', blend, 1);
      await created({ reason: 'devolucion', lines: [{ lot_kind: 'blend', lot_id: blend.id, expected_kg: 1, counted_kg: 2 }] });
      expect(await stockOf(t.db, 'blend', blend.id)).toBe(2000);
    });

    it('contar hasta lo recibido y después editar lo recibido: el stock nunca pasa de lo que entró', async () => {
      const body = { origin_id: etiopia, supplier_finca: 'Finca Etiopía', quantity_kg: 10, unit_price: 5, entry_date: '2024-03-01', batch_code: `RV-${++counter}` };
      const response = await t.call(cookie, { method: 'POST', url: '/api/green-coffee', payload: body });
      expect(response.statusCode, response.body).toBe(201);
      const green = response.json() as Lot;
      const edit = async (kg: number) => {
        const edited = await t.call(cookie, { method: 'PUT', url: `/api/green-coffee/${green.id}`, payload: { ...body, quantity_kg: kg } });
        expect(edited.statusCode, edited.body).toBe(200);
      };
      // The count that used to be taken (201) and an edit of the received kilos then left 999,990 kg in stock.
      expect((await post({ reason: 'recuento', lines: [{ lot_kind: 'green', lot_id: green.id, expected_kg: 10, counted_kg: 999_999 }] })).statusCode).toBe(400);
      await edit(1);
      expect(await stockOf(t.db, 'green', green.id)).toBe(1000);
      await edit(10);
      // 4 kg lost, then found: a count up to the 10 kg received.
      await created({ reason: 'merma', lines: [{ lot_kind: 'green', lot_id: green.id, expected_kg: 10, counted_kg: 6 }] });
      await created({ reason: 'recuento', lines: [{ lot_kind: 'green', lot_id: green.id, expected_kg: 6, counted_kg: 10 }] });
      // Received edited down and up again: the stock follows by the difference, and never passes the entry.
      await edit(8);
      expect(await stockOf(t.db, 'green', green.id)).toBe(8000);
      await edit(12.5);
      expect(await stockOf(t.db, 'green', green.id)).toBe(12_500);
    });

    it('una venta, un tueste o una mezcla deshechos después de un recuento que ya encontró sus kilos no los devuelven dos veces', async () => {
      // A sale of 2 kg, its bag found on the shelf by a count, then the sale deleted: the lot keeps the 5 kg it produced.
      const sold = await roastedLot(5);
      await sell('roasted', sold, 2);
      const sale = await t.db.selectFrom('sales').select('id').where('product_id', '=', sold.id).where('product_type', '=', 'tostado').executeTakeFirstOrThrow();
      await created({ reason: 'recuento', lines: [{ lot_kind: 'roasted', lot_id: sold.id, expected_kg: 3, counted_kg: 5 }] });
      expect((await t.call(cookie, { method: 'DELETE', url: `/api/sales/${sale.id}` })).statusCode).toBe(204);
      expect(await stockOf(t.db, 'roasted', sold.id)).toBe(5000);

      // A sale of 3 kg edited to 1 kg after a count found 2 kg of it: 2 kg would go back, 1 kg fits under the 5 kg produced.
      const edited = await roastedLot(5);
      await sell('roasted', edited, 3);
      const editedSale = await t.db.selectFrom('sales').select('id').where('product_id', '=', edited.id).where('product_type', '=', 'tostado').executeTakeFirstOrThrow();
      await created({ reason: 'recuento', lines: [{ lot_kind: 'roasted', lot_id: edited.id, expected_kg: 2, counted_kg: 4 }] });
      const saleEdit = await t.call(cookie, {
        method: 'PUT',
        url: `/api/sales/${editedSale.id}`,
        payload: { product_id: edited.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: '2024-05-10', batch_code_sold: edited.batch_code },
      });
      expect(saleEdit.statusCode, saleEdit.body).toBe(200);
      expect(await stockOf(t.db, 'roasted', edited.id)).toBe(5000);

      // A roast deleted after a count found 4 of its 10 green kilos: the green lot gets back 6, up to the 10 kg received.
      const roast = await roastedLot(5);
      const { green_coffee_id: greenId } = await t.db.selectFrom('roasted_coffee').select('green_coffee_id').where('id', '=', roast.id).executeTakeFirstOrThrow();
      await created({ reason: 'recuento', lines: [{ lot_kind: 'green', lot_id: greenId, expected_kg: 0, counted_kg: 4 }] });
      expect((await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${roast.id}` })).statusCode).toBe(204);
      expect(await stockOf(t.db, 'green', greenId)).toBe(10_000);

      // A blend deleted after a count found 1.5 of the 2 kg it drew: the roasted lot gets back 0.5, up to its 2 kg produced.
      const blend = await blendLot(2);
      const { roasted_coffee_id: roastedId } = await t.db
        .selectFrom('blended_coffee_draws as d')
        .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
        .select('d.roasted_coffee_id')
        .where('c.blend_id', '=', blend.id)
        .executeTakeFirstOrThrow();
      await created({ reason: 'recuento', lines: [{ lot_kind: 'roasted', lot_id: roastedId, expected_kg: 0, counted_kg: 1.5 }] });
      expect((await t.call(cookie, { method: 'DELETE', url: `/api/blended-coffee/${blend.id}` })).statusCode).toBe(204);
      expect(await stockOf(t.db, 'roasted', roastedId)).toBe(2000);
    });
  });

  describe('entradas no válidas: 400 en español y nada escrito', () => {
    let lot: Lot;
    beforeAll(async () => {
      lot = await roastedLot(5);
    });
    const line = (change: Record<string, unknown> = {}) => ({ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 5, counted_kg: 4, ...change });

    it.each([
      ['Kg contados negativos', () => ({ reason: 'merma', lines: [line({ counted_kg: -1 })] }), 'Los Kg contados no pueden ser negativos.'],
      ['más de 3 decimales', () => ({ reason: 'merma', lines: [line({ counted_kg: 4.0001 })] }), 'Usa como máximo 3 decimales.'],
      ['Kg contados como texto', () => ({ reason: 'merma', lines: [line({ counted_kg: '4,5' })] }), m.countedRequired],
      ['Kg contados ausentes', () => ({ reason: 'merma', lines: [{ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 5 }] }), m.countedRequired],
      ['demasiados Kg', () => ({ reason: 'merma', lines: [line({ counted_kg: 1_000_001 })] }), m.countedTooLarge],
      ['esperado negativo', () => ({ reason: 'merma', lines: [line({ expected_kg: -5 })] }), m.expectedInvalid],
      ['lote desconocido', () => ({ reason: 'merma', lines: [line({ lot_id: 999_999 })] }), 'Alguno de los lotes contados no existe. Recarga la hoja de recuento.'],
      ['tipo de lote desconocido', () => ({ reason: 'merma', lines: [line({ lot_kind: 'tostado' })] }), m.invalidLot],
      ['id de lote no válido', () => ({ reason: 'merma', lines: [line({ lot_id: 0 })] }), m.invalidLot],
      ['lote repetido', () => ({ reason: 'merma', lines: [line(), line({ counted_kg: 3 })] }), 'Un lote aparece dos veces en el recuento: cuenta cada lote una sola vez.'],
      ['lista vacía', () => ({ reason: 'merma', lines: [] }), 'Indica los Kg contados de al menos un lote.'],
      ['sin lista', () => ({ reason: 'merma' }), m.noLines],
      ['sin motivo', () => ({ lines: [line()] }), m.reasonRequired],
      ['motivo desconocido', () => ({ reason: 'robo', lines: [line()] }), m.reasonRequired],
      ['«otro» sin nota', () => ({ reason: 'otro', lines: [line()] }), 'Con el motivo «Otro», escribe una nota que explique el ajuste.'],
      ['«otro» con nota en blanco', () => ({ reason: 'otro', note: '  \n ', lines: [line()] }), m.noteRequired],
      ['nota demasiado larga', () => ({ reason: 'merma', note: 'x'.repeat(1001), lines: [line()] }), m.noteTooLong],
      [
        'nota con tabulador',
        () => ({ reason: 'merma', note: 'saco\troto', lines: [line()] }),
        'El campo «Nota» solo admite saltos de línea: no puede contener tabuladores ni otros caracteres de control.',
      ],
      ['nota con un carácter invisible', () => ({ reason: 'merma', note: 'saco\u200broto', lines: [line()] }), 'El campo «Nota» no puede contener caracteres invisibles ni marcas que cambian la dirección del texto.'],
      ['motivo con salto de línea', () => ({ reason: 'merma\n', lines: [line()] }), 'El campo «Motivo» no puede contener tabuladores, saltos de línea ni otros caracteres de control.'],
    ])('%s', async (_name, body, message) => {
      const before = await inventorySnapshot(t.db);
      const counts = await countRows(t.db, 'stock_counts');
      expectError(await post(body()), 400, 'validation', message);
      expect(await inventorySnapshot(t.db)).toEqual(before);
      expect(await countRows(t.db, 'stock_counts')).toBe(counts);
    });

    it('un lote desconocido junto a uno válido tampoco escribe nada', async () => {
      const before = await inventorySnapshot(t.db);
      expectError(await post({ reason: 'merma', lines: [line(), { lot_kind: 'blend', lot_id: lot.id + 100_000, expected_kg: 1, counted_kg: 0 }] }), 400, 'validation', m.invalidLot);
      expect(await inventorySnapshot(t.db)).toEqual(before);
    });

    it('la nota admite saltos de línea (CRLF se guarda como LF) y una nota vacía no se guarda', async () => {
      const count = await created({ reason: 'merma', note: 'Saco roto\r\nen el almacén', lines: [line({ counted_kg: 4.9 })] });
      expect(count.note).toBe('Saco roto\nen el almacén');
      const empty = await created({ reason: 'recuento', note: '   ', lines: [line({ expected_kg: 4.9, counted_kg: 4.9 })] });
      expect(empty.note).toBeNull();
      expect(empty.adjusted_count).toBe(0);
    });
  });

  it('sin sesión: 401 en cada ruta; un técnico cuenta y consulta', async () => {
    const lot = await roastedLot(1);
    const body = { reason: 'recuento', lines: [{ lot_kind: 'roasted', lot_id: lot.id, expected_kg: 1, counted_kg: 0.5 }] };
    for (const response of [
      await t.call(undefined, { method: 'POST', url: '/api/stock-counts', payload: body }),
      await t.call(undefined, { method: 'GET', url: '/api/stock-counts' }),
      await t.call(undefined, { method: 'GET', url: '/api/stock-counts/1' }),
      await t.call(undefined, { method: 'GET', url: '/api/stock-counts/sheet' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe('Tu sesión ha terminado. Inicia sesión de nuevo.');
    }
    expect(await stockOf(t.db, 'roasted', lot.id)).toBe(1000);
    const count = await created(body, tecnicoCookie);
    expect(count.username).toBe('tomas');
    expect((await get('/api/stock-counts/sheet', tecnicoCookie)).statusCode).toBe(200);
  });

  it('404 para un recuento que no existe; 400 para un id no válido', async () => {
    expectError(await get('/api/stock-counts/999999'), 404, 'not_found', 'El recuento no existe.');
    expectError(await get('/api/stock-counts/abc'), 400, 'validation', commonMessages.invalidRequest);
  });

  it('el historial del lote muestra el ajuste con su motivo en español, la nota, quién y cuándo', async () => {
    const lot = await blendLot(3);
    await sell('blend', lot, 1);
    const count = await created({ reason: 'devolucion', note: 'Cliente del mercado', lines: [{ lot_kind: 'blend', lot_id: lot.id, expected_kg: 2, counted_kg: 2.5 }] }, tecnicoCookie);
    const history = (await get(`/api/lots/-/history?kind=blend&id=${lot.id}`)).json() as HistoryPage;
    expect(history.items[0]).toMatchObject({
      reason: 'count',
      description: 'Ajuste de inventario: Devolución',
      note: 'Cliente del mercado',
      user_name: 'Persona tomas',
      delta_kg: 0.5,
      balance_kg: 2.5,
      ref_kind: 'stock_count',
      ref_id: count.id,
    });
    // When: the move and the count are stamped in the same transaction.
    expect(Math.abs(Date.parse(history.items[0]!.created_at) - Date.parse(count.created_at))).toBeLessThan(1000);
    // Other moves carry no note.
    expect(history.items[1]).toMatchObject({ reason: 'sale', note: null });
  });
});
