import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { anyCodeUnit } from '../helpers/arbitraries.js';
import { type FuzzRequest, mutationsOf, rawFileMutations } from './helpers/fuzz-mutations.js';
import { recordCases, reliabilityMode, sizeOf } from './helpers/mode.js';

/**
 * Fuzzing every write route from its schema (docs/reliability.md): the write routes come
 * from the OpenAPI document the app serves (so a route added tomorrow is
 * fuzzed too), each gets a valid body (a known one for the inventory routes,
 * one generated from its JSON schema otherwise), and every mutation of it
 * (helpers/fuzz-mutations.ts) must answer 400/404/409/413/415 (sign-in also 401 and 429)
 * with {error:{code,message}} and a Spanish message, never a 5xx; a refused
 * request must leave every table as it was (a checksum of all rows before and
 * after). Random rounds then replace fields with random JSON.
 */
/** Random JSON, text made of any code unit (NUL, lone surrogates), numbers of every size: for the random rounds. */
const randomValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: anyCodeUnit, maxLength: 200 }),
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 5e-324),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant(null),
  fc.boolean(),
);
const RANDOM_ROUNDS = sizeOf('FUZZ_RANDOM', { quick: 100, long: 3000 });
/** --quick sends every third mutation of each route (a different third per route, so each kind is still sent somewhere); --long all. */
const EVERY = reliabilityMode() === 'long' ? 1 : 3;
/** 428: an edit whose body lost its `version` (docs/decisions/0038-record-versions.md). */
const REFUSALS = new Set([400, 404, 409, 413, 415, 428]);
/** Sign-in also answers 401 (wrong password) and 429 once an account or address failed too often (docs/decisions/0008). */
const LOGIN_REFUSALS = new Set([...REFUSALS, 401, 429]);
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];
/** Touched by every signed-in request (last_seen_at) or by a failed sign-in on purpose: not "a write". */
const VOLATILE_TABLES = new Set(['sessions', 'login_throttle']);
/**
 * A refused sign-in is logged on purpose, username and address (docs/decisions/0024-activity-log.md),
 * as login_throttle counts it (docs/decisions/0008-sign-in-throttling-without-lockout.md): those
 * entries are left out of the checksum and counted apart (one per 401 of the sign-in, none otherwise).
 * The rest of activity_log stays in: any other entry after a refusal is a write.
 */
const REFUSED_SIGN_IN = 'sign_in_refused';
/** A file for the routes whose body is the file itself (tests/fixtures/artisan, as tests/api/artisan-import.test.ts). */
const alogFixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/artisan', name));
const CSV_CONTENT_TYPE = 'text/csv';
const OCTET_STREAM = 'application/octet-stream';
/** Ends the session the fuzzer uses; it takes no body. */
const SKIPPED = new Set(['POST /api/auth/logout']);
/** Ids in a URL that must be refused (400) or not found (404); none can name a real row. */
const BAD_IDS = ['abc', '-1', '0', '1.5', '2147483648', '99999999999', '%00', '%ED%A0%80', '9'.repeat(200), '%2e%2e', '2000000000', 'NaN', '1e400'];

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minItems?: number;
  default?: unknown;
}

/** src/shared/messages.ts and the areas' *-messages.ts beside it (CONTRIBUTING.md "Adding an area", step 2). */
const sharedDir = path.resolve(import.meta.dirname, '../../src/shared');
const messageModules: unknown[] = await Promise.all(
  fs
    .readdirSync(sharedDir)
    .filter((file) => /^(.+-)?messages\.ts$/.test(file))
    .map((file) => import(path.join(sharedDir, file))),
);

/** Every string in the messages modules (the original app's texts and ours): a message in this set is Spanish by construction. */
function knownMessages(): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') found.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(messageModules);
  return found;
}
const KNOWN = knownMessages();
/** A message built from a template (a number inside) has no entry in KNOWN: it must at least read as Spanish, not as Fastify's English. */
const looksSpanish = (message: string) =>
  KNOWN.has(message) ||
  (/[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|un|una|por|debe|solicitud|datos|lote)\b/i.test(message) &&
    !/\b(must|Expected|Unexpected|Invalid|body|Route|required property)\b/.test(message));

/** A value that satisfies a JSON schema's shape (not its business rules), for routes without a known body. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.[0]) return sample(variant.find((s) => s.type !== 'null') ?? variant[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]));
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'string':
      return 'texto';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The answer as JSON, or its first characters when it is not JSON (the checks then report it). */
function parseBody(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
}

describe.each(testDialects())('fuzzing de cada ruta de escritura (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let operations: { method: string; path: string; schema: JsonSchema | undefined; contentTypes: string[] }[];
  const ids: Record<string, number> = {};
  const bases: Record<string, unknown> = {};
  /** A valid file per route whose body is a file (not JSON), and the query a route needs beside it. */
  const files: Record<string, Buffer> = {};
  const queries: Record<string, string> = {};

  const inject = async (method: string, url: string, request: Omit<FuzzRequest, 'label' | 'mustRefuse'>, withCookie = true) => {
    const headers: Record<string, string> = {};
    if (request.contentType) headers['content-type'] = request.contentType;
    const response = await t.call(withCookie ? cookie : undefined, {
      method: method as 'POST',
      url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const body = parseBody(response.body);
    return { status: response.statusCode, body, contentType: String(response.headers['content-type'] ?? '') };
  };
  const created = async (url: string, body: unknown): Promise<Record<string, unknown>> => {
    const answer = await inject('POST', url, { payload: JSON.stringify(body), contentType: 'application/json' });
    if (answer.status !== 201) throw new Error(`sembrar ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as Record<string, unknown>;
  };

  /** A checksum of every row of every table (but the volatile ones): equal before and after = nothing written. */
  async function checksum(): Promise<string> {
    const hash = createHash('sha256');
    const tables = (await t.db.introspection.getTables()).map((table) => table.name).filter((name) => !VOLATILE_TABLES.has(name)).sort();
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(t.db);
      const kept = table === 'activity_log' ? rows.filter((row) => row.action !== REFUSED_SIGN_IN) : rows;
      hash.update(`${table}:${JSON.stringify(kept)}\n`);
    }
    return hash.digest('hex');
  }
  const refusedSignIns = async () =>
    Number((await t.db.selectFrom('activity_log').select((eb) => eb.fn.countAll().as('n')).where('action', '=', REFUSED_SIGN_IN).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('administrador', 'fuzzer');
    const doc = (await inject('GET', '/api/docs/json', {})).body as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => WRITE_METHODS.includes(method) && path.startsWith('/api/') && !SKIPPED.has(`${method.toUpperCase()} ${path}`))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          schema: op.requestBody?.content?.['application/json']?.schema,
          contentTypes: Object.keys(op.requestBody?.content ?? {}),
        })),
    );

    // One row of each kind, so /{id} routes name a real row and bodies name real lots.
    const origin = await created('/api/coffee-origins', { name: 'Origen Fuzz', kilos_per_bag: 60, suppliers_fincas: ['Finca F'], description: null });
    const green = await created('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca F', quantity_kg: 500, unit_price: 8, entry_date: '2026-11-01', batch_code: 'FZ-1',
    });
    const roastBody = { green_coffee_id: green.id, quantity_green_kg: 100, resultant_kg: 84, roast_type: 'Medio', roast_date: '2026-11-20' };
    const roast = await created('/api/roasted-coffee', roastBody);
    const recipe = await created('/api/blend-recipes', { name: 'Receta Fuzz', components: [{ origin_id: origin.id, percentage: 100 }] });
    const blendBody = {
      name: 'Mezcla Fuzz', total_quantity_kg: 1, creation_date: '2026-11-21', recipe_id: null,
      components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: roast.id, quantity_used: 1 }] }],
    };
    const blend = await created('/api/blended-coffee', blendBody);
    const userBody = { username: 'persona-fuzz', password: 'clave-fuzz-2026', full_name: 'Persona Fuzz', role: 'tecnico' };
    const user = await created('/api/users', userBody);
    // A lot of its own for the stock counts, so a count that passes does not empty the lot the roasts use.
    const countedGreen = await created('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca F', quantity_kg: 50, unit_price: 8, entry_date: '2026-11-01', batch_code: 'FZ-C',
    });
    Object.assign(ids, { 'coffee-origins': origin.id, 'green-coffee': green.id, 'roasted-coffee': roast.id, 'blend-recipes': recipe.id, 'blended-coffee': blend.id, users: user.id });
    Object.assign(bases, {
      '/api/auth/login': { username: 'fuzzer', password: TEST_PASSWORD },
      '/api/coffee-origins': { name: 'Origen Fuzz 2', kilos_per_bag: 60, suppliers_fincas: ['Finca F'], description: 'Descripción' },
      '/api/green-coffee': { origin_id: origin.id, supplier_finca: 'Finca F', quantity_kg: 5, unit_price: 8, entry_date: '2026-11-01', batch_code: 'FZ-2' },
      '/api/roasted-coffee': { ...roastBody, quantity_green_kg: 1, resultant_kg: 0.8 },
      '/api/blend-recipes': { name: 'Receta Fuzz 2', components: [{ origin_id: origin.id, percentage: 100 }] },
      '/api/blended-coffee': { ...blendBody, total_quantity_kg: 0.1, components: [{ ...blendBody.components[0], selected_roasted_batches: [{ id: roast.id, quantity_used: 0.1 }] }] },
      'POST /api/users': { ...userBody, username: 'persona-fuzz-2' },
      'PUT /api/users/{id}': { full_name: 'Persona Fuzz', role: 'tecnico' },
      '/api/stock-counts': { lines: [{ lot_kind: 'green', lot_id: countedGreen.id, expected_kg: 50, counted_kg: 49.5 }], reason: 'merma', note: 'Fuzz' },
      // Each Artisan route its own file: the import of one is a 409 for the others (docs/decisions/0026-artisan-alog-import.md).
      '/api/roasted-coffee/import-artisan-batch': {
        files: [{ name: 'fuzz.alog', content_base64: alogFixture('out-weight-zero.alog').toString('base64'), green_coffee_id: green.id, roast_type: 'Medio', resultant_kg: 1.2, roast_date: '2026-11-20' }],
      },
    });
    Object.assign(files, {
      '/api/artisan/preview': alogFixture('python-literal-lb.alog'),
      '/api/roasted-coffee/import-artisan': alogFixture('epoch-date-oz.alog'),
      // The template's columns (GET /api/green-coffee/import-template.csv), one new lot.
      '/api/green-coffee/import': Buffer.from(`Lote;Origen;Proveedor/Finca;Recibido (Kg);Precio ($/Kg);Fecha Entrada\nFZ-CSV;Origen Fuzz;Finca F;2;8;02/11/2026\n`),
    });
    queries['/api/roasted-coffee/import-artisan'] = `?green_coffee_id=${green.id}&roast_type=Medio&roast_date=2026-11-20`;
    if (operations.some((op) => op.path === '/api/sales')) {
      const saleBody = { product_id: roast.id, product_type: 'tostado', quantity_kg: 0.5, unit_price: 15, sale_date: '2026-11-21', batch_code_sold: roast.batch_code };
      const sale = await created('/api/sales', saleBody);
      ids.sales = Number(sale.id);
      bases['/api/sales'] = { ...saleBody, quantity_kg: 0.1 };
    }
  });
  afterAll(() => t?.close());

  const collectionOf = (path: string) => path.replace(/^\/api\//, '').replace(/\/\{[^}]+\}.*$/, '');
  const baseFor = (op: (typeof operations)[number]) =>
    bases[`${op.method} ${op.path}`] ?? bases[op.path.replace(/\/\{id\}$/, '')] ?? sample(op.schema);
  const urlFor = (path: string, id?: string) => path.replace(/\{[^}]+\}/g, () => id ?? String(ids[collectionOf(path)] ?? 1)) + (queries[path] ?? '');

  const problems: string[] = [];
  let cases = 0;

  /** Sends one mutated request and checks the promises; returns nothing, collects problems. */
  async function attempt(method: string, url: string, request: FuzzRequest, allowed: Set<number>): Promise<void> {
    cases++;
    const before = await checksum();
    const signIn = url === '/api/auth/login';
    const refusedBefore = signIn ? await refusedSignIns() : 0;
    const answer = await inject(method, url, request);
    const what = `${method} ${url} [${request.label}] → ${answer.status}`;
    const ok2xx = answer.status >= 200 && answer.status < 300;
    if (signIn) {
      const logged = (await refusedSignIns()) - refusedBefore;
      if (logged !== (answer.status === 401 ? 1 : 0)) problems.push(`${what}: ${logged} entradas «${REFUSED_SIGN_IN}» en el registro de actividad`);
    }
    if (ok2xx && !request.mustRefuse) return;
    if (!allowed.has(answer.status)) {
      problems.push(`${what}: estado no permitido ${JSON.stringify(answer.body).slice(0, 300)}`);
      return;
    }
    const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (!answer.contentType.includes('application/json') || typeof error?.code !== 'string' || typeof error.message !== 'string') {
      problems.push(`${what}: sin {error:{code,message}} (${answer.contentType}) ${JSON.stringify(answer.body).slice(0, 200)}`);
    } else if (!looksSpanish(error.message)) {
      problems.push(`${what}: mensaje que no está en español: ${error.message}`);
    }
    if ((await checksum()) !== before) problems.push(`${what}: una solicitud rechazada cambió la base de datos`);
  }

  it('cada mutación de cada ruta de escritura: 4xx en español, nunca 5xx, nada escrito', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
    for (const [routeIndex, op] of operations.entries()) {
      const sampled = <T>(items: T[]) => items.filter((_, index) => (index + routeIndex) % EVERY === 0);
      const allowed = op.path === '/api/auth/login' ? LOGIN_REFUSALS : REFUSALS;
      const base = baseFor(op);
      // A route whose body is a file: the file spoilt, as its parser would read it.
      const file = files[op.path];
      if (file) {
        const contentType = op.contentTypes.find((type) => type === OCTET_STREAM || type === CSV_CONTENT_TYPE) ?? OCTET_STREAM;
        for (const mutation of sampled(rawFileMutations(file, contentType))) await attempt(op.method, urlFor(op.path), mutation, allowed);
      }
      // DELETE and PUT on the real row only with bodies that must be refused; bad ids with the valid body.
      if (op.method !== 'DELETE') {
        for (const mutation of sampled(mutationsOf(base))) {
          if (op.method !== 'POST' && !mutation.mustRefuse) continue;
          await attempt(op.method, urlFor(op.path), mutation, allowed);
        }
      }
      if (op.path.includes('{')) {
        for (const id of sampled(BAD_IDS)) {
          await attempt(op.method, urlFor(op.path, id), { label: `id ${id}`, payload: JSON.stringify(base), contentType: 'application/json', mustRefuse: true }, allowed);
        }
      }
    }
    recordCases(`fuzzing determinista (${dialect})`, cases, problems.length, `${operations.length} rutas de escritura`);
    expect(problems).toEqual([]);
  });

  it(`${RANDOM_ROUNDS} rondas al azar: un campo (o uno anidado) por JSON cualquiera`, async () => {
    const before = { cases, problems: problems.length };
    const writable = operations.filter((op) => op.method !== 'DELETE');
    await fc.assert(
      fc.asyncProperty(fc.nat(writable.length - 1), fc.nat(50), randomValue, fc.boolean(), async (opIndex, fieldIndex, value, nested) => {
        const op = writable[opIndex]!;
        const base = structuredClone(baseFor(op)) as Record<string, unknown>;
        const keys = Object.keys(base);
        if (keys.length === 0) return;
        const key = keys[fieldIndex % keys.length]!;
        const target = base[key];
        // Nested: the first element of a list field (a component), one of its keys.
        if (nested && Array.isArray(target) && target[0] && typeof target[0] === 'object') {
          const inner = target[0] as Record<string, unknown>;
          const innerKeys = Object.keys(inner);
          inner[innerKeys[fieldIndex % innerKeys.length]!] = value;
        } else {
          base[key] = value;
        }
        await attempt(op.method, urlFor(op.path), { label: `${key} = ${JSON.stringify(value)?.slice(0, 80)}`, payload: JSON.stringify(base), contentType: 'application/json', mustRefuse: false }, op.path === '/api/auth/login' ? LOGIN_REFUSALS : REFUSALS);
      }),
      { numRuns: RANDOM_ROUNDS },
    );
    recordCases(`fuzzing al azar (${dialect})`, cases - before.cases, problems.length - before.problems);
    expect(problems.slice(before.problems)).toEqual([]);
  });
});
