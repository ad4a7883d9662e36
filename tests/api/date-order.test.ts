import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { localIsoDate } from '#shared/local-date.js';
import { blendedCoffeeMessages as b } from '#shared/blended-coffee-messages.js';
import { greenCoffeeMessages as g } from '#shared/green-coffee-messages.js';
import { roastedCoffeeMessages as r } from '#shared/roasted-coffee-messages.js';
import { salesMessages as s } from '#shared/sales-messages.js';
import { inventorySnapshot } from '../helpers/inventory-snapshot.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * Dates in order (docs/product-guide.md#data-rules): every business
 * date is a day from 01/01/2000 to today (server's local date), a roast comes
 * on or after its green lot's entry, a blend on or after the newest roast it
 * draws, a sale on or after its product was roasted or blended; and no edit
 * may break that afterwards. Each refusal is a Spanish 400 that writes nothing.
 */

interface Lot { id: number; batch_code: string }

/** The local day `days` after `iso` (calendar arithmetic, not 24-hour steps, so a DST change cannot skip a day). */
const shift = (iso: string, days: number): string => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return localIsoDate(new Date(year, month - 1, day + days));
};

describe.each(testDialects())('fechas en orden (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let origin: { id: number };
  let counter = 0;

  const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.call(cookie, { method, url, payload });
  const created = async (url: string, payload: object): Promise<Lot> => {
    const response = await send('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Lot;
  };
  const expectRefused = (response: LightMyRequestResponse, message: string) =>
    expect({ status: response.statusCode, error: errorOf(response) }).toEqual({ status: 400, error: { code: 'validation', message } });

  const greenBody = (entry_date: string, change: object = {}) => ({
    origin_id: origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 100, unit_price: 8, entry_date, batch_code: `V-${++counter}`, ...change,
  });
  const roastBody = (green: Lot, roast_date: string, change: object = {}) => ({
    green_coffee_id: green.id, quantity_green_kg: 10, resultant_kg: 8, roast_type: 'Medio', roast_date, ...change,
  });
  const blendBody = (roasts: readonly Lot[], creation_date: string, change: object = {}) => ({
    name: 'Mezcla en Orden', total_quantity_kg: roasts.length, creation_date, recipe_id: null,
    components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: roasts.map((lot) => ({ id: lot.id, quantity_used: 1 })) }],
    ...change,
  });
  const saleBody = (lot: Lot, product_type: 'tostado' | 'mezcla', sale_date: string, change: object = {}) => ({
    product_id: lot.id, product_type, quantity_kg: 0.5, unit_price: 20, sale_date, batch_code_sold: lot.batch_code, ...change,
  });

  const green = (entryDate: string) => created('/api/green-coffee', greenBody(entryDate));
  const roast = (lot: Lot, roastDate: string) => created('/api/roasted-coffee', roastBody(lot, roastDate));
  const blend = (roasts: readonly Lot[], date: string) => created('/api/blended-coffee', blendBody(roasts, date));
  const sale = (lot: Lot, type: 'tostado' | 'mezcla', date: string) => created('/api/sales', saleBody(lot, type, date));

  /** The write is refused with `message` and leaves every table as it was. */
  const expectNothingWritten = async (write: () => Promise<LightMyRequestResponse>, message: string) => {
    const before = await inventorySnapshot(t.db);
    expectRefused(await write(), message);
    expect(await inventorySnapshot(t.db)).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'cronista');
    origin = await created('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  });
  afterAll(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted', 'blend'])).toEqual([]);
    await t.close();
  });

  describe('from 01/01/2000 to today (server date), on create and edit', () => {
    it('today is accepted, the same day all along the chain; tomorrow is refused: «… no puede ser posterior a hoy.»', async () => {
      const today = localIsoDate();
      const tomorrow = shift(today, 1);
      const lot = await green(today);
      const roasted = await roast(lot, today);
      const mixed = await blend([roasted], today);
      await sale(roasted, 'tostado', today);
      const sold = await sale(mixed, 'mezcla', today);

      await expectNothingWritten(() => send('POST', '/api/green-coffee', greenBody(tomorrow)), g.futureDate);
      await expectNothingWritten(() => send('POST', '/api/green-coffee', greenBody(tomorrow)), 'La fecha de entrada no puede ser posterior a hoy.');
      await expectNothingWritten(() => send('POST', '/api/roasted-coffee', roastBody(lot, tomorrow)), r.futureDate);
      await expectNothingWritten(() => send('POST', '/api/blended-coffee', blendBody([roasted], tomorrow)), b.futureDate);
      await expectNothingWritten(() => send('POST', '/api/sales', saleBody(roasted, 'tostado', tomorrow)), s.futureDate);

      await expectNothingWritten(() => send('PUT', `/api/green-coffee/${lot.id}`, greenBody(tomorrow, { batch_code: lot.batch_code })), g.futureDate);
      await expectNothingWritten(() => send('PUT', `/api/roasted-coffee/${roasted.id}`, roastBody(lot, tomorrow)), r.futureDate);
      await expectNothingWritten(() => send('PUT', `/api/blended-coffee/${mixed.id}`, blendBody([roasted], tomorrow)), b.futureDate);
      await expectNothingWritten(() => send('PUT', `/api/sales/${sold.id}`, saleBody(mixed, 'mezcla', tomorrow)), s.futureDate);
    });

    it('01/01/2000 is accepted, the same day all along the chain; 31/12/1999 is refused: «… no puede ser anterior al 01/01/2000.»', async () => {
      const lot = await green('2000-01-01');
      const roasted = await roast(lot, '2000-01-01');
      const mixed = await blend([roasted], '2000-01-01');
      await sale(mixed, 'mezcla', '2000-01-01');
      const sold = await sale(roasted, 'tostado', '2000-01-01');
      const old = '1999-12-31';

      await expectNothingWritten(() => send('POST', '/api/green-coffee', greenBody(old)), g.dateTooOld);
      await expectNothingWritten(() => send('POST', '/api/green-coffee', greenBody('1900-01-01')), 'La fecha de entrada no puede ser anterior al 01/01/2000.');
      await expectNothingWritten(() => send('POST', '/api/roasted-coffee', roastBody(lot, old)), r.dateTooOld);
      await expectNothingWritten(() => send('POST', '/api/blended-coffee', blendBody([roasted], old)), b.dateTooOld);
      await expectNothingWritten(() => send('POST', '/api/sales', saleBody(roasted, 'tostado', '1900-01-15')), s.dateTooOld);
      expect(s.dateTooOld).toBe('La fecha de venta no puede ser anterior al 01/01/2000.');

      await expectNothingWritten(() => send('PUT', `/api/green-coffee/${lot.id}`, greenBody(old, { batch_code: lot.batch_code })), g.dateTooOld);
      await expectNothingWritten(() => send('PUT', `/api/roasted-coffee/${roasted.id}`, roastBody(lot, old)), r.dateTooOld);
      await expectNothingWritten(() => send('PUT', `/api/blended-coffee/${mixed.id}`, blendBody([roasted], old)), b.dateTooOld);
      await expectNothingWritten(() => send('PUT', `/api/sales/${sold.id}`, saleBody(roasted, 'tostado', old)), s.dateTooOld);
    });
  });

  describe('a roast on or after its green lot entered', () => {
    it('create: the day before the entry is refused, the same day accepted', async () => {
      const lot = await green('2024-03-10');
      await expectNothingWritten(
        () => send('POST', '/api/roasted-coffee', roastBody(lot, '2024-03-09')),
        r.beforeGreenEntry(lot.batch_code, '2024-03-10'),
      );
      await roast(lot, '2024-03-10');
    });

    it('edit: the date moved before the entry, or the roast moved to a lot entered later, is refused', async () => {
      const early = await green('2024-03-01');
      const late = await green('2024-04-01');
      const roasted = await roast(early, '2024-03-15');
      await expectNothingWritten(
        () => send('PUT', `/api/roasted-coffee/${roasted.id}`, roastBody(early, '2024-02-29')),
        `La fecha de tostado no puede ser anterior a la entrada del lote de café verde ${early.batch_code} (01/03/2024).`,
      );
      await expectNothingWritten(
        () => send('PUT', `/api/roasted-coffee/${roasted.id}`, roastBody(late, '2024-03-15')),
        r.beforeGreenEntry(late.batch_code, '2024-04-01'),
      );
      const moved = await send('PUT', `/api/roasted-coffee/${roasted.id}`, roastBody(late, '2024-04-01'));
      expect(moved.statusCode, moved.body).toBe(200);
    });

    it("a green lot's entry date cannot move after its first roast (up to that day it can)", async () => {
      const lot = await green('2024-03-01');
      const first = await roast(lot, '2024-03-05');
      await roast(lot, '2024-03-20');
      const edit = (entryDate: string) => send('PUT', `/api/green-coffee/${lot.id}`, greenBody(entryDate, { batch_code: lot.batch_code }));
      await expectNothingWritten(() => edit('2024-03-06'), g.entryAfterRoast(first.batch_code, '2024-03-05'));
      await expectNothingWritten(
        () => edit('2024-03-06'),
        `La fecha de entrada no puede ser posterior al tueste ${first.batch_code} (05/03/2024) hecho con este lote.`,
      );
      expect((await edit('2024-03-05')).statusCode).toBe(200);
      expect((await edit('2024-02-01')).statusCode).toBe(200);
    });
  });

  describe('a blend on or after the newest roast it draws', () => {
    it('create: before the newest roast is refused, naming it; its day is accepted', async () => {
      const lot = await green('2024-03-01');
      const older = await roast(lot, '2024-03-05');
      const newer = await roast(lot, '2024-03-20');
      await expectNothingWritten(
        () => send('POST', '/api/blended-coffee', blendBody([older, newer], '2024-03-19')),
        b.beforeRoast(newer.batch_code, '2024-03-20'),
      );
      await expectNothingWritten(
        () => send('POST', '/api/blended-coffee', blendBody([older, newer], '2024-03-19')),
        `La fecha de creación no puede ser anterior al tueste del lote ${newer.batch_code} (20/03/2024) que usa la mezcla.`,
      );
      await blend([older, newer], '2024-03-20');
    });

    it('edit: the date moved before a roast, or a later roast added, is refused', async () => {
      const lot = await green('2024-03-01');
      const older = await roast(lot, '2024-03-05');
      const newer = await roast(lot, '2024-03-20');
      const mixed = await blend([older], '2024-03-10');
      await expectNothingWritten(() => send('PUT', `/api/blended-coffee/${mixed.id}`, blendBody([older], '2024-03-04')), b.beforeRoast(older.batch_code, '2024-03-05'));
      await expectNothingWritten(() => send('PUT', `/api/blended-coffee/${mixed.id}`, blendBody([older, newer], '2024-03-10')), b.beforeRoast(newer.batch_code, '2024-03-20'));
      expect((await send('PUT', `/api/blended-coffee/${mixed.id}`, blendBody([older, newer], '2024-03-21'))).statusCode).toBe(200);
    });

    it("a roast's date cannot move after a blend that uses it (up to its day it can)", async () => {
      const lot = await green('2024-03-01');
      const roasted = await roast(lot, '2024-03-05');
      const first = await blend([roasted], '2024-03-10');
      await blend([roasted], '2024-03-25');
      const edit = (date: string) => send('PUT', `/api/roasted-coffee/${roasted.id}`, roastBody(lot, date));
      await expectNothingWritten(() => edit('2024-03-11'), r.afterBlend(first.batch_code, '2024-03-10'));
      await expectNothingWritten(
        () => edit('2024-03-11'),
        `La fecha de tostado no puede ser posterior a la mezcla ${first.batch_code} (10/03/2024) que usa este tueste.`,
      );
      expect((await edit('2024-03-10')).statusCode).toBe(200);
    });
  });

  describe('a sale on or after its product was roasted or blended', () => {
    it('create: before the roast or the blend is refused; the same day is accepted', async () => {
      const lot = await green('2024-03-01');
      const roasted = await roast(lot, '2024-03-05');
      const mixed = await blend([roasted], '2024-03-10');
      await expectNothingWritten(() => send('POST', '/api/sales', saleBody(roasted, 'tostado', '2024-03-04')), s.beforeProduct('tostado', roasted.batch_code, '2024-03-05'));
      await expectNothingWritten(
        () => send('POST', '/api/sales', saleBody(roasted, 'tostado', '2024-03-04')),
        `La fecha de venta no puede ser anterior al tueste del lote ${roasted.batch_code} (05/03/2024).`,
      );
      await expectNothingWritten(
        () => send('POST', '/api/sales', saleBody(mixed, 'mezcla', '2024-03-09')),
        `La fecha de venta no puede ser anterior a la creación de la mezcla ${mixed.batch_code} (10/03/2024).`,
      );
      await sale(roasted, 'tostado', '2024-03-05');
      await sale(mixed, 'mezcla', '2024-03-10');
    });

    it('edit: the date moved before the product, or the sale moved to a later product, is refused', async () => {
      const lot = await green('2024-03-01');
      const roasted = await roast(lot, '2024-03-05');
      const mixed = await blend([roasted], '2024-03-10');
      const sold = await sale(roasted, 'tostado', '2024-03-06');
      await expectNothingWritten(() => send('PUT', `/api/sales/${sold.id}`, saleBody(roasted, 'tostado', '2024-03-04')), s.beforeProduct('tostado', roasted.batch_code, '2024-03-05'));
      await expectNothingWritten(() => send('PUT', `/api/sales/${sold.id}`, saleBody(mixed, 'mezcla', '2024-03-06')), s.beforeProduct('mezcla', mixed.batch_code, '2024-03-10'));
      expect((await send('PUT', `/api/sales/${sold.id}`, saleBody(mixed, 'mezcla', '2024-03-10'))).statusCode).toBe(200);
    });

    it("a roast's or a blend's date cannot move after its first sale (up to that day it can)", async () => {
      const lot = await green('2024-03-01');
      const roasted = await roast(lot, '2024-03-05');
      const mixed = await blend([roasted], '2024-03-10');
      await sale(roasted, 'tostado', '2024-03-08');
      await sale(roasted, 'tostado', '2024-03-07');
      await sale(mixed, 'mezcla', '2024-03-12');
      await sale(mixed, 'mezcla', '2024-03-15');
      const editRoast = (date: string) => send('PUT', `/api/roasted-coffee/${roasted.id}`, roastBody(lot, date));
      const editBlend = (date: string) => send('PUT', `/api/blended-coffee/${mixed.id}`, blendBody([roasted], date));
      await expectNothingWritten(() => editRoast('2024-03-08'), r.afterSale('2024-03-07'));
      await expectNothingWritten(() => editRoast('2024-03-08'), 'La fecha de tostado no puede ser posterior a la primera venta de este tueste (07/03/2024).');
      await expectNothingWritten(() => editBlend('2024-03-13'), b.afterSale('2024-03-12'));
      await expectNothingWritten(() => editBlend('2024-03-13'), 'La fecha de creación no puede ser posterior a la primera venta de esta mezcla (12/03/2024).');
      expect((await editRoast('2024-03-07')).statusCode).toBe(200);
      expect((await editBlend('2024-03-12')).statusCode).toBe(200);
    });
  });
});
