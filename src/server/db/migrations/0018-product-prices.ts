import { type Kysely, sql } from 'kysely';
import { idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * Prices per product (docs/product-guide.md#configuracion): a roasted product
 * is an origin and a roast type, a blend product its recipe; the sale form
 * fills in this price before its type's default (the settings). One price per
 * product, by two partial unique indexes (NULLs never collide in a plain one).
 * Deleting the origin or the recipe deletes its price: it prices nothing then.
 *
 * Also: the sale picker lists the oldest lots with stock first
 * (docs/product-guide.md#ventas). The date indexes of 0003 and 0006 hold every
 * lot, and the oldest are the sold-out ones, so an oldest-first scan would walk
 * through the whole past before the first lot with stock; these hold only the
 * lots with stock, in the picker's order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_prices')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('product_type', 'text', (col) => col.notNull().check(sql`product_type in ('tostado', 'mezcla')`))
    .addColumn('origin_id', 'integer', (col) => col.references('coffee_origins.id').onDelete('cascade'))
    .addColumn('roast_type', 'text', (col) => col.check(sql`roast_type in ('Claro', 'Medio', 'Oscuro')`))
    .addColumn('recipe_id', 'integer', (col) => col.references('blend_recipes.id').onDelete('cascade'))
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .addColumn('updated_at', millisColumnType(db), (col) => col.notNull())
    .addCheckConstraint(
      'product_prices_product_ck',
      sql`(product_type = 'tostado' and origin_id is not null and roast_type is not null and recipe_id is null)
        or (product_type = 'mezcla' and recipe_id is not null and origin_id is null and roast_type is null)`,
    )
    .execute();
  await db.schema.createIndex('product_prices_roasted_uq').on('product_prices').columns(['origin_id', 'roast_type']).unique().where(sql.ref('product_type'), '=', 'tostado').execute();
  await db.schema.createIndex('product_prices_recipe_uq').on('product_prices').column('recipe_id').unique().where(sql.ref('product_type'), '=', 'mezcla').execute();

  await db.schema.createIndex('roasted_coffee_sellable_idx').on('roasted_coffee').columns(['roast_date', 'id']).where(sql.ref('stock_g'), '>', 0).execute();
  await db.schema.createIndex('blended_coffee_sellable_idx').on('blended_coffee').columns(['creation_date', 'id']).where(sql.ref('stock_g'), '>', 0).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blended_coffee_sellable_idx').execute();
  await db.schema.dropIndex('roasted_coffee_sellable_idx').execute();
  await db.schema.dropTable('product_prices').execute();
}
