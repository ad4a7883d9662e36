import type { SaleFormat, SaleFormatRef } from '#shared/schemas/sale-formats.js';
import { nameKey } from '#shared/text-keys.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

export type SaleFormatValues = Omit<SaleFormat, 'id' | 'version'>;

const columns = ['id', 'version', 'name', 'grams', 'active'] as const;

const toFormat = (row: { id: number; version: number; name: string; grams: number; active: number }): SaleFormat => ({
  id: row.id,
  version: row.version,
  name: row.name,
  grams: row.grams,
  active: Number(row.active) === 1,
});

/** By grams, then name: 'Bolsa 250 g' before 'Bolsa 1 kg', as the sale form's select lists them. */
export async function listFormats(db: DbOrTrx, page: { limit: number; offset: number }): Promise<{ rows: SaleFormat[]; total: number }> {
  const rows = await db.selectFrom('sale_formats').select(columns).orderBy('grams').orderBy('name_key').orderBy('id').limit(page.limit).offset(page.offset).execute();
  const { total } = await db.selectFrom('sale_formats').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows: rows.map(toFormat), total: Number(total) };
}

/** Every format with its name, for the look-alike check (a shop has a handful). */
export const allFormatNames = (db: DbOrTrx): Promise<{ id: number; name: string }[]> => db.selectFrom('sale_formats').select(['id', 'name']).execute();

export async function findFormatById(db: DbOrTrx, id: number): Promise<SaleFormat | undefined> {
  const row = await db.selectFrom('sale_formats').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toFormat(row);
}

/** Format `id` if it is active: one read of the primary key (a sale that names it, docs/decisions/0033). */
export const findActiveFormat = (db: DbOrTrx, id: number): Promise<SaleFormatRef | undefined> =>
  db.selectFrom('sale_formats').select(['id', 'name', 'grams']).where('id', '=', id).where('active', '=', 1).executeTakeFirst();

/** These formats, active or not, in one query (a page of sales, a CSV batch, an order's lines). */
export async function formatsByIds(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, SaleFormatRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('sale_formats').select(['id', 'name', 'grams']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

const toColumns = (values: SaleFormatValues) => ({
  name: values.name,
  // One format per name whatever its case, accents or width: unique (migration 0020).
  name_key: nameKey(values.name),
  grams: values.grams,
  active: values.active ? 1 : 0,
});

/** Throws the unique violation when another format has the name. */
export async function insertFormat(db: DbOrTrx, values: SaleFormatValues, now: number): Promise<number> {
  const row = await db
    .insertInto('sale_formats')
    .values({ ...toColumns(values), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The row's version, or undefined when no format has that id; throws the unique violation as insertFormat. */
export async function updateFormat(db: DbOrTrx, id: number, values: SaleFormatValues, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('sale_formats')
    .set({ ...toColumns(values), updated_at: now })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

/**
 * Whether a sale or an order line names the format: one probe of each partial
 * index (sales_format_idx, order_lines_format_idx, migration 0020). Read only
 * by a format's edit, never by a sale.
 */
export async function formatInUse(db: DbOrTrx, id: number): Promise<boolean> {
  const sale = await db.selectFrom('sales').select('id').where('format_id', '=', id).limit(1).executeTakeFirst();
  if (sale) return true;
  const line = await db.selectFrom('order_lines').select('id').where('format_id', '=', id).limit(1).executeTakeFirst();
  return line !== undefined;
}

/** False when no format has that id; throws the foreign-key violation when sales or order lines name it. */
export async function deleteFormat(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sale_formats').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
