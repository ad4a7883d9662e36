import { type Kysely, sql } from 'kysely';
import { idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * Recuento de Inventario (docs/product-guide.md#recuento-de-inventario): one `stock_counts`
 * row per count (why, the note, who and when) and one `stock_count_lines` row per
 * lot counted, with the expected and counted grams. Each line whose counted
 * grams differ moves the lot's stock through the ledger (reason 'count',
 * ref_kind 'stock_count', the count's id), so the lines are the record of what
 * was seen and the ledger the record of what moved; a line with no difference
 * is the proof the lot was checked.
 *
 * - `user_id` is ON DELETE SET NULL, as the ledger's: deleting an account must
 *   not lose the counts (nor be refused by them); the count keeps its rows.
 * - `lot_id` has no foreign key (it points into the table its kind names, like
 *   the ledger's) and `batch_code` keeps the code the lot had when counted, so
 *   a count still reads after its lot is deleted.
 * - Counts are never edited or deleted: a wrong count is corrected by another.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_counts')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('recuento', 'merma', 'muestra', 'devolucion', 'otro')`),
    )
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('stock_counts_user_id_idx').on('stock_counts').column('user_id').execute();

  await db.schema
    .createTable('stock_count_lines')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('count_id', 'integer', (col) => col.notNull().references('stock_counts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('lot_kind', 'text', (col) => col.notNull().check(sql`lot_kind in ('green', 'roasted', 'blend')`))
    .addColumn('lot_id', 'integer', (col) => col.notNull())
    .addColumn('batch_code', 'text', (col) => col.notNull())
    .addColumn('expected_g', 'integer', (col) => col.notNull().check(sql`expected_g >= 0`))
    .addColumn('counted_g', 'integer', (col) => col.notNull().check(sql`counted_g >= 0`))
    .execute();
  // A count's lines in the order given; one line per lot in a count.
  await db.schema.createIndex('stock_count_lines_count_position_uq').on('stock_count_lines').columns(['count_id', 'position']).unique().execute();
  await db.schema.createIndex('stock_count_lines_count_lot_uq').on('stock_count_lines').columns(['count_id', 'lot_kind', 'lot_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_count_lines').execute();
  await db.schema.dropTable('stock_counts').execute();
}
