import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { type AppOptions, buildApp } from '#server/app.js';
import { hashPassword } from '#server/auth/passwords.js';
import type { DialectName } from '#server/db/dialect.js';
import type { Database } from '#server/db/schema.js';
import { insertUser } from '#server/features/users/repository.js';
import type { Role } from '#shared/roles.js';
import { openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: DialectName;
  /** Creates a user and returns the Cookie header of a fresh session for it. */
  signIn(role: Role, username?: string): Promise<string>;
  /**
   * app.inject with the given session cookie (or none). A PUT of a versioned
   * record whose payload has no `version` key sends the record's current one
   * (withCurrentVersion), as a form opened just now would; a payload with
   * `version: undefined` sends none (the 428).
   */
  call(cookie: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'contraseña-de-prueba-1';

export async function createTestApp(dialect: DialectName, options: Partial<Omit<AppOptions, 'db'>> = {}): Promise<TestApp> {
  const database = await openTestDatabase(dialect);
  const app = await buildApp({ ...options, db: database.db, readDb: database.readDb, loginRateLimitPerMinute: options.loginRateLimitPerMinute ?? 1000 });
  let counter = 0;
  const inject = (cookie: string | undefined, request: InjectOptions) =>
    app.inject({ ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });
  const call = async (cookie: string | undefined, request: InjectOptions) => inject(cookie, await withCurrentVersion(inject, cookie, request));

  return {
    app,
    db: database.db,
    dialect,
    call,
    async signIn(role, username = `${role}${++counter}`) {
      await insertUser(database.db, {
        username,
        full_name: `Persona ${username}`,
        role,
        password_hash: await hashPassword(TEST_PASSWORD),
      });
      return loginCookie(app, username, TEST_PASSWORD, options.publicUrl);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Signs in as a browser would; `origin` is needed when the app has a PUBLIC_URL (a write without it is refused). */
export async function loginCookie(app: FastifyInstance, username: string, password: string, origin?: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, ...(origin ? { headers: { origin } } : {}) });
  if (response.statusCode !== 200) throw new Error(`login de ${username} falló: ${response.statusCode} ${response.body}`);
  // '__Host-cafe_sesion' over HTTPS (an https PUBLIC_URL), 'cafe_sesion' otherwise (src/server/http/session-cookie.ts).
  const cookie = response.cookies.find((c) => c.name === 'cafe_sesion' || c.name === '__Host-cafe_sesion');
  if (!cookie) throw new Error('el login no devolvió la cookie de sesión');
  return `${cookie.name}=${cookie.value}`;
}

/** The `{error: {code, message}}` body of a failed call. */
export const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { code: string; message: string } }).error;

/** The areas whose records carry a version (docs/decisions/0038-record-versions.md), as their URLs name them. */
const VERSIONED_RECORD = /^(\/api\/(?:coffee-origins|green-coffee|roasted-coffee|blend-recipes|blended-coffee|sales|users|customers)\/\d+)\/?(?:\?.*)?$/;

/**
 * A PUT written before record versions, given the version the record has now
 * (read through GET /api/…/:id as the same user): what a form opened just now
 * would send. Left as it is with a `version` key (even undefined) or a
 * payload that is not a plain object.
 */
export async function withCurrentVersion(
  inject: (cookie: string | undefined, request: InjectOptions) => Promise<LightMyRequestResponse>,
  cookie: string | undefined,
  request: InjectOptions,
): Promise<InjectOptions> {
  const url = typeof request.url === 'string' ? request.url : undefined;
  const record = url === undefined ? null : VERSIONED_RECORD.exec(url);
  const payload = request.payload;
  if (request.method !== 'PUT' || !record || typeof payload !== 'object' || payload === null || Array.isArray(payload) || Buffer.isBuffer(payload) || 'version' in payload) {
    return request;
  }
  const current = await inject(cookie, { method: 'GET', url: record[1]! });
  // A record that is not there (or not readable by this user) gets version 1: the answer is then its 404 (or 403), as before.
  const version = current.statusCode === 200 ? (current.json() as { version: number }).version : 1;
  return { ...request, payload: { ...payload, version } };
}
