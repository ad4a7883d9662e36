import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ProductType } from '#shared/schemas/products.js';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import { type DialectName, dialectOf } from '#server/db/dialect.js';
import type { Database } from '#server/db/schema.js';
import { reusableQuery } from '#server/db/reusable-query.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * The sellable lots (docs/product-guide.md#entities): roasted lots ('tostado')
 * and blends ('mezcla'), read from their own tables. Nothing here writes:
 * a sale moves a product's stock through the ledger (sales/service.ts).
 */
export interface ProductRecord {
  id: number;
  type: ProductType;
  name: string;
  batch_code: string;
  stock_g: number;
  /** The lot's roast or creation date: the picker lists the oldest first (what should sell first). */
  made_on: string;
  /**
   * Only from findProducts: the product's own price per kg in cents (origin and
   * roast type, or the blend's recipe: Configuración's 'Precios por producto',
   * migration 0018), null when it has none and the sale form uses its type's.
   */
  price_cents?: number | null;
  /**
   * Only from findProductForSale, for a roasted lot: what its cost per kg
   * is computed from (traceability's RoastCostInput), so the sale just recorded
   * gets its margin without another query.
   */
  roast_cost?: { quantity_green_g: number; resultant_g: number; unit_price_cents: number };
}

/** Letters folded for an accent-insensitive search: 'etiopia' finds 'Etiopía'. SQLite's lower() only folds ASCII. */
const ACCENTS: [string, string][] = [...'áàäâÁÀÄÂ'].map((c): [string, string] => [c, 'a'])
  .concat([...'éèëêÉÈËÊ'].map((c): [string, string] => [c, 'e']))
  .concat([...'íìïîÍÌÏÎ'].map((c): [string, string] => [c, 'i']))
  .concat([...'óòöôÓÒÖÔ'].map((c): [string, string] => [c, 'o']))
  .concat([...'úùüûÚÙÜÛ'].map((c): [string, string] => [c, 'u']))
  .concat([['ñ', 'n'], ['Ñ', 'n'], ['ç', 'c'], ['Ç', 'c']]);

/**
 * The same folding in SQL, on both databases (no unaccent extension needed).
 * The chain of replace() calls runs only on text with a character outside
 * printable ASCII; plain text ('Mezcla de la casa', every lot code) needs only
 * lower(). A search that matches few lots reads every lot with stock, and the
 * chain on each one was most of its cost (docs/performance.md, P3: 8 ms of blends with
 * 800 of them on SQLite, 0.5 ms without it).
 */
function folded(dialect: DialectName, expression: Expression<string> | RawBuilder<string>): RawBuilder<string> {
  const chain = ACCENTS.reduce<RawBuilder<string>>((inner, [from, to]) => sql`replace(${inner}, ${from}, ${to})`, sql`lower(${expression})`);
  const beyondAscii = dialect === 'sqlite' ? sql`${expression} glob '*[^ -~]*'` : sql`${expression} ~ '[^ -~]'`;
  return sql<string>`(case when ${beyondAscii} then ${chain} else lower(${expression}) end)`;
}

/** The search text folded like `folded`, as a LIKE pattern with its wildcards escaped. */
export function searchPattern(q: string): string {
  const text = q
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ñ/g, 'n')
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${text}%`;
}

export interface ProductFilter {
  /** A LIKE pattern from searchPattern, matched against the name and the lot code. */
  pattern?: string | undefined;
  limit: number;
  /** A lot to list even without stock (the sale being edited). */
  includeId?: number | undefined;
}

const roastedName = sql<string>`o.name || ' · ' || r.roast_type`;

const roastedProducts = (db: DbOrTrx) =>
  db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['r.id', roastedName.as('name'), 'r.batch_code', 'r.stock_g', 'r.roast_date as made_on']);

const blendProducts = (db: DbOrTrx) =>
  db
    .selectFrom('blended_coffee as b')
    .select(['b.id', 'b.name', 'b.batch_code', 'b.stock_g', 'b.creation_date as made_on']);

type Row = { id: number; name: string; batch_code: string; stock_g: number | string; made_on: string; price_cents?: number | null };
const toRecord = (type: ProductType) => (row: Row): ProductRecord => ({ ...row, type, stock_g: Number(row.stock_g) });

/** The picker's rows with each product's own price (docs/product-guide.md#configuracion), when it has one. */
const roastedWithPrices = (db: DbOrTrx) =>
  roastedProducts(db)
    .leftJoin('product_prices as pp', (join) =>
      join.on('pp.product_type', '=', 'tostado').onRef('pp.origin_id', '=', 'g.origin_id').onRef('pp.roast_type', '=', 'r.roast_type'))
    .select('pp.price_cents');
const blendsWithPrices = (db: DbOrTrx) =>
  blendProducts(db)
    .leftJoin('product_prices as pp', (join) => join.on('pp.product_type', '=', 'mezcla').onRef('pp.recipe_id', '=', 'b.recipe_id'))
    .select('pp.price_cents');

/**
 * A lot of table `alias` the picker lists: with stock (or the included one),
 * and, given a search, whose name or lot code holds it (folded, wildcards escaped).
 */
function sellable(dialect: DialectName, alias: 'r' | 'b', name: RawBuilder<string>, includeId: number | undefined, pattern: string | undefined): RawBuilder<SqlBool> {
  const stock = sql.ref(`${alias}.stock_g`);
  const available = includeId === undefined ? sql`${stock} > 0` : sql`(${stock} > 0 or ${sql.ref(`${alias}.id`)} = ${includeId})`;
  if (pattern === undefined) return sql<SqlBool>`${available}`;
  const code = sql.ref<string>(`${alias}.batch_code`);
  return sql<SqlBool>`${available} and (${folded(dialect, name)} like ${pattern} escape '\\' or ${folded(dialect, code)} like ${pattern} escape '\\')`;
}

/**
 * Up to `limit` roasted lots and up to `limit` blends with stock (or the
 * included one) matching the search, each oldest first (what should sell
 * first, docs/product-guide.md#ventas); the service merges them. Two small
 * ordered queries rather than a UNION, so each reads its own table's date
 * index (migration 0018: only the lots with stock, so the sold-out past is
 * never walked through).
 */
export async function findProducts(
  db: DbOrTrx,
  filter: ProductFilter & { includeType?: ProductType | undefined },
): Promise<ProductRecord[]> {
  const include = (type: ProductType) => (filter.includeType === type ? filter.includeId : undefined);

  const dialect = dialectOf(db);
  const roasted = roastedWithPrices(db).where(sellable(dialect, 'r', roastedName, include('tostado'), filter.pattern));
  const blends = blendsWithPrices(db).where(sellable(dialect, 'b', sql.ref<string>('b.name'), include('mezcla'), filter.pattern));

  const [roastedRows, blendRows] = await Promise.all([
    roasted.orderBy('r.roast_date').orderBy('r.id').limit(filter.limit).execute(),
    blends.orderBy('b.creation_date').orderBy('b.id').limit(filter.limit).execute(),
  ]);
  return [...roastedRows.map(toRecord('tostado')), ...blendRows.map(toRecord('mezcla'))];
}

/** One product, or undefined when no lot of that type has the id. */
export async function findProduct(db: DbOrTrx, type: ProductType, id: number): Promise<ProductRecord | undefined> {
  const row = await (type === 'mezcla'
    ? blendProducts(db).where('b.id', '=', id).executeTakeFirst()
    : roastedProducts(db).where('r.id', '=', id).executeTakeFirst());
  return row === undefined ? undefined : toRecord(type)(row);
}

/**
 * How the one statement of findProductForSale reads its lot: `read` selects the
 * lot's row, its table under `lotAlias`, and comes back with whatever the
 * statement needs besides (the sale passes the stock layer's withLotLock,
 * ledger/lot-locks.ts, which adds the lot's lock to it). Called once per
 * dialect: the statement is a reusable query (db/reusable-query.ts).
 */
export type LotReader = <Row>(db: DbOrTrx, read: SelectQueryBuilder<Database, any, Row>, lotAlias: 'r' | 'b') => SelectQueryBuilder<Database, any, Row>;

type SaleRead = { id: number };

/** The two statements of findProductForSale for one LotReader, built once per dialect (a sale's hottest read). */
function saleReads(readLot: LotReader) {
  return {
    mezcla: reusableQuery((db, p: SaleRead) => readLot(db, blendProducts(db).where('b.id', '=', p.id), 'b')),
    tostado: reusableQuery((db, p: SaleRead) =>
      readLot(db, roastedProducts(db).select(['r.quantity_green_g', 'r.resultant_g', 'g.unit_price_cents']).where('r.id', '=', p.id), 'r')),
  };
}
const saleReadsByReader = new WeakMap<LotReader, ReturnType<typeof saleReads>>();

/**
 * One product as a sale records it, in one statement read through `readLot`:
 * the product, and for a roasted lot its cost inputs (`roast_cost`), so the
 * sale just recorded gets its margin without another query.
 */
export async function findProductForSale(db: DbOrTrx, type: ProductType, id: number, readLot: LotReader): Promise<ProductRecord | undefined> {
  let reads = saleReadsByReader.get(readLot);
  if (reads === undefined) {
    reads = saleReads(readLot);
    saleReadsByReader.set(readLot, reads);
  }
  if (type === 'mezcla') {
    const row = await reads.mezcla.takeFirst(db, { id });
    return row === undefined ? undefined : toRecord(type)(row);
  }
  const row = await reads.tostado.takeFirst(db, { id });
  if (row === undefined) return undefined;
  const { quantity_green_g, resultant_g, unit_price_cents, ...product } = row;
  return { ...toRecord(type)(product), roast_cost: { quantity_green_g, resultant_g, unit_price_cents } };
}

/** The names of some products, by type and id (a page of sales); a missing lot is simply absent. */
export async function productNames(
  db: DbOrTrx,
  ids: { tostado: readonly number[]; mezcla: readonly number[] },
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.tostado.length > 0) {
    for (const row of await roastedProducts(db).where('r.id', 'in', [...ids.tostado]).execute()) names.set(`tostado:${row.id}`, row.name);
  }
  if (ids.mezcla.length > 0) {
    for (const row of await blendProducts(db).where('b.id', 'in', [...ids.mezcla]).execute()) names.set(`mezcla:${row.id}`, row.name);
  }
  return names;
}

/** A unit of the plan and of an order line: an origin's roast type, or a blend recipe. */
export type ProductUnit = { kind: 'tostado'; origin_id: number; roast_type: RoastType } | { kind: 'mezcla'; recipe_id: number };

/**
 * The lots of a unit with stock, oldest roast (or blend) first, then by id: what
 * an order line is prepared from (docs/product-guide.md#pedidos). At most `limit`.
 */
export async function lotsOfUnit(db: DbOrTrx, unit: ProductUnit, limit: number): Promise<ProductRecord[]> {
  if (unit.kind === 'tostado') {
    const rows = await roastedProducts(db)
      .where('g.origin_id', '=', unit.origin_id)
      .where('r.roast_type', '=', unit.roast_type)
      .where('r.stock_g', '>', 0)
      .orderBy('r.roast_date')
      .orderBy('r.id')
      .limit(limit)
      .execute();
    return rows.map(toRecord('tostado'));
  }
  const rows = await blendProducts(db)
    .where('b.recipe_id', '=', unit.recipe_id)
    .where('b.stock_g', '>', 0)
    .orderBy('b.creation_date')
    .orderBy('b.id')
    .limit(limit)
    .execute();
  return rows.map(toRecord('mezcla'));
}

/** A lot with the unit it is of: a roasted lot's origin and roast type, a blend's recipe (null when it has none). */
export type UnitLot = ProductRecord & { unit: ProductUnit | null };

/**
 * These lots of one type, with their units, in one query read through `readLots` (an order's
 * preparation passes ledger/lot-locks.ts withLotLock, which locks them in the same statement),
 * in ascending id, the order the global lock order asks for: what an order's preparation checks
 * its chosen lots against (their stock, their product). Lots that do not exist are absent.
 */
export async function lotsWithUnits(db: DbOrTrx, type: ProductType, ids: readonly number[], readLots: LotReader): Promise<UnitLot[]> {
  if (ids.length === 0) return [];
  if (type === 'tostado') {
    const rows = await readLots(db, roastedProducts(db).select(['g.origin_id', 'r.roast_type']).where('r.id', 'in', ids).orderBy('r.id'), 'r').execute();
    return rows.map(({ origin_id, roast_type, ...row }) => ({ ...toRecord('tostado')(row), unit: { kind: 'tostado', origin_id, roast_type } }));
  }
  const rows = await readLots(db, blendProducts(db).select('b.recipe_id').where('b.id', 'in', ids).orderBy('b.id'), 'b').execute();
  return rows.map(({ recipe_id, ...row }) => ({ ...toRecord('mezcla')(row), unit: recipe_id === null ? null : { kind: 'mezcla', recipe_id } }));
}
