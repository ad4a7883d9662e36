import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { hashPassword } from '#server/auth/passwords.js';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { insertUser } from '#server/features/users/repository.js';
import { RACE_MATRIX, type RaceSend, raceName, raceRounds, raceTimeout, runLine } from '../helpers/race-matrix.js';
import { createTestApp, loginCookie, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * The race matrix (tests/helpers/race-matrix.ts, docs/decisions/0005-lock-order-and-write-transactions.md) on SQLite in one
 * process and on PostgreSQL through two app instances with their own
 * connection pools on one database (the e2e suite repeats it with two real
 * server processes). RACE_ROUNDS=200 for a long run; CI runs a few rounds.
 */
const ROUNDS = raceRounds(3);

describe.each(testDialects())('race matrix on %s', (dialect) => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: DatabaseHandle } | undefined;
  let apps: FastifyInstance[];
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    apps = [t.app];
    if (dialect === 'postgres') {
      // A second server on the same schema, with its own pool: what a second process would be.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const database = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! }, { pgSchema: rows[0]!.schema });
      const app = await buildApp({ db: database.db, loginRateLimitPerMinute: 100_000 });
      second = { app, database };
      apps.push(app);
    }
    adminCookie = await t.signIn('administrador', 'jefa');
  });
  afterAll(async () => {
    if (second) {
      await second.app.close();
      await second.database.close();
    }
    await t.close();
  });

  const send: RaceSend = async (server, cookie, method, url, body, contentType) => {
    const response = await apps[server % apps.length]!.inject({
      method: method as 'GET',
      url,
      headers: { cookie, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body === '' ? null : response.json() };
  };

  let admins = 0;
  const makeAdmin2 = async () => {
    const username = `admin-dos-${++admins}`;
    const id = await insertUser(t.db, { username, full_name: 'Admin Dos', role: 'administrador', password_hash: await hashPassword(TEST_PASSWORD) });
    return { id, cookie: await loginCookie(t.app, username, TEST_PASSWORD) };
  };

  it.each(RACE_MATRIX.map((ops) => [raceName(ops), ops] as const))(`%s (${ROUNDS} rondas)`, async (_name, ops) => {
    const { serverErrors, problems } = await runLine(ops, ROUNDS, { send, db: t.db, adminCookie, makeAdmin2 });
    // A 5xx is never an acceptable answer, whatever the order.
    expect(serverErrors).toEqual([]);
    expect(problems).toEqual([]);
  }, raceTimeout(ROUNDS));
});
