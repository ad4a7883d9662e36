import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * Pedidos de la tienda online (docs/product-guide.md#pedidos-de-la-tienda-online,
 * docs/decisions/0047-shop-orders-import.md):
 *
 * - `shop_skus`: each shop SKU (or line name, when the shop has no SKU) mapped once to a
 *   product of the plan (origin + roast type, or a recipe: the shape of order_lines), a sale
 *   format or bulk kilos (`format_id` NULL) and the grind; or ignored (a mug, a gift card).
 *   Unique by `sku_key` (nameKey: case, accents, width and spaces aside). A mapping goes with
 *   the product or format it names (CASCADE): the SKU is then unknown again and the preview
 *   asks for it, rather than a product's delete being refused for a shop's mapping.
 * - `shop_import_presets`: a named column mapping for a shop's CSV that is not Shopify's
 *   (JSON of the field → header), unique by `name_key`.
 * - `orders.shop_source` ('shopify' or 'preset-{id}') and `orders.shop_order` (the shop's
 *   number, '#1001'): unique together, so a shop's order is imported once whatever file
 *   brings it, also when two imports run at once. NULL for an order typed in Pedidos.
 *
 * Numbered 0025: 0021 to 0024 belong to work done beside this one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Byte order on PostgreSQL, as every key column (0002, 0009, 0014, 0019).
  const keyType = dialectOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('shop_skus')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('sku_key', keyType, (col) => col.notNull())
    .addColumn('ignore', 'integer', (col) => col.notNull().defaultTo(0).check(sql`ignore in (0, 1)`))
    .addColumn('product_type', 'text', (col) => col.check(sql`product_type in ('tostado', 'mezcla')`))
    .addColumn('origin_id', 'integer', (col) => col.references('coffee_origins.id').onDelete('cascade'))
    .addColumn('roast_type', 'text', (col) => col.check(sql`roast_type in ('Claro', 'Medio', 'Oscuro')`))
    .addColumn('recipe_id', 'integer', (col) => col.references('blend_recipes.id').onDelete('cascade'))
    .addColumn('format_id', 'integer', (col) => col.references('sale_formats.id').onDelete('cascade'))
    .addColumn('grind', 'text', (col) => col.check(sql`grind in ('grano', 'molido')`))
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .addColumn('updated_at', millisColumnType(db), (col) => col.notNull())
    .addCheckConstraint(
      'shop_skus_mapping_ck',
      sql`(ignore = 1 and product_type is null and origin_id is null and roast_type is null and recipe_id is null and format_id is null and grind is null)
        or (ignore = 0 and grind is not null and (
          (product_type = 'tostado' and origin_id is not null and roast_type is not null and recipe_id is null)
          or (product_type = 'mezcla' and recipe_id is not null and origin_id is null and roast_type is null)))`,
    )
    .execute();
  await db.schema.createIndex('shop_skus_sku_key_uq').on('shop_skus').column('sku_key').unique().execute();
  // What an origin's, a recipe's or a format's delete cascades through.
  await db.schema.createIndex('shop_skus_origin_idx').on('shop_skus').column('origin_id').where(sql.ref('origin_id'), 'is not', null).execute();
  await db.schema.createIndex('shop_skus_recipe_idx').on('shop_skus').column('recipe_id').where(sql.ref('recipe_id'), 'is not', null).execute();
  await db.schema.createIndex('shop_skus_format_idx').on('shop_skus').column('format_id').where(sql.ref('format_id'), 'is not', null).execute();

  await db.schema
    .createTable('shop_import_presets')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', keyType, (col) => col.notNull())
    .addColumn('columns', 'text', (col) => col.notNull())
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .addColumn('updated_at', millisColumnType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shop_import_presets_name_key_uq').on('shop_import_presets').column('name_key').unique().execute();

  await db.schema.alterTable('orders').addColumn('shop_source', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shop_order', keyType).execute();
  await db.schema
    .createIndex('orders_shop_order_uq')
    .on('orders')
    .columns(['shop_source', 'shop_order'])
    .unique()
    .where(sql.ref('shop_source'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_shop_order_uq').execute();
  await db.schema.alterTable('orders').dropColumn('shop_order').execute();
  await db.schema.alterTable('orders').dropColumn('shop_source').execute();
  await db.schema.dropTable('shop_import_presets').execute();
  await db.schema.dropTable('shop_skus').execute();
}
