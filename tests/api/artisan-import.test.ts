import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultFormatter, formatDate } from '#shared/format.js';
import { buildApp } from '#server/app.js';
import { openDatabase } from '#server/db/database.js';
import { readAlogFile } from '#server/features/artisan-import/alog-profile.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { commonMessages } from '#shared/messages.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { artisanMessages as a } from '#shared/artisan-messages.js';
import type { ArtisanCurve, ArtisanPreview, ArtisanRoast, RoastCurve } from '#shared/schemas/artisan.js';
import type { Trace } from '#shared/schemas/traceability.js';
import { localIsoDate } from '#shared/local-date.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, loginCookie, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';

/**
 * Roasts from Artisan .alog files (docs/product-guide.md#artisan-import,
 * docs/decisions/0026-artisan-alog-import.md): the preview writes nothing; an
 * import records the roast as the roast form does (rules, messages, ledger,
 * lot code) plus its uuid, batch and curve; a file is recorded once; every bad
 * input is a Spanish 4xx that writes nothing.
 */

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/artisan/${name}`, import.meta.url));
const LB = fixture('python-literal-lb.alog');
const OUT_ZERO = fixture('out-weight-zero.alog');
const TEMPLATE = fixture('json-template.alog');
const OZ = fixture('epoch-date-oz.alog');
/** A Kaleido template as Artisan ships them: its timeindex holds the events' seconds, not sample indices. */
const KALEIDO = fixture('kaleido-template.alog');
/** A roast Artisan saved on 12/06/2015, 1.2 Kg in. */
const Y2015 = fixture('roast-2015.alog');
/** A real roast as its roaster published it (tests/fixtures/artisan/real/README.md): °C, 490 samples, one −1 reading, Artisan's computed block. */
const REAL_R68 = fixture('real/scottjames-roast_26-08-09_R68_caturra_26.alog');
/** The JSON template with some of its fields changed: a file with one edge value. */
const template = (change: Record<string, unknown>): Buffer =>
  Buffer.from(JSON.stringify({ ...(JSON.parse(TEMPLATE.toString('utf8')) as object), ...change }));
/** No Cookie header (t.call sends none for an empty one). */
const SIGNED_OUT = '';

describe.each(testDialects())('importar tuestes de Artisan (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;
  let userId: number;
  let originId: number;

  const octet = { 'content-type': 'application/octet-stream' };
  const preview = (body: Buffer | string, session: string | undefined = cookie) =>
    t.call(session, { method: 'POST', url: '/api/artisan/preview', headers: octet, payload: body });
  const importFile = (body: Buffer | string, query: Record<string, string | number>, session: string | undefined = cookie) =>
    t.call(session, {
      method: 'POST',
      url: `/api/roasted-coffee/import-artisan?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: octet,
      payload: body,
    });
  const importBatch = (files: object[], session: string | undefined = cookie) =>
    t.call(session, { method: 'POST', url: '/api/roasted-coffee/import-artisan-batch', payload: { files } });
  const curve = (id: number | string, session: string | undefined = cookie) => t.call(session, { method: 'GET', url: `/api/roasted-coffee/${id}/curve` });
  const file64 = (body: Buffer, choices: object) => ({ content_base64: body.toString('base64'), ...choices });

  let lotCounter = 0;
  const greenLot = async (quantityKg: number, entryDate = '2024-01-01'): Promise<number> => {
    const response = await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: originId, supplier_finca: 'Finca La Pastora', quantity_kg: quantityKg, unit_price: 6, entry_date: entryDate, batch_code: `V-${++lotCounter}` },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const greenStock = async (id: number) => (await t.db.selectFrom('green_coffee').select('stock_g').where('id', '=', id).executeTakeFirstOrThrow()).stock_g;
  /** Everything an import may change. */
  const snapshot = async () => ({
    green: await t.db.selectFrom('green_coffee').selectAll().orderBy('id').execute(),
    roasted: await t.db.selectFrom('roasted_coffee').selectAll().orderBy('id').execute(),
    profiles: await t.db.selectFrom('roast_artisan_profiles').selectAll().orderBy('roast_id').execute(),
    movements: await t.db.selectFrom('stock_movements').selectAll().orderBy('id').execute(),
  });
  const expectError = (response: LightMyRequestResponse, status: number, message: string) => {
    expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({ status, message });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'tostador');
    adminCookie = await t.signIn('administrador');
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'tostador').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    const origin = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Costa Rica', kilos_per_bag: 69, suppliers_fincas: ['Finca La Pastora'] } });
    originId = (origin.json() as { id: number }).id;
  });
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted'])).toEqual([]);
  });

  describe('roles', () => {
    it('answers 401 to every route without a session, writing nothing', async () => {
      const greenId = await greenLot(10);
      const before = await snapshot();
      const responses = [
        await preview(LB, SIGNED_OUT),
        await importFile(LB, { green_coffee_id: greenId, roast_type: 'Medio' }, SIGNED_OUT),
        await importBatch([file64(LB, { green_coffee_id: greenId, roast_type: 'Medio' })], SIGNED_OUT),
        await curve(1, SIGNED_OUT),
      ];
      for (const response of responses) expectError(response, 401, 'Tu sesión ha terminado. Inicia sesión de nuevo.');
      expect(await snapshot()).toEqual(before);
    });

    it('lets both roles preview and import', async () => {
      const greenId = await greenLot(10);
      expect((await preview(LB, adminCookie)).statusCode).toBe(200);
      expect((await importFile(LB, { green_coffee_id: greenId, roast_type: 'Medio' }, adminCookie)).statusCode).toBe(201);
      expect((await importFile(OZ, { green_coffee_id: greenId, roast_type: 'Claro' }, cookie)).statusCode).toBe(201);
    });
  });

  describe('preview', () => {
    it('answers what would be recorded, exact to the gram from lb, and writes nothing', async () => {
      await greenLot(10);
      const before = await snapshot();
      const response = await preview(LB);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        roast_uuid: '3f2c9a4be1d04c5f8a7b6c5d4e3f2a1b',
        uuid_from_content: false,
        // 2.2 lb = 997.903214 g, 1.87 lb = 848.2177319 g
        green_kg: 0.998,
        resultant_kg: 0.848,
        weight_unit: 'lb',
        roast_date: '2024-03-15',
        artisan_batch: 'P173',
        title: 'Café Tarrazú\nlote 7',
        beans: 'Costa Rica Tarrazú — Finca La Pastora',
        operator: 'José',
        roast_type: null,
        curve_points: 300,
        temperature_unit: 'C',
        events: { charge: 0, dry_end: 184, fc_start: 374, fc_end: 454, sc_start: null, sc_end: null, drop: 524 },
        event_problems: [],
        existing_roast_id: null,
        existing_batch_code: null,
        roast_date_problem: null,
        problems: [],
      } satisfies ArtisanPreview);
      expect(await snapshot()).toEqual(before);
    });

    it('lists what the file lacks: no date (a JSON template), no out-weight, out above in', async () => {
      expect((await preview(TEMPLATE)).json()).toMatchObject({ roast_date: null, uuid_from_content: true, problems: [a.dateMissing] });
      expect((await preview(OUT_ZERO)).json()).toMatchObject({ resultant_kg: null, green_kg: 1.5, problems: [a.resultantMissing] });
      expect((await preview(fixture('bad-out-above-in.alog'))).json()).toMatchObject({
        problems: ['Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.'],
      });
    });

    it('checks the file\'s date by the import\'s rules, never showing a date that is no day; a typed date replaces it', async () => {
      const greenId = await greenLot(10);
      // roastepoch 10¹² s is the year 33658: JavaScript writes it '+033658-09-…'.
      const farFuture = template({ roastepoch: 1_000_000_000_000 });
      const far = (await preview(farFuture)).json() as ArtisanPreview;
      expect(far).toMatchObject({ roast_date: null, roast_date_problem: a.badFileDate('roastepoch 1000000000000'), problems: [a.badFileDate('roastepoch 1000000000000')] });
      expect(JSON.stringify(far)).not.toContain('+0');
      expect(a.badFileDate('roastepoch 1000000000000')).toBe('La fecha de tostado del archivo no es válida: «roastepoch 1000000000000».');
      for (const [roastisodate, problem] of [['2999-01-01', m.futureDate], ['1999-12-31', m.dateTooOld]] as const) {
        const body = template({ roastisodate });
        expect((await preview(body)).json()).toMatchObject({ roast_date: roastisodate, roast_date_problem: problem, problems: [problem] });
        expectError(await importFile(body, { green_coffee_id: greenId, roast_type: 'Medio' }), 400, problem);
      }
      const before = await snapshot();
      expectError(await importFile(farFuture, { green_coffee_id: greenId, roast_type: 'Medio' }), 400, a.badFileDate('roastepoch 1000000000000'));
      expect(await snapshot()).toEqual(before);
      const typed = await importFile(farFuture, { green_coffee_id: greenId, roast_type: 'Medio', roast_date: '2024-03-02' });
      expect(typed.statusCode, typed.body).toBe(201);
      expect((typed.json() as ArtisanRoast).roast_date).toBe('2024-03-02');
    });

    it('refuses a curve with a temperature outside −50…1000 °C (or its °F equivalent) or a time outside 0…24 h', async () => {
      const greenId = await greenLot(10);
      const cases: [Buffer, string][] = [
        [template({ temp2: [150, 152, 154, 1200, 158, 160, 162, -1] }), 'La curva del archivo tiene temperaturas fuera de rango: deben estar entre −50 °C y 1000 °C.'],
        [template({ temp1: [-60, 172, 174, 176, 178, 180, 182, 184] }), a.temperatureOutOfRange('C')],
        [template({ mode: 'F', temp1: [170, 172, 174, 176, 178, 180, 182, 1900] }), 'La curva del archivo tiene temperaturas fuera de rango: deben estar entre −58 °F y 1832 °F.'],
        [template({ timex: [0, 10, 20, 30, 40, 50, 60, 90_000] }), 'La curva del archivo tiene tiempos fuera de rango: deben estar entre 0 y 24 horas desde el inicio de la grabación.'],
        [template({ timex: [-5, 10, 20, 30, 40, 50, 60, 70] }), a.timeOutOfRange],
      ];
      const before = await snapshot();
      for (const [body, message] of cases) {
        expectError(await preview(body), 400, message);
        expectError(await importFile(body, { green_coffee_id: greenId, roast_type: 'Medio', roast_date: '2024-03-02' }), 400, message);
      }
      expect(await snapshot()).toEqual(before);
      // 1500 °F (815 °C) in a °F file, and −1 (Artisan's "no reading"), are fine.
      const fahrenheit = await preview(template({ mode: 'F', temp1: [-1, 400, 500, 600, 700, 800, 900, 1500] }));
      expect(fahrenheit.statusCode, fahrenheit.body).toBe(200);
    });

    it('marks a file already recorded, naming its lot', async () => {
      const greenId = await greenLot(10);
      const roast = (await importFile(LB, { green_coffee_id: greenId, roast_type: 'Medio' })).json() as ArtisanRoast;
      expect((await preview(LB)).json()).toMatchObject({
        existing_roast_id: roast.id,
        existing_batch_code: roast.batch_code,
        problems: [a.alreadyImported(roast.batch_code)],
      });
    });
  });

  describe('preview: the import\'s rules, row by row (docs/product-guide.md#artisan-import)', () => {
    const previewWith = async (body: Buffer, query: Record<string, string | number>) =>
      (await t.call(cookie, { method: 'POST', url: `/api/artisan/preview?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: octet, payload: body })).json() as ArtisanPreview;
    const thisYear = `${localIsoDate().slice(0, 4)}-01-01`;

    it('a 2015 profile against a lot received this year: the date rule, named with both ways out; then each way out imports', async () => {
      const recent = await greenLot(10, thisYear);
      const recentCode = `V-${lotCounter}`;
      const old = await greenLot(10, '2015-01-01');
      const choices = { green_coffee_id: recent, roast_type: 'Medio' };
      const problem = a.beforeGreenEntry('2015-06-12', recentCode, thisYear);
      expect(problem).toBe(`La fecha de tostado (12/06/2015) es anterior a la entrada del lote de café verde ${recentCode} (${formatDate(thisYear)}): elige otro lote o una Fecha de Tostado desde el ${formatDate(thisYear)}.`);
      // Without choices the file alone is fine; with the lot, the lot's rule.
      expect((await preview(Y2015)).json()).toMatchObject({ roast_date: '2015-06-12', roast_date_problem: null, problems: [] });
      expect(await previewWith(Y2015, choices)).toMatchObject({ problems: [problem] });
      const before = await snapshot();
      expectError(await importFile(Y2015, choices), 400, problem);
      expect(await snapshot()).toEqual(before);
      // Way out 1: the lot's entry date. Way out 2 (a copy of the file with its own uuid): another lot.
      expect(await previewWith(Y2015, { ...choices, roast_date: thisYear })).toMatchObject({ problems: [] });
      expect((await importFile(Y2015, { ...choices, roast_date: thisYear })).json()).toMatchObject({ roast_date: thisYear, green_coffee_id: recent });
      const copy = Buffer.from(Y2015.toString('utf8').replace('7c1e4f0a9b2d4c3e8f6a5b4c3d2e1f00', '7c1e4f0a9b2d4c3e8f6a5b4c3d2e1f01'));
      expect(await previewWith(copy, { green_coffee_id: old, roast_type: 'Medio' })).toMatchObject({ problems: [] });
      expect((await importFile(copy, { green_coffee_id: old, roast_type: 'Medio' })).json()).toMatchObject({ roast_date: '2015-06-12', green_coffee_id: old });
    });

    it('names every rule a row breaks, not only the first: stock and date together; a lot that does not exist', async () => {
      const small = await greenLot(0.5, thisYear);
      const problems = (await previewWith(Y2015, { green_coffee_id: small, roast_type: 'Oscuro' })).problems;
      expect(problems).toEqual([m.notEnoughGreen(0.5, defaultFormatter), a.beforeGreenEntry('2015-06-12', `V-${lotCounter}`, thisYear)]);
      expect(problems[0]).toBe('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 0.50 Kg.');
      expectError(await importFile(Y2015, { green_coffee_id: small, roast_type: 'Oscuro' }), 409, problems[0]!);
      expect((await previewWith(Y2015, { green_coffee_id: 999_999, roast_type: 'Oscuro' })).problems).toEqual([m.invalidGreenLot]);
      // The file's own problems and the choices' together.
      expect((await previewWith(OUT_ZERO, { green_coffee_id: small, roast_type: 'Claro', roast_date: '2999-01-01' })).problems).toEqual([a.resultantMissing, m.futureDate, m.notEnoughGreen(0.5, defaultFormatter)]);
      expect((await previewWith(LB, { green_coffee_id: small, roast_type: 'Tostadísimo' })).problems).toEqual([m.invalidRoastType, m.notEnoughGreen(0.5, defaultFormatter), a.beforeGreenEntry('2024-03-15', `V-${lotCounter}`, thisYear)]);
    });

    it('answers choices that are no id or no number in the query as the import does, writing nothing', async () => {
      const url = (query: string) => ({ method: 'POST' as const, url: `/api/artisan/preview?${query}`, headers: octet, payload: Y2015 });
      expectError(await t.call(cookie, url('green_coffee_id=uno&roast_type=Medio')), 400, 'El lote de café verde seleccionado no es válido.');
      expectError(await t.call(cookie, url('resultant_kg=mucho')), 400, a.invalidResultant);
      expectError(await t.call(SIGNED_OUT, url('green_coffee_id=1')), 401, 'Tu sesión ha terminado. Inicia sesión de nuevo.');
    });

    it('reads a Kaleido template\'s events, which hold seconds: CHARGE at 1:00, not 10:00, as its computed times say', async () => {
      const read = await previewWith(KALEIDO, {});
      const computed = (JSON.parse(KALEIDO.toString('utf8')) as { computed: Record<string, number> }).computed;
      expect(read.events).toEqual({ charge: 0, dry_end: computed.DRY_time, fc_start: computed.FCs_time, fc_end: computed.FCe_time, sc_start: null, sc_end: null, drop: computed.DROP_time });
      expect(read).toMatchObject({ event_problems: [], problems: [a.dateMissing], curve_points: 61 });
      const greenId = await greenLot(10);
      const roast = (await importFile(KALEIDO, { green_coffee_id: greenId, roast_type: 'Medio', roast_date: '2024-03-20' })).json() as ArtisanRoast;
      const drawn = (await curve(roast.id)).json() as ArtisanCurve;
      expect([drawn.points[0]!.t, drawn.points.at(-1)!.t, drawn.events.drop]).toEqual([-60, 540, 540]);
    });

    it('says which events are missing or outside the curve, and the import refuses the same', async () => {
      const greenId = await greenLot(10);
      const choices = { green_coffee_id: greenId, roast_type: 'Medio', roast_date: '2024-03-20' };
      const outside = a.eventOutOfRange('Descarga', 'DROP', 70, 8);
      expect(outside).toBe('El evento Descarga (DROP) del archivo está fuera de la curva (timeindex 70; la curva tiene 8 lecturas): márcalo de nuevo en Artisan, guarda el perfil y vuelve a añadirlo.');
      const missing = [a.eventMissing('Carga', 'CHARGE'), a.eventMissing('Descarga', 'DROP')];
      expect(missing[0]).toBe('El archivo no marca el evento Carga (CHARGE): márcalo en Artisan, guarda el perfil y vuelve a añadirlo.');
      const cases: [Buffer, string[]][] = [
        [template({ timeindex: [2, 4, 6, 7, 0, 0, 70, 0] }), [outside]],
        [template({ timeindex: [-1, 4, 6, 7, 0, 0, 0, 0] }), missing],
        [template({ timeindex: undefined }), missing],
        [template({ timeindex: [2, 40, 6, 7, 0, 0, 0, 0] }), [a.eventMissing('Descarga', 'DROP'), a.eventOutOfRange('Fin de secado', 'DRY END', 40, 8)]],
      ];
      const before = await snapshot();
      for (const [body, problems] of cases) {
        expect(await previewWith(body, choices)).toMatchObject({ event_problems: problems, problems });
        expectError(await importFile(body, choices), 400, problems[0]!);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('never refuses at import a row the preview called ready, and refuses a row with problems by its first', async () => {
      // A lot of this year, one of 2015 with 1 Kg, one of 2024 with 0.5 Kg; the file's date, 2015's, this year's.
      const lots = [await greenLot(10, thisYear), await greenLot(1, '2015-01-01'), await greenLot(0.5)];
      const files = [LB, OUT_ZERO, TEMPLATE, KALEIDO, Y2015, template({ timeindex: [2, 4, 6, 7, 0, 0, 70, 0] })];
      const dates = [undefined, '2015-06-12', thisYear];
      let ready = 0;
      for (const file of files) {
        for (const green_coffee_id of lots) {
          for (const roast_date of dates) {
            const choices = { green_coffee_id, roast_type: 'Claro', resultant_kg: 0.15, ...(roast_date ? { roast_date } : {}) };
            const { problems } = await previewWith(file, choices);
            const response = await importFile(file, choices);
            const label = JSON.stringify({ file: file.length, choices, problems });
            if (problems.length === 0) {
              ready++;
              expect(response.statusCode, `${label} ${response.body}`).toBe(201);
              // Undone, so the next case meets the same stock and the file is not yet recorded.
              expect((await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${(response.json() as ArtisanRoast).id}` })).statusCode).toBe(204);
            } else {
              expect(errorOf(response).message, label).toBe(problems[0]);
            }
          }
        }
      }
      expect(ready).toBeGreaterThan(10);
    });
  });

  describe('import', () => {
    it('records the roast as the form does: stock, ledger rows, lot code, date from the file; plus uuid, batch and curve', async () => {
      const greenId = await greenLot(10);
      const response = await importFile(LB, { green_coffee_id: greenId, roast_type: 'Medio' });
      expect(response.statusCode).toBe(201);
      const roast = response.json() as ArtisanRoast;
      expect(roast).toMatchObject({
        green_coffee_id: greenId,
        quantity_green_kg: 0.998,
        resultant_kg: 0.848,
        shrinkage_kg: 0.15,
        stock_kg: 0.848,
        roast_type: 'Medio',
        roast_date: '2024-03-15',
        artisan_batch: 'P173',
        has_curve: true,
        roast_uuid: '3f2c9a4be1d04c5f8a7b6c5d4e3f2a1b',
      });
      // The lot code in the product's shape: origin prefix, ddmmyy of the roast date, four digits.
      expect(roast.batch_code).toMatch(/^CO-150324-\d{4}$/);
      expect(await greenStock(greenId)).toBe(10_000 - 998);
      const movements = await t.db.selectFrom('stock_movements').selectAll().where('reason', '=', 'roast').orderBy('id').execute();
      expect(movements).toEqual([
        expect.objectContaining({ lot_kind: 'green', lot_id: greenId, delta_g: -998, ref_kind: 'roast', ref_id: roast.id, user_id: userId }),
        expect.objectContaining({ lot_kind: 'roasted', lot_id: roast.id, delta_g: 848, ref_kind: 'roast', ref_id: roast.id, user_id: userId }),
      ]);
      // The list shows the Artisan batch and the curve's button; a typed roast has neither.
      await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee', payload: { green_coffee_id: greenId, quantity_green_kg: 1, resultant_kg: 0.8, roast_type: 'Claro', roast_date: '2024-03-10' } });
      const items = (await t.call(cookie, { method: 'GET', url: '/api/roasted-coffee' })).json().items as ArtisanRoast[];
      expect(items.map((item) => [item.artisan_batch, item.has_curve])).toEqual([['P173', true], [null, false]]);
      // So does the trace (docs/product-guide.md#artisan-import): the roasted lot traced, and its green lot's roasts.
      const traceOf = async (query: string) => (await t.call(cookie, { method: 'GET', url: `/api/trace?${query}` })).json() as Trace;
      expect((await traceOf(`kind=roasted&id=${roast.id}`)).forward!.roast).toMatchObject({ id: roast.id, has_curve: true });
      const typedId = items[1]!.id;
      expect((await traceOf(`kind=roasted&id=${typedId}`)).forward!.roast).toMatchObject({ id: typedId, has_curve: false });
      const roastsOfGreen = (await traceOf(`kind=green&id=${greenId}`)).forward!.green!.roasts;
      expect(roastsOfGreen.map((node) => [node.id, node.has_curve])).toEqual([[typedId, false], [roast.id, true]]);
    });

    it('draws the curve from the file\'s own points, in its order, from CHARGE, -1 as null', async () => {
      const greenId = await greenLot(10);
      const roast = (await importFile(LB, { green_coffee_id: greenId, roast_type: 'Oscuro' })).json() as ArtisanRoast;
      const response = await curve(roast.id);
      expect(response.statusCode).toBe(200);
      const { metrics, ror, ...drawn } = response.json() as RoastCurve;
      expect(drawn).toEqual(readAlogFile(LB).curve);
      expect(drawn.points).toHaveLength(300);
      expect(drawn.points[0]).toEqual({ t: -6, bt: null, et: null });
      expect(drawn.events.drop).toBe(524);
      expect([metrics.drop, ror.length > 0]).toEqual([{ t: 524, bt: 359 }, true]);
    });

    describe('in the Temperatura unit (docs/decisions/0052-roast-metrics.md)', () => {
      const setUnit = async (unit: 'C' | 'F') =>
        expect((await t.call(adminCookie, { method: 'PUT', url: '/api/settings', payload: { temperature_unit: unit } })).statusCode).toBe(200);
      const storedCurves = () => t.db.selectFrom('roast_artisan_profiles').select(['roast_id', 'curve']).orderBy('roast_id').execute();
      const curveOf = async (id: number) => {
        const response = await curve(id);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as RoastCurve;
      };

      it('answers the figures and rate of rise in °C or °F, whatever the file\'s unit; the stored curve stays as imported', async () => {
        const greenId = await greenLot(10, '2015-01-01');
        // roast-2015.alog is in °C, out-weight-zero.alog in °F (its out-weight is 0: the import takes 1.2 Kg).
        const celsius = (await importFile(Y2015, { green_coffee_id: greenId, roast_type: 'Medio' })).json() as ArtisanRoast;
        const fahrenheit = (await importFile(OUT_ZERO, { green_coffee_id: greenId, roast_type: 'Claro', resultant_kg: 1.2 })).json() as ArtisanRoast;
        const stored = await storedCurves();

        // °C, the default. The figures as tests/unit/roast-metrics.test.ts works them out by hand.
        const c1 = await curveOf(celsius.id);
        expect(c1.unit).toBe('C');
        expect(c1.metrics).toMatchObject({ charge: { t: 0, bt: 91.8 }, fc_start: { t: 444, bt: 191.2 }, drop: { t: 579, bt: 208.5 }, total_time_s: 579, dtr_pct: 23.3, weight_loss_pct: 15 });
        const f1 = await curveOf(fahrenheit.id);
        expect(f1.unit).toBe('C');
        // temp2[2] = 154.47 °F: (154.47 − 32) × 5 / 9 = 68.04 °C, the turning point 68.0.
        expect(f1.points[2]).toEqual({ t: 4, bt: 68.04, et: 83.87 }); // temp1[2] = 182.97 °F → 83.87 °C
        expect(f1.metrics).toMatchObject({ tp: { t: 4, bt: 68 }, drop: { t: 78, bt: 106.1 }, dtr_pct: 23.1, weight_loss_pct: 20 });

        await setUnit('F');
        const c2 = await curveOf(celsius.id);
        expect(c2.unit).toBe('F');
        // 91.79 °C × 9 / 5 + 32 = 197.22 °F; 208.46 °C → 407.23 °F; times and shares do not change.
        expect(c2.points[2]!.bt).toBe(197.22);
        expect(c2.metrics).toMatchObject({ charge: { t: 0, bt: 197.2 }, drop: { t: 579, bt: 407.2 }, total_time_s: 579, dtr_pct: 23.3, weight_loss_pct: 15 });
        expect(c2.metrics.phases).toEqual(c1.metrics.phases);
        // The rate of rise by 9/5 alone, no offset: the same times, each value within Artisan's one-decimal rounding.
        expect(c2.ror.map((point) => point.t)).toEqual(c1.ror.map((point) => point.t));
        c2.ror.forEach((point, index) => expect(Math.abs(point.v - (c1.ror[index]!.v * 9) / 5)).toBeLessThanOrEqual(0.2));
        // A °F file in °F: its own points, untouched.
        const f2 = await curveOf(fahrenheit.id);
        expect({ unit: f2.unit, points: f2.points, events: f2.events }).toEqual(readAlogFile(OUT_ZERO).curve);
        expect(f2.metrics).toMatchObject({ charge: { t: 0, bt: null }, tp: { t: 4, bt: 154.5 }, drop: { t: 78, bt: 222.9 } });

        expect(await storedCurves()).toEqual(stored);
      });

      it('answers a real profile\'s figures as worked out by hand from the file and as Artisan\'s computed block has them', async () => {
        const greenId = await greenLot(10, '2026-01-01');
        const imported = await importFile(REAL_R68, { green_coffee_id: greenId, roast_type: 'Medio' });
        expect(imported.statusCode, imported.body).toBe(201);
        const roast = imported.json() as ArtisanRoast;
        expect(roast).toMatchObject({ quantity_green_kg: 0.25, resultant_kg: 0.208, roast_date: '2026-08-09', artisan_batch: 'R68' });

        // The figures tests/unit/roast-metrics.test.ts works out from timex, temp2 and weight; the same as the file's
        // computed block (TP_time 72.0, TP_BT 112.5, DRY_time 301.5, FCs_time 496.5, FCs_BT 179.9, DROP_BT 194.3, weight_loss 16.8).
        const inC = await curveOf(roast.id);
        expect(inC.unit).toBe('C');
        expect(inC.points).toHaveLength(490);
        expect(inC.points[419]).toMatchObject({ bt: null }); // the file's −1
        expect(inC.metrics).toEqual({
          charge: { t: 0, bt: 140.1 },
          tp: { t: 72, bt: 112.5 },
          dry_end: { t: 301.5, bt: 150.9 },
          fc_start: { t: 496.5, bt: 179.9 },
          fc_end: { t: 565.5, bt: 188.2 },
          sc_start: null,
          sc_end: null,
          drop: { t: 634.5, bt: 194.3 },
          total_time_s: 634.5,
          phases: { drying: { s: 301.5, pct: 47.5 }, maillard: { s: 195, pct: 30.7 }, development: { s: 138, pct: 21.7 } },
          dtr_pct: 21.7,
          weight_loss_pct: 16.8,
        });
        // The rate of rise at FC START and just after the filled −1 reading, by hand in the unit test.
        expect(inC.ror).toEqual(expect.arrayContaining([{ t: 496.5, v: 8.5 }, { t: 625.5, v: 6.3 }]));

        await setUnit('F');
        const inF = await curveOf(roast.id);
        expect(inF.unit).toBe('F');
        // 140.06 °C → 284.108 °F, 112.54 → 234.572, 179.9 → 355.82, 194.25666667 → 381.662; the RoR × 9/5.
        expect([inF.metrics.charge, inF.metrics.tp, inF.metrics.fc_start, inF.metrics.drop]).toEqual([
          { t: 0, bt: 284.1 }, { t: 72, bt: 234.6 }, { t: 496.5, bt: 355.8 }, { t: 634.5, bt: 381.7 },
        ]);
        expect([inF.metrics.phases, inF.metrics.dtr_pct, inF.metrics.weight_loss_pct]).toEqual([inC.metrics.phases, 21.7, 16.8]);
        expect(inF.ror).toEqual(expect.arrayContaining([{ t: 496.5, v: 15.3 }, { t: 625.5, v: 11.3 }]));
      });

      it('follows the roast record\'s weights: an edit of the kilos roasted changes the weight loss', async () => {
        const greenId = await greenLot(10, '2015-01-01');
        const roast = (await importFile(Y2015, { green_coffee_id: greenId, roast_type: 'Medio' })).json() as ArtisanRoast;
        const edited = await t.call(cookie, {
          method: 'PUT',
          url: `/api/roasted-coffee/${roast.id}`,
          payload: { green_coffee_id: greenId, quantity_green_kg: 1.2, resultant_kg: 0.96, roast_type: 'Medio', roast_date: '2015-06-12', version: roast.version },
        });
        expect(edited.statusCode, edited.body).toBe(200);
        expect((await curveOf(roast.id)).metrics.weight_loss_pct).toBe(20); // 0.24 / 1.2
      });
    });

    it('answers 404 for a roast without a curve and for no roast', async () => {
      const greenId = await greenLot(10);
      const typed = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee', payload: { green_coffee_id: greenId, quantity_green_kg: 1, resultant_kg: 0.8, roast_type: 'Claro', roast_date: '2024-03-10' } });
      expectError(await curve((typed.json() as { id: number }).id), 404, 'Este tueste no tiene curva de Artisan.');
      expectError(await curve(999), 404, m.notFound);
      expectError(await curve('abc'), 400, commonMessages.invalidRequest);
    });

    it('needs resultant_kg when the out-weight is 0, and lets it override the file otherwise', async () => {
      const greenId = await greenLot(10);
      const before = await snapshot();
      expectError(await importFile(OUT_ZERO, { green_coffee_id: greenId, roast_type: 'Claro' }), 400, a.resultantMissing);
      expect(await snapshot()).toEqual(before);
      const weighed = await importFile(OUT_ZERO, { green_coffee_id: greenId, roast_type: 'Claro', resultant_kg: '1.275' });
      expect(weighed.json()).toMatchObject({ quantity_green_kg: 1.5, resultant_kg: 1.275, roast_date: '2024-03-16' });
      const overridden = await importFile(LB, { green_coffee_id: greenId, roast_type: 'Claro', resultant_kg: '0.9' });
      expect(overridden.json()).toMatchObject({ quantity_green_kg: 0.998, resultant_kg: 0.9 });
      expectError(await importFile(OZ, { green_coffee_id: greenId, roast_type: 'Claro', resultant_kg: 'mucho' }), 400, a.invalidResultant);
    });

    it('takes the date from roastepoch, or from roast_date when the file has none (a template)', async () => {
      const greenId = await greenLot(10);
      expect((await importFile(OZ, { green_coffee_id: greenId, roast_type: 'Claro' })).json()).toMatchObject({ roast_date: '2024-03-16', quantity_green_kg: 1, resultant_kg: 0.85 });
      expectError(await importFile(TEMPLATE, { green_coffee_id: greenId, roast_type: 'Claro' }), 400, 'El archivo no tiene fecha de tostado: indica la Fecha de Tostado.');
      // The form's own date rules, the lot's entry in the row's words (which rule, and the ways out).
      expectError(await importFile(TEMPLATE, { green_coffee_id: greenId, roast_type: 'Claro', roast_date: '2023-12-31' }), 400, a.beforeGreenEntry('2023-12-31', `V-${lotCounter}`, '2024-01-01'));
      expectError(await importFile(TEMPLATE, { green_coffee_id: greenId, roast_type: 'Claro', roast_date: '20-03-2024' }), 400, m.invalidDate('20-03-2024'));
      const dated = await importFile(TEMPLATE, { green_coffee_id: greenId, roast_type: 'Claro', roast_date: '2024-03-20' });
      expect(dated.statusCode).toBe(201);
      expect(dated.json()).toMatchObject({ roast_date: '2024-03-20', quantity_green_kg: 0.2, resultant_kg: 0.168 });
    });

    it('records a file once: the same uuid again is a 409 naming the lot, writing nothing; deleting that roast frees it', async () => {
      const greenId = await greenLot(10);
      const first = (await importFile(LB, { green_coffee_id: greenId, roast_type: 'Medio' })).json() as ArtisanRoast;
      const before = await snapshot();
      const again = await importFile(LB, { green_coffee_id: greenId, roast_type: 'Claro' });
      expectError(again, 409, `Este perfil de Artisan ya está registrado en el lote de café tostado ${first.batch_code}: no se ha importado de nuevo.`);
      expect(await snapshot()).toEqual(before);
      // The same file, re-saved with other spacing, still carries its roastUUID.
      expect((await importFile(Buffer.from(`  ${LB.toString('utf8')}\n`), { green_coffee_id: greenId, roast_type: 'Claro' })).statusCode).toBe(409);
      // A file without a roastUUID is known by its content.
      expect((await importFile(TEMPLATE, { green_coffee_id: greenId, roast_type: 'Claro', roast_date: '2024-03-20' })).statusCode).toBe(201);
      expect((await importFile(TEMPLATE, { green_coffee_id: greenId, roast_type: 'Claro', roast_date: '2024-03-21' })).statusCode).toBe(409);
      expect((await t.call(cookie, { method: 'DELETE', url: `/api/roasted-coffee/${first.id}` })).statusCode).toBe(204);
      expect(await t.db.selectFrom('roast_artisan_profiles').select('roast_id').where('roast_id', '=', first.id).execute()).toEqual([]);
      expect((await importFile(LB, { green_coffee_id: greenId, roast_type: 'Medio' })).statusCode).toBe(201);
    });
  });

  describe('bad input: a Spanish 4xx, nothing written', () => {
    it('every broken file, to both routes', async () => {
      const greenId = await greenLot(10);
      const nested = `{'a': ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const cases: [Buffer | string, number, string][] = [
        ['', 400, a.fileEmpty],
        [fixture('bad-not-a-dict.alog'), 400, a.notADict],
        [fixture('bad-json-array.alog'), 400, 'El archivo no es un perfil de Artisan: debe contener un diccionario entre llaves ({…}).'],
        [nested, 400, a.tooDeep],
        [Buffer.alloc(20 * 1024 * 1024, 0x20), 413, a.fileTooLarge(defaultFormatter)],
        [fixture('bad-huge-number.alog'), 400, a.numberOutOfRange(1)],
        [fixture('bad-nan.alog'), 400, a.numberOutOfRange(1)],
        [fixture('bad-weight-missing.alog'), 400, a.weightMissing],
        [fixture('bad-weight-text.alog'), 400, a.weightMissing],
        [fixture('bad-unit.alog'), 400, 'Unidad de peso desconocida en el archivo: «stone». Artisan usa g, Kg, lb u oz.'],
        [Buffer.from([0x7b, 0x27, 0xe9, 0x27, 0x7d]), 400, a.fileNotUtf8],
      ];
      const before = await snapshot();
      for (const [body, status, message] of cases) {
        expectError(await preview(body), status, message);
        expectError(await importFile(body, { green_coffee_id: greenId, roast_type: 'Medio' }), status, message);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('the roast form\'s rules, with its messages, in its order', async () => {
      const greenId = await greenLot(0.5);
      const before = await snapshot();
      expectError(await importFile(fixture('bad-out-above-in.alog'), { green_coffee_id: greenId, roast_type: 'Medio' }), 400, 'Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.');
      expectError(await importFile(LB, { green_coffee_id: greenId, roast_type: 'Medio' }), 409, 'No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 0.50 Kg.');
      expectError(await importFile(LB, { green_coffee_id: 9999, roast_type: 'Medio' }), 400, 'El lote de café verde seleccionado no es válido.');
      expectError(await importFile(LB, { green_coffee_id: 'uno', roast_type: 'Medio' }), 400, m.invalidGreenLot);
      expectError(await importFile(LB, { roast_type: 'Medio' }), 400, 'Por favor, completa todos los campos obligatorios.');
      expectError(await importFile(LB, { green_coffee_id: greenId }), 400, m.required);
      expectError(await importFile(LB, { green_coffee_id: greenId, roast_type: 'Tostadísimo' }), 400, m.invalidRoastType);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a body that is not the file (JSON, a form): 415 in Spanish', async () => {
      const greenId = await greenLot(10);
      const asJson = await t.call(cookie, { method: 'POST', url: `/api/roasted-coffee/import-artisan?green_coffee_id=${greenId}&roast_type=Medio`, payload: { weight: [1, 1, 'g'] } });
      expectError(asJson, 415, commonMessages.octetStreamRequired);
      const asForm = await t.call(cookie, { method: 'POST', url: '/api/artisan/preview', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' });
      expectError(asForm, 415, commonMessages.octetStreamRequired);
    });
  });

  describe('batch (one confirm of the screen)', () => {
    it('records every file in one transaction', async () => {
      const greenA = await greenLot(10);
      const greenB = await greenLot(10);
      const response = await importBatch([
        file64(LB, { name: 'tarrazu.alog', green_coffee_id: greenB, roast_type: 'Medio' }),
        file64(OUT_ZERO, { name: 'etiopia.alog', green_coffee_id: greenA, roast_type: 'Claro', resultant_kg: 1.3 }),
      ]);
      expect(response.statusCode).toBe(201);
      const { imported } = response.json() as { imported: ArtisanRoast[] };
      expect(imported.map((roast) => [roast.green_coffee_id, roast.quantity_green_kg, roast.resultant_kg, roast.has_curve])).toEqual([
        [greenB, 0.998, 0.848, true],
        [greenA, 1.5, 1.3, true],
      ]);
      expect([await greenStock(greenA), await greenStock(greenB)]).toEqual([8_500, 9_002]);
    });

    it('writes nothing when one file is refused, naming it', async () => {
      const greenId = await greenLot(2);
      const before = await snapshot();
      const badFile = await importBatch([
        file64(LB, { name: 'bueno.alog', green_coffee_id: greenId, roast_type: 'Medio' }),
        file64(fixture('bad-unit.alog'), { name: 'malo.alog', green_coffee_id: greenId, roast_type: 'Medio' }),
      ]);
      expectError(badFile, 400, 'malo.alog: Unidad de peso desconocida en el archivo: «stone». Artisan usa g, Kg, lb u oz.');
      // Stock runs out at the second roast of the same lot: the first is undone too.
      const noStock = await importBatch([
        file64(OZ, { green_coffee_id: greenId, roast_type: 'Medio' }),
        file64(OUT_ZERO, { green_coffee_id: greenId, roast_type: 'Medio', resultant_kg: 1 }),
      ]);
      expectError(noStock, 409, `Archivo 2: ${m.notEnoughGreen(1, defaultFormatter)}`);
      expect(await snapshot()).toEqual(before);
    });

    it('the same profile twice in one batch: the second is already in the batch, not in a lot the rollback erased', async () => {
      const greenId = await greenLot(5);
      const before = await snapshot();
      const choices = { green_coffee_id: greenId, roast_type: 'Medio' };
      const twice = await importBatch([file64(LB, choices), file64(OZ, choices), file64(LB, choices)]);
      expectError(twice, 400, 'Archivo 3: Este perfil de Artisan ya está en esta importación (Archivo 1): quita uno de los dos.');
      const named = await importBatch([file64(LB, { ...choices, name: 'tarrazu.alog' }), file64(LB, { ...choices, name: 'tarrazu (copia).alog' })]);
      expectError(named, 400, a.batchFile('tarrazu (copia).alog', a.alreadyInBatch('tarrazu.alog')));
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an empty batch, too many files and broken base64', async () => {
      expectError(await importBatch([]), 400, a.batchEmpty);
      expectError(await importBatch(Array.from({ length: 51 }, () => ({ content_base64: '' }))), 400, a.batchTooMany);
      expectError(await importBatch([{ content_base64: '$$$', green_coffee_id: 1, roast_type: 'Medio' }]), 400, a.batchBase64);
      expectError(await importBatch([{ content_base64: '', green_coffee_id: 1, roast_type: 'Medio' }]), 400, a.fileEmpty);
    });

    it('answers a malformed batch body with a Spanish 400, never zod\'s English, and writes nothing', async () => {
      const before = await snapshot();
      const send = (payload: unknown) => t.call(cookie, { method: 'POST', url: '/api/roasted-coffee/import-artisan-batch', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
      const cases: [unknown, string][] = [
        // A file that is not an object: these were 'Invalid input: expected object, received number/array'.
        [{ files: [1] }, a.batchFileInvalid],
        [{ files: [[{ content_base64: '' }]] }, a.batchFileInvalid],
        [{ files: [null] }, a.batchFileInvalid],
        [{ files: ['texto'] }, a.batchFileInvalid],
        [{ files: 'texto' }, a.batchEmpty],
        [{ files: { content_base64: '' } }, a.batchEmpty],
        [[{ content_base64: '' }], a.batchEmpty],
        [null, a.batchEmpty],
        [{ files: [{ content_base64: 1 }] }, a.batchBase64],
        [{ files: [{ content_base64: '', resultant_kg: 'uno' }] }, a.invalidResultant],
        [{ files: [{ content_base64: '', green_coffee_id: 1.5 }] }, commonMessages.invalidRequest],
      ];
      for (const [payload, message] of cases) {
        const response = await send(payload);
        expect({ payload, status: response.statusCode, message: errorOf(response).message }).toEqual({ payload, status: 400, message });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('concurrency', () => {
    it('the same file imported twice at once records one roast', async () => {
      const greenA = await greenLot(10);
      const greenB = await greenLot(10);
      const responses = await Promise.all([
        importFile(LB, { green_coffee_id: greenA, roast_type: 'Medio' }),
        importFile(LB, { green_coffee_id: greenB, roast_type: 'Medio' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(await t.db.selectFrom('roasted_coffee').select('id').execute()).toHaveLength(1);
      expect((await greenStock(greenA)) + (await greenStock(greenB))).toBe(20_000 - 998);
    });

    itOn(dialect, 'postgres')('two server processes (two pools) importing the same file on different lots record one roast, every round', async () => {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema;
      const other = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! }, { pgSchema: schema });
      const otherApp = await buildApp({ db: other.db, loginRateLimitPerMinute: 1000 });
      try {
        const otherCookie = await loginCookie(otherApp, 'tostador', TEST_PASSWORD);
        for (let round = 0; round < 5; round++) {
          await resetDatabase(t.db);
          const origin = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Costa Rica', kilos_per_bag: 69, suppliers_fincas: ['Finca La Pastora'] } });
          originId = (origin.json() as { id: number }).id;
          const greenA = await greenLot(10);
          const greenB = await greenLot(10);
          const url = (green: number) => `/api/roasted-coffee/import-artisan?green_coffee_id=${green}&roast_type=Medio`;
          const responses = await Promise.all([
            t.call(cookie, { method: 'POST', url: url(greenA), headers: octet, payload: LB }),
            otherApp.inject({ method: 'POST', url: url(greenB), headers: { ...octet, cookie: otherCookie }, payload: LB }),
          ]);
          expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
          expect(await t.db.selectFrom('roast_artisan_profiles').select('roast_id').execute()).toHaveLength(1);
          expect(await findLedgerMismatches(t.db, ['green', 'roasted'])).toEqual([]);
        }
      } finally {
        await otherApp.close();
        await other.close();
      }
    });
  });
});
