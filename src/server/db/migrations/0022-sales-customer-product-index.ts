import { type Kysely, sql } from 'kysely';

/**
 * The recall list (docs/decisions/0044-recall-list-and-delivery-note.md): the
 * sales with a customer of some lots, read by (product_type, product_id) and
 * `customer_id > 0`. Without it SQLite reads every sale of the lots through
 * sales_product_idx to keep the few with a customer (a best-selling roast's
 * green lot: 103,215 sales for 200 with a customer, 484 ms against 6 ms with
 * 10,000 sales). Partial, as sales_customer_id_idx (migration 0019): a counter
 * sale never writes it (docs/decisions/0033).
 *
 * Numbered 0022: 0021 belongs to work done beside this one (Kysely orders by name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('sales_product_customer_idx')
    .on('sales')
    .columns(['product_type', 'product_id', 'customer_id'])
    .where(sql.ref('customer_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sales_product_customer_idx').execute();
}
