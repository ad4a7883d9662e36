import { type Kysely, sql } from 'kysely';
import { idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * Café Mezcla and the `sales` table that Ventas builds on.
 *
 * - `blended_coffee` keeps what the blend produced (`total_quantity_g`) apart
 *   from what is on hand (`stock_g`, moved only through the ledger, see
 *   schema.ts LOT_TABLES.blend; docs/product-guide.md#stock-moves). `batch_code_key` =
 *   lotCodeKey(batch_code) under a unique index: blend codes are unique across
 *   blends without regard to case or spaces, like roasted codes (migration 0004).
 * - `recipe_id` is ON DELETE SET NULL: a recipe is only the template the form
 *   filled the blend from. The blend copies its components into its own rows,
 *   so deleting a recipe loses nothing the blend needs, and a recipe used once
 *   must not become undeletable (RESTRICT) nor take real stock with it (CASCADE).
 * - Components and their lot draws are tables, not a JSON blob, so
 *   traceability (green lot → roasts → blends → sales) is plain joins.
 *   `blended_coffee_draws.roasted_coffee_id` is ON DELETE RESTRICT: a roasted
 *   lot a blend drew from cannot be deleted ('Error al eliminar el café
 *   tostado. Asegúrate de que no esté asociado a mezclas o ventas.').
 *   `blended_coffee_components.origin_id` is RESTRICT too: the origins service
 *   answers the refusal with its delete message (docs/product-guide.md#interface-texts).
 * - `sales.product_id` points at roasted_coffee or blended_coffee depending on
 *   `product_type` ('tostado' | 'mezcla', docs/product-guide.md#entities), so it has no foreign key;
 *   the roasted and blend delete services check it ('… asociada a ventas.').
 *   `user_id` (who recorded the sale) has no ON DELETE action: a user with
 *   sales is refused deletion ('No se puede eliminar el usuario porque tiene
 *   registros asociados.'), so the record keeps its author.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const millis = millisColumnType(db);

  await db.schema
    .createTable('blended_coffee')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('total_quantity_g', 'integer', (col) => col.notNull().check(sql`total_quantity_g > 0`))
    .addColumn('stock_g', 'integer', (col) => col.notNull().defaultTo(0).check(sql`stock_g >= 0`))
    .addColumn('creation_date', 'text', (col) => col.notNull())
    .addColumn('batch_code', 'text', (col) => col.notNull())
    .addColumn('batch_code_key', 'text', (col) => col.notNull())
    .addColumn('recipe_id', 'integer', (col) => col.references('blend_recipes.id').onDelete('set null'))
    .addColumn('created_at', millis, (col) => col.notNull())
    .addColumn('updated_at', millis, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('blended_coffee_batch_code_key_uq').on('blended_coffee').column('batch_code_key').unique().execute();
  // The list's order (creation_date descending, docs/product-guide.md#cafe-mezcla), newest id first within a day.
  await db.schema.createIndex('blended_coffee_creation_date_idx').on('blended_coffee').columns(['creation_date', 'id']).execute();
  // SET NULL when a recipe is deleted looks blends up by recipe.
  await db.schema.createIndex('blended_coffee_recipe_id_idx').on('blended_coffee').column('recipe_id').execute();

  await db.schema
    .createTable('blended_coffee_components')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('blend_id', 'integer', (col) => col.notNull().references('blended_coffee.id').onDelete('cascade'))
    .addColumn('origin_id', 'integer', (col) => col.notNull().references('coffee_origins.id').onDelete('restrict'))
    // Basis points (33.33 % = 3333): a blend's components add up to exactly 10000.
    .addColumn('percentage_bp', 'integer', (col) => col.notNull().check(sql`percentage_bp > 0 and percentage_bp <= 10000`))
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  // One component per origin, in the order the user gave them.
  await db.schema
    .createIndex('blended_coffee_components_blend_origin_uq')
    .on('blended_coffee_components')
    .columns(['blend_id', 'origin_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('blended_coffee_components_blend_position_uq')
    .on('blended_coffee_components')
    .columns(['blend_id', 'position'])
    .unique()
    .execute();
  await db.schema.createIndex('blended_coffee_components_origin_id_idx').on('blended_coffee_components').column('origin_id').execute();

  await db.schema
    .createTable('blended_coffee_draws')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('component_id', 'integer', (col) =>
      col.notNull().references('blended_coffee_components.id').onDelete('cascade'),
    )
    .addColumn('roasted_coffee_id', 'integer', (col) => col.notNull().references('roasted_coffee.id').onDelete('restrict'))
    .addColumn('quantity_g', 'integer', (col) => col.notNull().check(sql`quantity_g > 0`))
    .execute();
  await db.schema.createIndex('blended_coffee_draws_component_id_idx').on('blended_coffee_draws').column('component_id').execute();
  // Traceability ("which blends used this roasted lot") and the RESTRICT check on roast delete.
  await db.schema
    .createIndex('blended_coffee_draws_roasted_coffee_id_idx')
    .on('blended_coffee_draws')
    .column('roasted_coffee_id')
    .execute();

  await db.schema
    .createTable('sales')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('product_type', 'text', (col) => col.notNull().check(sql`product_type in ('tostado', 'mezcla')`))
    .addColumn('quantity_g', 'integer', (col) => col.notNull().check(sql`quantity_g > 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('sale_date', 'text', (col) => col.notNull())
    .addColumn('batch_code_sold', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', millis, (col) => col.notNull())
    .addColumn('updated_at', millis, (col) => col.notNull())
    .execute();
  // The list's order (newest sale date, then newest id) read straight off an index, whatever the table's size.
  await sql`create index sales_sale_date_id_idx on sales (sale_date desc, id desc)`.execute(db);
  // "Has this lot been sold?" (roast and blend delete) and the product's sales.
  await db.schema.createIndex('sales_product_idx').on('sales').columns(['product_type', 'product_id']).execute();
  await db.schema.createIndex('sales_user_id_idx').on('sales').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sales').execute();
  await db.schema.dropTable('blended_coffee_draws').execute();
  await db.schema.dropTable('blended_coffee_components').execute();
  await db.schema.dropTable('blended_coffee').execute();
}
