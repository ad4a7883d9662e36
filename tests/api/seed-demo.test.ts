import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '#server/features/users/service.js';
import { createSession } from '#server/auth/sessions.js';
import type { DatabaseConfig } from '#server/config.js';
import { openDatabase } from '#server/db/database.js';
import { LOT_KINDS } from '#server/db/schema.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { insertUser } from '#server/features/users/repository.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { localIsoDate } from '#shared/local-date.js';
import type { MonthlyMargin, MonthlySales, TopProducts } from '#shared/schemas/reports.js';
import type { StockAlerts } from '#shared/schemas/stock-alerts.js';
import { appTables, rowCounts } from '#support/database-tables.js';
import { addDays } from '#support/demo/plan.js';
import { existingData, SeedDemoRefused, seedDemo, seedDemoMessages } from '#support/demo/seed.js';
import { createTestApp, loginCookie, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { openTestDatabase, testDialects } from '../helpers/test-database.js';

/** Every table's row count: "writes nothing" is this, unchanged. */
const snapshot = async (t: TestApp) => rowCounts(t.db, (await appTables(t.db)).map((table) => table.name));

describe.each(testDialects())('npm run seed:demo (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('fills an empty database with a year that the reports, margins, trace and home alerts show', async () => {
    const { users, summary } = await seedDemo(t.db, { password: TEST_PASSWORD });
    expect(users).toEqual([
      { username: 'gerente', role: 'administrador', password: TEST_PASSWORD },
      { username: 'tostador', role: 'administrador', password: TEST_PASSWORD },
      { username: 'tecnico', role: 'tecnico', password: TEST_PASSWORD },
    ]);
    expect(summary).toMatch(/^Datos de demostración: 5 orígenes, \d+ lotes de café verde, \d+ tuestes, 3 recetas, \d+ mezclas y \d+ ventas .*; 3 clientes con 4 pedidos pendientes\.$/);

    const cookie = await loginCookie(t.app, 'tecnico', TEST_PASSWORD);
    const get = async <T>(url: string): Promise<T> => {
      const response = await t.call(cookie, { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json() as T;
    };
    const today = localIsoDate();
    const lastYear = `from=${addDays(today, -364)}&to=${today}`;

    // A year of sales: hundreds, in every month from a year ago to this one.
    const sales = await t.db.selectFrom('sales').select(['sale_date', 'product_type']).execute();
    expect(sales.length).toBeGreaterThan(300);
    expect(sales.every((sale) => sale.sale_date >= addDays(today, -364) && sale.sale_date <= today)).toBe(true);
    const monthly = await get<MonthlySales>(`/api/reports/monthly-sales?${lastYear}`);
    expect(monthly.items.length).toBeGreaterThanOrEqual(12);
    expect(monthly.items.every((month) => month.revenue > 0)).toBe(true);
    expect(monthly.items.at(-1)!.month).toBe(today.slice(0, 7));
    // Roasted lots and blends both sell, and several products make the top 5.
    expect(new Set(sales.map((sale) => sale.product_type))).toEqual(new Set(['tostado', 'mezcla']));
    const top = await get<TopProducts>(`/api/reports/top-products?${lastYear}`);
    expect(top.items).toHaveLength(5);

    const margins = await get<MonthlyMargin>(`/api/reports/monthly-margin?${lastYear}`);
    expect(margins.items.length).toBeGreaterThanOrEqual(12);
    expect(margins.items.every((month) => month.margin > 0 && month.margin < month.revenue)).toBe(true);

    const trace = await get<{ sales: { total: number } }>(`/api/trace?code=${encodeURIComponent(top.items[0]!.batch_code)}`);
    expect(trace.sales.total).toBeGreaterThan(0);

    // The home card: an origin short of green coffee and the lots selling now.
    const alerts = await get<StockAlerts>('/api/stock-alerts');
    expect(alerts.origins.map((origin) => origin.origin_name)).toContain('Kenia');
    expect(alerts.lots.length).toBeGreaterThan(0);
    // Wholesale: orders due today and tomorrow on home's line, and a quarter of the sales naming a customer.
    expect(alerts.orders_due).toMatchObject({ overdue: 0, today: 1, tomorrow: 1 });
    const byCustomer = await get<{ items: { name: string }[] }>(`/api/reports/sales-by-customer?${lastYear}`);
    expect(new Set(byCustomer.items.map((customer) => customer.name))).toEqual(new Set(['Café Central', 'Cafetería El Molino', 'Tienda La Despensa']));

    expect(await findLedgerMismatches(t.db, LOT_KINDS)).toEqual([]);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  }, 120_000);

  it('seeding again refuses with one Spanish line and writes nothing', async () => {
    const before = await snapshot(t);
    const refusal = seedDemo(t.db, { password: TEST_PASSWORD });
    await expect(refusal).rejects.toBeInstanceOf(SeedDemoRefused);
    await expect(refusal).rejects.toThrow(/^La base de datos ya tiene datos \(orígenes: 5, lotes de café verde: \d+, .*usuarios: 3\): /);
    await expect(refusal).rejects.toThrow(
      'npm run seed:demo solo carga la demostración en una base vacía, y no ha escrito nada.',
    );
    expect(await snapshot(t)).toEqual(before);
  });
});

describe.each(testDialects())('what seed:demo calls an empty database (%s)', (dialect) => {
  it('the first start administrator, its sessions and failed sign-ins; not a técnico, a second user or a saved setting', async () => {
    const database = await openTestDatabase(dialect);
    const db = database.db;
    try {
      expect(await existingData(db)).toBeNull();
      await bootstrapAdmin(db, { username: 'admin', password: TEST_PASSWORD });
      const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await createSession(db, admin.id);
      await db.insertInto('login_throttle').values({ scope: 'account', subject: 'admin', failures: 2, window_start: Date.now() }).execute();
      expect(await existingData(db)).toBeNull();

      await db.updateTable('users').set({ role: 'tecnico' }).execute();
      expect(await existingData(db)).toBe('usuarios: 1');
      await db.updateTable('users').set({ role: 'administrador' }).execute();

      await insertUser(db, { username: 'cajera', full_name: 'Cajera', role: 'tecnico', password_hash: 'x' });
      expect(await existingData(db)).toBe('usuarios: 2');
      await expect(seedDemo(db)).rejects.toThrow(seedDemoMessages.notEmpty('usuarios: 2'));
      expect(await db.selectFrom('users').select('username').orderBy('username').execute()).toEqual([{ username: 'admin' }, { username: 'cajera' }]);

      await db.insertInto('settings').values({ key: 'low_stock_green_g', value: '1000', updated_at: Date.now(), updated_by: admin.id }).execute();
      expect(await existingData(db)).toBe('ajustes de Configuración: 1, usuarios: 2');
    } finally {
      await database.close();
    }
  });
});

// The command itself on SQLite only: the refusal's rule runs on both databases above, and
// starting the command costs seconds.
describe('the seed:demo command on a database with data', () => {
  it('prints the refusal alone on stderr, exits with 1 and writes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-seed-demo-'));
    const config: DatabaseConfig = { kind: 'sqlite', file: path.join(dir, 'cafe.sqlite') };
    try {
      const database = await openDatabase(config, { skipSqliteLock: true });
      await database.db
        .insertInto('coffee_origins')
        .values({ name: 'Tienda real', name_sort: 'tienda real', kilos_per_bag_g: 60_000, suppliers_fincas: '["Finca"]', description: null })
        .execute();
      await database.close();

      const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/seed-demo.ts'], {
        env: { ...process.env, DATABASE_URL: `sqlite:${config.file}` },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe(`${seedDemoMessages.notEmpty('orígenes: 1')}\n`);
      expect(run.stdout).toBe('');
      expect(run.status).toBe(1);

      const after = await openDatabase(config, { skipSqliteLock: true });
      try {
        expect(await existingData(after.db)).toBe('orígenes: 1');
        expect(await after.db.selectFrom('users').select('id').execute()).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
