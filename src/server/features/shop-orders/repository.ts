import { sql } from 'kysely';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import type { Grind } from '#shared/schemas/orders.js';
import type { ShopColumns, ShopPreset, ShopProduct, ShopSku } from '#shared/schemas/shop-orders.js';
import { SHOP_FIELDS } from '#shared/schemas/shop-orders.js';
import { nameKey } from '#shared/text-keys.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A shop SKU's mapping as stored, with its product's and format's names and the format's grams and state. */
export interface ShopSkuRecord extends ShopSku {
  format_grams: number | null;
  format_active: boolean;
  sku_key: string;
}

/** The product's name as the sale picker and product prices name it: origin and roast type, or the recipe's name. */
const productName = sql<string | null>`case when s.product_type = 'tostado' then o.name || ' · ' || s.roast_type when s.product_type = 'mezcla' then r.name else null end`;

const skusWithNames = (db: DbOrTrx) =>
  db
    .selectFrom('shop_skus as s')
    .leftJoin('coffee_origins as o', 'o.id', 's.origin_id')
    .leftJoin('blend_recipes as r', 'r.id', 's.recipe_id')
    .leftJoin('sale_formats as f', 'f.id', 's.format_id')
    .select([
      's.id',
      's.version',
      's.sku',
      's.sku_key',
      's.ignore',
      's.product_type',
      's.origin_id',
      's.roast_type',
      's.recipe_id',
      's.format_id',
      's.grind',
      productName.as('product_name'),
      'f.name as format_name',
      'f.grams as format_grams',
      'f.active as format_active',
    ]);

type SkuRow = Awaited<ReturnType<ReturnType<typeof skusWithNames>['executeTakeFirstOrThrow']>>;

function productOf(row: Pick<SkuRow, 'product_type' | 'origin_id' | 'roast_type' | 'recipe_id'>): ShopProduct | null {
  if (row.product_type === 'tostado') return { kind: 'tostado', origin_id: row.origin_id!, roast_type: row.roast_type! };
  if (row.product_type === 'mezcla') return { kind: 'mezcla', recipe_id: row.recipe_id! };
  return null;
}

const toRecord = (row: SkuRow): ShopSkuRecord => ({
  id: row.id,
  version: row.version,
  sku: row.sku,
  sku_key: row.sku_key,
  ignore: Number(row.ignore) === 1,
  product: productOf(row),
  product_name: row.product_name,
  format_id: row.format_id,
  format_name: row.format_name,
  format_grams: row.format_grams,
  format_active: Number(row.format_active) === 1,
  grind: row.grind,
});

/** By SKU (its key), one page at a time. */
export async function listSkus(db: DbOrTrx, page: { limit: number; offset: number }): Promise<{ rows: ShopSkuRecord[]; total: number }> {
  const rows = await skusWithNames(db).orderBy('s.sku_key').orderBy('s.id').limit(page.limit).offset(page.offset).execute();
  const { total } = await db.selectFrom('shop_skus').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows: rows.map(toRecord), total: Number(total) };
}

export async function findSkuById(db: DbOrTrx, id: number): Promise<ShopSkuRecord | undefined> {
  const row = await skusWithNames(db).where('s.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The mappings of these SKU keys (nameKey of the SKU or line name), in one query per 500; `turn` runs between them. */
export async function skusByKeys(db: DbOrTrx, keys: readonly string[], turn: () => Promise<void> = async () => {}): Promise<Map<string, ShopSkuRecord>> {
  const found = new Map<string, ShopSkuRecord>();
  for (let start = 0; start < keys.length; start += 500) {
    if (start > 0) await turn();
    const rows = await skusWithNames(db).where('s.sku_key', 'in', keys.slice(start, start + 500)).execute();
    for (const row of rows) found.set(row.sku_key, toRecord(row));
  }
  return found;
}

export interface ShopSkuValues {
  sku: string;
  ignore: boolean;
  product: ShopProduct | null;
  format_id: number | null;
  grind: Grind | null;
}

const toColumns = (values: ShopSkuValues, now: number) => ({
  sku: values.sku,
  sku_key: nameKey(values.sku),
  ignore: values.ignore ? 1 : 0,
  product_type: values.product?.kind ?? null,
  origin_id: values.product?.kind === 'tostado' ? values.product.origin_id : null,
  roast_type: values.product?.kind === 'tostado' ? (values.product.roast_type as RoastType) : null,
  recipe_id: values.product?.kind === 'mezcla' ? values.product.recipe_id : null,
  format_id: values.format_id,
  grind: values.grind,
  updated_at: now,
});

/** Throws the unique violation of a SKU already mapped, or the foreign-key violation of a product or format that does not exist. */
export async function insertSku(db: DbOrTrx, values: ShopSkuValues, now: number): Promise<number> {
  const row = await db.insertInto('shop_skus').values({ ...toColumns(values, now), created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The new version (the write pipeline raised it), or undefined when no mapping has that id. */
export async function updateSku(db: DbOrTrx, id: number, values: ShopSkuValues, now: number): Promise<number | undefined> {
  const row = await db.updateTable('shop_skus').set(toColumns(values, now)).where('id', '=', id).returning('version').executeTakeFirst();
  return row?.version;
}

export async function deleteSku(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('shop_skus').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export const findSkuByKey = (db: DbOrTrx, sku: string): Promise<{ id: number; sku: string } | undefined> =>
  db.selectFrom('shop_skus').select(['id', 'sku']).where('sku_key', '=', nameKey(sku)).executeTakeFirst();

// Column presets

/** A stored columns JSON back to every field (null for those it does not name). */
function columnsOf(text: string): ShopPreset['columns'] {
  const stored = JSON.parse(text) as Partial<Record<string, unknown>>;
  return Object.fromEntries(SHOP_FIELDS.map((field) => [field, typeof stored[field] === 'string' ? stored[field] : null])) as ShopPreset['columns'];
}

const presetColumns = ['id', 'version', 'name', 'columns'] as const;
const toPreset = (row: { id: number; version: number; name: string; columns: string }): ShopPreset => ({ ...row, columns: columnsOf(row.columns) });

export async function listPresets(db: DbOrTrx, page: { limit: number; offset: number }): Promise<{ rows: ShopPreset[]; total: number }> {
  const rows = await db.selectFrom('shop_import_presets').select(presetColumns).orderBy('name_key').orderBy('id').limit(page.limit).offset(page.offset).execute();
  const { total } = await db.selectFrom('shop_import_presets').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows: rows.map(toPreset), total: Number(total) };
}

export async function findPresetById(db: DbOrTrx, id: number): Promise<ShopPreset | undefined> {
  const row = await db.selectFrom('shop_import_presets').select(presetColumns).where('id', '=', id).executeTakeFirst();
  return row && toPreset(row);
}

export const findPresetByName = (db: DbOrTrx, name: string): Promise<{ id: number; name: string } | undefined> =>
  db.selectFrom('shop_import_presets').select(['id', 'name']).where('name_key', '=', nameKey(name)).executeTakeFirst();

const presetValues = (name: string, columns: ShopColumns, now: number) => ({ name, name_key: nameKey(name), columns: JSON.stringify(columns), updated_at: now });

/** Throws the unique violation of a name already taken. */
export async function insertPreset(db: DbOrTrx, name: string, columns: ShopColumns, now: number): Promise<number> {
  const row = await db.insertInto('shop_import_presets').values({ ...presetValues(name, columns, now), created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePreset(db: DbOrTrx, id: number, name: string, columns: ShopColumns, now: number): Promise<number | undefined> {
  const row = await db.updateTable('shop_import_presets').set(presetValues(name, columns, now)).where('id', '=', id).returning('version').executeTakeFirst();
  return row?.version;
}

export async function deletePreset(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('shop_import_presets').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// Imported orders

/** The shop numbers of `source` already imported, among these (500 a query; `turn` runs between them). */
export async function importedShopOrders(db: DbOrTrx, source: string, numbers: readonly string[], turn: () => Promise<void> = async () => {}): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < numbers.length; start += 500) {
    if (start > 0) await turn();
    const rows = await db
      .selectFrom('orders')
      .select('shop_order')
      .where('shop_source', '=', source)
      .where('shop_order', 'in', numbers.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.shop_order!);
  }
  return found;
}
