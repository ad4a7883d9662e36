import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/messages.js';
import { createTestApp, errorOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('sign-in hardening', () => {
  it('limits login attempts per address', async () => {
    t = await createTestApp('sqlite', { loginRateLimitPerMinute: 3 });
    const attempt = () => t!.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: `x${Math.random()}`, password: 'cualquiera-123' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    // Says when, in the text and in Retry-After (docs/decisions/0008-sign-in-throttling-without-lockout.md).
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: authMessages.tooManyAttempts(retryAfter) });
    expect(authMessages.tooManyAttempts(60)).toBe('Demasiados intentos de inicio de sesión. Inténtalo de nuevo dentro de 60 segundos.');
  });

  it('logs each per-address refusal as a login_rate_limited warning, never the password', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
    t = await createTestApp('sqlite', { loginRateLimitPerMinute: 2, logger: { level: 'info', stream } });
    const attempt = () => t!.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'limitada', password: 'secreto-limitado-9' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 429, 429]);
    const entries = lines.map((line) => JSON.parse(line) as { event?: string; level: number; ip?: string });
    const limited = entries.filter((entry) => entry.event === 'login_rate_limited');
    expect(limited).toHaveLength(2);
    for (const entry of limited) expect(entry).toMatchObject({ level: 40, ip: '127.0.0.1' });
    expect(lines.join('')).not.toContain('secreto-limitado-9');
  });

  it('behind HTTPS the cookie is __Host- prefixed and Secure', async () => {
    // app.inject comes from 127.0.0.1: the proxy on the same machine.
    t = await createTestApp('sqlite', { trustProxy: ['loopback'] });
    await t.signIn('tecnico', 'segura');
    const response = await t.call(undefined, {
      method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-proto': 'https' }, payload: { username: 'segura', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies[0];
    expect(cookie).toMatchObject({ name: '__Host-cafe_sesion', secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie).not.toHaveProperty('domain');
    const me = await t.call(`__Host-cafe_sesion=${cookie!.value}`, { method: 'GET', url: '/api/auth/me', headers: { 'x-forwarded-proto': 'https' } });
    expect(me.statusCode).toBe(200);
  });

  it('with an https PUBLIC_URL the cookie is __Host- prefixed and Secure without any trusted proxy', async () => {
    // The proxy in front speaks plain HTTP to the app and is not named in TRUST_PROXY: what people open is https.
    const publicUrl = 'https://cafe.example.com';
    t = await createTestApp('sqlite', { publicUrl });
    await t.signIn('tecnico', 'publica');
    const response = await t.call(undefined, { method: 'POST', url: '/api/auth/login', headers: { origin: publicUrl }, payload: { username: 'publica', password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies[0];
    expect(cookie).toMatchObject({ name: '__Host-cafe_sesion', secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie).not.toHaveProperty('domain');
    expect((await t.call(`__Host-cafe_sesion=${cookie!.value}`, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    // The plain name is not read: a sibling host could have set it.
    expect((await t.call(`cafe_sesion=${cookie!.value}`, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const logout = await t.call(`__Host-cafe_sesion=${cookie!.value}`, { method: 'POST', url: '/api/auth/logout', headers: { origin: publicUrl } });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies[0]).toMatchObject({ name: '__Host-cafe_sesion', value: '', secure: true, path: '/' });
  });

  it('over plain HTTP the cookie keeps its plain name and is not Secure, with an http PUBLIC_URL or none', async () => {
    for (const publicUrl of ['http://tienda.local:3000', undefined]) {
      t = await createTestApp('sqlite', publicUrl ? { publicUrl } : {});
      await t.signIn('tecnico', 'local');
      const response = await t.call(undefined, { method: 'POST', url: '/api/auth/login', headers: publicUrl ? { origin: publicUrl } : {}, payload: { username: 'local', password: TEST_PASSWORD } });
      expect(response.statusCode).toBe(200);
      expect(response.cookies[0]).toMatchObject({ name: 'cafe_sesion', httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(response.cookies[0]).not.toHaveProperty('secure');
      await t.close();
      t = undefined;
    }
  });

  it('logs every sign-in, failure and sign-out, never the password', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
    t = await createTestApp('sqlite', { logger: { level: 'info', stream } });
    await t.signIn('tecnico', 'registrada');
    await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'registrada', password: 'equivocada-1' } });
    const cookie = await t.signIn('tecnico', 'otra');
    await t.call(cookie, { method: 'POST', url: '/api/auth/logout' });
    // Account events only: the start-up warning about PUBLIC_URL is not one.
    const events = lines
      .map((line) => JSON.parse(line) as { event?: string; username?: string })
      .filter((entry) => entry.event && entry.event !== 'public_url_missing');
    expect(events.map((e) => `${e.event}:${e.username}`)).toEqual(['login:registrada', 'login_failed:registrada', 'login:otra', 'logout:otra']);
    expect(lines.join('')).not.toContain(TEST_PASSWORD);
    expect(lines.join('')).not.toContain('equivocada-1');
  });
});
