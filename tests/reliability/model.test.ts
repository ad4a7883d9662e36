import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { gramsToKg } from '#shared/units.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { inventoryCommands, type Real } from './helpers/inventory-commands.js';
import type { Model } from './helpers/inventory-model.js';
import { recordCases, sizeOf } from './helpers/mode.js';

/**
 * The model-based test (docs/reliability.md): random sequences of every stock operation,
 * valid and invalid, against the real API (in-process, both databases), next
 * to an in-memory model (helpers/inventory-model.ts). After each command the
 * status equals the model's, every lot's stock_kg equals the model's, nothing
 * is negative, no 5xx; every few commands and at the end of a run the ledger
 * and the sales aggregates agree with the rows. A failure prints the shrunk
 * command sequence (fast-check's counterexample) and the seed to replay it.
 */
const TOTAL_COMMANDS = sizeOf('MODEL_COMMANDS', { quick: 150, long: 5000 });
const MAX_COMMANDS_PER_RUN = 60;

interface Listed {
  id: number;
  stock_kg: number;
  name?: string;
}

describe.each(testDialects())('modelo del inventario contra la API (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let salesAvailable = false;
  let commands = 0;
  let runs = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('administrador', 'modelo');
    const doc = (await t.call(cookie, { method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    // Ventas lands separately: its commands join as soon as its routes exist.
    salesAvailable = doc.paths['/api/sales']?.post !== undefined && doc.paths['/api/sales/{id}']?.put !== undefined;
  });
  afterAll(() => t?.close());

  const send: Real['send'] = async (method, url, payload) => {
    const response = await t.call(cookie, { method: method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body === '' ? null : response.json() };
  };

  async function list(url: string): Promise<Listed[]> {
    const answer = await send('GET', url);
    if (answer.status !== 200) throw new Error(`GET ${url} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as { items: Listed[] }).items;
  }

  function compare(kind: string, listed: Listed[], expected: { id: number; stockG: number }[]): void {
    const byId = new Map(listed.map((item) => [item.id, item]));
    if (listed.length !== expected.length) {
      throw new Error(`${kind}: la API lista ${listed.map((i) => i.id).join(',')} y el modelo ${expected.map((e) => e.id).join(',')}`);
    }
    for (const lot of expected) {
      if (lot.stockG < 0) throw new Error(`${kind} #${lot.id}: el modelo quedó negativo (${lot.stockG} g)`);
      const item = byId.get(lot.id);
      if (!item) throw new Error(`${kind} #${lot.id}: falta en la API`);
      if (item.stock_kg !== gramsToKg(lot.stockG)) throw new Error(`${kind} #${lot.id}: stock_kg ${item.stock_kg}, modelo ${gramsToKg(lot.stockG)}`);
    }
  }

  async function checkLedger(): Promise<void> {
    const ledger = await findLedgerMismatches(t.db, ['green', 'roasted', 'blend']);
    if (ledger.length > 0) throw new Error(`libro de movimientos descuadrado: ${JSON.stringify(ledger)}`);
    const aggregates = await findAggregateMismatches(t.db);
    if (aggregates.length > 0) throw new Error(`agregados de ventas descuadrados: ${JSON.stringify(aggregates)}`);
  }

  const real: Real = {
    send,
    counted(status) {
      commands++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    },
    async verify(model: Model) {
      for (const origin of model.origins) {
        compare('verde', await list(`/api/green-coffee?origin_id=${origin.id}&limit=500`), model.greens.filter((g) => g.originId === origin.id));
        const roasts = model.roasts.filter((r) => model.greens.find((g) => g.id === r.greenId)?.originId === origin.id);
        compare('tostado', await list(`/api/roasted-coffee?origin_id=${origin.id}&limit=500`), roasts);
      }
      const blends = (await list('/api/blended-coffee?limit=500')).filter((b) => b.name === model.blendName);
      compare('mezcla', blends, model.blends);
      if (commands % 25 === 0) await checkLedger();
    },
  };

  /** Fresh origins per run: the run's lots are exactly those listed under them (and its blend name). */
  async function setup(): Promise<{ model: Model; real: Real }> {
    runs++;
    const origins = [];
    for (const letter of ['A', 'B']) {
      const supplier = `Finca ${letter}`;
      const answer = await send('POST', '/api/coffee-origins', { name: `Origen ${letter} ${runs}`, kilos_per_bag: 60, suppliers_fincas: [supplier] });
      if (answer.status !== 201) throw new Error(`origen: ${answer.status} ${JSON.stringify(answer.body)}`);
      origins.push({ id: (answer.body as { id: number }).id, supplier });
    }
    const model: Model = {
      origins,
      greens: [],
      roasts: [],
      blends: [],
      sales: [],
      gone: { green: [], roasted: [], blend: [], sale: [] },
      salesAvailable,
      blendName: `Mezcla Modelo ${runs}`,
    };
    return { model, real };
  }

  it(`${TOTAL_COMMANDS} órdenes al azar: misma respuesta y mismo stock que el modelo`, async () => {
    const started = Date.now();
    let failure: unknown;
    try {
      while (commands < TOTAL_COMMANDS) {
        await fc.assert(
          fc.asyncProperty(inventoryCommands(MAX_COMMANDS_PER_RUN), async (cmds) => {
            await fc.asyncModelRun(setup, cmds);
            await checkLedger();
          }),
          { numRuns: 10, endOnFailure: false },
        );
      }
    } catch (error) {
      failure = error;
      // The shrunk sequence and the seed/path to replay it are in the message.
      console.log(`secuencia mínima que falla (${dialect}):\n${String((error as Error).message)}`);
    }
    recordCases(`modelo (${dialect})`, commands, failure ? 1 : 0, `${runs} secuencias, ventas ${salesAvailable ? 'sí' : 'no (sin /api/sales)'}, respuestas ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, ${Math.round((Date.now() - started) / 1000)} s`);
    expect(failure).toBeUndefined();
  }, 3_600_000);
});
