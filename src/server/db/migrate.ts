import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { migrations } from '#server/db/migrations/registry.js';
import { dialectOf } from './dialect.js';
import { type MigrationLog, stderrMigrationLog } from './migration-log.js';

/** Every migration to the newest; one that changes data says so through `log` (migrations/registry.ts). */
export async function migrateToLatest(db: Kysely<any>, log: MigrationLog = stderrMigrationLog): Promise<void> {
  // Kysely looks its migration tables up by name in every PostgreSQL schema unless told which
  // one: with the tables already in another schema of the same database (each test's schema,
  // the benchmark's), it skips creating ours and fails with "kysely_migration_lock does not
  // exist". Name the connection's own schema (search_path), so each schema migrates on its own.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const withLog = Object.fromEntries(
    Object.entries(migrations).map(([name, migration]): [string, Migration] => [
      name,
      { ...migration, up: (migrationDb) => migration.up(migrationDb, log) },
    ]),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => withLog },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`La migración de la base de datos falló${name}: ${String(error)}`, { cause: error });
  }
}
