import type { Kysely } from 'kysely';
import { lotCodeKey } from '#shared/lot-codes.js';
import { textMessages } from '#shared/messages.js';
import { confusableSkeleton } from '#server/confusable-skeleton.js';
import { AppError } from '#server/errors.js';
import type { Database } from './schema.js';
import type { DbOrTrx } from './write-transaction.js';

/**
 * A lot code as every lot table stores it (green, roasted and blend lots): the
 * code as typed, its key (lotCodeKey: case, width and spaces aside) and its
 * confusable skeleton (src/server/confusable-skeleton.ts), each of the last two
 * under a unique index (migration 0009). The repositories write all three
 * from this one function.
 */
export const lotCodeColumns = (code: string) => ({
  batch_code: code,
  batch_code_key: lotCodeKey(code),
  batch_code_skeleton: confusableSkeleton(code),
});

export type LotCodeTable = 'green_coffee' | 'roasted_coffee' | 'blended_coffee';

/**
 * Refuses a typed code that another lot in the same scope has, or that looks
 * like another lot's ('GC-0O1' beside 'GC-001'): one lookup on the skeleton's
 * index, which finds both (equal keys have equal skeletons, but for the case
 * of letters the skeleton keeps apart, where the key's index still refuses:
 * 'TR-IOI' and 'tr-ioi'). An exact duplicate is the area's own `duplicate`
 * 409; a look-alike names the lot it looks like. This answers the common case
 * with the right message; the unique indexes decide the rest, concurrent
 * requests included.
 */
export async function refuseTakenLotCode(
  db: DbOrTrx,
  table: LotCodeTable,
  code: string,
  scope: { originId?: number; exceptId?: number },
  duplicate: () => AppError,
): Promise<void> {
  // The three tables share these columns; Kysely cannot type a query over a union of tables.
  let query = (db as Kysely<Database>)
    .selectFrom(table as 'green_coffee')
    .select(['batch_code', 'batch_code_key'])
    .where('batch_code_skeleton', '=', confusableSkeleton(code));
  if (scope.originId !== undefined) query = query.where('origin_id', '=', scope.originId);
  if (scope.exceptId !== undefined) query = query.where('id', '<>', scope.exceptId);
  const existing = await query.limit(1).executeTakeFirst();
  if (!existing) return;
  throw existing.batch_code_key === lotCodeKey(code) ? duplicate() : new AppError('duplicate', textMessages.confusableLotCode(existing.batch_code));
}
