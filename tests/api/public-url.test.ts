import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

const PUBLIC_URL = 'https://cafe.example.com';

/**
 * Which Origin may write (docs/decisions/0022-public-url-and-origin-check.md).
 * With PUBLIC_URL set, exactly its origin: the Host and X-Forwarded-Host
 * headers, which a client or a badly set proxy can choose, no longer decide.
 */
describe.each(testDialects())('writes from the app\'s own origin (%s)', (dialect) => {
  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    const logs: string[] = [];
    beforeAll(async () => {
      // Behind a proxy on this machine: inject's peer (127.0.0.1) is trusted, so X-Forwarded-Host counts for request.host.
      t = await createTestApp(dialect, {
        publicUrl: PUBLIC_URL,
        trustProxy: ['loopback'],
        logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
      });
    });
    afterAll(() => t.close());

    /** A logout (a POST any signed-in user may make) with these headers. */
    const logout = async (headers: InjectOptions['headers']) =>
      t.call(await t.signIn('tecnico'), { method: 'POST', url: '/api/auth/logout', headers });

    it('refuses a forged Host or X-Forwarded-Host that matches a foreign Origin', async () => {
      const forgedHost = await logout({ origin: 'https://malo.example', host: 'malo.example' });
      expect(forgedHost.statusCode).toBe(403);
      expect(errorOf(forgedHost)).toEqual({ code: 'forbidden', message: commonMessages.crossOrigin });
      expect(errorOf(forgedHost).message).toBe('Solicitud rechazada: solo se aceptan cambios desde la propia aplicación.');

      const forgedForwarded = await logout({ origin: 'https://malo.example', 'x-forwarded-host': 'malo.example', 'x-forwarded-proto': 'https' });
      expect(forgedForwarded.statusCode).toBe(403);
      // The same forgery towards our own public name from another scheme or port fails too.
      expect((await logout({ origin: 'http://cafe.example.com', host: 'cafe.example.com' })).statusCode).toBe(403);
    });

    it('accepts exactly the public origin, whatever Host the proxy passes on', async () => {
      expect((await logout({ origin: PUBLIC_URL, host: '127.0.0.1:3000' })).statusCode).toBe(204);
      expect((await logout({ origin: PUBLIC_URL, 'x-forwarded-host': 'otro.example' })).statusCode).toBe(204);
      // The same origin written with its default port or in capitals is the same origin.
      expect((await logout({ origin: 'https://cafe.example.com:443' })).statusCode).toBe(204);
      expect((await logout({ origin: 'HTTPS://Cafe.Example.COM' })).statusCode).toBe(204);
    });

    it('refuses another scheme, port or host, a missing or null Origin, and an Origin with a path', async () => {
      for (const origin of [
        'http://cafe.example.com',
        'https://cafe.example.com:8443',
        'https://cafe.example.com.malo.example',
        'https://sub.cafe.example.com',
        'null',
        'https://cafe.example.com/app',
        'no es una dirección',
      ]) {
        const response = await logout({ origin });
        expect(response.statusCode, origin).toBe(403);
        expect(errorOf(response).message, origin).toBe(commonMessages.crossOrigin);
      }
      // Every browser sends Origin on a write: without one, it did not come from our pages.
      const missing = await logout({});
      expect(missing.statusCode).toBe(403);
      expect(errorOf(missing).message).toBe(commonMessages.crossOrigin);
    });

    it('still lets reads through without any Origin, and does not warn at start', async () => {
      const cookie = await t.signIn('tecnico');
      expect((await t.call(cookie, { method: 'GET', url: '/api/auth/me', headers: { host: 'malo.example' } })).statusCode).toBe(200);
      expect(logs.join('\n')).not.toContain('PUBLIC_URL');
    });
  });

  describe('without PUBLIC_URL', () => {
    let t: TestApp;
    const logs: string[] = [];
    beforeAll(async () => {
      t = await createTestApp(dialect, { logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } } });
    });
    afterAll(() => t.close());

    it('keeps comparing the Origin with the Host, and says once at start that PUBLIC_URL should be set behind a proxy', async () => {
      const cookie = () => t.signIn('tecnico');
      const call = async (headers: InjectOptions['headers']) => (await t.call(await cookie(), { method: 'POST', url: '/api/auth/logout', headers })).statusCode;
      expect(await call({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBe(204);
      expect(await call({ origin: 'https://malo.example', host: '127.0.0.1:3000' })).toBe(403);
      // Scripts and tests without an Origin keep working.
      expect(await call({})).toBe(204);

      const warnings = logs.filter((line) => line.includes('public_url_missing'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, msg: expect.stringContaining('Detrás de un proxy inverso define PUBLIC_URL') });
    });
  });
});
