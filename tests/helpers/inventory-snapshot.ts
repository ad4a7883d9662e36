import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.js';

/**
 * Every row a refused inventory write could have touched (lots, a blend's
 * components and draws, sales, the ledger), to compare before and after:
 * a refusal must leave them all as they were.
 */
export const inventorySnapshot = async (db: Kysely<Database>) => ({
  green: await db.selectFrom('green_coffee').selectAll().orderBy('id').execute(),
  roasted: await db.selectFrom('roasted_coffee').selectAll().orderBy('id').execute(),
  blends: await db.selectFrom('blended_coffee').selectAll().orderBy('id').execute(),
  components: await db.selectFrom('blended_coffee_components').selectAll().orderBy('id').execute(),
  draws: await db.selectFrom('blended_coffee_draws').selectAll().orderBy('id').execute(),
  sales: await db.selectFrom('sales').selectAll().orderBy('id').execute(),
  movements: await db.selectFrom('stock_movements').select('id').orderBy('id').execute(),
});
