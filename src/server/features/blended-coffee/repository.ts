import { lotCodeColumns } from '#server/db/lot-code-columns.js';
import type { BlendedCoffeeRow } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A blend row without its code's key and skeleton (the API never shows them). */
export type BlendRecord = Omit<BlendedCoffeeRow, 'batch_code_key' | 'batch_code_skeleton'>;

/** What a create or edit writes; `stock_g` is never among them: only the ledger moves it. */
export type BlendValues = Pick<BlendedCoffeeRow, 'name' | 'total_quantity_g' | 'creation_date' | 'batch_code' | 'recipe_id'>;

/** One component as stored, with the grams it drew from each roasted lot. */
export interface ComponentValues {
  origin_id: number;
  percentage_bp: number;
  draws: { roasted_coffee_id: number; quantity_g: number }[];
}

export interface ComponentRecord {
  blend_id: number;
  origin_id: number;
  origin_name: string;
  percentage_bp: number;
  position: number;
  draws: { roasted_coffee_id: number; batch_code: string; quantity_g: number }[];
}

/** A roasted lot as a blend sees it: its code, roast date, on-hand grams and origin (roasted → green lot → origin). */
export interface RoastedLotForBlend {
  id: number;
  batch_code: string;
  roast_date: string;
  stock_g: number;
  origin_id: number;
  origin_name: string;
}

const blendColumns = [
  'id',
  'version',
  'name',
  'total_quantity_g',
  'stock_g',
  'creation_date',
  'batch_code',
  'recipe_id',
  'created_at',
  'updated_at',
] as const;

/** Ordered by creation_date descending (docs/product-guide.md#cafe-mezcla), newest id first within a day so pages are stable. */
export async function listBlends(db: DbOrTrx, page: { limit: number; offset: number }): Promise<{ rows: BlendRecord[]; total: number }> {
  const rows = await db
    .selectFrom('blended_coffee')
    .select(blendColumns)
    .orderBy('creation_date', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('blended_coffee')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export const findBlend = (db: DbOrTrx, id: number): Promise<BlendRecord | undefined> =>
  db.selectFrom('blended_coffee').select(blendColumns).where('id', '=', id).executeTakeFirst();

/** The components of some blends, in their order, each with its draws and the drawn lots' codes. */
export async function componentsOf(db: DbOrTrx, blendIds: readonly number[]): Promise<ComponentRecord[]> {
  if (blendIds.length === 0) return [];
  const components = await db
    .selectFrom('blended_coffee_components as c')
    .innerJoin('coffee_origins as o', 'o.id', 'c.origin_id')
    .select(['c.id', 'c.blend_id', 'c.origin_id', 'o.name as origin_name', 'c.percentage_bp', 'c.position'])
    .where('c.blend_id', 'in', [...blendIds])
    .orderBy('c.blend_id')
    .orderBy('c.position')
    .execute();
  if (components.length === 0) return [];
  const draws = await db
    .selectFrom('blended_coffee_draws as d')
    .innerJoin('roasted_coffee as r', 'r.id', 'd.roasted_coffee_id')
    .select(['d.component_id', 'd.roasted_coffee_id', 'r.batch_code', 'd.quantity_g'])
    .where('d.component_id', 'in', components.map((component) => component.id))
    .orderBy('d.id')
    .execute();
  return components.map(({ id, ...component }) => ({
    ...component,
    draws: draws
      .filter((draw) => draw.component_id === id)
      .map(({ roasted_coffee_id, batch_code, quantity_g }) => ({ roasted_coffee_id, batch_code, quantity_g })),
  }));
}

/** Grams the blend drew from each roasted lot (a lot appears once per blend, the schema refuses it twice). */
export async function drawsOfBlend(db: DbOrTrx, blendId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('blended_coffee_draws as d')
    .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
    .select(['d.roasted_coffee_id', 'd.quantity_g'])
    .where('c.blend_id', '=', blendId)
    .execute();
  const byLot = new Map<number, number>();
  for (const row of rows) byLot.set(row.roasted_coffee_id, (byLot.get(row.roasted_coffee_id) ?? 0) + row.quantity_g);
  return byLot;
}

export async function roastedLotsForBlend(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, RoastedLotForBlend>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['r.id', 'r.batch_code', 'r.roast_date', 'r.stock_g', 'g.origin_id', 'o.name as origin_name'])
    .where('r.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { ...row, stock_g: Number(row.stock_g) }]));
}

/**
 * The blends that draw from a roasted lot, oldest creation date first (then
 * oldest id): what a roast edit must keep true (its date, green lot and roast
 * type). Read through blended_coffee_draws_roasted_coffee_id_idx.
 */
export async function blendsDrawing(db: DbOrTrx, roastedId: number): Promise<{ batch_code: string; creation_date: string }[]> {
  return db
    .selectFrom('blended_coffee as b')
    .select(['b.batch_code', 'b.creation_date'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('blended_coffee_draws as d')
          .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
          .select('d.id')
          .whereRef('c.blend_id', '=', 'b.id')
          .where('d.roasted_coffee_id', '=', roastedId),
      ),
    )
    .orderBy('b.creation_date')
    .orderBy('b.id')
    .execute();
}

export async function originNames(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('coffee_origins').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A blend as its printed label names it: its own name and its recipe's (null without one). */
export interface BlendLabelRecord {
  id: number;
  name: string;
  batch_code: string;
  creation_date: string;
  stock_g: number;
  recipe_name: string | null;
}

/** Blends by id with their recipe's name, in no particular order; a missing id is simply absent. */
export async function findBlendsWithRecipe(db: DbOrTrx, ids: readonly number[]): Promise<BlendLabelRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('blended_coffee as b')
    .leftJoin('blend_recipes as r', 'r.id', 'b.recipe_id')
    .select(['b.id', 'b.name', 'b.batch_code', 'b.creation_date', 'b.stock_g', 'r.name as recipe_name'])
    .where('b.id', 'in', [...ids])
    .execute();
  return rows.map((row) => ({ ...row, stock_g: Number(row.stock_g) }));
}

/**
 * What a blend's bag label says of its parts (docs/decisions/0050-bag-labels-and-business-identity.md):
 * each component's origin's decaf mark, and the roast type of each roast it drew (null for a component without draws).
 */
export async function findBlendParts(db: DbOrTrx, id: number): Promise<{ decaf: number; roast_type: string | null }[]> {
  return db
    .selectFrom('blended_coffee_components as c')
    .innerJoin('coffee_origins as o', 'o.id', 'c.origin_id')
    .leftJoin('blended_coffee_draws as d', 'd.component_id', 'c.id')
    .leftJoin('roasted_coffee as r', 'r.id', 'd.roasted_coffee_id')
    .select(['o.decaf', 'r.roast_type'])
    .where('c.blend_id', '=', id)
    .execute();
}

export const findRecipeName = async (db: DbOrTrx, id: number): Promise<string | undefined> =>
  (await db.selectFrom('blend_recipes').select('name').where('id', '=', id).executeTakeFirst())?.name;

/**
 * Inserts the blend with no stock (the caller moves it through the ledger in
 * the same transaction). Undefined when the code is taken or looks like a
 * taken one: the unique indexes on its key and skeleton decide, and ON
 * CONFLICT DO NOTHING (whichever index) leaves the transaction usable on
 * PostgreSQL, so the caller can try another code.
 */
export async function insertBlend(db: DbOrTrx, values: BlendValues, now: number): Promise<number | undefined> {
  const row = await db
    .insertInto('blended_coffee')
    .values({ ...values, ...lotCodeColumns(values.batch_code), stock_g: 0, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Throws the unique violation when another blend already has the code. */
export async function updateBlend(db: DbOrTrx, id: number, values: BlendValues, now: number): Promise<void> {
  await db
    .updateTable('blended_coffee')
    .set({ ...values, ...lotCodeColumns(values.batch_code), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Writes the components in order (position = index) and their draws. */
export async function insertComponents(db: DbOrTrx, blendId: number, components: readonly ComponentValues[]): Promise<void> {
  for (const [position, component] of components.entries()) {
    const { id } = await db
      .insertInto('blended_coffee_components')
      .values({ blend_id: blendId, origin_id: component.origin_id, percentage_bp: component.percentage_bp, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (component.draws.length > 0) {
      await db
        .insertInto('blended_coffee_draws')
        .values(component.draws.map((draw) => ({ component_id: id, ...draw })))
        .execute();
    }
  }
}

/** Removes the components; their draws go with them (ON DELETE CASCADE). */
export async function deleteComponents(db: DbOrTrx, blendId: number): Promise<void> {
  await db.deleteFrom('blended_coffee_components').where('blend_id', '=', blendId).execute();
}

export async function deleteBlend(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('blended_coffee').where('id', '=', id).execute();
}
