import type { Kysely } from 'kysely';
import { idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * The two stores of the write pipeline (docs/architecture.md#write-pipeline):
 *
 * - `idempotency_keys`: the answer of each write sent with an `Idempotency-Key`,
 *   per user, written in the write's own transaction (docs/decisions/0023).
 *   The primary key (user_id, key) is what makes two requests with one key, in
 *   any number of processes, end in one effect. `created_at` is indexed for the
 *   pruning of keys past their 24 hours.
 * - `activity_log`: one row per change, append-only (docs/decisions/0024).
 *   Read newest first with keyset pagination on (at, id), so its indexes lead
 *   with the filters the screen offers and end with (at, id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('body_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('response_body', 'text')
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('activity_log')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('at', millisColumnType(db), (col) => col.notNull())
    // No foreign key: an entry outlives the user it names (username kept as it was).
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('record_label', 'text', (col) => col.notNull())
    .addColumn('changes', 'text')
    .execute();
  await db.schema.createIndex('activity_log_at').on('activity_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('activity_log_user_at').on('activity_log').columns(['user_id', 'at', 'id']).execute();
  await db.schema.createIndex('activity_log_area_at').on('activity_log').columns(['area', 'at', 'id']).execute();
  await db.schema.createIndex('activity_log_action_at').on('activity_log').columns(['action', 'at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_log').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
