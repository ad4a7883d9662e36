import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.js';
import { withPgClient } from '#support/pg-client.js';
import { openTestDatabase, testDialects } from '../helpers/test-database.js';

/**
 * A PostgreSQL handle introspects its own schema only (src/server/db/own-schema-introspector.ts):
 * Kysely's Migrator reads the tables through it, and another schema of the same database, being
 * migrated or dropped by another test file at that moment, used to fail the migration.
 */
// PostgreSQL only (TEST_DATABASE_URL; testDialects() fails in CI without it): SQLite has one schema.
describe.runIf(testDialects().includes('postgres'))('PostgreSQL: introspection of its own schema', () => {
  let handle: DatabaseHandle;
  const other = `t_other_${randomBytes(5).toString('hex')}`;
  beforeAll(async () => {
    handle = await openTestDatabase('postgres');
    await withPgClient(process.env.TEST_DATABASE_URL!, async (client) => {
      await client.query(`create schema ${other}`);
      await client.query(`create table ${other}.sales (id serial primary key, gone integer)`);
      await client.query(`create table ${other}.elsewhere (id integer)`);
    });
  });
  afterAll(async () => {
    await handle.close();
    await withPgClient(process.env.TEST_DATABASE_URL!, (client) => client.query(`drop schema if exists ${other} cascade`));
  });

  it("lists the app's tables with their columns, none of another schema's, and not Kysely's unless asked", async () => {
    const tables = await handle.db.introspection.getTables();
    const names = tables.map((table) => table.name);
    expect(names).toContain('sales');
    expect(names).not.toContain('elsewhere');
    expect(names).not.toContain('kysely_migration');
    expect(tables.every((table) => table.schema === tables[0]!.schema && table.schema !== other)).toBe(true);
    const sales = tables.find((table) => table.name === 'sales')!;
    expect(sales.columns.map((column) => column.name)).not.toContain('gone');
    expect(sales.columns.find((column) => column.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
    const withKysely = (await handle.db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name);
    expect(withKysely).toContain('kysely_migration');
    expect(await handle.db.introspection.getSchemas()).toEqual([{ name: tables[0]!.schema }]);
  });
});
