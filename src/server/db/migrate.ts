import { type Kysely, Migrator, sql } from 'kysely';
import { dialectOf } from './dialect.js';
import { migrations } from './migrations/registry.js';

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Kysely looks its migration tables up by name in every PostgreSQL schema unless told which
  // one: with the tables already in another schema of the same database (each test's schema,
  // the benchmark's), it skips creating ours and fails with "kysely_migration_lock does not
  // exist". Name the connection's own schema (search_path), so each schema migrates on its own.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`La migración de la base de datos falló${name}: ${String(error)}`, { cause: error });
  }
}
