import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * The public page's reads (docs/decisions/0049-roast-age-and-public-page.md): each selects only the
 * columns the page shows, so nothing private can reach it by a later `select *`.
 */

export interface PublicRoast {
  id: number;
  batch_code: string;
  origin_name: string;
  farm: string;
  roast_type: RoastType;
  roast_date: string;
}

/** The roasted lots whose code has this key (lotCodeKey); unique across roasted lots (migrations 0004, 0009). */
export const roastsByCodeKey = (db: DbOrTrx, key: string): Promise<PublicRoast[]> =>
  db
    .selectFrom('roasted_coffee as r')
    .innerJoin('green_coffee as g', 'g.id', 'r.green_coffee_id')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['r.id', 'r.batch_code', 'o.name as origin_name', 'g.supplier_finca as farm', 'r.roast_type', 'r.roast_date'])
    .where('r.batch_code_key', '=', key)
    .execute();

/** The blends whose code has this key; unique across blends. */
export const blendsByCodeKey = (db: DbOrTrx, key: string): Promise<{ id: number; batch_code: string; name: string }[]> =>
  db.selectFrom('blended_coffee').select(['id', 'batch_code', 'name']).where('batch_code_key', '=', key).execute();

/** A blend's origins in its order, and the roast types of the lots it drew. */
export async function blendParts(db: DbOrTrx, blendId: number): Promise<{ origins: string[]; roastTypes: RoastType[] }> {
  const origins = await db
    .selectFrom('blended_coffee_components as c')
    .innerJoin('coffee_origins as o', 'o.id', 'c.origin_id')
    .select('o.name')
    .where('c.blend_id', '=', blendId)
    .orderBy('c.position')
    .execute();
  const types = await db
    .selectFrom('blended_coffee_draws as d')
    .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
    .innerJoin('roasted_coffee as r', 'r.id', 'd.roasted_coffee_id')
    .select('r.roast_type')
    .distinct()
    .where('c.blend_id', '=', blendId)
    .execute();
  return { origins: origins.map((row) => row.name), roastTypes: types.map((row) => row.roast_type) };
}
