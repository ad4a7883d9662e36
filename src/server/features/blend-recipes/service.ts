import type { Kysely } from 'kysely';
import { blendRecipeMessages as m } from '#shared/blend-recipe-messages.js';
import { orderMessages } from '#shared/order-messages.js';
import { basisPointsToPercent, percentToBasisPoints } from '#shared/percentages.js';
import type { BlendRecipe, BlendRecipeBody } from '#shared/schemas/blend-recipes.js';
import type { PaginationQuery } from '#shared/schemas/common.js';
import { requireActorRole } from '#server/auth/actor-role.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import * as repository from './repository.js';

/** Who writes: the signed-in user, whose role is checked again inside the transaction. */
interface Writer {
  actor: { id: number };
}

const toRecipe = (record: repository.RecipeRecord): BlendRecipe => ({
  id: record.id,
  version: record.version,
  name: record.name,
  components: record.components.map((component) => ({
    origin_id: component.origin_id,
    origin_name: component.origin_name,
    percentage: basisPointsToPercent(component.percentage_bp),
    roast_type: component.roast_type,
  })),
});

const toValues = (body: BlendRecipeBody): repository.RecipeValues => ({
  name: body.name,
  components: body.components.map((component) => ({
    origin_id: component.origin_id,
    percentage_bp: percentToBasisPoints(component.percentage),
    roast_type: component.roast_type ?? null,
  })),
});

export async function listRecipes(db: Kysely<Database>, page: PaginationQuery) {
  const { rows, total } = await repository.listRecipes(db, page);
  return { items: rows.map(toRecipe), total, limit: page.limit, offset: page.offset };
}

/** The recipe as the API shows it, or undefined (the activity log's "before", write-pipeline/activity-rule.ts). */
export async function findRecipeItem(db: DbOrTrx, id: number): Promise<BlendRecipe | undefined> {
  const record = await repository.findRecipeById(db, id);
  return record ? toRecipe(record) : undefined;
}

async function readRecipe(db: DbOrTrx, id: number): Promise<BlendRecipe> {
  const recipe = await findRecipeItem(db, id);
  if (!recipe) throw notFoundError(m.notFound);
  return recipe;
}

/**
 * The database decides both rules, so two requests at the same moment cannot
 * both pass a prior SELECT: the unique name key and name skeleton (our 409,
 * also for a look-alike name: docs/decisions/0021) and the components'
 * foreign key to coffee_origins ('Origen de café seleccionado no válido.').
 */
async function refusedByDatabase<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('duplicate', m.duplicateName);
    if (isForeignKeyViolation(error)) throw validationError(m.originInvalid);
    throw error;
  }
}

/**
 * Recipes are administrator-only writes (docs/product-guide.md#roles-and-permissions): the guard checked the role
 * when the request arrived, requireActorRole checks it again inside the
 * transaction, so an administrator demoted meanwhile writes nothing.
 */
export async function createRecipe(db: Kysely<Database>, body: BlendRecipeBody, { actor }: Writer): Promise<BlendRecipe> {
  const values = toValues(body);
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    const id = await refusedByDatabase(() => repository.insertRecipe(trx, values, Date.now()));
    return readRecipe(trx, id);
  });
}

/** Replaces the name and the whole component list (docs/product-guide.md#configuracion). */
export async function updateRecipe(
  db: Kysely<Database>,
  id: number,
  body: BlendRecipeBody,
  { actor }: Writer,
): Promise<BlendRecipe> {
  const values = toValues(body);
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    const updated = await refusedByDatabase(() => repository.updateRecipe(trx, id, values, Date.now()));
    if (!updated) throw notFoundError(m.notFound);
    return readRecipe(trx, id);
  });
}

/** Blends made from the recipe keep their own copy of the components (their recipe_id becomes null). */
export async function deleteRecipe(db: Kysely<Database>, id: number, { actor }: Writer): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    if (!(await repository.deleteRecipe(trx, id))) throw notFoundError(m.notFound);
  }).catch(async (error: unknown) => {
    // Orders of the recipe keep it (order_lines.recipe_id is RESTRICT): a 409, not the foreign key's 500.
    if (isForeignKeyViolation(error) && (await repository.inOrderLines(db, id))) throw new AppError('in_use', orderMessages.recipeInOrders);
    throw error;
  });
}
