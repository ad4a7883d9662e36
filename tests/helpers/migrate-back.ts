import { type Kysely, Migrator, sql } from 'kysely';
import { expect } from 'vitest';
import { dialectOf } from '#server/db/dialect.js';
import { migrations } from '#server/db/migrations/registry.js';

/**
 * Takes a freshly migrated test database back to `migration` (the last one kept), so a
 * migration test can write rows as an earlier release did and then migrate them forward
 * (tests/api/migration-*.test.ts). On PostgreSQL the migration table is in the test's schema.
 */
export async function migrateBackTo(db: Kysely<any>, migration: string): Promise<void> {
  const migrationTableSchema =
    dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const back = await migrator.migrateTo(migration);
  expect(back.error).toBeUndefined();
}
