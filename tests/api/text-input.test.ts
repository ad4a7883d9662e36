import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { commonMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import { createTestApp, errorOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { countRows, testDialects } from '../helpers/test-database.js';
import { roastBody } from '../helpers/bodies.js';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

describe.each(testDialects())('texto de entrada (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let counter = 0;
  const unique = (stem: string) => `${stem}${++counter}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await findLedgerMismatches(t.db, ['green', 'roasted'])).toEqual([]);
  });

  const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
    t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** Every table a write could touch, to prove a refused request wrote nothing. */
  const counts = async () => ({
    users: await countRows(t.db, 'users'),
    sessions: await countRows(t.db, 'sessions'),
    origins: await countRows(t.db, 'coffee_origins'),
    green: await countRows(t.db, 'green_coffee'),
    roasted: await countRows(t.db, 'roasted_coffee'),
    movements: await countRows(t.db, 'stock_movements'),
  });
  const expectInvalidText = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: commonMessages.invalidText });
  };

  const origin = (name = unique('Origen ')) => ({ name, kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'], description: null });
  const createOrigin = async (name?: string): Promise<{ id: number; name: string }> => {
    const response = await call('POST', '/api/coffee-origins', origin(name));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const green = (originId: number, change: Record<string, unknown> = {}) => ({
    origin_id: originId,
    supplier_finca: 'Finca La Esperanza',
    quantity_kg: 20,
    unit_price: 5,
    entry_date: '2024-03-01',
    batch_code: unique('V-'),
    ...change,
  });
  const createGreen = async (originId: number): Promise<number> => {
    const response = await call('POST', '/api/green-coffee', green(originId));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const roast = roastBody;
  const user = (username: string, change: Record<string, unknown> = {}) => ({
    username,
    password: 'tueste-medio-2024',
    full_name: `Nombre de ${username}`,
    ...change,
  });

  it('has the Spanish message word for word', () => {
    expect(commonMessages.invalidText).toBe('El texto contiene caracteres no válidos.');
  });

  describe('refuses NUL (PostgreSQL text cannot hold it) with a 400, writing nothing', () => {
    it('in an origin name, created or edited', async () => {
      const { id, name } = await createOrigin();
      const before = await counts();
      expectInvalidText(await call('POST', '/api/coffee-origins', origin(`Col${NUL}`)));
      expectInvalidText(await call('PUT', `/api/coffee-origins/${id}`, origin(`Col${NUL}`)));
      expect(await counts()).toEqual(before);
      expect((await t.db.selectFrom('coffee_origins').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe(name);
    });

    it('in a green lot code', async () => {
      const { id } = await createOrigin();
      const before = await counts();
      expectInvalidText(await call('POST', '/api/green-coffee', green(id, { batch_code: `x${NUL}` })));
      expect(await counts()).toEqual(before);
    });

    it('in a roasted lot code, created or edited', async () => {
      const greenId = await createGreen((await createOrigin()).id);
      const created = await call('POST', '/api/roasted-coffee', roast(greenId, { batch_code: unique('T-') }));
      expect(created.statusCode, created.body).toBe(201);
      const rowsBefore = await t.db.selectFrom('roasted_coffee').selectAll().orderBy('id').execute();
      const greenBefore = await t.db.selectFrom('green_coffee').selectAll().orderBy('id').execute();
      const before = await counts();

      expectInvalidText(await call('POST', '/api/roasted-coffee', roast(greenId, { batch_code: `A${NUL}B` })));
      expectInvalidText(await call('PUT', `/api/roasted-coffee/${created.json<{ id: number }>().id}`, roast(greenId, { quantity_green_kg: 5, resultant_kg: 4, batch_code: `A${NUL}B` })));

      expect(await counts()).toEqual(before);
      expect(await t.db.selectFrom('roasted_coffee').selectAll().orderBy('id').execute()).toEqual(rowsBefore);
      expect(await t.db.selectFrom('green_coffee').selectAll().orderBy('id').execute()).toEqual(greenBefore);
    });

    it('in a login username, answering before any lookup and without a session', async () => {
      const before = await counts();
      const response = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: `a${NUL}`, password: TEST_PASSWORD } });
      expectInvalidText(response);
      expect(response.cookies).toHaveLength(0);
      expect(await counts()).toEqual(before);
    });

    it('in a user full name, created or edited', async () => {
      const created = await call('POST', '/api/users', user(unique('ana')));
      expect(created.statusCode, created.body).toBe(201);
      const { id, username } = created.json<{ id: number; username: string }>();
      const before = await counts();
      expectInvalidText(await call('POST', '/api/users', user(unique('beto'), { full_name: `Beto${NUL}` })));
      expectInvalidText(await call('PUT', `/api/users/${id}`, { username, full_name: `Ana${NUL}`, role: 'tecnico' }));
      expect(await counts()).toEqual(before);
      expect((await t.db.selectFrom('users').select('full_name').where('id', '=', id).executeTakeFirstOrThrow()).full_name).toBe(`Nombre de ${username}`);
    });

    it('in an object key, in the querystring, and under any spelling of the path', async () => {
      const before = await counts();
      expectInvalidText(await call('POST', '/api/coffee-origins', { ...origin(), [`ex${NUL}tra`]: 1 }));
      expectInvalidText(await call('GET', `/api/coffee-origins?limit=1${encodeURIComponent(NUL)}`));
      // However the path is spelled, the router's route gets the same check.
      expectInvalidText(await call('POST', '/%61pi/coffee-origins', origin(`Col${NUL}`)));
      expect(await counts()).toEqual(before);
    });
  });

  it('finds NUL at the bottom of a deeply nested body, answering 400 rather than overflowing the stack', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}`;
    const response = await t.call(admin, {
      method: 'POST', url: '/api/coffee-origins', headers: { 'content-type': 'application/json' }, payload: `{"name":${nested}}`,
    });
    expectInvalidText(response);
  });

  it('refuses a lone surrogate (the two databases would store it differently) with a 400', async () => {
    const before = await counts();
    expectInvalidText(await call('POST', '/api/coffee-origins', origin(`x${LONE_SURROGATE}`)));
    expectInvalidText(await call('POST', '/api/coffee-origins', origin('\udc00 Huila')));
    expectInvalidText(await call('POST', '/api/users', user(unique('carla'), { full_name: `Carla ${LONE_SURROGATE}` })));
    expect(await counts()).toEqual(before);
    // A well-formed pair is a character like any other.
    expect((await createOrigin(unique('Café ☕ \u{1F331} '))).name).toMatch(/\u{1F331}/u);
  });

  it('stores and answers a decomposed (NFD) name in its composed (NFC) form', async () => {
    const decomposed = unique('Etiopi\u0301a ');
    const composed = decomposed.normalize('NFC');
    expect(composed).not.toBe(decomposed);
    const created = await createOrigin(decomposed);
    expect(created.name).toBe(composed);
    const row = await t.db.selectFrom('coffee_origins').select('name').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(composed);
    const listed = await call('GET', '/api/coffee-origins?limit=100');
    expect(listed.json<{ items: { id: number; name: string }[] }>().items.find((o) => o.id === created.id)?.name).toBe(composed);
  });

  it("makes 'José' one username whether typed composed or decomposed", async () => {
    // The full name is stored composed too (the username alone is also normalized by the users repository).
    const composed = await call('POST', '/api/users', user('José', { full_name: 'Jose\u0301 Pe\u0301rez' }));
    expect(composed.statusCode, composed.body).toBe(201);
    expect(composed.json<{ full_name: string }>().full_name).toBe('José Pérez');
    const decomposed = await call('POST', '/api/users', user('Jose\u0301'));
    expect(decomposed.statusCode).toBe(409);
    expect(errorOf(decomposed)).toEqual({ code: 'duplicate', message: userMessages.duplicateUsername });
    // And he can sign in typing it either way.
    const login = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'Jose\u0301', password: 'tueste-medio-2024' } });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('gives a roast of a decomposed-name origin the composed lot-code prefix', async () => {
    // 'Ámbar' decomposed is A + U+0301 + mbar: its first two letters would be 'AM', composed they are 'ÁM'.
    const { id } = await createOrigin('A\u0301mbar');
    const greenId = await createGreen(id);
    const response = await call('POST', '/api/roasted-coffee', roast(greenId));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ batch_code: string }>().batch_code).toMatch(/^ÁM-150324-[1-9]\d{3}$/);
  });
});
