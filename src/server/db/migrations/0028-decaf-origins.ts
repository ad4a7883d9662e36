import { type Kysely, sql } from 'kysely';

/**
 * An origin may be marked decaffeinated (docs/product-guide.md#origin): its coffee's bag labels
 * then name it 'Café tostado natural en grano, descafeinado' (docs/decisions/0050-bag-labels-and-business-identity.md).
 * 1 or 0, as customers.active (0019); every existing origin is 0, what it was.
 *
 * Numbered 0028: 0026 and 0027 belong to work done beside this one (Kysely orders by name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('coffee_origins')
    .addColumn('decaf', 'integer', (col) => col.notNull().defaultTo(0).check(sql`decaf in (0, 1)`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coffee_origins').dropColumn('decaf').execute();
}
