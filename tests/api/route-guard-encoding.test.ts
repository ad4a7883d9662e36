import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiRequest } from '#server/http/api-request.js';
import { authMessages, commonMessages } from '#shared/messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * The router percent-decodes the path (and accepts absolute-form targets)
 * before matching, so these spellings run the same handler as the plain URL.
 * The guard, the same-origin check and no-store must follow the route, not the
 * raw text. app.inject keeps a percent-encoded URL as the raw request.url (it
 * is how the bypass showed), but it rewrites an absolute-form target to a path,
 * so those go over a real loopback socket below.
 */
function encodedVariants(url: string): string[] {
  const rest = url.slice('/api/'.length);
  const restWithEncodedLetter = rest.replace(/[a-z]/i, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`);
  return [`/%61pi/${rest}`, `/api/${restWithEncodedLetter}`, `/%61pi/${restWithEncodedLetter}`];
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with the target sent exactly as given (node:http does not normalize it). */
function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: target, headers, timeout: 5000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`sin respuesta de ${method} ${target}`)));
    request.on('error', reject);
    request.end();
  });
}

describe.each(testDialects())('guard by matched route, whatever the URL spelling (%s)', (dialect) => {
  let t: TestApp;
  let tecnico: string;
  /** Pattern of the route that answered the last request, to prove a spelling really reached that route. */
  let matched: string | undefined;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    t.app.addHook('onSend', async (request, _reply, payload) => {
      matched = request.routeOptions.url;
      return payload;
    });
    tecnico = await t.signIn('tecnico', 'tec-encoding');
  });
  afterAll(() => t.close());

  const bodyFor = (method: string) => (method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : {});

  it('every route refuses encoded spellings of its URL: 401 without a session, 403 for a tecnico on admin-only routes', async () => {
    const apiRoutes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS');
    expect(apiRoutes.length).toBeGreaterThan(20);
    let checked = 0;
    for (const route of apiRoutes) {
      const url = route.url.replace(/:\w+/g, '1').replace('*', 'x');
      for (const variant of encodedVariants(url)) {
        const label = `${route.method} ${variant} (${route.url})`;
        const method = route.method as 'GET';
        const anonymous = await t.call(undefined, { method, url: variant, payload: bodyFor(method) });
        expect(matched, `${label} llega a su ruta`).toBe(route.url);
        if (route.public) {
          // Public routes (health, login) stay reachable in any spelling.
          expect(anonymous.statusCode, label).not.toBe(401);
          continue;
        }
        expect(anonymous.statusCode, label).toBe(401);
        if (route.method !== 'HEAD') expect(errorOf(anonymous), label).toEqual({ code: 'unauthenticated', message: authMessages.notSignedIn });
        checked++;
        if (route.roles && !route.roles.includes('tecnico')) {
          const denied = await t.call(tecnico, { method, url: variant, payload: bodyFor(method) });
          expect(denied.statusCode, label).toBe(403);
          if (route.method !== 'HEAD') expect(errorOf(denied).message, label).toBe(commonMessages.forbidden);
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(commonMessages.forbidden).toBe('No tienes permisos para realizar esta acción.');
  });

  it('the OpenAPI document is 401 without a session through encoded URLs and still served to a signed-in user', async () => {
    for (const url of ['/%61pi/docs/json', '/%61pi/docs', '/api/%64ocs/json', '/%61pi/%64ocs/yaml', '/%61pi/docs/static/index.html']) {
      const response = await t.call(undefined, { method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.body, url).not.toContain('openapi');
    }
    const signedIn = await t.call(tecnico, { method: 'GET', url: '/%61pi/docs/json' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('openapi');
  });

  it('refuses a cross-origin or cross-site state change sent to an encoded URL, and the session survives', async () => {
    const cookie = await t.signIn('tecnico', 'tec-cross-origin');
    for (const url of ['/%61pi/auth/logout', '/%61pi/%61uth/logout']) {
      const foreign = await t.call(cookie, { method: 'POST', url, headers: { origin: 'https://malo.example' } });
      expect(foreign.statusCode, url).toBe(403);
      expect(errorOf(foreign)).toEqual({ code: 'forbidden', message: commonMessages.crossOrigin });
      const crossSite = await t.call(cookie, { method: 'POST', url, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode, url).toBe(403);
      expect(errorOf(crossSite).message).toBe(commonMessages.crossOrigin);
    }
    expect((await t.call(cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('an unknown /api URL in an encoded spelling is 401 without a session and a JSON 404 with one', async () => {
    for (const url of ['/%61pi/nada', '/%61pi', '/api/%6Eada']) {
      expect((await t.call(undefined, { method: 'GET', url })).statusCode, url).toBe(401);
      const signedIn = await t.call(tecnico, { method: 'GET', url });
      expect(signedIn.statusCode, url).toBe(404);
      expect(errorOf(signedIn)).toEqual({ code: 'not_found', message: commonMessages.routeNotFound });
    }
    // Spellings the router does NOT read as /api reach no /api handler: plain 404, never data.
    for (const url of ['/API/users', '//api/users', '/%2561pi/users', '/api;x/users', '/%41PI/docs/json']) {
      const response = await t.call(tecnico, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(matched, url).toBeUndefined();
    }
  });

  it('every /api answer, in any spelling, says Cache-Control: no-store', async () => {
    const admin = await t.signIn('administrador', 'admin-no-store');
    const cases: [string | undefined, string, number][] = [
      [undefined, '/api/health', 200],
      [admin, '/api/users', 200],
      [admin, '/%61pi/users', 200],
      [tecnico, '/api/auth/me', 200],
      [tecnico, '/api/docs/json', 200],
      [undefined, '/api/users', 401],
      [undefined, '/%61pi/users', 401],
      [tecnico, '/api/users', 403],
      [tecnico, '/api/nada', 404],
      [tecnico, '/%61pi/nada', 404],
    ];
    for (const [cookie, url, status] of cases) {
      const response = await t.call(cookie, { method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const invalid = await t.call(tecnico, { method: 'POST', url: '/api/coffee-origins', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
  });

  it('over a real socket, absolute-form and encoded targets get the same refusals', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = await t.signIn('tecnico', 'tec-socket');

    for (const target of ['http://x/api/docs/json', '/%61pi/docs/json', 'http://x/%61pi/users', 'http://x/api/nada']) {
      const anonymous = await rawRequest(port, 'GET', target);
      expect(anonymous.status, target).toBe(401);
      expect(anonymous.body, target).not.toContain('openapi');
      expect(anonymous.headers['cache-control'], target).toBe('no-store');
    }
    expect((await rawRequest(port, 'GET', 'http://x/api/users', { cookie })).status).toBe(403);

    const foreign = await rawRequest(port, 'POST', 'http://x/api/auth/logout', { cookie, origin: 'https://malo.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toEqual({ error: { code: 'forbidden', message: commonMessages.crossOrigin } });
    expect((await rawRequest(port, 'GET', '/api/auth/me', { cookie })).status).toBe(200);
  });
});

describe('isApiRequest', () => {
  const request = (url: string, routeUrl?: string) => ({ url, routeOptions: { url: routeUrl } }) as Parameters<typeof isApiRequest>[0];

  it('trusts the matched route over the raw URL', () => {
    expect(isApiRequest(request('/%61pi/docs/json', '/api/docs/json'))).toBe(true);
    expect(isApiRequest(request('http://x/api/users', '/api/users'))).toBe(true);
    expect(isApiRequest(request('/api-ish', '/assets/*'))).toBe(false);
  });

  it('with no matched route reads the path the way the router does', () => {
    for (const url of ['/api', '/api/nada', '/%61pi/nada', '/%61pi', 'http://x/api/nada', 'HTTPS://x:8/%61pi?q=1', '/api?x=1', '/api#x']) {
      expect(isApiRequest(request(url)), url).toBe(true);
    }
    for (const url of ['/', '/apis', '/API/users', '//api/users', '/%2561pi/users', '/api;x/users', '/x/api/users', '/%zz/api', 'http://x/apis']) {
      expect(isApiRequest(request(url)), url).toBe(false);
    }
  });
});
