import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * Configuración (docs/product-guide.md#configuracion): blend recipes and the typed settings area.
 *
 * - `blend_recipes.name_key` is the name trimmed, with inner spaces collapsed,
 *   lower-cased and without accents (see src/shared/schemas/blend-recipes.ts
 *   `recipeNameKey`). Its UNIQUE index, not a prior SELECT, refuses a second
 *   "mezcla  de la casa" beside "Mezcla de la Casa", and it is also the list's
 *   order (by name, docs/product-guide.md#configuracion). Byte order (collate "C") on PostgreSQL,
 *   so both dialects page the same way whatever the server's locale.
 * - Component percentages are integer basis points (33.33 % = 3333), so a
 *   recipe's components add up to exactly 10000 (docs/product-guide.md#business-constants: no floats).
 * - `blend_recipe_components.origin_id` is ON DELETE RESTRICT: deleting an origin
 *   that a recipe uses is refused by the database and answered with
 *   'Error al eliminar el origen. Asegúrate de que no haya café verde asociado.'
 *   (origins/service.ts maps every foreign-key refusal to it).
 * - `settings` is a small key/value table; the keys, their zod schemas and their
 *   defaults live in src/shared/schemas/settings.ts. A key without a row has its
 *   default, so adding a setting later needs no migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const millis = millisColumnType(db);
  const keyType = dialectOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable('blend_recipes')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', keyType, (col) => col.notNull())
    .addColumn('created_at', millis, (col) => col.notNull())
    .addColumn('updated_at', millis, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('blend_recipes_name_key_uq').on('blend_recipes').column('name_key').unique().execute();

  await db.schema
    .createTable('blend_recipe_components')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('recipe_id', 'integer', (col) => col.notNull().references('blend_recipes.id').onDelete('cascade'))
    .addColumn('origin_id', 'integer', (col) => col.notNull().references('coffee_origins.id').onDelete('restrict'))
    .addColumn('percentage_bp', 'integer', (col) =>
      col.notNull().check(sql`percentage_bp > 0 and percentage_bp <= 10000`),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  // One component per origin in a recipe.
  await db.schema
    .createIndex('blend_recipe_components_recipe_origin_uq')
    .on('blend_recipe_components')
    .columns(['recipe_id', 'origin_id'])
    .unique()
    .execute();
  // The RESTRICT check when an origin is deleted, and "which recipes use this origin".
  await db.schema
    .createIndex('blend_recipe_components_origin_id_idx')
    .on('blend_recipe_components')
    .column('origin_id')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    // JSON text, parsed by the key's own zod schema (settings registry).
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', millis, (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('blend_recipe_components').execute();
  await db.schema.dropTable('blend_recipes').execute();
}
