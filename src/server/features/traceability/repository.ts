import { sql } from 'kysely';
import type { StockCountReason } from '#shared/schemas/stock-counts.js';
import type { LotKind, MovementReason } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * All SQL of lot history and the trace. Read-only: nothing here writes; the
 * ledger (stock_movements) and the lot tables already hold every fact
 * (docs/decisions/0003-one-ledger-per-stock-move.md, "Traceability … is a query
 * over stock_movements"). Costs come from features/costs.
 */

/** A lot as the trace and the history name it. */
export interface LotRow {
  kind: LotKind;
  id: number;
  batch_code: string;
  /** Origin name (green, roasted) or the blend's name. */
  name: string;
  date: string;
  stock_g: number;
  /** Received (green), produced (roasted, blend). */
  quantity_g: number;
  /** A roasted lot's notes and cupping score in hundredths (docs/decisions/0053-reference-profile.md); absent for the others. */
  notes?: string | null;
  cupping_score?: number | null;
}

/** A blend as a lot of the trace (the green and roasted lots come from their areas' services). */
const blendLots = (db: DbOrTrx) =>
  db
    .selectFrom('blended_coffee as b')
    .select(['b.id', 'b.batch_code', 'b.name', 'b.creation_date as date', 'b.stock_g', 'b.total_quantity_g as quantity_g']);

const asLot = (row: Omit<LotRow, 'kind'>): LotRow => ({ ...row, kind: 'blend', stock_g: Number(row.stock_g), quantity_g: Number(row.quantity_g) });

/** The blends whose code has this key (lotCodeKey: 'co-001' finds 'CO-001 '), oldest first. */
export const blendLotsByCodeKey = async (db: DbOrTrx, key: string): Promise<LotRow[]> =>
  (await blendLots(db).where('b.batch_code_key', '=', key).orderBy('b.id').execute()).map(asLot);

export async function findBlendLot(db: DbOrTrx, id: number): Promise<LotRow | undefined> {
  const row = await blendLots(db).where('b.id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : asLot(row);
}

/** One ledger row of a lot with its running balance and where its reference stands. */
export interface HistoryRow {
  id: number;
  created_at: number;
  user_name: string | null;
  delta_g: number;
  balance_g: number;
  reason: MovementReason;
  ref_kind: string | null;
  ref_id: number | null;
  /** The first / last movement of this lot with the same reference (creation, deletion vs edit). */
  first_id: number;
  last_id: number;
  /** The referenced roast's, blend's or sale's code while it still exists. */
  ref_code: string | null;
  ref_exists: number;
  /** A stock count's reason and note (ref_kind 'stock_count'), null for every other move. */
  count_reason: StockCountReason | null;
  count_note: string | null;
}

/**
 * A page of one lot's ledger, newest first. The running balance and the
 * first/last row per reference are window functions over the lot's rows
 * (index stock_movements_lot_idx), so a page costs one indexed scan of the
 * lot, never the whole ledger in the server's memory.
 */
export async function historyPage(
  db: DbOrTrx,
  lot: { kind: LotKind; id: number },
  page: { limit: number; offset: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const { rows } = await sql<HistoryRow>`
    with m as (
      select id, created_at, user_id, delta_g, reason, ref_kind, ref_id,
        sum(delta_g) over (order by id rows between unbounded preceding and current row) as balance_g,
        min(id) over (partition by ref_kind, ref_id) as first_id,
        max(id) over (partition by ref_kind, ref_id) as last_id
      from stock_movements
      where lot_kind = ${lot.kind} and lot_id = ${lot.id}
    )
    select m.id, m.created_at, u.full_name as user_name, m.delta_g, m.balance_g, m.reason, m.ref_kind, m.ref_id,
      m.first_id, m.last_id,
      coalesce(r.batch_code, b.batch_code, s.batch_code_sold) as ref_code,
      case when r.id is not null or b.id is not null or s.id is not null or g.id is not null or sc.id is not null then 1 else 0 end as ref_exists,
      sc.reason as count_reason, sc.note as count_note
    from m
    left join users u on u.id = m.user_id
    left join roasted_coffee r on m.ref_kind = 'roast' and r.id = m.ref_id
    left join blended_coffee b on m.ref_kind = 'blend' and b.id = m.ref_id
    left join sales s on m.ref_kind = 'sale' and s.id = m.ref_id
    left join green_coffee g on m.ref_kind = 'green_coffee' and g.id = m.ref_id
    left join stock_counts sc on m.ref_kind = 'stock_count' and sc.id = m.ref_id
    order by m.id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  const { total } = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('lot_kind', '=', lot.kind)
    .where('lot_id', '=', lot.id)
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: Number(row.created_at),
      delta_g: Number(row.delta_g),
      balance_g: Number(row.balance_g),
      first_id: Number(row.first_id),
      last_id: Number(row.last_id),
      ref_id: row.ref_id === null ? null : Number(row.ref_id),
      ref_exists: Number(row.ref_exists),
    })),
    total: Number(total),
  };
}

/** The roasts made from a green lot, oldest first. */
export const roastsOfGreen = (db: DbOrTrx, greenId: number) =>
  db
    .selectFrom('roasted_coffee as r')
    // Whether each roast has an Artisan curve (migration 0013), for the trace's «Curva» button.
    .leftJoin('roast_artisan_profiles as a', 'a.roast_id', 'r.id')
    .select(['r.id', 'r.batch_code', 'r.roast_date', 'r.roast_type', 'r.quantity_green_g', 'r.resultant_g', 'r.stock_g', 'r.notes', 'r.cupping_score'])
    .select((eb) => eb.case().when('a.curve', 'is not', null).then(1).else(0).end().as('has_curve'))
    .where('r.green_coffee_id', '=', greenId)
    .orderBy('r.roast_date')
    .orderBy('r.id')
    .execute();

/** The blends that drew on some roasted lots, with the grams drawn from each. */
export const blendsDrawingFrom = (db: DbOrTrx, roastIds: readonly number[]) =>
  roastIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('blended_coffee_draws as d')
        .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
        .innerJoin('blended_coffee as b', 'b.id', 'c.blend_id')
        .select(['d.roasted_coffee_id', 'b.id', 'b.batch_code', 'b.name', 'b.creation_date', 'b.total_quantity_g', 'b.stock_g', 'd.quantity_g as drawn_g'])
        .where('d.roasted_coffee_id', 'in', [...roastIds])
        .orderBy('b.creation_date')
        .orderBy('b.id')
        .execute();

/** The draws of some blends (the roasted lot and grams of each), blend by blend in each one's component order. */
export const drawsOfBlends = (db: DbOrTrx, blendIds: readonly number[]) =>
  blendIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('blended_coffee_draws as d')
        .innerJoin('blended_coffee_components as c', 'c.id', 'd.component_id')
        .select(['c.blend_id', 'd.roasted_coffee_id', 'd.quantity_g'])
        .where('c.blend_id', 'in', [...blendIds])
        .orderBy('c.blend_id')
        .orderBy('c.position')
        .orderBy('d.id')
        .execute();
