import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/registry.js';

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`La migración de la base de datos falló${name}: ${String(error)}`, { cause: error });
  }
}
