import type { DbOrTrx } from '#server/db/write-transaction.js';

/** The lot-code keys already used by some origins' green lots (unique per origin, migration 0004). */
export async function existingBatchKeys(db: DbOrTrx, originIds: readonly number[]): Promise<Set<string>> {
  if (originIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('green_coffee')
    .select(['origin_id', 'batch_code_key'])
    .where('origin_id', 'in', [...originIds])
    .execute();
  return new Set(rows.map((row) => `${row.origin_id}:${row.batch_code_key}`));
}
