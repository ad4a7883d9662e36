import type { Kysely, Transaction } from 'kysely';
import { blendLotCode } from '#shared/lot-codes.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import { basisPointsToPercent, percentToBasisPoints } from '#shared/percentages.js';
import { splitGrams } from '#shared/blend-grams.js';
import {
  type BlendedCoffee,
  type BlendedCoffeeBody,
  type BlendedCoffeeListQuery,
  drawMismatch,
} from '#shared/schemas/blended-coffee.js';
import { gramsToKg, kgToGrams } from '#shared/units.js';
import { ROAST_TYPES } from '#shared/schemas/roasted-coffee.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import { insertWithLotCode } from '#server/db/insert-with-lot-code.js';
import { refuseTakenLotCode } from '#server/db/lot-code-columns.js';
import type { Database } from '#server/db/schema.js';
import { readFormatter } from '#server/features/settings/service.js';
import type { Formatter } from '#shared/format.js';
import { type DbOrTrx, retryTransaction, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import { type LockTarget, lockLots } from '#server/ledger/lot-locks.js';
import { moveStock, writeOffBeforeDelete } from '#server/ledger/ledger.js';
import { hasSales, salesSummary } from '#server/features/sales/service.js';
import { blendCostsPerKg, markCostInputsChanged } from '#server/features/costs/service.js';
import { readRoastAges } from '#server/features/freshness/service.js';
import type { RoastAge } from '#shared/freshness.js';
import * as repository from './repository.js';

/**
 * For the roasted area: the blends drawing from a roasted lot (code and
 * creation date, oldest first), which a roast edit must keep true. Call it
 * with the roasted lot locked: every blend write locks the lots it draws.
 */
export const blendsDrawing = (db: DbOrTrx, roastedId: number) => repository.blendsDrawing(db, roastedId);

export type { BlendLabelRecord } from './repository.js';
/** For the printed labels: several blends by id, with their recipe's name, in one read. */
export const findBlendsWithRecipe = (db: DbOrTrx, ids: readonly number[]) => repository.findBlendsWithRecipe(db, ids);

/**
 * A blend's bag label facts (docs/decisions/0050-bag-labels-and-business-identity.md): decaffeinated when
 * every component's origin is; the roast types of the roasts it drew, in ROAST_TYPES' order.
 */
export async function findBlendBagFacts(db: DbOrTrx, id: number): Promise<{ decaf: boolean; roast_types: string[] }> {
  const parts = await repository.findBlendParts(db, id);
  const types = new Set(parts.map((part) => part.roast_type));
  return {
    decaf: parts.length > 0 && parts.every((part) => Number(part.decaf) === 1),
    roast_types: ROAST_TYPES.filter((type) => types.has(type)),
  };
}

/** Every ledger row this feature writes points back at its blend. */
const REF_KIND = 'blend';

const kgText = (grams: number, f: Formatter) => f.plain(gramsToKg(grams));

function toBlendedCoffee(
  record: repository.BlendRecord,
  components: repository.ComponentRecord[],
  costs: ReadonlyMap<number, number>,
  ages: ReadonlyMap<number, RoastAge>,
): BlendedCoffee {
  const required = splitGrams(
    record.total_quantity_g,
    components.map((component) => component.percentage_bp),
  );
  return {
    id: record.id,
    version: record.version,
    name: record.name,
    total_quantity_kg: gramsToKg(record.total_quantity_g),
    stock_kg: gramsToKg(Number(record.stock_g)),
    cost_per_kg: costs.get(record.id) ?? null,
    creation_date: record.creation_date,
    batch_code: record.batch_code,
    recipe_id: record.recipe_id,
    // Every blend has a roast date (its draws' or its own), so it has an age; the fallback is never reached.
    ...(ages.get(record.id) ?? { age_days: 0, freshness: 'fresco' }),
    components: components.map((component, index) => ({
      origin_id: component.origin_id,
      origin_name: component.origin_name,
      percentage: basisPointsToPercent(component.percentage_bp),
      required_kg: gramsToKg(required[index] ?? 0),
      selected_roasted_batches: component.draws.map((draw) => ({
        id: draw.roasted_coffee_id,
        batch_code: draw.batch_code,
        quantity_used: gramsToKg(draw.quantity_g),
      })),
    })),
  };
}

export async function listBlends(db: Kysely<Database>, query: BlendedCoffeeListQuery) {
  const { rows, total } = await repository.listBlends(db, query);
  const components = await repository.componentsOf(db, rows.map((row) => row.id));
  const costs = await blendCostsPerKg(db, rows.map((row) => row.id));
  const ages = (await readRoastAges(db, { blend: rows.map((row) => row.id) })).blend;
  return {
    items: rows.map((row) => toBlendedCoffee(row, components.filter((component) => component.blend_id === row.id), costs, ages)),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The blend as the API shows it, or undefined (the activity log's "before", write-pipeline/activity-rule.ts). */
export async function findBlendItem(db: DbOrTrx, id: number): Promise<BlendedCoffee | undefined> {
  const record = await repository.findBlend(db, id);
  if (!record) return undefined;
  const ages = (await readRoastAges(db, { blend: [id] })).blend;
  return toBlendedCoffee(record, await repository.componentsOf(db, [id]), await blendCostsPerKg(db, [id]), ages);
}

async function readBlend(db: DbOrTrx, id: number): Promise<BlendedCoffee> {
  const blend = await findBlendItem(db, id);
  if (!blend) throw notFoundError(m.notFound);
  return blend;
}

const drawnLotIds = (body: BlendedCoffeeBody): number[] =>
  body.components.flatMap((component) => component.selected_roasted_batches.map((draw) => draw.id));

/** The rows a blend write depends on, for lockLots: origins shared, roasted lots and the blend itself exclusive. */
const lockTargets = (body: BlendedCoffeeBody, roastedIds: Iterable<number>, blendId?: number): LockTarget[] => [
  ...body.components.map((component): LockTarget => ({ kind: 'origin', id: component.origin_id, share: true })),
  ...[...roastedIds].map((id): LockTarget => ({ kind: 'roasted', id })),
  ...(blendId === undefined ? [] : [{ kind: 'blend', id: blendId } as LockTarget]),
];

/**
 * The checks that need the database, in the order of docs/product-guide.md#blend after the
 * schema's: the recipe and the origins exist; each roasted lot exists and is
 * of its component's origin (roasted lot → green lot → origin); each
 * component draws exactly its grams (drawMismatch); each lot has the stock,
 * counting what this blend gives back on an edit (`returned`); then ours: the
 * blend is dated on or after its newest roast. Runs with the lots locked, so
 * what it reads is what the moves below will find.
 */
async function checkBody(
  trx: DbOrTrx,
  body: BlendedCoffeeBody,
  returned: ReadonlyMap<number, number>,
): Promise<{ recipeName: string | undefined }> {
  const recipeName = body.recipe_id === null ? undefined : await repository.findRecipeName(trx, body.recipe_id);
  if (body.recipe_id !== null && recipeName === undefined) throw validationError(m.invalidRecipe);

  const origins = await repository.originNames(trx, body.components.map((component) => component.origin_id));
  if (body.components.some((component) => !origins.has(component.origin_id))) throw validationError(m.invalidOrigin);

  const lots = await repository.roastedLotsForBlend(trx, drawnLotIds(body));
  for (const component of body.components) {
    for (const draw of component.selected_roasted_batches) {
      const lot = lots.get(draw.id);
      if (!lot) throw validationError(m.invalidRoastedLot);
      if (lot.origin_id !== component.origin_id) {
        throw validationError(m.roastedNotInOrigin(lot.batch_code, origins.get(component.origin_id) ?? ''));
      }
    }
  }

  const mismatch = drawMismatch(body, (originId) => origins.get(originId) ?? '');
  if (mismatch) throw validationError(mismatch.message);

  // 'No hay suficiente stock en el lote … Disponible: …, Necesario: … Kg.' An
  // early answer with the lot's figures; the conditional UPDATE in moveStock
  // still decides.
  for (const component of body.components) {
    for (const draw of component.selected_roasted_batches) {
      const lot = lots.get(draw.id)!;
      const available = lot.stock_g + (returned.get(lot.id) ?? 0);
      const needed = kgToGrams(draw.quantity_used);
      if (available < needed) {
        const f = await readFormatter(trx);
        throw new AppError('insufficient_stock', m.notEnoughStock(lot.batch_code, kgText(available, f), kgText(needed, f)));
      }
    }
  }

  let newest: repository.RoastedLotForBlend | undefined;
  for (const lot of lots.values()) if (!newest || lot.roast_date > newest.roast_date) newest = lot;
  if (newest && body.creation_date < newest.roast_date) throw validationError(m.beforeRoast(newest.batch_code, newest.roast_date));
  return { recipeName };
}

/**
 * What a blend's sales recorded stays true (docs/product-guide.md#data-rules):
 * once sold, its composition (recipe, each origin's percentage, the roasted lots
 * each component draws from) is fixed, though quantities may be corrected; and
 * its date cannot move after its first sale. The blend is locked, and every
 * sale write locks its product first, so no sale comes or goes meanwhile.
 */
async function refuseContradictingSales(trx: DbOrTrx, blend: repository.BlendRecord, body: BlendedCoffeeBody): Promise<void> {
  const sales = await salesSummary(trx, 'mezcla', blend.id);
  if (sales.count === 0) return;
  const current = await repository.componentsOf(trx, [blend.id]);
  const was = compositionOf(blend.recipe_id, current.map((c) => ({ originId: c.origin_id, basisPoints: c.percentage_bp, lots: c.draws.map((d) => d.roasted_coffee_id) })));
  const now = compositionOf(
    body.recipe_id,
    body.components.map((c) => ({ originId: c.origin_id, basisPoints: percentToBasisPoints(c.percentage), lots: c.selected_roasted_batches.map((d) => d.id) })),
  );
  if (was !== now) throw new AppError('in_use', m.compositionFixed(sales.count));
  if (sales.firstDate !== null && body.creation_date > sales.firstDate) throw validationError(m.afterSale(sales.firstDate));
}

/** A composition as comparable text: the recipe, then per origin its percentage and drawn lots, in no particular order. */
const compositionOf = (recipeId: number | null, components: { originId: number; basisPoints: number; lots: number[] }[]): string =>
  JSON.stringify([
    recipeId,
    components
      .map((component) => [component.originId, component.basisPoints, [...component.lots].sort((a, b) => a - b)] as const)
      .sort((a, b) => a[0] - b[0]),
  ]);

const componentValues = (body: BlendedCoffeeBody): repository.ComponentValues[] =>
  body.components.map((component) => ({
    origin_id: component.origin_id,
    percentage_bp: percentToBasisPoints(component.percentage),
    draws: component.selected_roasted_batches.map((draw) => ({ roasted_coffee_id: draw.id, quantity_g: kgToGrams(draw.quantity_used) })),
  }));

/** Each draw as grams per lot, in ascending lot id (the lock order). */
const drawsByLot = (body: BlendedCoffeeBody): [number, number][] =>
  body.components
    .flatMap((component) => component.selected_roasted_batches.map((draw): [number, number] => [draw.id, kgToGrams(draw.quantity_used)]))
    .sort((a, b) => a[0] - b[0]);

/** "Creating or updating a blend subtracts each used quantity from the roasted batches" (docs/product-guide.md#stock-moves). */
async function deductDraws(trx: DbOrTrx, body: BlendedCoffeeBody, userId: number, blendId: number): Promise<void> {
  for (const [lotId, grams] of drawsByLot(body)) {
    const moved = await moveStock(trx, { userId, refKind: REF_KIND, refId: blendId, lotKind: 'roasted', lotId, deltaG: -grams, reason: 'blend' });
    // Cannot happen after checkBody under the locks; logged, answered 500, all undone.
    if (!moved) throw new Error(`no se pudo descontar el lote tostado ${lotId} de la mezcla ${blendId}`);
  }
}

/** "Deleting a blend returns the used quantities to the roasted batches" (docs/product-guide.md#stock-moves); also the first half of an edit. */
async function returnDraws(trx: DbOrTrx, draws: ReadonlyMap<number, number>, userId: number, blendId: number): Promise<void> {
  for (const [lotId, grams] of [...draws].sort((a, b) => a[0] - b[0])) {
    const moved = await moveStock(trx, { userId, refKind: REF_KIND, refId: blendId, lotKind: 'roasted', lotId, deltaG: grams, reason: 'blend_reversal' });
    // Cannot happen: the lot is locked and its foreign key forbids deleting it while the draw exists.
    if (!moved) throw new Error(m.returnRoastedError);
  }
}

const duplicateBatch = () => new AppError('duplicate', m.duplicateBatch);

/**
 * Inserts the blend under the typed code or one made from the recipe's name,
 * or the blend's when there is no recipe, and the creation date (docs/product-guide.md#business-constants,
 * BL-MZ-010124-1234).
 */
const insertBlend = (
  trx: Transaction<Database>,
  values: Omit<repository.BlendValues, 'batch_code'>,
  typedCode: string | undefined,
  prefixName: string,
): Promise<number> => {
  const now = Date.now();
  return insertWithLotCode({
    typedCode,
    generate: () => blendLotCode(prefixName, values.creation_date),
    refuseTaken: (code) => refuseTakenLotCode(trx, 'blended_coffee', code, {}, duplicateBatch),
    insert: (batch_code) => repository.insertBlend(trx, { ...values, batch_code }, now),
    duplicate: duplicateBatch,
    unavailableMessage: m.lotCodeUnavailable,
  });
};

/** A recipe deleted between checkBody and the insert cannot happen under the locks taken, but answer it as the rule does. */
async function asRecipeRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw validationError(m.invalidRecipe);
    throw error;
  }
}

/**
 * Creating a blend, in ONE write transaction: the blend row, its components
 * and draws, each roasted lot's deduction ('blend') and the blend's own entry
 * of its produced grams, all in the ledger with ref the blend. Roasted lots
 * are locked first (global order, ascending id), so two blends drawing the
 * same lots take turns and neither can take stock the other took.
 */
export async function createBlend(db: Kysely<Database>, body: BlendedCoffeeBody, userId: number): Promise<BlendedCoffee> {
  return withWriteTransaction(db, async (trx) => {
    await lockLots(trx, lockTargets(body, drawnLotIds(body)));
    const { recipeName } = await checkBody(trx, body, new Map());
    const totalG = kgToGrams(body.total_quantity_kg);
    const id = await asRecipeRefusal(() =>
      insertBlend(
        trx,
        { name: body.name, total_quantity_g: totalG, creation_date: body.creation_date, recipe_id: body.recipe_id },
        body.batch_code,
        recipeName ?? body.name,
      ),
    );
    await repository.insertComponents(trx, id, componentValues(body));
    await deductDraws(trx, body, userId, id);
    if (!(await moveStock(trx, { userId, refKind: REF_KIND, refId: id, lotKind: 'blend', lotId: id, deltaG: totalG, reason: 'blend' }))) {
      throw new Error(`no se pudo registrar la entrada de la mezcla ${id}`);
    }
    return readBlend(trx, id);
  });
}

/**
 * Locks what an edit or delete of blend `id` touches: the roasted lots it drew
 * (read once without a lock to know them) plus `extraRoasted`, then the blend.
 * If, once locked, the blend's draws are not the ones read (a concurrent edit
 * committed in between), the transaction starts over rather than lock out of
 * order. Returns the blend and its draws per lot, as locked.
 */
async function lockBlendAndDraws(
  trx: Transaction<Database>,
  id: number,
  body: BlendedCoffeeBody | undefined,
): Promise<{ blend: repository.BlendRecord; draws: Map<number, number> }> {
  if (!(await repository.findBlend(trx, id))) throw notFoundError(m.notFound);
  const seen = await repository.drawsOfBlend(trx, id);
  const roastedIds = new Set([...seen.keys(), ...(body ? drawnLotIds(body) : [])]);
  const targets: LockTarget[] = body
    ? lockTargets(body, roastedIds, id)
    : [...[...roastedIds].map((lotId): LockTarget => ({ kind: 'roasted', id: lotId })), { kind: 'blend', id }];
  await lockLots(trx, targets);
  const blend = await repository.findBlend(trx, id);
  if (!blend) throw notFoundError(m.notFound);
  const draws = await repository.drawsOfBlend(trx, id);
  if ([...draws.keys()].some((lotId) => !roastedIds.has(lotId))) retryTransaction('mezcla editada a la vez');
  return { blend, draws };
}

/**
 * Editing a blend (docs/product-guide.md#stock-moves: "updating a blend subtracts each used quantity"),
 * in ONE write transaction, so a refusal at any step leaves every lot, the
 * blend and the ledger as they were:
 *   1. the old draws go back to their roasted lots ('blend_reversal');
 *   2. the new draws leave their lots ('blend');
 *   3. the blend's on-hand moves by the produced difference, never below zero:
 *      kg already sold stay sold (docs/product-guide.md#stock-moves);
 *   4. the row, its components and draws.
 */
export async function updateBlend(db: Kysely<Database>, id: number, body: BlendedCoffeeBody, userId: number): Promise<BlendedCoffee> {
  return withWriteTransaction(db, async (trx) => {
    const { blend, draws } = await lockBlendAndDraws(trx, id, body);
    await checkBody(trx, body, draws);
    await refuseContradictingSales(trx, blend, body);
    const totalG = kgToGrams(body.total_quantity_kg);

    await returnDraws(trx, draws, userId, id);
    await deductDraws(trx, body, userId, id);
    const producedDelta = totalG - blend.total_quantity_g;
    const adjusted = await moveStock(trx, {
      userId,
      refKind: REF_KIND,
      refId: id,
      lotKind: 'blend',
      lotId: id,
      deltaG: producedDelta,
      reason: producedDelta > 0 ? 'blend' : 'blend_reversal',
    });
    if (!adjusted) throw new AppError('insufficient_stock', m.stockBelowZero(kgText(blend.total_quantity_g - Number(blend.stock_g), await readFormatter(trx))));

    if (body.batch_code !== undefined) await refuseTakenLotCode(trx, 'blended_coffee', body.batch_code, { exceptId: id }, duplicateBatch);
    try {
      await asRecipeRefusal(() =>
        repository.updateBlend(
          trx,
          id,
          {
            name: body.name,
            total_quantity_g: totalG,
            creation_date: body.creation_date,
            recipe_id: body.recipe_id,
            // Left empty on an edit: the blend keeps its code.
            batch_code: body.batch_code ?? blend.batch_code,
          },
          Date.now(),
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateBatch();
      throw error;
    }
    await repository.deleteComponents(trx, id);
    await repository.insertComponents(trx, id, componentValues(body));
    // Its draws were written again: its cost per kg may have changed, sold kilos included (docs/decisions/0011).
    await markCostInputsChanged(trx);
    return readBlend(trx, id);
  });
}

/**
 * Deleting a blend (docs/product-guide.md#stock-moves: "returns the used quantities to the roasted
 * batches"), refused once it has sales ('Error al eliminar la mezcla de café.
 * Asegúrate de que no esté asociada a ventas.'). One transaction: the draws go
 * back ('blend_reversal'), the blend's on-hand leaves through the ledger, then
 * the row goes with its components and draws.
 */
export async function deleteBlend(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    const { draws } = await lockBlendAndDraws(trx, id, undefined);
    if (await hasSales(trx, 'mezcla', id)) throw new AppError('in_use', m.deleteInUse);
    await returnDraws(trx, draws, userId, id);
    await writeOffBeforeDelete(trx, { lotKind: 'blend', lotId: id, userId });
    await repository.deleteBlend(trx, id);
  });
}
