import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { hashPassword } from '#server/auth/passwords.js';
import { createSession } from '#server/auth/sessions.js';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { insertUser } from '#server/features/users/repository.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { artisanMessages } from '#shared/artisan-messages.js';
import { blendedCoffeeMessages } from '#shared/blended-coffee-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { salesMessages } from '#shared/sales-messages.js';
import { type RunningServer, startServer } from '#support/start-server.js';
import { RACE_MATRIX, type RaceSend, raceName, raceRounds, raceTimeout, runLine } from '../tests/helpers/race-matrix.js';

/**
 * Concurrent roasts against PostgreSQL (docs/architecture.md#lock-order) through
 * TWO real server processes. Needs TEST_DATABASE_URL (always set in CI, where
 * its absence fails the run).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl && process.env.CI === 'true') throw new Error('En CI hace falta TEST_DATABASE_URL (PostgreSQL).');

describe.runIf(baseUrl)('two server processes on one PostgreSQL database', () => {
  const databaseName = `cafe_2p_${randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(baseUrl ?? 'postgres://localhost/x');
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  const servers: RunningServer[] = [];

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${databaseName}`);
    // One after the other: the first runs the migrations and creates the administrator.
    servers.push(await startServer({ DATABASE_URL: databaseUrl }));
    servers.push(await startServer({ DATABASE_URL: databaseUrl }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await admin(`drop database if exists ${databaseName} with (force)`);
  });

  async function signIn(server: RunningServer): Promise<string> {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword }),
    });
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  const send = (server: RunningServer, cookie: string, method: string, path: string, body?: unknown, contentType?: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': contentType ?? 'application/json' }) },
      body: body === undefined ? undefined : contentType === undefined ? JSON.stringify(body) : String(body),
    });

  /** A record made through the API, set up before a race: it must be created (201). */
  const createdOn = async (server: RunningServer, cookie: string, path: string, body: unknown) => {
    const response = await send(server, cookie, 'POST', path, body);
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; batch_code: string };
  };

  it('20 concurrent 10 kg roasts of a 100 kg lot, split over both processes: exactly 10 pass, no kilo lost', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const cookieA = await signIn(a);
    const cookieB = await signIn(b);
    // Sessions live in the shared database: a cookie from one process works on the other.
    expect((await send(b, cookieA, 'GET', '/api/auth/me')).status).toBe(200);

    const origin = await (await send(a, cookieA, 'POST', '/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca A'] })).json() as { id: number };
    const lot = await (await send(a, cookieA, 'POST', '/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca A', quantity_kg: 100, unit_price: 8, entry_date: '2026-11-01', batch_code: '01-11-26',
    })).json() as { id: number };

    const attempts = Array.from({ length: 20 }, (_, i) => {
      const [server, cookie] = i % 2 === 0 ? [a, cookieA] : [b, cookieB];
      return send(server, cookie, 'POST', '/api/roasted-coffee', {
        green_coffee_id: lot.id, quantity_green_kg: 10, resultant_kg: 8.4, roast_type: 'Medio', roast_date: '2026-11-20',
      });
    });
    const responses = await Promise.all(attempts);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const response of responses.filter((r) => r.status === 409)) {
      const { error } = await response.json() as { error: { message: string } };
      // Refused once the lot is empty: the spec's text, then what is left.
      expect(error.message).toBe('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 0.00 Kg.');
      expect(error.message).toBe(roastedCoffeeMessages.notEnoughGreen(0, defaultFormatter));
    }

    const green = await (await send(b, cookieB, 'GET', '/api/green-coffee?limit=10')).json() as { items: { id: number; stock_kg: number }[] };
    expect(green.items.find((item) => item.id === lot.id)?.stock_kg).toBe(0);
    const roasted = await (await send(a, cookieA, 'GET', '/api/roasted-coffee?limit=50')).json() as { total: number; items: { batch_code: string }[] };
    expect(roasted.total).toBe(10);
    expect(new Set(roasted.items.map((r) => r.batch_code)).size).toBe(10);

    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      expect(await findLedgerMismatches(handle.db, ['green', 'roasted'])).toEqual([]);
      const sum = await handle.db.selectFrom('stock_movements').select((eb) => eb.fn.sum<number>('delta_g').as('total'))
        .where('lot_kind', '=', 'green').executeTakeFirstOrThrow();
      expect(Number(sum.total)).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('30 concurrent 1 kg blends of a 20 kg roasted lot, split over both processes: exactly 20 pass, never below zero', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const cookieA = await signIn(a);
    const cookieB = await signIn(b);
    const created = createdOn;
    const origin = await created(a, cookieA, '/api/coffee-origins', { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Finca M'] });
    const green = await created(a, cookieA, '/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca M', quantity_kg: 30, unit_price: 8, entry_date: '2026-11-01', batch_code: 'BR-01',
    });
    const roast = await created(a, cookieA, '/api/roasted-coffee', {
      green_coffee_id: green.id, quantity_green_kg: 25, resultant_kg: 20, roast_type: 'Oscuro', roast_date: '2026-11-20',
    });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => {
      const [server, cookie] = i % 2 === 0 ? [a, cookieA] : [b, cookieB];
      return send(server, cookie, 'POST', '/api/blended-coffee', {
        name: 'Mezcla Brasil', total_quantity_kg: 1, creation_date: '2026-11-21', recipe_id: null,
        components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: roast.id, quantity_used: 1 }] }],
      });
    }));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const response of responses.filter((r) => r.status === 409)) {
      const { error } = await response.json() as { error: { message: string } };
      expect(error.message).toBe(blendedCoffeeMessages.notEnoughStock(roast.batch_code, '0', '1'));
    }
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      expect(await findLedgerMismatches(handle.db, ['green', 'roasted', 'blend'])).toEqual([]);
      const lot = await handle.db.selectFrom('roasted_coffee').select('stock_g').where('id', '=', roast.id).executeTakeFirstOrThrow();
      expect(lot.stock_g).toBe(0);
      const blends = await handle.db.selectFrom('blended_coffee').select('batch_code_key').where('name', '=', 'Mezcla Brasil').execute();
      expect(new Set(blends.map((blend) => blend.batch_code_key)).size).toBe(20);
    } finally {
      await handle.close();
    }
  });

  it('200 concurrent 1 kg sales of a 50 kg roasted lot, split over both processes: exactly 50 sell, 150 get 409', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const cookieA = await signIn(a);
    const cookieB = await signIn(b);
    const created = (path: string, body: unknown) => createdOn(a, cookieA, path, body);
    const origin = await created('/api/coffee-origins', { name: 'Kenia', kilos_per_bag: 60, suppliers_fincas: ['Finca K'] });
    const green = await created('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca K', quantity_kg: 60, unit_price: 8, entry_date: '2026-11-01', batch_code: 'KE-01',
    });
    const roast = await created('/api/roasted-coffee', {
      green_coffee_id: green.id, quantity_green_kg: 60, resultant_kg: 50, roast_type: 'Claro', roast_date: '2026-11-20',
    });
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => {
      const [server, cookie] = i % 2 === 0 ? [a, cookieA] : [b, cookieB];
      return send(server, cookie, 'POST', '/api/sales', {
        product_id: roast.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15.5, sale_date: '2026-11-21', batch_code_sold: roast.batch_code,
      });
    }));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    for (const response of responses.filter((r) => r.status === 409)) {
      const { error } = await response.json() as { error: { message: string } };
      expect(error.message).toBe(salesMessages.notEnoughStock('tostado', '0'));
    }
    const page = await (await send(b, cookieB, 'GET', '/api/sales?limit=100')).json() as { total: number; items: { total: number }[] };
    expect(page.total).toBe(50);
    expect(page.items.every((sale) => sale.total === 15.5)).toBe(true);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      expect(await findLedgerMismatches(handle.db, ['green', 'roasted', 'blend'])).toEqual([]);
      expect(await findAggregateMismatches(handle.db)).toEqual([]);
      const lot = await handle.db.selectFrom('roasted_coffee').select('stock_g').where('id', '=', roast.id).executeTakeFirstOrThrow();
      expect(lot.stock_g).toBe(0);
      const sold = await handle.db.selectFrom('stock_movements').select((eb) => eb.fn.sum<number>('delta_g').as('total'))
        .where('lot_kind', '=', 'roasted').where('lot_id', '=', roast.id).where('ref_kind', '=', 'sale').executeTakeFirstOrThrow();
      expect(Number(sold.total)).toBe(-50_000);
    } finally {
      await handle.close();
    }
  });

  /**
   * The race matrix (tests/helpers/race-matrix.ts, docs/decisions/0005-lock-order-and-write-transactions.md) through the two
   * processes: each round's operations alternate between them. RACE_ROUNDS=200
   * for a long run.
   */
  describe('race matrix across both processes', () => {
    const rounds = raceRounds(3);
    let handle: DatabaseHandle;
    let adminCookie: string;
    let admins = 0;
    beforeAll(async () => {
      handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
      adminCookie = await signIn(servers[0]!);
    });
    afterAll(() => handle.close());

    /** Retries both servers logged (withWriteTransaction), by code: 40P01 deadlock, 40001, or a retryTransaction reason. */
    const loggedRetries = () => {
      const retries = new Map<string, number>();
      for (const line of servers.flatMap((server) => server.output().split('\n'))) {
        if (!line.includes('"write_transaction_retry"')) continue;
        const code = String((JSON.parse(line) as { code?: unknown }).code);
        retries.set(code, (retries.get(code) ?? 0) + 1);
      }
      return Object.fromEntries(retries);
    };

    const sendTo: RaceSend = async (server, cookie, method, path, body, contentType) => {
      const response = await send(servers[server % servers.length]!, cookie, method, path, body, contentType);
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : JSON.parse(text) };
    };
    // A session made in the database: the login route's rate limit is not what this measures.
    const makeAdmin2 = async () => {
      const id = await insertUser(handle.db, {
        username: `admin-dos-${++admins}`,
        full_name: 'Admin Dos',
        role: 'administrador',
        password_hash: await hashPassword('clave-admin-dos-2026'),
      });
      return { id, cookie: `cafe_sesion=${await createSession(handle.db, id)}` };
    };

    it.each(RACE_MATRIX.map((ops) => [raceName(ops), ops] as const))(`%s (${rounds} rondas)`, async (_name, ops) => {
      const { serverErrors, problems } = await runLine(ops, rounds, { send: sendTo, db: handle.db, adminCookie, makeAdmin2 });
      expect(serverErrors).toEqual([]);
      expect(problems).toEqual([]);
    }, raceTimeout(rounds));

    // After the whole matrix: retries hide a deadlock from the user, not from this test. Every
    // write takes its locks in the global order (docs/decisions/0005), so there must be none.
    it('no deadlock or serialization failure happened in the whole matrix', () => {
      const retries = loggedRetries();
      console.log(`reintentos de transacción registrados (código: veces): ${JSON.stringify(retries)}`);
      expect(retries['40P01'] ?? 0).toBe(0);
      expect(retries['40001'] ?? 0).toBe(0);
    });
  });

  it('one Artisan file imported 10 times at once over both processes: one roast, the rest 409 naming its lot, green taken once', async () => {
    // A profile is recorded once, by its roastUUID, unique in the database (docs/decisions/0026-artisan-alog-import.md).
    const [a, b] = servers as [RunningServer, RunningServer];
    const cookieA = await signIn(a);
    const cookieB = await signIn(b);
    const created = (path: string, body: unknown) => createdOn(a, cookieA, path, body);
    const origin = await created('/api/coffee-origins', { name: 'Costa Rica', kilos_per_bag: 69, suppliers_fincas: ['Finca La Pastora'] });
    const green = await created('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca La Pastora', quantity_kg: 10, unit_price: 6, entry_date: '2024-03-01', batch_code: 'CR-ALOG',
    });
    const file = readFileSync(new URL('../tests/fixtures/artisan/python-literal-lb.alog', import.meta.url));
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => {
      const [server, cookie] = i % 2 === 0 ? [a, cookieA] : [b, cookieB];
      return fetch(`${server.url}/api/roasted-coffee/import-artisan?green_coffee_id=${green.id}&roast_type=Medio`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/octet-stream' },
        body: file,
      });
    }));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const roast = (await responses.find((r) => r.status === 201)!.json()) as { id: number; batch_code: string; roast_uuid: string };
    expect(roast.roast_uuid).toBe('3f2c9a4be1d04c5f8a7b6c5d4e3f2a1b');
    for (const response of responses.filter((r) => r.status === 409)) {
      const { error } = await response.json() as { error: { message: string } };
      expect(error.message).toBe(artisanMessages.alreadyImported(roast.batch_code));
    }

    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      const roasts = await handle.db.selectFrom('roasted_coffee').select('id').where('green_coffee_id', '=', green.id).execute();
      expect(roasts).toEqual([{ id: roast.id }]);
      const profiles = await handle.db.selectFrom('roast_artisan_profiles').select('roast_id').where('roast_uuid', '=', roast.roast_uuid).execute();
      expect(profiles).toEqual([{ roast_id: roast.id }]);
      // 2.2 lb = 998 g taken from the green lot, once, in one ledger row.
      const lot = await handle.db.selectFrom('green_coffee').select('stock_g').where('id', '=', green.id).executeTakeFirstOrThrow();
      expect(lot.stock_g).toBe(10_000 - 998);
      const moves = await handle.db.selectFrom('stock_movements').select(['delta_g', 'reason']).where('lot_kind', '=', 'green').where('lot_id', '=', green.id).orderBy('id').execute();
      expect(moves).toEqual([{ delta_g: 10_000, reason: 'receipt' }, { delta_g: -998, reason: 'roast' }]);
      const entries = await handle.db.selectFrom('activity_log').select('id').where('area', '=', 'roasted-coffee').where('record_id', '=', roast.id).execute();
      expect(entries).toHaveLength(1);
      expect(await findLedgerMismatches(handle.db, ['green', 'roasted', 'blend'])).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('a sale retried with one Idempotency-Key, 20 times at once over both processes: one sale, one ledger row, one log entry, the same answer', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const cookieA = await signIn(a);
    const cookieB = await signIn(b);
    const created = (path: string, body: unknown) => createdOn(a, cookieA, path, body);
    const origin = await created('/api/coffee-origins', { name: 'Ruanda', kilos_per_bag: 60, suppliers_fincas: ['Finca R'] });
    const green = await created('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca R', quantity_kg: 20, unit_price: 8, entry_date: '2026-11-01', batch_code: 'RW-01',
    });
    const roast = await created('/api/roasted-coffee', {
      green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2026-11-20',
    });
    const key = `venta-${randomBytes(8).toString('hex')}`;
    const sale = { product_id: roast.id, product_type: 'tostado', quantity_kg: 2, unit_price: 16, sale_date: '2026-11-21', batch_code_sold: roast.batch_code };
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => {
      const [server, cookie] = i % 2 === 0 ? [a, cookieA] : [b, cookieB];
      return fetch(`${server.url}/api/sales`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(sale),
      });
    }));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);

    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      const sales = await handle.db.selectFrom('sales').select('id').where('product_id', '=', roast.id).execute();
      expect(sales).toHaveLength(1);
      const lot = await handle.db.selectFrom('roasted_coffee').select('stock_g').where('id', '=', roast.id).executeTakeFirstOrThrow();
      expect(lot.stock_g).toBe(8_000);
      const entries = await handle.db.selectFrom('activity_log').select('id').where('area', '=', 'sales').where('record_id', '=', sales[0]!.id).execute();
      expect(entries).toHaveLength(1);
      expect(await findLedgerMismatches(handle.db, ['green', 'roasted', 'blend'])).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
