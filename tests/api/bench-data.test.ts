import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { LOT_KINDS } from '#server/db/schema.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { saleTotalCents } from '#shared/sale-total.js';
import { type DatasetTarget, generateDataset } from '#support/bench/generate.js';
import { withPgClient } from '#support/pg-client.js';
import { planDataset } from '#support/bench/plan.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * `npm run bench:data` (docs/performance.md) writes with raw SQL, not through the
 * services: its ledger and aggregates must still come out exactly as the
 * services would leave them, or every bench figure is about wrong data.
 */
const SALES = 3000;

describe.each(testDialects())('bench:data en %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function freshTarget(): Promise<DatasetTarget> {
    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-bench-test-'));
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      return { kind: 'sqlite', file: path.join(dir, 'bench.sqlite') };
    }
    const schema = `t_bench_${randomBytes(5).toString('hex')}`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    cleanups.push(async () => {
      await withPgClient(process.env.TEST_DATABASE_URL!, (client) => client.query(`drop schema if exists ${schema} cascade`));
    });
    return { kind: 'postgres', url: url.toString() };
  }

  it('deja el libro, el stock y los agregados exactos, con las ventas, lotes y totales planeados', async () => {
    const target = await freshTarget();
    await generateDataset(SALES, target);
    const plan = planDataset(SALES);
    const database = await openDatabase(target, { skipSqliteLock: true });
    try {
      const db = database.db;
      expect(await findLedgerMismatches(db, LOT_KINDS)).toEqual([]);
      expect(await findAggregateMismatches(db)).toEqual([]);

      const count = await db.selectFrom('sales').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(SALES);
      const movements = await db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('reason', '=', 'sale').where('ref_kind', '=', 'sale').executeTakeFirstOrThrow();
      expect(Number(movements.n)).toBe(SALES);

      // The revenue the aggregates hold is the sum of each planned sale's own rounded total.
      let revenue = 0;
      for (let i = 0; i < plan.sales.count; i++) revenue += saleTotalCents(plan.sales.quantityG[i]!, plan.sales.priceCents[i]!);
      const stored = await db.selectFrom('sales_monthly').select((eb) => eb.fn.sum<number | string>('revenue_cents').as('cents')).executeTakeFirstOrThrow();
      expect(Number(stored.cents)).toBe(revenue);

      // Three years, skewed: the best seller carries far more than an average product.
      const dates = await db.selectFrom('sales').select((eb) => [eb.fn.min('sale_date').as('first'), eb.fn.max('sale_date').as('last')]).executeTakeFirstOrThrow();
      // (a product sells only after its lot exists, so the first sales come some weeks in)
      expect(String(dates.first) >= '2023-11-23' && String(dates.first) < '2024-03-01').toBe(true);
      expect(String(dates.last) > '2026-10-01' && String(dates.last) <= '2026-11-22').toBe(true);
      const best = await db.selectFrom('sales_monthly').select(['product_type', 'product_id', (eb) => eb.fn.sum<number | string>('sale_count').as('n')])
        .groupBy(['product_type', 'product_id']).orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(Number(best.n)).toBeGreaterThan((5 * SALES) / plan.products.length);

      // Every lot keeps stock, so the bench's own sales never meet a 409 for lack of it.
      const emptiest = await db.selectFrom('roasted_coffee').select((eb) => eb.fn.min('stock_g').as('g')).executeTakeFirstOrThrow();
      expect(Number(emptiest.g)).toBeGreaterThanOrEqual(250_000);

      // The app's administrator signs in with the bench's password (generate.ts BENCH_ADMIN).
      const admins = await db.selectFrom('users').select(['username', 'role']).execute();
      expect(admins).toEqual([{ username: 'admin', role: 'administrador' }]);
    } finally {
      await database.close();
    }
  });
});

describe('bench:data with a database it cannot write', () => {
  it('refuses a --database-url that is not PostgreSQL with one Spanish line and exit code 1, creating nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-bench-test-'));
    const file = path.join(dir, 'bench.sqlite');
    try {
      const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/bench-data.ts', '--database-url', `sqlite:${file}`], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe(
        `bench:data: --database-url es solo para PostgreSQL (postgres://usuario@host:5432/base); para SQLite usa --file ruta.sqlite (es «sqlite:${file}»).\n`,
      );
      expect(run.stdout).toBe('');
      expect(run.status).toBe(1);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
