import { type Kysely, sql } from 'kysely';
import { idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * Café Tostado. A roasted lot keeps what went in (`quantity_green_g`)
 * and what it produced (`resultant_g`) apart from what is on hand
 * (`stock_g`, moved only through the ledger, see schema.ts LOT_TABLES.roasted;
 * docs/product-guide.md#stock-moves). Shrinkage is not stored: it is always
 * quantity_green_g − resultant_g, computed where it is read, so the two can
 * never disagree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('roasted_coffee')
    .addColumn('id', idColumnType(db), idColumn(db))
    // RESTRICT: a green lot that roasts use cannot be deleted ('Error al eliminar
    // el café verde. Asegúrate de que no esté asociado a café tostado.').
    .addColumn('green_coffee_id', 'integer', (col) => col.notNull().references('green_coffee.id').onDelete('restrict'))
    .addColumn('quantity_green_g', 'integer', (col) => col.notNull().check(sql`quantity_green_g > 0`))
    // 'Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.'
    .addColumn('resultant_g', 'integer', (col) => col.notNull().check(sql`resultant_g > 0 and resultant_g <= quantity_green_g`))
    .addColumn('stock_g', 'integer', (col) => col.notNull().defaultTo(0).check(sql`stock_g >= 0`))
    .addColumn('roast_type', 'text', (col) => col.notNull().check(sql`roast_type in ('Claro', 'Medio', 'Oscuro')`))
    .addColumn('roast_date', 'text', (col) => col.notNull())
    // Unique, so two lots can never share a code (the service regenerates a
    // server-made code on collision and answers 409 to a typed duplicate).
    .addColumn('batch_code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .execute();
  // The list's order (roast_date descending, docs/product-guide.md#cafe-tostado), newest id first within a day.
  await db.schema.createIndex('roasted_coffee_roast_date_idx').on('roasted_coffee').columns(['roast_date', 'id']).execute();
  // The join to green lots, and the RESTRICT check when a green lot is deleted.
  await db.schema.createIndex('roasted_coffee_green_coffee_id_idx').on('roasted_coffee').column('green_coffee_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('roasted_coffee').execute();
}
