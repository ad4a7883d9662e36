import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import { nameKey } from '#shared/text-keys.js';
import { nameSkeleton } from '#server/confusable-skeleton.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A component as stored: `percentage_bp` in basis points (33.33 % = 3333), joined to its origin's name. */
export interface RecipeComponentRecord {
  origin_id: number;
  origin_name: string;
  percentage_bp: number;
  roast_type: RoastType | null;
}

export interface RecipeRecord {
  id: number;
  version: number;
  name: string;
  components: RecipeComponentRecord[];
}

export interface RecipeValues {
  name: string;
  components: { origin_id: number; percentage_bp: number; roast_type: RoastType | null }[];
}

async function componentsOf(db: DbOrTrx, recipeIds: readonly number[]): Promise<Map<number, RecipeComponentRecord[]>> {
  const byRecipe = new Map<number, RecipeComponentRecord[]>(recipeIds.map((id) => [id, []]));
  if (recipeIds.length === 0) return byRecipe;
  const rows = await db
    .selectFrom('blend_recipe_components as c')
    .innerJoin('coffee_origins as o', 'o.id', 'c.origin_id')
    .select(['c.recipe_id', 'c.origin_id', 'o.name as origin_name', 'c.percentage_bp', 'c.roast_type'])
    .where('c.recipe_id', 'in', recipeIds)
    .orderBy('c.recipe_id')
    .orderBy('c.position')
    .execute();
  for (const { recipe_id, ...component } of rows) byRecipe.get(recipe_id)?.push(component);
  return byRecipe;
}

/** Ordered by name, ascending (docs/product-guide.md#configuracion), one page at a time, each recipe with its components. */
export async function listRecipes(
  db: DbOrTrx,
  page: { limit: number; offset: number },
): Promise<{ rows: RecipeRecord[]; total: number }> {
  const recipes = await db
    .selectFrom('blend_recipes')
    .select(['id', 'version', 'name'])
    .orderBy('name_key')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('blend_recipes')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const components = await componentsOf(db, recipes.map((recipe) => recipe.id));
  return { rows: recipes.map((recipe) => ({ ...recipe, components: components.get(recipe.id) ?? [] })), total: Number(total) };
}

export async function findRecipeById(db: DbOrTrx, id: number): Promise<RecipeRecord | undefined> {
  const recipe = await db.selectFrom('blend_recipes').select(['id', 'version', 'name']).where('id', '=', id).executeTakeFirst();
  if (!recipe) return undefined;
  const components = await componentsOf(db, [id]);
  return { ...recipe, components: components.get(id) ?? [] };
}

async function insertComponents(trx: DbOrTrx, recipeId: number, components: RecipeValues['components']): Promise<void> {
  await trx
    .insertInto('blend_recipe_components')
    .values(components.map((component, position) => ({ recipe_id: recipeId, ...component, position })))
    .execute();
}

/**
 * Inserts the recipe and its components; run it in a transaction. Throws the
 * unique violation of a name already taken (name_key = nameKey(name): "Mezcla
 * de la Casa", " mezcla  de la casa " and "ＭＥＺＣＬＡ de la casa" are one
 * name; it is also the list's order) or of a look-alike of one (name_skeleton,
 * migration 0014: 'Mezcla de la Casа' with a Cyrillic а), or the foreign-key
 * violation of an origin that does not exist.
 */
export async function insertRecipe(trx: DbOrTrx, values: RecipeValues, now: number): Promise<number> {
  const { id } = await trx
    .insertInto('blend_recipes')
    .values({ name: values.name, name_key: nameKey(values.name), name_skeleton: nameSkeleton(values.name), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertComponents(trx, id, values.components);
  return id;
}

/** Replaces the name and the components; false when no recipe has that id. Run it in a transaction (same violations as insertRecipe). */
export async function updateRecipe(trx: DbOrTrx, id: number, values: RecipeValues, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('blend_recipes')
    .set({ name: values.name, name_key: nameKey(values.name), name_skeleton: nameSkeleton(values.name), updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx.deleteFrom('blend_recipe_components').where('recipe_id', '=', id).execute();
  await insertComponents(trx, id, values.components);
  return true;
}

/** False when no recipe has that id; its components go with it (ON DELETE CASCADE). */
/** Whether an order line names the recipe (order_lines.recipe_id is RESTRICT): its delete's refusal. */
export async function inOrderLines(db: DbOrTrx, id: number): Promise<boolean> {
  return (await db.selectFrom('order_lines').select('id').where('recipe_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteRecipe(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blend_recipes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
