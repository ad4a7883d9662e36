import type { Kysely, Transaction } from 'kysely';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import type { GreenCoffee, GreenCoffeeBody, GreenCoffeeListQuery } from '#shared/schemas/green-coffee.js';
import { centsToPrice, gramsToKg, kgToGrams, priceToCents } from '#shared/units.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { AppError, conflictError, notFoundError, validationError } from '#server/errors.js';
import { refuseTakenLotCode } from '#server/db/lot-code-columns.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { type LockTarget, lockLots } from '#server/ledger/lot-locks.js';
import { moveStock, writeOffBeforeDelete } from '#server/ledger/ledger.js';
import { markCostInputsChanged } from '#server/features/costs/service.js';
import { findOriginForArea } from '#server/features/origins/service.js';
import * as repository from './repository.js';

export type { GreenLotWithOrigin } from './repository.js';
/** For other areas (a roast checks its green lot inside its own transaction); undefined when missing. */
export const findGreenLotForArea = (db: DbOrTrx, id: number) => repository.findGreenLotWithOrigin(db, id);

/** A green lot with its origin and farm, as the list shows it, for other areas (the trace); undefined when missing. */
export type { GreenLotRecord } from './repository.js';
export const findGreenLot = (db: DbOrTrx, id: number) => repository.findGreenLotById(db, id);
/** Several green lots by id in one read (the printed labels), in no particular order; a missing id is simply absent. */
export const findGreenLots = (db: DbOrTrx, ids: readonly number[]) => repository.findGreenLotsByIds(db, ids);
/** Every green lot whose code has this key (a code is unique per origin only), for the trace's lookup by code. */
export const findGreenLotsByCodeKey = (db: DbOrTrx, key: string) => repository.findGreenLotsByCodeKey(db, key);

const toGreenCoffee = (record: repository.GreenLotRecord): GreenCoffee => ({
  id: record.id,
  version: record.version,
  origin_id: record.origin_id,
  origin_name: record.origin_name,
  origin_description: record.origin_description,
  supplier_finca: record.supplier_finca,
  quantity_kg: gramsToKg(record.quantity_g),
  stock_kg: gramsToKg(record.stock_g),
  unit_price: centsToPrice(record.unit_price_cents),
  entry_date: record.entry_date,
  batch_code: record.batch_code,
});

const toValues = (body: GreenCoffeeBody): repository.GreenLotValues => ({
  origin_id: body.origin_id,
  supplier_finca: body.supplier_finca,
  quantity_g: kgToGrams(body.quantity_kg),
  unit_price_cents: priceToCents(body.unit_price),
  entry_date: body.entry_date,
  batch_code: body.batch_code,
});

export async function listGreenLots(db: Kysely<Database>, query: GreenCoffeeListQuery) {
  const { rows, total } = await repository.listGreenLots(db, {
    limit: query.limit,
    offset: query.offset,
    originId: query.origin_id,
    inStock: query.in_stock,
  });
  return { items: rows.map(toGreenCoffee), total, limit: query.limit, offset: query.offset };
}

/** The database rules of docs/product-guide.md#green-lot, after the schema's 'Por favor, completa todos los campos.'. */
async function checkOriginAndSupplier(trx: DbOrTrx, body: GreenCoffeeBody): Promise<void> {
  const origin = await findOriginForArea(trx, body.origin_id);
  if (!origin) throw validationError(m.originNotFound);
  if (!origin.suppliers_fincas.includes(body.supplier_finca)) throw validationError(m.supplierNotInOrigin);
}

/**
 * 'Ya existe un lote con este código para el origen seleccionado…', decided by
 * the unique index; and an origin deleted between our check and the write
 * (the foreign key refuses it) is an unknown origin, not a 500.
 */
const duplicateBatch = () => new AppError('duplicate', m.duplicateBatch);

function rethrowConstraint(error: unknown): never {
  if (isUniqueViolation(error)) throw duplicateBatch();
  if (isForeignKeyViolation(error)) throw validationError(m.originNotFound);
  throw error;
}

/** The lot as the API shows it, or undefined (the activity log's "before", write-pipeline/activity-rule.ts). */
export async function findGreenLotItem(db: DbOrTrx, id: number): Promise<GreenCoffee | undefined> {
  const record = await repository.findGreenLotById(db, id);
  return record ? toGreenCoffee(record) : undefined;
}

async function readLot(db: DbOrTrx, id: number): Promise<GreenCoffee> {
  const lot = await findGreenLotItem(db, id);
  if (!lot) throw notFoundError(m.notFound);
  return lot;
}

/**
 * The origin, share-locked first (docs/decisions/0005): its suppliers stay as
 * checked until this write commits, and a concurrent delete of the origin
 * waits, or has happened and gives 'El origen seleccionado no existe.'.
 */
const originLock = (body: GreenCoffeeBody): LockTarget => ({ kind: 'origin', id: body.origin_id, share: true });

/** One transaction: the lot (with no stock yet) and its receipt in the ledger. */
export async function createGreenLot(db: Kysely<Database>, body: GreenCoffeeBody, userId: number): Promise<GreenCoffee> {
  return withWriteTransaction(db, async (trx) => readLot(trx, await createGreenLotInTransaction(trx, body, userId)));
}

/**
 * The create's rules and writes inside a transaction the caller opened with
 * withWriteTransaction: the CSV import (green-import) writes all its lots in
 * one, so they are saved together or not at all. Returns the new lot's id.
 */
export async function createGreenLotInTransaction(trx: Transaction<Database>, body: GreenCoffeeBody, userId: number): Promise<number> {
  await lockLots(trx, [originLock(body)]);
  await checkOriginAndSupplier(trx, body);
  await refuseTakenLotCode(trx, 'green_coffee', body.batch_code, { originId: body.origin_id }, duplicateBatch);
  const values = toValues(body);
  const id = await repository.insertGreenLot(trx, values).catch(rethrowConstraint);
  const moved = await moveStock(trx, {
    lotKind: 'green',
    lotId: id,
    deltaG: values.quantity_g,
    reason: 'receipt',
    userId,
    refKind: 'green_coffee',
    refId: id,
  });
  if (!moved) throw new Error(`no se pudo registrar la entrada del lote verde ${id}`);
  return id;
}

/**
 * What the lot's roasts recorded stays true (docs/product-guide.md#data-rules):
 * once roasted, its origin is fixed (its roasts, and the blends that list them
 * under that origin, say where the coffee came from: 409), and its entry date
 * stays on or before its first roast (400). The lot is locked, and every roast
 * write locks its green lot first, so no roast comes, goes or moves meanwhile.
 */
async function refuseContradictingRoasts(trx: DbOrTrx, current: repository.GreenLotRecord, body: GreenCoffeeBody): Promise<void> {
  const roasts = await repository.roastsOfLot(trx, current.id);
  const first = roasts[0];
  if (!first) return;
  if (body.origin_id !== current.origin_id) throw new AppError('in_use', m.originFixed(roasts.map((roast) => roast.batch_code)));
  if (body.entry_date > first.roast_date) throw validationError(m.entryAfterRoast(first.batch_code, first.roast_date));
}

/**
 * Editing the received quantity moves the on-hand stock by the difference (an
 * 'adjustment' in the ledger), never below zero: what roasts already took stays
 * taken (docs/product-guide.md#stock-moves).
 */
export async function updateGreenLot(
  db: Kysely<Database>,
  id: number,
  body: GreenCoffeeBody,
  userId: number,
): Promise<GreenCoffee> {
  return withWriteTransaction(db, async (trx) => {
    // Locked before it is read, so the difference below is taken from the stock as it is now.
    await lockLots(trx, [originLock(body), { kind: 'green', id }]);
    const current = await repository.findGreenLotById(trx, id);
    if (!current) throw notFoundError(m.notFound);
    await checkOriginAndSupplier(trx, body);
    await refuseContradictingRoasts(trx, current, body);
    await refuseTakenLotCode(trx, 'green_coffee', body.batch_code, { originId: body.origin_id, exceptId: id }, duplicateBatch);
    const values = toValues(body);
    const updated = await repository.updateGreenLot(trx, id, current.quantity_g, values).catch(rethrowConstraint);
    if (!updated) throw conflictError(m.concurrentEdit);
    const moved = await moveStock(trx, {
      lotKind: 'green',
      lotId: id,
      deltaG: values.quantity_g - current.quantity_g,
      reason: 'adjustment',
      userId,
      refKind: 'green_coffee',
      refId: id,
    });
    if (!moved) {
      // Exact kg (up to 3 decimals), so the user knows the smallest quantity accepted.
      const usedG = current.quantity_g - current.stock_g;
      throw new AppError('insufficient_stock', m.stockBelowZero(String(gramsToKg(usedG))));
    }
    // A new price changes the cost of every roast and blend made from the lot, sold ones included (docs/decisions/0011).
    if (values.unit_price_cents !== current.unit_price_cents) await markCostInputsChanged(trx);
    return readLot(trx, id);
  });
}

/**
 * Remaining stock leaves through the ledger, then the row goes. A roast that
 * uses the lot (roasted_coffee.green_coffee_id, ON DELETE RESTRICT) makes the
 * delete fail, which rolls the write-off back too.
 */
export async function deleteGreenLot(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    // A roast being created on this lot holds the same lock: it commits first
    // (the delete then answers 'Error al eliminar el café verde…') or finds the lot gone.
    await lockLots(trx, [{ kind: 'green', id }]);
    if (!(await repository.findGreenLotById(trx, id))) throw notFoundError(m.notFound);
    await writeOffBeforeDelete(trx, { lotKind: 'green', lotId: id, userId });
    try {
      await repository.deleteGreenLot(trx, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('in_use', m.deleteInUse);
      throw error;
    }
  });
}
