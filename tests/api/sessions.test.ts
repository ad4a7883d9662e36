import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages, sessionMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import type { ClosedSessions, SessionList } from '#shared/schemas/sessions.js';
import { createTestApp, errorOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * «Mis sesiones» and «Cerrar sesiones» (docs/product-guide.md#roles-and-permissions):
 * a user lists and ends their own sessions, an administrator ends all of a
 * user's; session tokens never leave the server.
 */
describe.each(testDialects())('sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Signs `username` in again from a browser with this User-Agent; returns its Cookie header and token. */
  const login = async (username: string, userAgent: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, payload: { username, password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const token = response.cookies.find((cookie) => cookie.name === 'cafe_sesion')!.value;
    return { cookie: `cafe_sesion=${token}`, token };
  };
  const list = async (cookie: string) => {
    const response = await t.call(cookie, { method: 'GET', url: '/api/auth/sessions' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SessionList;
  };
  const me = async (cookie: string) => (await t.call(cookie, { method: 'GET', url: '/api/auth/me' })).statusCode;

  it('answers 401 without a session and 403 to a tecnico ending someone else\'s sessions', async () => {
    for (const [method, url] of [['GET', '/api/auth/sessions'], ['DELETE', '/api/auth/sessions'], ['DELETE', '/api/auth/sessions/0123456789abcdef'], ['DELETE', '/api/users/1/sessions']] as const) {
      const response = await t.call(undefined, { method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const tecnico = await t.signIn('tecnico', 'tecnica-sesiones');
    const denied = await t.call(tecnico, { method: 'DELETE', url: '/api/users/1/sessions' });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied)).toEqual({ code: 'forbidden', message: commonMessages.forbidden });
  });

  it('lists one\'s own open sessions, this one marked and first, with device and address shortened, never a token', async () => {
    await t.signIn('tecnico', 'viajera');
    const laptop = await login('viajera', CHROME_WINDOWS);
    const phone = await login('viajera', SAFARI_IPHONE);
    await t.signIn('tecnico', 'vecina');
    const { items } = await list(phone.cookie);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ current: true, device: 'Safari en iPhone', ip: '127.0.0.1' });
    expect(items.filter((item) => item.current)).toHaveLength(1);
    expect(items.map((item) => item.device)).toContain('Chrome en Windows');
    for (const item of items) {
      expect(item.id).toMatch(/^[0-9a-f]{16}$/);
      expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
      expect(new Date(item.last_seen_at).getTime()).toBeGreaterThanOrEqual(new Date(item.created_at).getTime());
    }
    const body = JSON.stringify(items);
    expect(body).not.toContain(laptop.token);
    expect(body).not.toContain(phone.token);
    // The stored key (the token's SHA-256) is not sent whole either.
    const keys = await t.db.selectFrom('sessions').select('id').execute();
    for (const { id } of keys) expect(body).not.toContain(id);
  });

  it('ends another of one\'s sessions by its id; another user\'s id or an unknown one is a 404, a malformed one a 400', async () => {
    await t.signIn('tecnico', 'ana-sesiones');
    const desk = await login('ana-sesiones', CHROME_WINDOWS);
    const pocket = await login('ana-sesiones', SAFARI_IPHONE);
    const stranger = await t.signIn('tecnico', 'extrana');
    const pocketId = (await list(desk.cookie)).items.find((item) => item.device === 'Safari en iPhone')!.id;

    // Another user cannot end it, nor learn that it exists.
    const foreign = await t.call(stranger, { method: 'DELETE', url: `/api/auth/sessions/${pocketId}` });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual({ code: 'not_found', message: sessionMessages.notFound });
    expect(errorOf(foreign).message).toBe('La sesión no existe o ya se cerró.');
    expect(await me(pocket.cookie)).toBe(200);
    expect((await t.call(desk.cookie, { method: 'DELETE', url: '/api/auth/sessions/0000000000000000' })).statusCode).toBe(404);
    for (const bad of ['xyz', '0123456789ABCDEF', '0123456789abcdef0', '%20']) {
      const response = await t.call(desk.cookie, { method: 'DELETE', url: `/api/auth/sessions/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).message, bad).toBe(commonMessages.invalidRequest);
    }

    const ended = await t.call(desk.cookie, { method: 'DELETE', url: `/api/auth/sessions/${pocketId}` });
    expect(ended.statusCode).toBe(204);
    expect(await me(pocket.cookie)).toBe(401);
    expect(await me(desk.cookie)).toBe(200);
    expect((await t.call(desk.cookie, { method: 'DELETE', url: `/api/auth/sessions/${pocketId}` })).statusCode).toBe(404);
  });

  it('ends all of one\'s other sessions, keeping this one', async () => {
    const first = await t.signIn('tecnico', 'luis-sesiones');
    const second = await login('luis-sesiones', CHROME_WINDOWS);
    const third = await login('luis-sesiones', SAFARI_IPHONE);
    const other = await t.signIn('tecnico', 'otro-usuario');
    const response = await t.call(second.cookie, { method: 'DELETE', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ closed: 2 } satisfies ClosedSessions);
    expect([await me(first), await me(second.cookie), await me(third.cookie), await me(other)]).toEqual([401, 200, 401, 200]);
    expect((await list(second.cookie)).items).toHaveLength(1);
    expect((await t.call(second.cookie, { method: 'DELETE', url: '/api/auth/sessions' })).json()).toEqual({ closed: 0 });
  });

  it('lets an administrator end every session of a user (404 for an unknown user, 400 for a bad id)', async () => {
    const admin = await t.signIn('administrador', 'jefa-sesiones');
    const worker = await t.signIn('tecnico', 'turno-noche');
    const workerPhone = await login('turno-noche', SAFARI_IPHONE);
    const workerId = (await t.db.selectFrom('users').select('id').where('username', '=', 'turno-noche').executeTakeFirstOrThrow()).id;

    const response = await t.call(admin, { method: 'DELETE', url: `/api/users/${workerId}/sessions` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ closed: 2 });
    expect([await me(worker), await me(workerPhone.cookie), await me(admin)]).toEqual([401, 401, 200]);

    const unknown = await t.call(admin, { method: 'DELETE', url: '/api/users/999999/sessions' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(userMessages.notFound);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/users/abc/sessions' })).statusCode).toBe(400);

    // On oneself it keeps the session that asked, as a password change does.
    const adminLaptop = await login('jefa-sesiones', CHROME_WINDOWS);
    const adminId = (await t.db.selectFrom('users').select('id').where('username', '=', 'jefa-sesiones').executeTakeFirstOrThrow()).id;
    expect((await t.call(admin, { method: 'DELETE', url: `/api/users/${adminId}/sessions` })).json()).toEqual({ closed: 1 });
    expect([await me(admin), await me(adminLaptop.cookie)]).toEqual([200, 401]);
  });
});
