import { nameKey } from '#shared/text-keys.js';
import { nameSkeleton } from '#server/confusable-skeleton.js';
import type { CoffeeOriginRow } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** An origin as stored, with its suppliers list decoded. */
export interface OriginRecord {
  id: number;
  version: number;
  name: string;
  kilos_per_bag_g: number;
  suppliers_fincas: string[];
  description: string | null;
  /** Decaffeinated: its bag labels say so (docs/product-guide.md#etiquetas-de-bolsa). */
  decaf: boolean;
}

export type OriginValues = Omit<OriginRecord, 'id' | 'version'>;

/** The list's order: lower-cased, accents removed, so "Ábaco" comes next to "abeja" on both dialects. */
export const originSortKey = (name: string): string =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const toRecord = (row: Omit<CoffeeOriginRow, 'name_sort' | 'name_key' | 'name_skeleton'>): OriginRecord => ({
  id: row.id,
  version: row.version,
  name: row.name,
  kilos_per_bag_g: row.kilos_per_bag_g,
  suppliers_fincas: JSON.parse(row.suppliers_fincas) as string[],
  description: row.description,
  decaf: Number(row.decaf) === 1,
});

const toColumns = (values: OriginValues) => ({
  name: values.name,
  name_sort: originSortKey(values.name),
  // One origin per name, and none that looks like another's: both unique (migrations 0009, 0014).
  name_key: nameKey(values.name),
  name_skeleton: nameSkeleton(values.name),
  kilos_per_bag_g: values.kilos_per_bag_g,
  suppliers_fincas: JSON.stringify(values.suppliers_fincas),
  description: values.description,
  decaf: values.decaf ? 1 : 0,
});

const columns = ['id', 'version', 'name', 'kilos_per_bag_g', 'suppliers_fincas', 'description', 'decaf'] as const;

/** Ordered by name, ascending (docs/product-guide.md#origenes), one page at a time. */
export async function listOrigins(
  db: DbOrTrx,
  page: { limit: number; offset: number },
): Promise<{ rows: OriginRecord[]; total: number }> {
  const rows = await db
    .selectFrom('coffee_origins')
    .select(columns)
    .orderBy('name_sort')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('coffee_origins')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toRecord), total: Number(total) };
}

export async function findOriginById(db: DbOrTrx, id: number): Promise<OriginRecord | undefined> {
  const row = await db.selectFrom('coffee_origins').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/**
 * The origin (other than `exceptId`) whose name is `name` once case, accents,
 * width and spaces are set aside, or looks like it ('Cоlombia' with a Cyrillic
 * о): one lookup on each unique index.
 */
export const findOriginByName = (db: DbOrTrx, name: string, exceptId?: number): Promise<{ id: number; name: string } | undefined> => {
  let query = db
    .selectFrom('coffee_origins')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('name_key', '=', nameKey(name)), eb('name_skeleton', '=', nameSkeleton(name))]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

/** Throws the unique violation when another origin has the name (name_key) or a look-alike of it (name_skeleton). */
export async function insertOrigin(db: DbOrTrx, values: OriginValues): Promise<number> {
  const row = await db.insertInto('coffee_origins').values(toColumns(values)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * How many green lots of the origin use each of `suppliers` (only those used
 * at least once), in the order given: a supplier/farm in use cannot leave the
 * origin's list (docs/product-guide.md#origin).
 */
export async function countGreenLotsBySupplier(
  db: DbOrTrx,
  originId: number,
  suppliers: readonly string[],
): Promise<{ supplier: string; lots: number }[]> {
  if (suppliers.length === 0) return [];
  const rows = await db
    .selectFrom('green_coffee')
    .select((eb) => ['supplier_finca', eb.fn.countAll<number>().as('lots')])
    .where('origin_id', '=', originId)
    .where('supplier_finca', 'in', [...suppliers])
    .groupBy('supplier_finca')
    .execute();
  const counts = new Map(rows.map((row) => [row.supplier_finca, Number(row.lots)]));
  return suppliers.filter((supplier) => counts.has(supplier)).map((supplier) => ({ supplier, lots: counts.get(supplier)! }));
}

/** The row's version, or undefined when no origin has that id; throws the unique violation when another origin has the name. */
export async function updateOrigin(db: DbOrTrx, id: number, values: OriginValues): Promise<number | undefined> {
  const row = await db.updateTable('coffee_origins').set(toColumns(values)).where('id', '=', id).returning('version').executeTakeFirst();
  return row?.version;
}

/** False when no origin has that id; throws the foreign-key violation when green lots still use it. */
/** Whether an order line names the origin (order_lines.origin_id is RESTRICT): which refusal its delete gives. */
export async function inOrderLines(db: DbOrTrx, id: number): Promise<boolean> {
  return (await db.selectFrom('order_lines').select('id').where('origin_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteOrigin(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('coffee_origins').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
