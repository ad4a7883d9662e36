import type { Kysely } from 'kysely';
import { saleFormatMessages as m } from '#shared/sale-format-messages.js';
import type { PaginationQuery } from '#shared/schemas/common.js';
import type { SaleFormat, SaleFormatBody, SaleFormatPage, SaleFormatRef } from '#shared/schemas/sale-formats.js';
import { nameKey } from '#shared/text-keys.js';
import { requireActorRole } from '#server/auth/actor-role.js';
import { nameSkeleton } from '#server/confusable-skeleton.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, notFoundError } from '#server/errors.js';
import * as repository from './repository.js';

/** Who writes: the signed-in administrator, whose role is checked again inside the transaction. */
interface Writer {
  actor: { id: number };
}

/**
 * What the sales and orders areas ask (docs/product-guide.md#configuracion): the
 * active format a new sale or order line chooses (undefined when it does not
 * exist or is deactivated: refused), and the formats a page of sales or an
 * order's lines name (deactivated ones too: their records keep them).
 */
export const findActiveFormat = (db: DbOrTrx, id: number): Promise<SaleFormatRef | undefined> => repository.findActiveFormat(db, id);
export const formatsByIds = (db: DbOrTrx, ids: readonly number[]): Promise<Map<number, SaleFormatRef>> => repository.formatsByIds(db, ids);

/** The format as the API shows it, or undefined (the activity log's "before", and GET /:id). */
export const findFormatItem = (db: DbOrTrx, id: number): Promise<SaleFormat | undefined> => repository.findFormatById(db, id);

export async function listFormats(db: Kysely<Database>, page: PaginationQuery): Promise<SaleFormatPage> {
  const { rows, total } = await repository.listFormats(db, page);
  return { items: rows, total, limit: page.limit, offset: page.offset };
}

export async function createFormat(db: Kysely<Database>, body: SaleFormatBody, { actor }: Writer): Promise<SaleFormat> {
  const values = { name: body.name, grams: body.grams, active: body.active ?? true };
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    await refuseTakenName(trx, body.name);
    const id = await repository.insertFormat(trx, values, Date.now());
    return { id, version: 1, ...values };
  }).catch((error: unknown) => rethrowTakenName(db, error, body.name));
}

/**
 * An edit without `active` keeps the format's state. Its grams change only while
 * no sale or order line uses it: a sale's kilos are its bags × those grams, so
 * '4 × Bolsa 250 g' must keep meaning 1 Kg (a new size is a new format).
 */
export async function updateFormat(db: Kysely<Database>, id: number, body: SaleFormatBody, { actor }: Writer): Promise<SaleFormat> {
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    const current = await repository.findFormatById(trx, id);
    if (!current) throw notFoundError(m.notFound);
    await refuseTakenName(trx, body.name, id);
    if (body.grams !== current.grams && (await repository.formatInUse(trx, id))) throw new AppError('in_use', m.gramsInUse);
    const values = { name: body.name, grams: body.grams, active: body.active ?? current.active };
    const version = await repository.updateFormat(trx, id, values, Date.now());
    if (version === undefined) throw notFoundError(m.notFound);
    return { id, version, ...values };
  }).catch((error: unknown) => rethrowTakenName(db, error, body.name));
}

/**
 * One format per name, whatever its case, accents, width, spaces or look
 * (docs/product-guide.md#data-rules), as customers'. The unique index on
 * name_key decides between two requests at once; the look-alike check compares
 * skeletons in memory, as a shop has a handful of formats.
 */
async function refuseTakenName(db: DbOrTrx, name: string, exceptId?: number): Promise<void> {
  const key = nameKey(name);
  const skeleton = nameSkeleton(name);
  const existing = (await repository.allFormatNames(db)).find(
    (format) => format.id !== exceptId && (nameKey(format.name) === key || nameSkeleton(format.name) === skeleton),
  );
  if (existing) throw new AppError('duplicate', m.duplicateName(existing.name));
}

/** After the write failed (outside its transaction): the index refused a name another request took meanwhile. */
async function rethrowTakenName(db: Kysely<Database>, error: unknown, name: string): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  const key = nameKey(name);
  const existing = (await repository.allFormatNames(db)).find((format) => nameKey(format.name) === key);
  throw new AppError('duplicate', m.duplicateName(existing?.name ?? name));
}

export async function deleteFormat(db: Kysely<Database>, id: number, { actor }: Writer): Promise<void> {
  let deleted: boolean;
  try {
    deleted = await withWriteTransaction(db, async (trx) => {
      await requireActorRole(trx, actor.id, 'administrador');
      return repository.deleteFormat(trx, id);
    });
  } catch (error) {
    // sales.format_id and order_lines.format_id are ON DELETE RESTRICT: the
    // database refuses, so a sale made with it at the same moment cannot slip through.
    if (isForeignKeyViolation(error)) throw new AppError('in_use', m.deleteInUse);
    throw error;
  }
  if (!deleted) throw notFoundError(m.notFound);
}
