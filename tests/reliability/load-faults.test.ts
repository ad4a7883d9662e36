import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/auth/passwords.js';
import { createSession } from '#server/auth/sessions.js';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { insertUser } from '#server/features/users/repository.js';
import type { RunningServer } from '#support/start-server.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { recordCases, sizeOf } from './helpers/mode.js';
import { killHard, scratchPostgresDatabase, startBuiltServer } from './helpers/servers.js';
import { type Answer, findHalfDoneWrites, httpSender } from './helpers/write-load.js';

/**
 * Load with faults on PostgreSQL (docs/reliability.md): two server processes on one
 * database, 200 concurrent roast / blend / sale requests on a few lots, while
 * process A is killed -9 and started again. At the end stock and ledger agree,
 * every 2xx is in the database, and the only failures are the dropped
 * connections of the killed process (no 5xx anywhere). Rows created: at least
 * the confirmed ones, at most those plus the dropped ones (a dropped request
 * may have committed just before the kill).
 */
const REQUESTS = sizeOf('LOAD_REQUESTS', { quick: 200, long: 200 });
const ROUNDS = sizeOf('LOAD_ROUNDS', { quick: 1, long: 5 });

const describePostgres = process.env.TEST_DATABASE_URL ? describe : ((() => undefined) as unknown as typeof describe);

describePostgres('carga con fallos: dos procesos sobre PostgreSQL, uno muere con kill -9', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let a: RunningServer;
  let b: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    database = await scratchPostgresDatabase('cafe_reliab_carga');
    a = await startBuiltServer(database.url);
    b = await startBuiltServer(database.url);
    handle = await openDatabase({ kind: 'postgres', url: database.url });
    // A session made in the database: the login route's rate limit is not what this measures.
    const id = await insertUser(handle.db, { username: 'carga', full_name: 'Carga', role: 'administrador', password_hash: await hashPassword('clave-carga-2026') });
    cookie = `cafe_sesion=${await createSession(handle.db, id)}`;
  });
  afterAll(async () => {
    await handle?.close();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it(`${ROUNDS} ronda(s) de ${REQUESTS} solicitudes concurrentes mientras A muere y vuelve`, async () => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let dropped = 0;
    let sent = 0;
    const started = Date.now();
    for (let round = 1; round <= ROUNDS; round++) {
      const sendA = httpSender(() => a.url, () => cookie);
      const sendB = httpSender(() => b.url, () => cookie);
      const seed = async (path: string, body: unknown) => {
        const answer = await sendB('POST', path, body);
        if (answer.status !== 201) throw new Error(`sembrar ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body as { id: number; batch_code: string };
      };
      const origin = await seed('/api/coffee-origins', { name: `Origen carga ${round}`, kilos_per_bag: 60, suppliers_fincas: ['Finca L'] });
      const greens: { id: number; batch_code: string }[] = [];
      for (let i = 0; i < 2; i++) {
        greens.push(await seed('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca L', quantity_kg: 60, unit_price: 8, entry_date: '2026-11-01', batch_code: `CG-${round}-${i}` }));
      }
      const roasts: { id: number; batch_code: string }[] = [];
      for (const green of greens) {
        roasts.push(await seed('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 20, resultant_kg: 16, roast_type: 'Medio', roast_date: '2026-11-20' }));
      }
      const blend = await seed('/api/blended-coffee', {
        name: 'Mezcla carga', total_quantity_kg: 4, creation_date: '2026-11-21', recipe_id: null,
        components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: roasts[0]!.id, quantity_used: 4 }] }],
      });
      const salesAvailable = (await sendB('GET', '/api/sales?limit=1')).status === 200;

      // Each request: what it is, and the table its 2xx creates a row in.
      const requests = Array.from({ length: REQUESTS }, (_, i) => {
        const kind = i % 3;
        if (kind === 0) {
          return { table: 'roasted_coffee' as const, path: '/api/roasted-coffee', body: { green_coffee_id: greens[i % 2]!.id, quantity_green_kg: 1, resultant_kg: 0.8, roast_type: 'Claro', roast_date: '2026-11-20' } };
        }
        if (kind === 1 || !salesAvailable) {
          const roast = roasts[i % 2]!;
          return {
            table: 'blended_coffee' as const, path: '/api/blended-coffee',
            body: { name: 'Mezcla carga', total_quantity_kg: 0.5, creation_date: '2026-11-21', recipe_id: null, components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: roast.id, quantity_used: 0.5 }] }] },
          };
        }
        const [id, type, code] = i % 2 === 0 ? [blend.id, 'mezcla', blend.batch_code] : [roasts[1]!.id, 'tostado', roasts[1]!.batch_code];
        return { table: 'sales' as const, path: '/api/sales', body: { product_id: id, product_type: type, quantity_kg: 0.3, unit_price: 15, sale_date: '2026-11-21', batch_code_sold: code } };
      });

      const idsOf = async (table: 'roasted_coffee' | 'blended_coffee' | 'sales') =>
        new Set((await handle.db.selectFrom(table).select('id').execute()).map((r) => r.id));
      const existing = { roasted_coffee: await idsOf('roasted_coffee'), blended_coffee: await idsOf('blended_coffee'), sales: await idsOf('sales') };

      // A takes the even requests until it dies, then its restarted successor the rest; B the odd ones throughout.
      let aDead = false;
      let restarted: Promise<void> | undefined;
      const killAt = Math.floor(REQUESTS * (0.2 + Math.random() * 0.4));
      const answers: { request: (typeof requests)[number]; answer?: Answer; viaA: boolean }[] = [];
      await Promise.all(
        requests.map(async (request, i) => {
          // Spread over about a second, so the kill lands mid-load.
          await new Promise((resolve) => setTimeout(resolve, (i / REQUESTS) * 1000));
          if (i === killAt) {
            aDead = true;
            const old = a;
            restarted = killHard(old).then(async () => {
              a = await startBuiltServer(database.url);
              aDead = false;
            });
          }
          const viaA = i % 2 === 0;
          if (viaA && aDead) await restarted;
          const record: (typeof answers)[number] = { request, viaA };
          answers.push(record);
          sent++;
          try {
            record.answer = await (viaA ? sendA : sendB)('POST', request.path, request.body);
          } catch (error) {
            dropped++;
            if (!viaA) problems.push(`B perdió una conexión: ${String(error)}`);
          }
        }),
      );
      await restarted;

      for (const { answer, request } of answers) {
        if (!answer) continue;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) problems.push(`5xx: POST ${request.path} ${JSON.stringify(request.body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
        else if (answer.status !== 201 && answer.status !== 409) problems.push(`POST ${request.path} → ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      for (const table of ['roasted_coffee', 'blended_coffee', 'sales'] as const) {
        const confirmed = answers.filter((x) => x.request.table === table && x.answer?.status === 201).map((x) => (x.answer!.body as { id: number }).id);
        const lost = answers.filter((x) => x.request.table === table && !x.answer).length;
        const rows = await handle.db.selectFrom(table).select('id').execute();
        const present = new Set(rows.map((r) => r.id));
        for (const id of confirmed) if (!present.has(id)) problems.push(`${table} #${id}: 201 pero no está`);
        const created = rows.filter((r) => !existing[table].has(r.id)).length;
        if (created < confirmed.length || created > confirmed.length + lost) {
          problems.push(`${table}: ${created} filas nuevas; confirmadas ${confirmed.length}, cortadas ${lost}`);
        }
      }
      for (const m of await findLedgerMismatches(handle.db, ['green', 'roasted', 'blend'])) problems.push(`libro: ${JSON.stringify(m)}`);
      for (const m of await findAggregateMismatches(handle.db)) problems.push(`agregados: ${JSON.stringify(m)}`);
      problems.push(...(await findHalfDoneWrites(handle.db)));
    }
    recordCases(
      'carga con fallos (postgres, 2 procesos)',
      sent,
      problems.length,
      `${ROUNDS} ronda(s), ${dropped} conexiones cortadas por kill -9, respuestas ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(problems).toEqual([]);
  });
});
