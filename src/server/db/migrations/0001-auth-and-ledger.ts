import { type Kysely, sql } from 'kysely';
import { idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const millis = millisColumnType(db);

  await db.schema
    .createTable('users')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('administrador', 'tecnico')`))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', millis, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', millis, (col) => col.notNull())
    .addColumn('last_seen_at', millis, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  // Append-only ledger (docs/architecture.md#ledger): lot_id points into the table named by
  // lot_kind, so it has no foreign key; the ledger services keep it consistent.
  await db.schema
    .createTable('stock_movements')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('created_at', millis, (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('lot_kind', 'text', (col) => col.notNull().check(sql`lot_kind in ('green', 'roasted', 'blend')`))
    .addColumn('lot_id', 'integer', (col) => col.notNull())
    .addColumn('delta_g', 'integer', (col) => col.notNull().check(sql`delta_g <> 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('ref_kind', 'text')
    .addColumn('ref_id', 'integer')
    .execute();
  await db.schema
    .createIndex('stock_movements_lot_idx')
    .on('stock_movements')
    .columns(['lot_kind', 'lot_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_movements').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
