import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import type { DatabaseConfig } from '#server/config.js';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import type { DialectName } from '#server/db/dialect.js';
import { LOT_KINDS } from '#server/db/schema.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { withPgClient } from '#support/pg-client.js';
import { loginCookie } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * Every release opens the database of every earlier one
 * (docs/decisions/0037-release-fixtures-and-upgrades.md): a small database written by the
 * release of 24/11/2026 (commit c5a914d, migrations 0001–0008), one of each kind, made by
 * scripts/make-release-fixture.ts (tests/fixtures/releases/2026-11-24/README.md). Each test
 * file's copy is opened with today's migrations and must show the same lists and stock, take
 * the old passwords, pass the stock check, and start a server with the old environment.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/releases/2026-11-24');
interface Account { username: string; password: string }
const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'accounts.json'), 'utf8')) as {
  admin: Account;
  tecnico: Account;
  environment: Record<string, string>;
};

/** A database of its own, for one test file: a copy of the SQLite file, or the dump restored into a new PostgreSQL database. */
interface Restored {
  config: DatabaseConfig;
  /** A query on the database as it is, before today's migrations, with plain rows. */
  rows(query: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `cafe_release_${randomBytes(5).toString('hex')}`;
  await withPgClient(server, (client) => client.query(`create database ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => withPgClient(server, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

async function restore(dialect: DialectName): Promise<Restored> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-release-'));
    const file = path.join(dir, 'cafe.sqlite');
    fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'cafe.sqlite.gz'))));
    return {
      config: { kind: 'sqlite', file },
      rows: async (query) => {
        const sqlite = new SqliteDatabase(file, { readonly: true });
        try {
          return sqlite.prepare(query).all() as Record<string, unknown>[];
        } finally {
          sqlite.close();
        }
      },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = await newPostgresDatabase();
  // The dump as pg_dump wrote it, less the lines psql reads for itself (\restrict, \unrestrict).
  const dump = fs.readFileSync(path.join(FIXTURE, 'cafe-postgres.sql'), 'utf8').split('\n').filter((line) => !line.startsWith('\\')).join('\n');
  await withPgClient(database.url, (client) => client.query(dump));
  return {
    config: { kind: 'postgres', url: database.url },
    rows: (query) => withPgClient(database.url, async (client) => (await client.query<Record<string, unknown>>(query)).rows),
    drop: database.drop,
  };
}

/** What the fixture holds, read from its own tables before any migration of today runs. */
async function contentsOf(restored: Restored) {
  const lots = async (table: string) =>
    (await restored.rows(`select batch_code, stock_g from ${table}`)).map((row) => ({ batch_code: String(row.batch_code), stock_kg: Number(row.stock_g) / 1000 }));
  const byCode = (a: { batch_code: string }, b: { batch_code: string }) => a.batch_code.localeCompare(b.batch_code);
  return {
    origins: (await restored.rows('select name from coffee_origins')).map((row) => String(row.name)).sort(),
    green: (await lots('green_coffee')).sort(byCode),
    roasted: (await lots('roasted_coffee')).sort(byCode),
    blended: (await lots('blended_coffee')).sort(byCode),
    sales: (await restored.rows('select batch_code_sold, quantity_g, sale_date from sales'))
      .map((row) => `${String(row.sale_date)} ${String(row.batch_code_sold)} ${Number(row.quantity_g) / 1000}`)
      .sort(),
    users: (await restored.rows('select username from users')).map((row) => String(row.username)).sort(),
    migrations: (await restored.rows('select name from kysely_migration')).map((row) => String(row.name)).sort(),
  };
}

/** The free TCP port a server can listen on. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });

/**
 * `src/server/main.ts` run as a server is, with `env` over the fixture's environment:
 * resolves with its exit code (null if it was listening and was stopped) and all it printed.
 */
async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: { ...process.env, ...fixture.environment, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (healthy) {
      child.kill('SIGTERM');
      await exited;
      return { code: null, output };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (child.exitCode === null) child.kill('SIGKILL');
  return { code: await exited, output };
}

const databaseUrlOf = (config: DatabaseConfig) => (config.kind === 'sqlite' ? `sqlite:${config.file}` : config.url);

describe.each(testDialects())('a database of the release of 24/11/2026 (%s)', (dialect) => {
  let restored: Restored;
  let before: Awaited<ReturnType<typeof contentsOf>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    restored = await restore(dialect);
    before = await contentsOf(restored);
    handle = await openDatabase(restored.config, { skipSqliteLock: true });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await restored?.drop();
  });

  it('is what that release wrote: its migrations and the data the fixture script made', () => {
    expect(before.migrations).toHaveLength(8);
    expect(before.migrations.at(-1)).toBe('0008-sales-totals');
    expect(before.origins.length).toBeGreaterThan(0);
    expect(before.sales.length).toBeGreaterThan(0);
    expect(before.blended.length).toBeGreaterThan(0);
    expect(before.users).toEqual([fixture.admin.username, fixture.tecnico.username].sort());
  });

  it('opens with every later migration and lists the same origins, lots, stock and sales', async () => {
    const app = await buildApp({ db: handle.db });
    try {
      const cookie = await loginCookie(app, fixture.admin.username, fixture.admin.password);
      const list = async <T>(url: string) => {
        const response = await app.inject({ method: 'GET', url: `${url}?limit=500`, headers: { cookie } });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ items: T[]; total: number }>();
      };
      type Lot = { batch_code: string; stock_kg: number };
      const lots = (page: { items: Lot[] }) => page.items.map(({ batch_code, stock_kg }) => ({ batch_code, stock_kg })).sort((a, b) => a.batch_code.localeCompare(b.batch_code));
      expect((await list<{ name: string }>('/api/coffee-origins')).items.map((o) => o.name).sort()).toEqual(before.origins);
      expect(lots(await list<Lot>('/api/green-coffee'))).toEqual(before.green);
      expect(lots(await list<Lot>('/api/roasted-coffee'))).toEqual(before.roasted);
      expect(lots(await list<Lot>('/api/blended-coffee'))).toEqual(before.blended);
      const sales = await list<{ sale_date: string; batch_code_sold: string; quantity_kg: number }>('/api/sales');
      expect(sales.total).toBe(before.sales.length);
      expect(sales.items.map((s) => `${s.sale_date} ${s.batch_code_sold} ${s.quantity_kg}`).sort()).toEqual(before.sales);
    } finally {
      await app.close();
    }
  });

  it('takes the passwords its accounts had, even one today\'s rules would refuse', async () => {
    const app = await buildApp({ db: handle.db });
    try {
      for (const account of [fixture.admin, fixture.tecnico]) {
        expect(await loginCookie(app, account.username, account.password)).toMatch(/^cafe_sesion=/);
      }
    } finally {
      await app.close();
    }
  });

  it('passes the stock check (npm run check:stock): every lot matches its ledger, every sales total its sales', async () => {
    expect(await findLedgerMismatches(handle.db, LOT_KINDS)).toEqual([]);
    expect(await findAggregateMismatches(handle.db)).toEqual([]);
  });

  it('starts a server with the environment of that first start, whose ADMIN_PASSWORD contains the username: a warning, not a refusal', async () => {
    const { code, output } = await startServer(databaseUrlOf(restored.config));
    expect(code, output).toBeNull();
    expect(output).toContain('"event":"admin_password_ignored"');
    expect(output).toContain('La contraseña no puede contener el nombre de usuario.');
  }, 90_000);

  it('still refuses that ADMIN_PASSWORD on an empty database, where it would create the administrator', async () => {
    let empty: { url: string; drop(): Promise<void> };
    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-empty-'));
      empty = { url: `sqlite:${path.join(dir, 'cafe.sqlite')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    } else {
      empty = await newPostgresDatabase();
    }
    try {
      const { code, output } = await startServer(empty.url);
      expect(code, output).toBe(1);
      expect(output).toContain('ADMIN_PASSWORD: La contraseña no puede contener el nombre de usuario.');
    } finally {
      await empty.drop();
    }
  }, 90_000);
});
