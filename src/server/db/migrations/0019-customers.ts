import { type Kysely, sql } from 'kysely';
import { CUSTOMER_KINDS } from '#shared/schemas/customers.js';
import { dialectOf, idColumn, idColumnType } from '#server/db/dialect.js';

/**
 * Clientes (docs/product-guide.md#clientes): one row per customer, and the
 * customer a sale may name (`sales.customer_id`, NULL for a counter sale).
 *
 * - `name_sort` (lower-cased, accents removed) orders the list; with `id` it is
 *   the keyset the list pages on, so the index (name_sort, id) answers any page.
 * - `name_key` and `name_skeleton`, each unique, are the origins' rule for
 *   names (migrations 0009 and 0014): no two customers with one name, nor one
 *   that looks like another's ('Cafеtería Sol' with a Cyrillic е).
 * - `search_key`: the name, tax id, email and phone as the search compares them
 *   (lower-cased, accents removed, computed in code so both databases agree).
 * - `active` is 1 or 0: a customer that sales name cannot be deleted
 *   (`sales.customer_id` is ON DELETE RESTRICT), it is deactivated instead.
 * - The sales index covers only sales with a customer: it lets a customer's
 *   delete check its sales without reading them all, and a counter sale (most
 *   of them) never writes it (docs/decisions/0033: the sale path's cost).
 *
 * Numbered 0019: 0017 and 0018 belong to work done beside this one (Kysely orders by name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Byte order on PostgreSQL, as every key column (0002, 0009, 0014).
  const keyType = dialectOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;
  const kinds = sql.join(CUSTOMER_KINDS.map((kind) => sql.lit(kind)));
  await db.schema
    .createTable('customers')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_sort', keyType, (col) => col.notNull())
    .addColumn('name_key', keyType, (col) => col.notNull())
    .addColumn('name_skeleton', keyType, (col) => col.notNull())
    .addColumn('search_key', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${kinds})`))
    .addColumn('tax_id', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('notes', 'text')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .execute();
  await db.schema.createIndex('customers_name_sort_idx').on('customers').columns(['name_sort', 'id']).execute();
  await db.schema.createIndex('customers_name_key_uq').on('customers').column('name_key').unique().execute();
  await db.schema.createIndex('customers_name_skeleton_uq').on('customers').column('name_skeleton').unique().execute();

  await db.schema
    .alterTable('sales')
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id').onDelete('restrict'))
    .execute();
  await db.schema.createIndex('sales_customer_id_idx').on('sales').columns(['customer_id', 'id']).where(sql.ref('customer_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sales_customer_id_idx').execute();
  await db.schema.alterTable('sales').dropColumn('customer_id').execute();
  await db.schema.dropTable('customers').execute();
}
