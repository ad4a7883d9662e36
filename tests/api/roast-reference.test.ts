import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commonMessages, recordVersionMessages } from '#shared/messages.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { settingsMessages } from '#shared/settings-messages.js';
import { TOLERANCE_LABELS } from '#shared/schemas/settings.js';
import type { RoastedCoffee, RoastedCoffeePage, RoastReferenceComparison } from '#shared/schemas/roasted-coffee.js';
import type { HistoryPage, Trace } from '#shared/schemas/traceability.js';
import { fillMissingRoastFigures, FIGURES_VERSION, readRoastCurve } from '#server/features/roasted-coffee/service.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * A roast's notes and cupping score, and the reference profile of each product with its
 * tolerances (docs/decisions/0053-reference-profile.md): validation and round trip, one
 * reference per product whoever marks at once, administrators only, version and idempotency,
 * the differences of roasts lacking some events, and the list's flag.
 */

/** A stored curve with no points worth reading: the roast "has a curve"; its figures are set apart, as an import stores them. */
const EMPTY_CURVE = JSON.stringify({ unit: 'C', t: [], bt: [], et: [], events: {} });

interface Figures {
  first_crack_s: number | null;
  total_time_s: number | null;
  dtr_pct: number | null;
  drop_bt_c: number | null;
}
const FULL: Figures = { first_crack_s: 480, total_time_s: 600, dtr_pct: 20, drop_bt_c: 205 };

describe.each(testDialects())('perfil de referencia, notas y cata (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let greenId: number;
  let otherGreenId: number;
  let roastCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const origin = async (name: string) => {
      const response = await t.call(admin, { method: 'POST', url: '/api/coffee-origins', payload: { name, kilos_per_bag: 60, suppliers_fincas: ['Finca'] } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const green = async (originId: number, code: string) => {
      const response = await t.call(admin, {
        method: 'POST',
        url: '/api/green-coffee',
        payload: { origin_id: originId, supplier_finca: 'Finca', quantity_kg: 500, unit_price: 6, entry_date: '2024-01-01', batch_code: code },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    greenId = await green(await origin('Colombia'), 'V-1');
    otherGreenId = await green(await origin('Etiopía'), 'V-2');
  });

  const roastBody = (extra: object = {}) => ({
    green_coffee_id: greenId,
    quantity_green_kg: 10,
    resultant_kg: 8.5,
    roast_type: 'Medio',
    roast_date: '2024-02-01',
    batch_code: `T-${++roastCounter}`,
    ...extra,
  });
  const create = async (extra: object = {}): Promise<RoastedCoffee> => {
    const response = await t.call(tecnico, { method: 'POST', url: '/api/roasted-coffee', payload: roastBody(extra) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<RoastedCoffee>();
  };
  /** A roast with an Artisan curve whose stored figures are `figures` (what an import writes beside it). */
  const roastWithCurve = async (figures: Figures = FULL, extra: object = {}): Promise<RoastedCoffee> => {
    const roast = await create(extra);
    await t.db
      .insertInto('roast_artisan_profiles')
      .values({ roast_id: roast.id, roast_uuid: randomUUID(), curve: EMPTY_CURVE, created_at: Date.now(), figures_version: 1, ...figures })
      .execute();
    return roast;
  };
  const item = async (id: number, cookie = tecnico) => (await t.call(cookie, { method: 'GET', url: `/api/roasted-coffee/${id}` })).json<RoastedCoffee>();
  const list = async () => (await t.call(tecnico, { method: 'GET', url: '/api/roasted-coffee' })).json<RoastedCoffeePage>().items;
  const mark = (id: number | string, version: unknown = 1, cookie = admin, key?: string) =>
    t.call(cookie, { method: 'POST', url: `/api/roasted-coffee/${id}/reference`, payload: { version }, headers: key ? { 'idempotency-key': key } : {} });
  const unmark = (id: number, query = '', cookie = admin) => t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${id}/reference${query}` });
  const comparison = async (id: number) => {
    const response = await t.call(tecnico, { method: 'GET', url: `/api/roasted-coffee/${id}/reference` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RoastReferenceComparison>();
  };
  const references = () => t.db.selectFrom('roast_references').selectAll().execute();
  const putSettings = async (payload: object) => {
    const response = await t.call(admin, { method: 'PUT', url: '/api/settings', payload });
    expect(response.statusCode, response.body).toBe(200);
  };

  describe('notas y puntuación de cata', () => {
    it('keep the notes trimmed and the score exact (hundredths), keep both on an edit that leaves them out and clear them with null', async () => {
      // Typed in a textarea: its line breaks stay (a browser sends CRLF, stored as LF).
      const roast = await create({ notes: '  Floral, panela\r\nCuerpo medio  ', cupping_score: 86.75 });
      expect(roast).toMatchObject({ notes: 'Floral, panela\nCuerpo medio', cupping_score: 86.75, reference: false, outside_tolerance: [] });
      const row = await t.db.selectFrom('roasted_coffee').select(['notes', 'cupping_score']).where('id', '=', roast.id).executeTakeFirstOrThrow();
      expect({ notes: row.notes, cupping_score: Number(row.cupping_score) }).toEqual({ notes: 'Floral, panela\nCuerpo medio', cupping_score: 8675 });

      const kept = await t.call(tecnico, { method: 'PUT', url: `/api/roasted-coffee/${roast.id}`, payload: { ...roastBody(), batch_code: roast.batch_code, resultant_kg: 8.4 } });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ notes: 'Floral, panela\nCuerpo medio', cupping_score: 86.75, resultant_kg: 8.4 });

      const cleared = await t.call(tecnico, { method: 'PUT', url: `/api/roasted-coffee/${roast.id}`, payload: { ...roastBody(), batch_code: roast.batch_code, notes: '   ', cupping_score: null } });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ notes: null, cupping_score: null });
      expect((await create({ cupping_score: 0 })).cupping_score).toBe(0);
      expect((await create({ cupping_score: 100 })).cupping_score).toBe(100);
    });

    it.each([
      ['a score above 100', { cupping_score: 100.01 }, m.cuppingOutOfRange],
      ['a negative score', { cupping_score: -1 }, m.cuppingOutOfRange],
      ['three decimals', { cupping_score: 86.755 }, commonMessages.tooManyDecimals(2)],
      ['a score as text', { cupping_score: '86,5' }, m.cuppingNotNumber],
      ['notes that are not text', { notes: 12 }, m.notesInvalid],
      ['notes too long', { notes: 'a'.repeat(1001) }, m.notesTooLong],
    ])('refuse %s with its Spanish message and write nothing', async (_name, extra, message) => {
      const response = await t.call(tecnico, { method: 'POST', url: '/api/roasted-coffee', payload: roastBody(extra) });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message });
      expect(await t.db.selectFrom('roasted_coffee').select('id').execute()).toEqual([]);
    });

    it('reach the CSV export, the activity log, the lot history and the trace', async () => {
      const roast = await create({ notes: 'Dulce', cupping_score: 85.5 });
      const edit = await t.call(tecnico, { method: 'PUT', url: `/api/roasted-coffee/${roast.id}`, payload: { ...roastBody(), batch_code: roast.batch_code, notes: 'Dulce, cítrico', cupping_score: 86 } });
      expect(edit.statusCode, edit.body).toBe(200);

      const csv = await t.call(tecnico, { method: 'GET', url: '/api/roasted-coffee/export.csv?dialect=standard' });
      const [header, row] = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
      expect(row![header!.indexOf('Puntuación de cata')]).toBe('86.00');
      expect(row![header!.indexOf('Notas')]).toBe('Dulce, cítrico');

      const logged = await t.db.selectFrom('activity_log').select(['action', 'changes']).where('area', '=', 'roasted-coffee').where('action', '=', 'update').executeTakeFirstOrThrow();
      expect(JSON.parse(String(logged.changes))).toMatchObject({ notes: { before: 'Dulce', after: 'Dulce, cítrico' }, cupping_score: { before: 85.5, after: 86 } });

      const history = (await t.call(tecnico, { method: 'GET', url: `/api/lots/-/history?kind=roasted&id=${roast.id}` })).json<HistoryPage>();
      expect(history.lot).toMatchObject({ notes: 'Dulce, cítrico', cupping_score: 86 });
      const trace = (await t.call(tecnico, { method: 'GET', url: `/api/trace?kind=roasted&id=${roast.id}` })).json<Trace>();
      expect(trace.forward?.roast).toMatchObject({ notes: 'Dulce, cítrico', cupping_score: 86 });
      const greenTrace = (await t.call(tecnico, { method: 'GET', url: `/api/trace?kind=green&id=${greenId}` })).json<Trace>();
      expect(greenTrace.forward?.green?.roasts[0]).toMatchObject({ notes: 'Dulce, cítrico', cupping_score: 86 });
    });
  });

  describe('perfil de referencia', () => {
    it('is one roast per product: marking another moves it, another product keeps its own, and unmarking clears it', async () => {
      const a = await roastWithCurve();
      const b = await roastWithCurve();
      const light = await roastWithCurve(FULL, { roast_type: 'Claro' });
      const ethiopia = await roastWithCurve(FULL, { green_coffee_id: otherGreenId });
      for (const roast of [a, light, ethiopia]) expect((await mark(roast.id)).statusCode).toBe(200);

      const moved = await mark(b.id);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ id: b.id, reference: true, version: 1 });
      expect((await item(a.id)).reference).toBe(false);
      expect((await list()).filter((roast) => roast.reference).map((roast) => roast.id).sort()).toEqual([b.id, light.id, ethiopia.id].sort());
      expect(await references()).toHaveLength(3);

      // Marked again: nothing changes.
      expect((await mark(b.id)).json()).toMatchObject({ reference: true });
      const unmarked = await unmark(b.id);
      expect(unmarked.statusCode, unmarked.body).toBe(200);
      expect(unmarked.json()).toMatchObject({ reference: false });
      expect((await references()).map((row) => row.roast_id).sort()).toEqual([light.id, ethiopia.id].sort());
    });

    it('logs the mark as an edit of the roast, and a roast deleted takes its mark with it', async () => {
      const a = await roastWithCurve();
      await mark(a.id);
      const logged = await t.db.selectFrom('activity_log').select(['action', 'record_label', 'changes']).where('area', '=', 'roasted-coffee').where('action', '=', 'update').executeTakeFirstOrThrow();
      expect(logged.record_label).toBe(a.batch_code);
      expect(JSON.parse(String(logged.changes))).toMatchObject({ reference: { before: false, after: true } });
      expect((await t.call(admin, { method: 'DELETE', url: `/api/roasted-coffee/${a.id}` })).statusCode).toBe(204);
      expect(await references()).toEqual([]);
    });

    it('leaves two marks at once with exactly one reference for the product', async () => {
      const roasts = [await roastWithCurve(), await roastWithCurve(), await roastWithCurve()];
      const answers = await Promise.all(roasts.map((roast) => mark(roast.id)));
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
      const rows = await references();
      expect(rows).toHaveLength(1);
      expect(roasts.map((roast) => roast.id)).toContain(rows[0]!.roast_id);
      expect((await list()).filter((roast) => roast.reference)).toHaveLength(1);
    });

    it('is for administrators: a tecnico gets 403 and nothing changes', async () => {
      const a = await roastWithCurve();
      const refused = await mark(a.id, 1, tecnico);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
      await mark(a.id);
      expect((await unmark(a.id, '', tecnico)).statusCode).toBe(403);
      expect(await references()).toHaveLength(1);
    });

    it('refuses bad input in Spanish: a roast without a curve, an unknown roast, a missing, stale or malformed version', async () => {
      const typed = await create();
      const noCurve = await mark(typed.id);
      expect(noCurve.statusCode).toBe(400);
      expect(errorOf(noCurve)).toEqual({ code: 'validation', message: m.referenceNoCurve });
      const unknown = await mark(999_999);
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe(m.notFound);

      const a = await roastWithCurve();
      const missing = await t.call(admin, { method: 'POST', url: `/api/roasted-coffee/${a.id}/reference`, payload: {} });
      expect(missing.statusCode).toBe(428);
      expect(errorOf(missing).message).toBe(recordVersionMessages.missing);
      const malformed = await mark(a.id, 'x');
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).message).toMatch(/[a-záéíóú]/);

      // Edited since the screen read it (version 2 now): the mark from version 1 is refused.
      await t.call(tecnico, { method: 'PUT', url: `/api/roasted-coffee/${a.id}`, payload: { ...roastBody(), batch_code: a.batch_code, notes: 'Editado' } });
      const stale = await mark(a.id, 1);
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toEqual({ code: 'version_conflict', message: m.editedByOther });
      expect(await references()).toEqual([]);
      expect((await mark(a.id, 2)).statusCode).toBe(200);
      expect((await unmark(a.id, '?version=1')).statusCode).toBe(409);
      expect(await references()).toHaveLength(1);
    });

    it('answers a repeated Idempotency-Key with the stored answer and marks once', async () => {
      const a = await roastWithCurve();
      const b = await roastWithCurve();
      const key = randomUUID();
      const first = await mark(a.id, 1, admin, key);
      expect(first.statusCode).toBe(200);
      // Another roast became the reference meanwhile: the replay changes nothing back.
      await mark(b.id);
      const replay = await mark(a.id, 1, admin, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect((await references()).map((row) => row.roast_id)).toEqual([b.id]);
    });

    it('is dropped when an edit moves the roast to another roast type or origin', async () => {
      const a = await roastWithCurve();
      await mark(a.id);
      const sameProduct = await t.call(tecnico, { method: 'PUT', url: `/api/roasted-coffee/${a.id}`, payload: { ...roastBody(), batch_code: a.batch_code, notes: 'Sigue' } });
      expect(sameProduct.json()).toMatchObject({ reference: true });
      const otherType = await t.call(tecnico, { method: 'PUT', url: `/api/roasted-coffee/${a.id}`, payload: { ...roastBody(), batch_code: a.batch_code, roast_type: 'Oscuro' } });
      expect(otherType.statusCode, otherType.body).toBe(200);
      expect(otherType.json()).toMatchObject({ reference: false });
      expect(await references()).toEqual([]);
    });
  });

  describe('cifras guardadas de un tueste importado', () => {
    const LB = readFileSync(new URL('../fixtures/artisan/python-literal-lb.alog', import.meta.url));
    const storedFiguresOf = (id: number) =>
      t.db.selectFrom('roast_artisan_profiles').select(['first_crack_s', 'total_time_s', 'dtr_pct', 'drop_bt_c', 'figures_version']).where('roast_id', '=', id).executeTakeFirstOrThrow();

    it('are roastMetrics of its curve in °C, written at import and filled again at start-up when missing', async () => {
      const imported = await t.call(tecnico, {
        method: 'POST',
        url: `/api/roasted-coffee/import-artisan?green_coffee_id=${greenId}&roast_type=Medio`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: LB,
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const roast = imported.json<RoastedCoffee>();
      // The curve endpoint's figures, in °C (the default 'Temperatura'), by the same roastMetrics.
      const { metrics } = await readRoastCurve(t.db, roast.id);
      expect(metrics.fc_start).not.toBeNull();
      const expected = { first_crack_s: metrics.fc_start!.t, total_time_s: metrics.total_time_s, dtr_pct: metrics.dtr_pct, drop_bt_c: metrics.drop?.bt ?? null, figures_version: FIGURES_VERSION };
      const numbers = (row: Awaited<ReturnType<typeof storedFiguresOf>>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? null : Number(value)]));
      expect(numbers(await storedFiguresOf(roast.id))).toEqual(expected);

      // As a roast imported before migration 0029 is: no figures. The start-up fill computes them once.
      await t.db.updateTable('roast_artisan_profiles').set({ first_crack_s: null, total_time_s: null, dtr_pct: null, drop_bt_c: null, figures_version: null }).execute();
      expect(await fillMissingRoastFigures(t.db)).toBe(1);
      expect(numbers(await storedFiguresOf(roast.id))).toEqual(expected);
      expect(await fillMissingRoastFigures(t.db)).toBe(0);
    });
  });

  describe('diferencias y tolerancias', () => {
    it('compares every figure with the reference, leaving out what either roast lacks, and flags what is outside the tolerances', async () => {
      const reference = await roastWithCurve(FULL, { quantity_green_kg: 10, resultant_kg: 8.5 });
      // No first crack marked (so no development ratio), a later drop, a hotter one, more weight lost.
      const lacking = await roastWithCurve({ first_crack_s: null, total_time_s: 645, dtr_pct: null, drop_bt_c: 208 }, { quantity_green_kg: 10, resultant_kg: 8.3 });
      const typed = await create({ quantity_green_kg: 10, resultant_kg: 8.45 });
      expect((await comparison(lacking.id)).reference).toBeNull();
      await mark(reference.id);

      const compared = await comparison(lacking.id);
      expect(compared.reference).toMatchObject({ id: reference.id, batch_code: reference.batch_code });
      expect(compared.roast).toEqual({ id: lacking.id, version: 1, has_curve: true, reference: false });
      const byFigure = Object.fromEntries(compared.figures.map((figure) => [figure.figure, figure]));
      expect(byFigure.first_crack).toMatchObject({ roast: null, reference: 480, difference: null, outside: false });
      expect(byFigure.dtr).toMatchObject({ roast: null, reference: 20, difference: null });
      expect(byFigure.total_time).toMatchObject({ roast: 645, reference: 600, difference: 45, tolerance: null, outside: false });
      expect(byFigure.drop_temp).toMatchObject({ roast: 208, reference: 205, difference: 3 });
      expect(byFigure.weight_loss).toMatchObject({ roast: 17, reference: 15, difference: 2 });
      expect((await comparison(reference.id)).roast.reference).toBe(true);

      // No tolerance set: nothing flagged.
      expect((await list()).every((roast) => roast.outside_tolerance.length === 0)).toBe(true);

      await putSettings({ tolerance_total_time_s: 30, tolerance_drop_temp: 3, tolerance_first_crack_s: 5, tolerance_weight_loss_pct: 1.5 });
      const flags = Object.fromEntries((await list()).map((roast) => [roast.id, roast.outside_tolerance]));
      // 45 s > 30 s and 2 points > 1.5; 3° is not more than 3°; a first crack it lacks is not checked.
      expect(flags[lacking.id]).toEqual(['total_time', 'weight_loss']);
      expect(flags[reference.id]).toEqual([]);
      // A roast typed in the form (no curve) is checked on its weight loss alone: 15.5 % against 15 %.
      expect(flags[typed.id]).toEqual([]);
      expect((await item(lacking.id)).outside_tolerance).toEqual(['total_time', 'weight_loss']);

      // In °F the temperature's difference and tolerance are in °F: 3 °C is 5.4 °F, over a 5° tolerance.
      await putSettings({ temperature_unit: 'F', tolerance_drop_temp: 5 });
      const inF = await comparison(lacking.id);
      expect(inF.unit).toBe('F');
      expect(inF.figures.find((figure) => figure.figure === 'drop_temp')).toMatchObject({ roast: 406.4, reference: 401, difference: 5.4, tolerance: 5, outside: true });
      expect((await item(lacking.id)).outside_tolerance).toEqual(['drop_temp', 'total_time', 'weight_loss']);
    });

    it('takes tolerances from Configuración: empty means not checked, and bad values are refused in Spanish', async () => {
      const defaults = (await t.call(tecnico, { method: 'GET', url: '/api/settings' })).json<Record<string, unknown>>();
      expect(defaults).toMatchObject({ tolerance_first_crack_s: null, tolerance_dtr_pct: null, tolerance_drop_temp: null, tolerance_total_time_s: null, tolerance_weight_loss_pct: null });
      await putSettings({ tolerance_dtr_pct: 1.25, tolerance_first_crack_s: 15.5 });
      expect((await t.call(tecnico, { method: 'GET', url: '/api/settings' })).json()).toMatchObject({ tolerance_dtr_pct: 1.25, tolerance_first_crack_s: 15.5 });
      await putSettings({ tolerance_dtr_pct: null });
      expect((await t.call(tecnico, { method: 'GET', url: '/api/settings' })).json()).toMatchObject({ tolerance_dtr_pct: null });

      for (const [payload, message] of [
        [{ tolerance_first_crack_s: -1 }, settingsMessages.toleranceInvalid(TOLERANCE_LABELS.tolerance_first_crack_s, 600)],
        [{ tolerance_dtr_pct: 101 }, settingsMessages.toleranceInvalid(TOLERANCE_LABELS.tolerance_dtr_pct, 100)],
        [{ tolerance_drop_temp: 1.25 }, commonMessages.tooManyDecimals(1)],
      ] as const) {
        const response = await t.call(admin, { method: 'PUT', url: '/api/settings', payload });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(message);
      }
      expect((await t.call(tecnico, { method: 'PUT', url: '/api/settings', payload: { tolerance_dtr_pct: 2 } })).statusCode).toBe(403);
    });
  });
});
