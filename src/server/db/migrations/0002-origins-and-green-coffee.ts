import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from '#server/db/dialect.js';

/**
 * Orígenes and Café Verde. Quantities are integer grams and prices
 * integer cents (docs/product-guide.md#business-constants); a green lot keeps what it received
 * (`quantity_g`) apart from what is on hand (`stock_g`, moved only through the
 * ledger, see schema.ts LOT_TABLES.green).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Byte order on both dialects, so "origins ordered by name" pages the same way
  // on SQLite and PostgreSQL whatever the server's locale.
  const sortKeyType = dialectOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable('coffee_origins')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('name', 'text', (col) => col.notNull())
    // Lower-cased, accents removed: "Ábaco" sorts next to "abeja", not after "Zambia".
    .addColumn('name_sort', sortKeyType, (col) => col.notNull())
    .addColumn('kilos_per_bag_g', 'integer', (col) => col.notNull().check(sql`kilos_per_bag_g > 0`))
    // A JSON array of strings: the same text column on both dialects, read and
    // written only by the origins repository.
    .addColumn('suppliers_fincas', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .execute();
  await db.schema.createIndex('coffee_origins_name_sort_idx').on('coffee_origins').columns(['name_sort', 'id']).execute();

  await db.schema
    .createTable('green_coffee')
    .addColumn('id', idColumnType(db), idColumn(db))
    // RESTRICT: deleting an origin that green lots use fails, answered with
    // 'Error al eliminar el origen. Asegúrate de que no haya café verde asociado.'
    .addColumn('origin_id', 'integer', (col) => col.notNull().references('coffee_origins.id').onDelete('restrict'))
    .addColumn('supplier_finca', 'text', (col) => col.notNull())
    .addColumn('quantity_g', 'integer', (col) => col.notNull().check(sql`quantity_g > 0`))
    .addColumn('stock_g', 'integer', (col) => col.notNull().defaultTo(0).check(sql`stock_g >= 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('entry_date', 'text', (col) => col.notNull())
    .addColumn('batch_code', 'text', (col) => col.notNull())
    .execute();
  // 'Ya existe un lote con este código para el origen seleccionado…': the index,
  // not a prior SELECT, decides, so two simultaneous requests cannot both pass.
  await db.schema
    .createIndex('green_coffee_origin_batch_code_uq')
    .on('green_coffee')
    .columns(['origin_id', 'batch_code'])
    .unique()
    .execute();
  await db.schema.createIndex('green_coffee_entry_date_idx').on('green_coffee').columns(['entry_date', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('green_coffee').execute();
  await db.schema.dropTable('coffee_origins').execute();
}
