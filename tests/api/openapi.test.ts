import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '#shared/roles.js';
import { PRODUCT_TYPES } from '#shared/schemas/products.js';
import { ROAST_TYPES } from '#shared/schemas/roasted-coffee.js';
import { MOVEMENT_REASONS } from '#shared/schemas/traceability.js';
import { ADMIN_SESSION_SCHEME, SESSION_SCHEME, securityOf } from '#server/http/openapi.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

type Schema = { [keyword: string]: unknown; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; required?: string[] };
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
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

  it('declares the 429 of the routes whose file is read in the untrusted-files worker (its queue full), with the error body', () => {
    // docs/decisions/0040-untrusted-files-in-a-worker.md: the Artisan preview, import and batch, and the green-lot CSV import.
    const readers = ['previewArtisanRoast', 'importArtisanRoast', 'importArtisanRoastBatch', 'importGreenCoffeeLotsCsv'];
    const found = operations().filter(({ op }) => readers.includes(op.operationId ?? ''));
    expect(found.map(({ op }) => op.operationId).sort()).toEqual([...readers].sort());
    for (const { path, method, op } of found) {
      expect(op.responses?.['429']?.content?.['application/json']?.schema.properties, `${method} ${path}`).toHaveProperty('error');
      expect(op.responses?.['413'], `${method} ${path}`).toBeDefined();
    }
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

  const bodyOf = (path: string, method: string) => doc.paths[path]![method]!.requestBody!.content['application/json'].schema;

  it('writes every enum the server enforces: roast types, product types, roles, dialects, lot kinds, ledger reasons', () => {
    for (const method of ['post', 'put']) {
      const path = method === 'post' ? '/api/roasted-coffee' : '/api/roasted-coffee/{id}';
      expect(bodyOf(path, method).properties!.roast_type!.enum, `${method} roast`).toEqual(['Claro', 'Medio', 'Oscuro']);
      expect(bodyOf(path, method).properties!.roast_type!.enum).toEqual([...ROAST_TYPES]);
      expect(bodyOf(method === 'post' ? '/api/sales' : '/api/sales/{id}', method).properties!.product_type!.enum).toEqual([...PRODUCT_TYPES]);
      expect(bodyOf(method === 'post' ? '/api/users' : '/api/users/{id}', method).properties!.role!.enum).toEqual([...ROLES]);
    }
    const query = (path: string, name: string) => doc.paths[path]!.get!.parameters!.find((p) => p.in === 'query' && p.name === name)!.schema;
    expect(query('/api/sales/export.csv', 'dialect').enum).toEqual(['es', 'standard']);
    expect(query('/api/products', 'include_type').enum).toEqual([...PRODUCT_TYPES]);
    expect(query('/api/trace', 'kind').enum).toEqual(['green', 'roasted', 'blend']);
    const history = doc.paths['/api/lots/{code}/history']!.get!.responses!['200']!.content!['application/json']!.schema;
    expect(history.properties!.items!.items!.properties!.reason!.enum).toEqual([...MOVEMENT_REASONS]);
  });

  it('types the recipe and blend components in full, and leaves no schema untyped', () => {
    for (const [path, method] of [['/api/blend-recipes', 'post'], ['/api/blend-recipes/{id}', 'put'], ['/api/blended-coffee', 'post'], ['/api/blended-coffee/{id}', 'put']] as const) {
      const component = bodyOf(path, method).properties!.components!.items!;
      expect(component, `${method} ${path}`).toMatchObject({
        type: 'object',
        properties: { origin_id: { type: 'integer' }, percentage: { type: 'number' } },
        required: expect.arrayContaining(['origin_id', 'percentage']),
      });
    }
    expect(bodyOf('/api/blended-coffee', 'post').properties!.components!.items!.properties!.selected_roasted_batches).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, quantity_used: { type: 'number' } }, required: ['id', 'quantity_used'] },
    });
    expect(bodyOf('/api/blended-coffee', 'post').properties!.recipe_id).toMatchObject({ type: 'integer', nullable: true });
    // `{}` accepts anything: a client generator turns it into `unknown`.
    const untyped: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) node.forEach((child, index) => walk(child, `${where}[${index}]`));
      else if (typeof node === 'object' && node !== null) {
        if (Object.keys(node).length === 0 && !where.endsWith('security]') && !/security\[\d+\]\/\w+$/.test(where)) untyped.push(where);
        for (const [key, child] of Object.entries(node)) walk(child, `${where}/${key}`);
      }
    };
    walk(doc.paths, '');
    expect(untyped).toEqual([]);
  });

  it('goes through a client generator (openapi-typescript) with the enums as unions and typed components', async () => {
    const types = astToString(await openapiTS(doc as never));
    /** The generated TypeScript of one operation's request body. */
    const requestOf = (operationId: string) => {
      const start = types.indexOf(`    ${operationId}: {`);
      expect(start, operationId).toBeGreaterThan(0);
      return types.slice(types.indexOf('requestBody', start), types.indexOf('responses:', start));
    };
    expect(requestOf('createRoastedCoffeeLot')).toContain('roast_type: "Claro" | "Medio" | "Oscuro";');
    expect(requestOf('updateRoastedCoffeeLot')).toContain('roast_type: "Claro" | "Medio" | "Oscuro";');
    expect(requestOf('createSale')).toContain('product_type: "tostado" | "mezcla";');
    expect(requestOf('createUser')).toContain('role?: "administrador" | "tecnico";');
    const recipe = requestOf('createBlendRecipe').replace(/\s+/g, ' ');
    expect(recipe).toContain('components: { origin_id: number; percentage: number; /** @enum {string|null} */ roast_type?: "Claro" | "Medio" | "Oscuro" | null; }[];');
    const blend = requestOf('createBlendedCoffeeLot').replace(/\s+/g, ' ');
    expect(blend).toContain('selected_roasted_batches?: { id: number; quantity_used: number; }[] | null;');
    expect(blend).toContain('origin_id: number; percentage: number;');
    for (const operationId of ['createBlendRecipe', 'createBlendedCoffeeLot', 'createRoastedCoffeeLot', 'createSale']) {
      expect(requestOf(operationId), operationId).not.toMatch(/unknown|Record<string, never>|\bany\b/);
    }
  });
});
