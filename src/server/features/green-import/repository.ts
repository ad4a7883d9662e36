import type { DbOrTrx } from '#server/db/write-transaction.js';

/** Some origins' green lots' codes, with their keys and skeletons (each unique per origin, migrations 0004 and 0009). */
export async function existingLotCodes(
  db: DbOrTrx,
  originIds: readonly number[],
): Promise<{ origin_id: number; batch_code: string; batch_code_key: string; batch_code_skeleton: string | null }[]> {
  if (originIds.length === 0) return [];
  return db
    .selectFrom('green_coffee')
    .select(['origin_id', 'batch_code', 'batch_code_key', 'batch_code_skeleton'])
    .where('origin_id', 'in', [...originIds])
    .execute();
}
