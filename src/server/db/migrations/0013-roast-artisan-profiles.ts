import type { Kysely } from 'kysely';
import { millisColumnType } from '#server/db/dialect.js';

/**
 * What an Artisan .alog file adds to the roast it recorded
 * (docs/decisions/0026-artisan-alog-import.md): one row per imported roast,
 * beside roasted_coffee rather than in it, so the roast list never reads a
 * curve of thousands of points.
 * - `roast_uuid` (Artisan's roastUUID, or a hash of the file): UNIQUE, so the
 *   same roast cannot be recorded twice, whichever process or transaction
 *   tries; the database decides, not a prior read.
 * - `curve`: the samples and events as JSON text (null for a file without
 *   points), read whole by GET /api/roasted-coffee/:id/curve.
 * - CASCADE: deleting the roast (which the roast rules allow only while it is
 *   unused) takes its file with it, and the file may be imported again.
 * Numbered 0013 with 0011 and 0012 left to other work: Kysely orders by name
 * and accepts the gap.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('roast_artisan_profiles')
    .addColumn('roast_id', 'integer', (col) => col.primaryKey().references('roasted_coffee.id').onDelete('cascade'))
    .addColumn('roast_uuid', 'text', (col) => col.notNull().unique())
    .addColumn('artisan_batch', 'text')
    .addColumn('title', 'text')
    .addColumn('beans', 'text')
    .addColumn('curve', 'text')
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('roast_artisan_profiles').execute();
}
