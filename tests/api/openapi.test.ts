import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_SCHEME, SESSION_SCHEME, securityOf } from '#server/http/openapi.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * A document client generators accept (docs/decisions/0017-crud-routes-factory.md; `npm run lint:openapi` runs
 * redocly on it): the session cookie as a security scheme, each operation's
 * scheme matching the guard's rule, a name and a summary on every operation,
 * and the paths users call (no trailing slash).
 */
describe.each(testDialects())('OpenAPI document (%s)', (dialect) => {
  let t: TestApp;
  let doc: OpenApiDocument;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, op]) => ({ path, method, op })));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const admin = await t.signIn('administrador', 'documentadora');
    const response = await t.call(admin, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json() as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('declares the session cookie, for any signed-in user and for administrators', () => {
    expect(doc.components.securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'cafe_sesion' });
    expect(doc.components.securitySchemes[ADMIN_SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'cafe_sesion' });
  });

  it('names and summarises every operation, each operationId once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(15);
    for (const { path, method, op } of all) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary?.trim(), `${method} ${path}`).toBeTruthy();
    }
    const ids = all.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists the paths users call: no trailing slash, and they answer', async () => {
    for (const path of Object.keys(doc.paths)) expect(path === '/' || !path.endsWith('/'), path).toBe(true);
    expect(doc.paths).toHaveProperty('/api/users');
    expect(doc.paths).not.toHaveProperty('/api/users/');
    const admin = await t.signIn('administrador', 'llamadora');
    expect((await t.call(admin, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });

  it('gives each operation the scheme its guard enforces: none for sign-in and health, the admin one for admin-only routes', () => {
    const byOperation = new Map(operations().map(({ path, method, op }) => [`${method.toUpperCase()} ${path}`, op.security]));
    expect(byOperation.get('POST /api/auth/login')).toEqual([]);
    expect(byOperation.get('GET /api/health')).toEqual([]);
    expect(byOperation.get('GET /api/coffee-origins')).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(byOperation.get('DELETE /api/users/{id}')).toEqual([{ [ADMIN_SESSION_SCHEME]: [] }]);

    // Every documented /api route, against the access rule the guard reads from the same route.
    let checked = 0;
    for (const route of t.app.routeList) {
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
      const security = byOperation.get(`${route.method} ${path}`);
      if (security === undefined) continue;
      expect(security, `${route.method} ${route.url}`).toEqual(securityOf({ public: route.public, ...(route.roles ? { roles: route.roles } : {}) }));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(operations().length);
  });
});
