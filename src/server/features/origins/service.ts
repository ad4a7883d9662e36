import type { Kysely } from 'kysely';
import { orderMessages } from '#shared/order-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import type { PaginationQuery } from '#shared/schemas/common.js';
import type { Origin, OriginBody } from '#shared/schemas/origins.js';
import { gramsToKg, kgToGrams } from '#shared/units.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import { nameSkeleton } from '#server/confusable-skeleton.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { lockLots } from '#server/ledger/lot-locks.js';
import * as repository from './repository.js';

/** For other areas (a green lot checks its origin and farm inside its own transaction); undefined when missing. */
export const findOriginForArea = (db: DbOrTrx, id: number) => repository.findOriginById(db, id);

const toOrigin = (record: repository.OriginRecord): Origin => ({
  id: record.id,
  version: record.version,
  name: record.name,
  kilos_per_bag: gramsToKg(record.kilos_per_bag_g),
  suppliers_fincas: record.suppliers_fincas,
  description: record.description,
  decaf: record.decaf,
});

const toValues = (body: OriginBody, decaf: boolean): repository.OriginValues => ({
  name: body.name,
  kilos_per_bag_g: kgToGrams(body.kilos_per_bag),
  suppliers_fincas: body.suppliers_fincas,
  description: body.description,
  decaf,
});

/** The origin as the API shows it, or undefined (the activity log's "before", write-pipeline/activity-rule.ts). */
export async function findOriginItem(db: DbOrTrx, id: number): Promise<Origin | undefined> {
  const record = await repository.findOriginById(db, id);
  return record ? toOrigin(record) : undefined;
}

export async function listOrigins(db: Kysely<Database>, page: PaginationQuery) {
  const { rows, total } = await repository.listOrigins(db, page);
  return { items: rows.map(toOrigin), total, limit: page.limit, offset: page.offset };
}

export async function createOrigin(db: Kysely<Database>, body: OriginBody): Promise<Origin> {
  const values = toValues(body, body.decaf ?? false);
  refuseLookAlikeSuppliers(values.suppliers_fincas, []);
  return withWriteTransaction(db, async (trx) => {
    await refuseTakenName(trx, body.name);
    const id = await repository.insertOrigin(trx, values);
    return toOrigin({ id, version: 1, ...values });
  }).catch((error: unknown) => rethrowTakenName(db, error, body.name));
}

/**
 * One origin per name, whatever its case, accents, width or surrounding spaces
 * (docs/product-guide.md#data-rules): the 409 names the origin that has it.
 * This lookup answers the common case; the unique index on name_key decides,
 * also between two requests at once (rethrowTakenName).
 */
async function refuseTakenName(db: DbOrTrx, name: string, exceptId?: number): Promise<void> {
  const existing = await repository.findOriginByName(db, name, exceptId);
  if (existing) throw new AppError('duplicate', originMessages.duplicateName(existing.name));
}

/** After the write failed (outside its transaction): the index refused a name another request took meanwhile. */
async function rethrowTakenName(db: Kysely<Database>, error: unknown, name: string): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  const existing = await repository.findOriginByName(db, name);
  throw new AppError('duplicate', originMessages.duplicateName(existing?.name ?? name));
}

/**
 * The origin is locked first (docs/decisions/0005): green lots being created or
 * edited on it hold it shared while they check their supplier against its
 * list, so they and this edit take turns, and whatever this edit checks about
 * the lots that use the origin stays true until it commits.
 */
export async function updateOrigin(db: Kysely<Database>, id: number, body: OriginBody): Promise<Origin> {
  return withWriteTransaction(db, async (trx) => {
    await lockLots(trx, [{ kind: 'origin', id }]);
    const current = await repository.findOriginById(trx, id);
    if (!current) throw notFoundError(originMessages.notFound);
    // An edit without `decaf` keeps the mark: a client that does not show it cannot clear it by accident.
    const values = toValues(body, body.decaf ?? current.decaf);
    refuseLookAlikeSuppliers(values.suppliers_fincas, current.suppliers_fincas);
    await refuseRemovingFarmsInUse(trx, current, values.suppliers_fincas);
    await refuseTakenName(trx, body.name, id);
    const version = await repository.updateOrigin(trx, id, values);
    if (version === undefined) throw notFoundError(originMessages.notFound);
    return toOrigin({ id, version, ...values });
  }).catch((error: unknown) => rethrowTakenName(db, error, body.name));
}

/**
 * A supplier/farm that green lots use cannot be removed or renamed (a rename is
 * a removal plus an addition): those lots would belong to a farm the origin no
 * longer has. Checked after the origin is locked, so no green lot can take the
 * farm between this count and the write (green writes share-lock the origin).
 */
async function refuseRemovingFarmsInUse(trx: DbOrTrx, current: repository.OriginRecord, suppliers: readonly string[]): Promise<void> {
  const removed = current.suppliers_fincas.filter((supplier) => !suppliers.includes(supplier));
  const [inUse] = await repository.countGreenLotsBySupplier(trx, current.id, removed);
  if (inUse) throw new AppError('in_use', originMessages.farmInUse(inUse.supplier, inUse.lots));
}

/**
 * One supplier/farm per origin, whatever its case, accents or look
 * (docs/decisions/0021): 'finca la esperanza' or 'Finca La Еsperanza'
 * (Cyrillic Е) beside 'Finca La Esperanza' would be two farms a green lot
 * could name. Pairs the origin already had together are kept, since green
 * lots may use both and neither could then leave the list (farmInUse).
 * Within one row, so no index is needed: updates lock the origin first.
 */
function refuseLookAlikeSuppliers(suppliers: readonly string[], stored: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const supplier of suppliers) {
    const skeleton = nameSkeleton(supplier);
    const earlier = seen.get(skeleton);
    if (earlier !== undefined && !(stored.includes(earlier) && stored.includes(supplier))) {
      throw validationError(originMessages.duplicateSupplier(supplier, earlier));
    }
    if (earlier === undefined) seen.set(skeleton, supplier);
  }
}

export async function deleteOrigin(db: Kysely<Database>, id: number): Promise<void> {
  let deleted: boolean;
  try {
    deleted = await withWriteTransaction(db, async (trx) => {
      await lockLots(trx, [{ kind: 'origin', id }]);
      return repository.deleteOrigin(trx, id);
    });
  } catch (error) {
    // green_coffee.origin_id is ON DELETE RESTRICT: the database, not a prior
    // count, refuses, so a lot added at the same moment cannot slip through.
    // order_lines.origin_id too: an order of the origin's coffee keeps it (docs/product-guide.md#pedidos).
    if (isForeignKeyViolation(error)) {
      throw new AppError('in_use', (await repository.inOrderLines(db, id)) ? orderMessages.originInOrders : originMessages.deleteInUse);
    }
    throw error;
  }
  if (!deleted) throw notFoundError(originMessages.notFound);
}
