import type { DbOrTrx } from '#server/db/write-transaction.js';

/** The stored JSON text of each given key that has a row (keys without one keep their default). */
export async function readSettingValues(db: DbOrTrx, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Inserts or replaces one setting's row (the same statement on SQLite and PostgreSQL). */
export async function writeSettingValue(
  db: DbOrTrx,
  row: { key: string; value: string; updated_at: number; updated_by: number },
): Promise<void> {
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at, updated_by: row.updated_by }),
    )
    .execute();
}
