import { type Kysely, sql } from 'kysely';

/**
 * A recipe component may name the roast type its origin goes in as
 * (docs/product-guide.md#blend-recipe): 'Huila, Oscuro, 60 %'. Null, what
 * every existing component gets, means "any roast type", as before: the roast
 * plan then roasts the recipe's shortfall as the type its blends drew most, and
 * 'Rellenar lotes' offers lots of every type. One of Claro, Medio, Oscuro
 * otherwise, checked by the database as roasted_coffee.roast_type is (0003).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blend_recipe_components')
    .addColumn('roast_type', 'text', (col) => col.check(sql`roast_type in ('Claro', 'Medio', 'Oscuro')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blend_recipe_components').dropColumn('roast_type').execute();
}
