import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REGIONAL_FORMAT } from '#shared/format.js';
import { authMessages, commonMessages } from '#shared/messages.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '#server/auth/sessions.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { createTestApp, errorOf, loginCookie, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

describe.each(testDialects())('autenticación (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('health answers without a session', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('health answers while a write transaction holds the database (SQLite: through the read-only connection, decision 0055)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // A write in progress, as a big import's transaction is between its statements: the write connection (and its group commit) held.
    const writing = withWriteTransaction(t.db, async (trx) => {
      await trx.selectFrom('settings').select('key').execute();
      entered();
      await held;
      throw new Error('deshecha');
    }).catch(() => 'deshecha');
    await inside;
    try {
      // A bound, not a timing: before the read connection this answer waited for the transaction, i.e. for ever here.
      const answer = await Promise.race([t.call(undefined, { method: 'GET', url: '/api/health' }), new Promise<'esperó'>((resolve) => setTimeout(() => resolve('esperó'), 5_000))]);
      expect(answer === 'esperó' ? answer : answer.statusCode).toBe(200);
    } finally {
      release();
    }
    expect(await writing).toBe('deshecha');
  });

  it('signs in with a case-insensitive username and sets a strict HttpOnly cookie', async () => {
    await t.signIn('tecnico', 'maria');
    const response = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'MARIA', password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    // The shop's regional format comes beside the user (docs/decisions/0042-one-regional-formatter.md).
    expect(response.json()).toEqual({ user: { id: expect.any(Number), username: 'maria', full_name: 'Persona maria', role: 'tecnico' }, format: DEFAULT_REGIONAL_FORMAT });
    const cookie = response.cookies.find((c) => c.name === 'cafe_sesion');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same 401 message for a wrong password and for an unknown user', async () => {
    await t.signIn('tecnico', 'pedro');
    const wrong = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'pedro', password: 'otra-cosa-123' } });
    const unknown = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'nadie', password: 'otra-cosa-123' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: authMessages.wrongCredentials });
      expect(response.cookies).toHaveLength(0);
    }
    expect(authMessages.wrongCredentials).toBe('Usuario o contraseña incorrectos. ¡Intenta de nuevo, campeón!');
  });

  it('rejects an empty login body with a Spanish 400', async () => {
    // docs/product-guide.md#sign-in: anything but a matching username and password answers the one message.
    const bodies: unknown[] = [
      { username: '', password: '' },
      { username: '   ', password: 'algo-largo-1' },
      { username: 'ana' },
      { password: 'algo-largo-1' },
      {},
      { username: 'a'.repeat(201), password: 'algo-largo-1' },
      { username: 'ana', password: 'x'.repeat(1025) },
      { username: 42, password: 'algo-largo-1' },
      { username: 'ana', password: null },
      [],
      'texto',
    ];
    for (const body of bodies) {
      const response = await t.call(undefined, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response), JSON.stringify(body)).toEqual({ code: 'validation', message: authMessages.wrongCredentials });
    }
    expect(authMessages.wrongCredentials).toBe('Usuario o contraseña incorrectos. ¡Intenta de nuevo, campeón!');
  });

  it('gives a new token at each login and keeps both sessions apart', async () => {
    await t.signIn('tecnico', 'lucia');
    const first = await loginCookie(t.app, 'lucia', TEST_PASSWORD);
    const second = await loginCookie(t.app, 'lucia', TEST_PASSWORD);
    expect(first).not.toBe(second);
  });

  it('me returns the session user; logout deletes the session so the old cookie stops working', async () => {
    const cookie = await t.signIn('administrador', 'ana');
    const me = await t.call(cookie, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ user: { username: 'ana', role: 'administrador' } });

    const logout = await t.call(cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
    const after = await t.call(cookie, { method: 'GET', url: '/api/auth/me' });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('unauthenticated');
  });

  it('expires a session after 30 minutes idle and after 12 hours in any case', async () => {
    const idle = await t.signIn('tecnico', 'idle');
    await t.db.updateTable('sessions').set({ last_seen_at: Date.now() - SESSION_IDLE_MS - 1000 }).execute();
    expect((await t.call(idle, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const old = await t.signIn('tecnico', 'old');
    await t.db.updateTable('sessions').set({ created_at: Date.now() - SESSION_ABSOLUTE_MS - 1000 }).execute();
    expect((await t.call(old, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('stores only a hash of the session token and an argon2id password hash', async () => {
    const cookie = await t.signIn('tecnico', 'hashes');
    const token = cookie.split('=')[1]!;
    const sessions = await t.db.selectFrom('sessions').select('id').execute();
    expect(sessions.map((s) => s.id)).not.toContain(token);
    const user = await t.db.selectFrom('users').select('password_hash').where('username', '=', 'hashes').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('after 5 wrong passwords stops that address for the account, even with the right one, but not the owner elsewhere', async () => {
    await t.signIn('tecnico', 'victima');
    for (let i = 0; i < 5; i++) {
      const response = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'victima', password: `mala-${i}-xxxx` } });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'victima', password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe(authMessages.tooManyAttempts(Number(blocked.headers['retry-after'])));
    const elsewhere = await t.call(undefined, {
      method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.20', payload: { username: 'victima', password: TEST_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses every non-public /api route without a session, and admin routes for a tecnico', async () => {
    const tecnico = await t.signIn('tecnico', 'tec-routes');
    const apiRoutes = t.app.routeList.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(apiRoutes.length).toBeGreaterThan(3);
    for (const route of apiRoutes) {
      const url = route.url.replace(/:\w+/g, '1').replace('*', 'x');
      if (route.public) continue;
      const anonymous = await t.call(undefined, { method: route.method as 'GET', url, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.roles && !route.roles.includes('tecnico')) {
        const denied = await t.call(tecnico, { method: route.method as 'GET', url, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(errorOf(denied).message).toBe(commonMessages.forbidden);
      }
    }
    const publicRoutes = apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`).sort();
    expect(publicRoutes).toEqual(['GET /api/health', 'GET /api/public/lots/:code', 'POST /api/auth/login']);
  });

  it('an unknown /api route is 401 without a session and a JSON 404 with one', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/nada' })).statusCode).toBe(401);
    const cookie = await t.signIn('tecnico', 'lost');
    const response = await t.call(cookie, { method: 'GET', url: '/api/nada' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'not_found', message: commonMessages.routeNotFound });
  });
});
