import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '#server/db/dialect.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { migrations } from '#server/db/migrations/registry.js';
import { useTransactionLogger } from '#server/db/write-transaction.js';
import { findAggregateMismatches, SALES_TOTAL_STRIPES } from '#server/features/sales/aggregates.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { openTestDatabase, testDialects } from '../helpers/test-database.js';

/**
 * The sales totals of migration 0008 (issue 17): the backfill of a database
 * that already had sales, and the deadlock rule of the (day, stripe) rows that
 * sales of different lots share.
 */
describe.each(testDialects())('totales de ventas (%s)', (dialect) => {
  it('la migración 0008 rellena los totales desde las ventas que ya había: igual a un recuento', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const { db } = database;
      const migrationTableSchema = dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
      // Back to 0007 (0008's down drops its tables), as a database made before issue 17.
      const back = await migrator.migrateTo('0007-sales-aggregates');
      expect(back.error).toBeUndefined();
      // Every later migration comes down first, 0008 last.
      expect(back.results?.every((r) => r.direction === 'Down' && r.status === 'Success')).toBe(true);
      expect(back.results?.at(-1)?.migrationName).toBe('0008-sales-totals');

      // Sales as 0007's app wrote them: products whose ids share stripes, several a day, a total that rounds half up.
      const sales = [
        { product_id: 3, product_type: 'tostado', quantity_g: 1_235, unit_price_cents: 1_599, sale_date: '2023-12-20' },
        { product_id: 3 + SALES_TOTAL_STRIPES, product_type: 'tostado', quantity_g: 2_000, unit_price_cents: 2_500, sale_date: '2023-12-20' },
        { product_id: 3, product_type: 'mezcla', quantity_g: 125, unit_price_cents: 4, sale_date: '2023-12-20' },
        { product_id: 4, product_type: 'tostado', quantity_g: 333, unit_price_cents: 1_001, sale_date: '2023-12-20' },
        { product_id: 3, product_type: 'tostado', quantity_g: 1_000, unit_price_cents: 777, sale_date: '2024-02-29' },
      ] as const;
      await db
        .insertInto('sales')
        .values(sales.map((s) => ({ ...s, batch_code_sold: `L-${s.product_id}`, user_id: null, created_at: 0, updated_at: 0 })))
        .execute();
      const cents = sql`(cast(quantity_g as bigint) * unit_price_cents + 500) / 1000`;
      await sql`insert into sales_daily (sale_date, product_type, product_id, quantity_g, revenue_cents, sale_count)
        select sale_date, product_type, product_id, sum(quantity_g), sum(${cents}), count(*) from sales group by sale_date, product_type, product_id`.execute(db);
      await sql`insert into sales_monthly (month, product_type, product_id, quantity_g, revenue_cents, sale_count)
        select substr(sale_date, 1, 7), product_type, product_id, sum(quantity_g), sum(${cents}), count(*) from sales
        group by substr(sale_date, 1, 7), product_type, product_id`.execute(db);

      await migrateToLatest(db);
      expect(await findAggregateMismatches(db)).toEqual([]);
      const daily = await db.selectFrom('sales_daily_totals').selectAll().orderBy('sale_date').orderBy('stripe').execute();
      expect(daily.map((r) => [r.sale_date, r.stripe, Number(r.quantity_g), Number(r.revenue_cents), r.sale_count])).toEqual([
        // 19.74765 → 19.75, 50.00, 0.005 → 0.01: three products of stripe 3 in one row.
        ['2023-12-20', 3, 3_360, 6_976, 3],
        ['2023-12-20', 4, 333, 333, 1],
        ['2024-02-29', 3, 1_000, 777, 1],
      ]);
      expect(Number((await db.selectFrom('sales_product_totals').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(4);
    } finally {
      await database.close();
    }
  });

  describe('ediciones a la vez', () => {
    let t: TestApp;
    let cookie: string;
    const retries: { code?: unknown }[] = [];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.signIn('tecnico', 'vendedor');
      // Every retry of a write transaction (a deadlock would be code 40P01) is recorded here.
      useTransactionLogger(t.db, { warn: (details) => retries.push(details as { code?: unknown }) });
    });
    afterAll(() => t.close());

    /**
     * Two edits at once on four roasted lots: one moves a sale from a lot of
     * stripe a to a lot of stripe b, the other a sale from another lot of
     * stripe b to another of stripe a, the same day. The lot locks do not
     * order them (four different lots), so only the ascending (day, stripe)
     * order of countSaleChange keeps them from taking the two shared rows in
     * opposite orders on PostgreSQL: no 5xx, no deadlock retried, aggregates
     * = a recount. (SQLite writes one transaction at a time: the same checks.)
     */
    it('intercambiar lotes de las mismas franjas no bloquea ni descuadra los totales', async () => {
      const post = async (url: string, payload: object) => {
        const response = await t.call(cookie, { method: 'POST', url, payload });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { id: number; batch_code: string };
      };
      const origin = await post('/api/coffee-origins', { name: 'Franjas', kilos_per_bag: 70, suppliers_fincas: ['Finca F'] });
      const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca F', quantity_kg: 1000, unit_price: 5, entry_date: '2024-01-01', batch_code: 'V-FRANJAS' });
      const lots: { id: number; batch_code: string }[] = [];
      for (let i = 0; i < SALES_TOTAL_STRIPES + 2; i++) {
        lots.push(await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 20, resultant_kg: 16, roast_type: 'Medio', roast_date: '2024-01-02' }));
      }
      const byStripe = (stripe: number) => lots.filter((lot) => lot.id % SALES_TOTAL_STRIPES === stripe);
      const stripeA = lots[0]!.id % SALES_TOTAL_STRIPES;
      const stripeB = (stripeA + 1) % SALES_TOTAL_STRIPES;
      const [a1, a2] = byStripe(stripeA) as [typeof lots[number], typeof lots[number]];
      const [b1, b2] = byStripe(stripeB) as [typeof lots[number], typeof lots[number]];
      expect([a1, a2, b1, b2].every(Boolean)).toBe(true);

      const body = (lot: { id: number; batch_code: string }) => ({ product_id: lot.id, product_type: 'tostado', quantity_kg: 0.1, unit_price: 12, sale_date: '2024-03-01', batch_code_sold: lot.batch_code });
      const put = (id: number, lot: { id: number; batch_code: string }) => t.call(cookie, { method: 'PUT', url: `/api/sales/${id}`, payload: body(lot) });
      const one = await post('/api/sales', body(a1));
      const other = await post('/api/sales', body(b2));
      const statuses: number[] = [];
      for (let round = 0; round < 15; round++) {
        // Back and forth (a1 → b1 ∥ b2 → a2, then b1 → a1 ∥ a2 → b2): every round the two edits cross the same two rows.
        const [to1, to2] = round % 2 === 0 ? [b1, a2] : [a1, b2];
        const responses = await Promise.all([put(one.id, to1), put(other.id, to2)]);
        statuses.push(...responses.map((response) => response.statusCode));
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(retries.filter((retry) => retry.code === '40P01')).toEqual([]);
      expect(await findAggregateMismatches(t.db)).toEqual([]);
    });
  });
});
