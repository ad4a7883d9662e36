import type { Kysely } from 'kysely';
import { originMessages } from '../../../shared/messages.js';
import type { PaginationQuery } from '../../../shared/schemas/common.js';
import type { Origin, OriginBody } from '../../../shared/schemas/origins.js';
import { gramsToKg, kgToGrams } from '../../../shared/units.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFoundError } from '../../errors.js';
import * as repository from './repository.js';

const toOrigin = (record: repository.OriginRecord): Origin => ({
  id: record.id,
  name: record.name,
  kilos_per_bag: gramsToKg(record.kilos_per_bag_g),
  suppliers_fincas: record.suppliers_fincas,
  description: record.description,
});

const toValues = (body: OriginBody): repository.OriginValues => ({
  name: body.name,
  kilos_per_bag_g: kgToGrams(body.kilos_per_bag),
  suppliers_fincas: body.suppliers_fincas,
  description: body.description,
});

export async function listOrigins(db: Kysely<Database>, page: PaginationQuery) {
  const { rows, total } = await repository.listOrigins(db, page);
  return { items: rows.map(toOrigin), total, limit: page.limit, offset: page.offset };
}

export async function createOrigin(db: Kysely<Database>, body: OriginBody): Promise<Origin> {
  const values = toValues(body);
  const id = await repository.insertOrigin(db, values);
  return toOrigin({ id, ...values });
}

export async function updateOrigin(db: Kysely<Database>, id: number, body: OriginBody): Promise<Origin> {
  const values = toValues(body);
  const updated = await repository.updateOrigin(db, id, values);
  if (!updated) throw notFoundError(originMessages.notFound);
  return toOrigin({ id, ...values });
}

export async function deleteOrigin(db: Kysely<Database>, id: number): Promise<void> {
  let deleted: boolean;
  try {
    deleted = await repository.deleteOrigin(db, id);
  } catch (error) {
    // green_coffee.origin_id is ON DELETE RESTRICT: the database, not a prior
    // count, refuses, so a lot added at the same moment cannot slip through.
    if (isForeignKeyViolation(error)) throw new AppError('in_use', originMessages.deleteInUse);
    throw error;
  }
  if (!deleted) throw notFoundError(originMessages.notFound);
}
