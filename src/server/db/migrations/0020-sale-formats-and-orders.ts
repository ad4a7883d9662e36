import { type Kysely, sql } from 'kysely';
import { nameKey } from '#shared/text-keys.js';
import { idColumn, idColumnType, millisColumnType } from '#server/db/dialect.js';

/**
 * Formatos de venta and Pedidos (docs/product-guide.md#pedidos): the tables the
 * wholesale loop needs, created together so every area of it reads one schema.
 *
 * - `sale_formats`: a bag size in grams with a name, unique by `name_key`
 *   (nameKey, as every name). Three defaults ('Bolsa 250 g', 'Bolsa 500 g',
 *   'Bolsa 1 kg'). A format that a sale or an order line names cannot be
 *   deleted (RESTRICT): it is deactivated instead.
 * - `sales` gain `format_id` and `bags` (both set or both NULL: bulk kilos) and
 *   `order_line_id`, the order line a sale was prepared for (NULL for a sale
 *   typed in Ventas). The partial indexes hold only such sales, so the counter
 *   sale (most of them) never writes them (docs/decisions/0033).
 * - `orders`: a customer's order with its due date, state and, once prepared,
 *   its delivery note: `delivery_note_year` + `delivery_note_seq`, unique
 *   together, drawn from `delivery_note_counters` (one row per year) inside the
 *   preparing transaction, so a number is never given twice nor reused.
 *   `next_order_id` is the repeat created on delivery: set once, so a retried
 *   or repeated 'Entregar' never creates a second one.
 * - `order_lines`: one product of the plan (an origin and roast type, or a
 *   recipe: the same shape as product_prices, 0018), a format and its bags or
 *   bulk kilos (`quantity_g` is always the kilos, in grams), a price per kg in
 *   cents and the grind.
 */
const DEFAULT_FORMATS: [string, number][] = [
  ['Bolsa 250 g', 250],
  ['Bolsa 500 g', 500],
  ['Bolsa 1 kg', 1000],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sale_formats')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('grams', 'integer', (col) => col.notNull().check(sql`grams > 0 and grams <= 100000`))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .addColumn('updated_at', millisColumnType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sale_formats_name_key_uq').on('sale_formats').column('name_key').unique().execute();
  const now = Date.now();
  await db
    .insertInto('sale_formats')
    .values(
      DEFAULT_FORMATS.map(([name, grams]) => ({ name, name_key: nameKey(name), grams, created_at: now, updated_at: now })),
    )
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('restrict'))
    .addColumn('order_date', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('notes', 'text')
    .addColumn('repeat_weeks', 'integer', (col) => col.check(sql`repeat_weeks in (1, 2, 4)`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pendiente').check(sql`status in ('pendiente', 'preparado', 'entregado', 'cancelado')`),
    )
    .addColumn('prepared_date', 'text')
    .addColumn('delivered_date', 'text')
    .addColumn('delivery_note_year', 'integer')
    .addColumn('delivery_note_seq', 'integer')
    .addColumn('next_order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', millisColumnType(db), (col) => col.notNull())
    .addColumn('updated_at', millisColumnType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_due_idx').on('orders').columns(['due_date', 'id']).execute();
  await db.schema.createIndex('orders_status_due_idx').on('orders').columns(['status', 'due_date', 'id']).execute();
  await db.schema.createIndex('orders_customer_due_idx').on('orders').columns(['customer_id', 'due_date', 'id']).execute();
  await db.schema.createIndex('orders_prepared_idx').on('orders').columns(['prepared_date', 'id']).where(sql.ref('prepared_date'), 'is not', null).execute();
  await db.schema.createIndex('orders_delivery_note_uq').on('orders').columns(['delivery_note_year', 'delivery_note_seq']).unique().execute();

  await db.schema
    .createTable('delivery_note_counters')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    .addColumn('last_seq', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('product_type', 'text', (col) => col.notNull().check(sql`product_type in ('tostado', 'mezcla')`))
    .addColumn('origin_id', 'integer', (col) => col.references('coffee_origins.id').onDelete('restrict'))
    .addColumn('roast_type', 'text', (col) => col.check(sql`roast_type in ('Claro', 'Medio', 'Oscuro')`))
    .addColumn('recipe_id', 'integer', (col) => col.references('blend_recipes.id').onDelete('restrict'))
    .addColumn('format_id', 'integer', (col) => col.references('sale_formats.id').onDelete('restrict'))
    .addColumn('bags', 'integer', (col) => col.check(sql`bags > 0`))
    .addColumn('quantity_g', 'integer', (col) => col.notNull().check(sql`quantity_g > 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('grind', 'text', (col) => col.notNull().check(sql`grind in ('grano', 'molido')`))
    .addCheckConstraint(
      'order_lines_product_ck',
      sql`(product_type = 'tostado' and origin_id is not null and roast_type is not null and recipe_id is null)
        or (product_type = 'mezcla' and recipe_id is not null and origin_id is null and roast_type is null)`,
    )
    .addCheckConstraint('order_lines_format_ck', sql`(format_id is null) = (bags is null)`)
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').columns(['order_id', 'position']).execute();
  // What an origin's, a recipe's or a format's delete checks first (RESTRICT above).
  await db.schema.createIndex('order_lines_origin_idx').on('order_lines').column('origin_id').where(sql.ref('origin_id'), 'is not', null).execute();
  await db.schema.createIndex('order_lines_recipe_idx').on('order_lines').column('recipe_id').where(sql.ref('recipe_id'), 'is not', null).execute();
  await db.schema.createIndex('order_lines_format_idx').on('order_lines').column('format_id').where(sql.ref('format_id'), 'is not', null).execute();

  await db.schema.alterTable('sales').addColumn('format_id', 'integer', (col) => col.references('sale_formats.id').onDelete('restrict')).execute();
  await db.schema.alterTable('sales').addColumn('bags', 'integer', (col) => col.check(sql`bags > 0`)).execute();
  await db.schema.alterTable('sales').addColumn('order_line_id', 'integer', (col) => col.references('order_lines.id').onDelete('restrict')).execute();
  await db.schema.createIndex('sales_format_idx').on('sales').column('format_id').where(sql.ref('format_id'), 'is not', null).execute();
  await db.schema.createIndex('sales_order_line_idx').on('sales').columns(['order_line_id', 'id']).where(sql.ref('order_line_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sales_order_line_idx').execute();
  await db.schema.dropIndex('sales_format_idx').execute();
  await db.schema.alterTable('sales').dropColumn('order_line_id').execute();
  await db.schema.alterTable('sales').dropColumn('bags').execute();
  await db.schema.alterTable('sales').dropColumn('format_id').execute();
  await db.schema.dropTable('order_lines').execute();
  await db.schema.dropTable('delivery_note_counters').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('sale_formats').execute();
}
