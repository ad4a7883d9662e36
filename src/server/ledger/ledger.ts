import { sql } from 'kysely';
import { dialectOf } from '#server/db/dialect.js';
import { LOT_TABLES, type LotKind, type MovementReason } from '#server/db/schema.js';
import { reusableQuery } from '#server/db/reusable-query.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * The one way stock changes (docs/architecture.md#ledger). Every call runs inside the
 * caller's transaction and both moves the lot's on-hand `stock_g` and appends
 * the matching row to `stock_movements`, so the two can never disagree.
 */

export interface StockMove {
  lotKind: LotKind;
  lotId: number;
  /** Grams; positive adds stock, negative takes it. */
  deltaG: number;
  reason: MovementReason;
  userId: number | null;
  /** What caused the move (a roast, a sale…), for traceability. */
  refKind?: string;
  refId?: number;
}

/**
 * What entered each kind of lot (received, produced, made): its on-hand stock
 * never goes above it (docs/decisions/0039-stock-never-above-entry.md).
 */
const ENTRY_COLUMNS: Record<LotKind, string> = { green: 'quantity_g', roasted: 'resultant_g', blend: 'total_quantity_g' };

/** Give-backs: kilos a sale, roast or blend took, returned when it is edited or deleted. */
const GIVE_BACKS: ReadonlySet<MovementReason> = new Set(['sale_reversal', 'roast_reversal', 'blend_reversal']);

/**
 * Applies one move. A deduction is a single conditional UPDATE ("… WHERE
 * stock_g >= :x"), so two concurrent requests cannot both pass the check and
 * oversell. Returns false, changing nothing, when the lot lacks the stock or
 * does not exist; the caller turns that into its message (docs/product-guide.md#stock-moves).
 * A give-back returns at most what keeps the lot at or below what entered it
 * (the ledger row says what it did return): a count may already have found
 * those kilos on the shelf, and returning them again would invent coffee
 * (docs/decisions/0039-stock-never-above-entry.md).
 */
export async function moveStock(trx: DbOrTrx, move: StockMove): Promise<boolean> {
  if (!Number.isSafeInteger(move.deltaG)) throw new RangeError(`delta_g no entero: ${move.deltaG}`);
  if (move.deltaG === 0) return true;
  let deltaG = move.deltaG;
  if (deltaG > 0 && GIVE_BACKS.has(move.reason)) {
    const room = await roomBelowEntry(trx, move.lotKind, move.lotId);
    if (room === undefined) return false;
    deltaG = Math.min(deltaG, room);
    if (deltaG === 0) return true;
  }
  const queries = MOVE_QUERIES[move.lotKind];
  const values: MoveValues = {
    lotId: move.lotId,
    deltaG,
    now: Date.now(),
    userId: move.userId,
    lotKind: move.lotKind,
    reason: move.reason,
    refKind: move.refKind ?? null,
    refId: move.refId ?? null,
  };
  if (dialectOf(trx) === 'postgres') {
    const result = await queries.updateAndRecord.execute(trx, values);
    return Number(result.numAffectedRows ?? 0) === 1;
  }
  const result = await queries.update.execute(trx, values);
  if (Number(result.numAffectedRows ?? 0) !== 1) return false;
  await recordMove.execute(trx, values);
  return true;
}

/**
 * Many deductions in one transaction, in a few statements (an order's preparation, one sale per
 * line and lot: docs/decisions/0043-orders.md): per lot table one conditional UPDATE taking each
 * lot's total (`… WHERE stock_g - :x >= 0`, as moveStock), then every move's ledger row in one
 * INSERT. Returns false when a lot lacks the stock or does not exist: some lots may have moved,
 * so the caller must then throw and roll the transaction back. Deductions only (a give-back goes
 * through moveStock, which keeps it below what entered the lot).
 */
export async function takeStock(trx: DbOrTrx, moves: readonly StockMove[]): Promise<boolean> {
  if (moves.length === 0) return true;
  const totals = new Map<LotKind, Map<number, number>>();
  for (const move of moves) {
    if (!Number.isSafeInteger(move.deltaG) || move.deltaG >= 0) throw new RangeError(`takeStock solo descuenta: ${move.deltaG}`);
    const lots = totals.get(move.lotKind) ?? new Map<number, number>();
    lots.set(move.lotId, (lots.get(move.lotId) ?? 0) - move.deltaG);
    totals.set(move.lotKind, lots);
  }
  for (const [kind, lots] of totals) {
    const taken = sql`case id ${sql.join([...lots].map(([id, grams]) => sql`when ${id} then cast(${grams} as integer)`), sql` `)} end`;
    const result = await sql`
      update ${sql.table(LOT_TABLES[kind])} set stock_g = stock_g - ${taken}
      where id in (${sql.join([...lots.keys()])}) and stock_g - ${taken} >= 0`.execute(trx);
    if (Number(result.numAffectedRows ?? 0) !== lots.size) return false;
  }
  const now = Date.now();
  await trx
    .insertInto('stock_movements')
    .values(moves.map((move) => ({
      created_at: now,
      user_id: move.userId,
      lot_kind: move.lotKind,
      lot_id: move.lotId,
      delta_g: move.deltaG,
      reason: move.reason,
      ref_kind: move.refKind ?? null,
      ref_id: move.refId ?? null,
    })))
    .execute();
  return true;
}

/** A move's values as its statements take them. */
interface MoveValues {
  lotId: number;
  deltaG: number;
  now: number;
  userId: number | null;
  lotKind: LotKind;
  reason: MovementReason;
  refKind: string | null;
  refId: number | null;
}

/**
 * The statements of a move, one set per lot table, each built once per dialect
 * (db/reusable-query.ts: every sale runs them).
 */
function moveQueries(lotKind: LotKind) {
  const table = sql.table(LOT_TABLES[lotKind]);
  return {
    /** SQLite: the conditional update alone; recordMove follows it when it moved the lot. */
    update: reusableQuery((_db, p: MoveValues) => sql`
      update ${table} set stock_g = stock_g + ${p.deltaG}
      where id = ${p.lotId} and stock_g + ${p.deltaG} >= 0`),
    /**
     * PostgreSQL: the same two writes in one statement: the ledger row is inserted
     * only if the conditional update moved the lot (a data-modifying CTE, which
     * SQLite lacks). One round trip fewer per move (docs/performance.md, P1);
     * inserted rows = 1 or 0.
     */
    updateAndRecord: reusableQuery((_db, p: MoveValues) => sql`
      with moved as (
        update ${table} set stock_g = stock_g + ${p.deltaG}
        where id = ${p.lotId} and stock_g + ${p.deltaG} >= 0
        returning id
      )
      insert into stock_movements (created_at, user_id, lot_kind, lot_id, delta_g, reason, ref_kind, ref_id)
      select ${p.now}, ${p.userId}, ${p.lotKind}, id, ${p.deltaG}, ${p.reason}, ${p.refKind}, ${p.refId}
      from moved`),
  };
}

const MOVE_QUERIES: Record<LotKind, ReturnType<typeof moveQueries>> = {
  green: moveQueries('green'),
  roasted: moveQueries('roasted'),
  blend: moveQueries('blend'),
};

const recordMove = reusableQuery((db, p: MoveValues) =>
  db.insertInto('stock_movements').values({
    created_at: p.now,
    user_id: p.userId,
    lot_kind: p.lotKind,
    lot_id: p.lotId,
    delta_g: p.deltaG,
    reason: p.reason,
    ref_kind: p.refKind,
    ref_id: p.refId,
  }));

/**
 * Grams a lot can still take before it holds more than entered it (0 when it
 * already holds that much or more); undefined when the lot does not exist.
 * Read under the row lock the update after it takes anyway, in the mode
 * lockLots takes (FOR NO KEY UPDATE on PostgreSQL; SQLite's write transaction
 * is already exclusive), so the move cannot pass a ceiling another write just
 * reached, and a lot the caller locked first is not upgraded to a stronger
 * lock (docs/architecture.md#lock-order).
 */
async function roomBelowEntry(trx: DbOrTrx, lotKind: LotKind, lotId: number): Promise<number | undefined> {
  const table = sql.table(LOT_TABLES[lotKind]);
  const entry = sql.ref(ENTRY_COLUMNS[lotKind]);
  const lock = dialectOf(trx) === 'postgres' ? sql`for no key update` : sql``;
  const { rows } = await sql<{ stock_g: number; entry_g: number }>`select stock_g, ${entry} as entry_g from ${table} where id = ${lotId} ${lock}`.execute(trx);
  return rows[0] === undefined ? undefined : Math.max(Number(rows[0].entry_g) - Number(rows[0].stock_g), 0);
}

export interface StockAboveEntry {
  lotKind: LotKind;
  lotId: number;
  stockG: number;
  entryG: number;
}

/**
 * The other side of the invariant: every lot whose on-hand stock is above what
 * entered it (received, produced, made), which no operation may leave behind
 * (docs/decisions/0039-stock-never-above-entry.md). A count down to the real
 * kilos corrects such a lot. Empty when all is well.
 */
export async function findStockAboveEntry(db: DbOrTrx, kinds: readonly LotKind[]): Promise<StockAboveEntry[]> {
  const found: StockAboveEntry[] = [];
  for (const lotKind of kinds) {
    const table = sql.table(LOT_TABLES[lotKind]);
    const entry = sql.ref(ENTRY_COLUMNS[lotKind]);
    const { rows } = await sql<{ id: number; stock_g: number; entry_g: number }>`
      select id, stock_g, ${entry} as entry_g from ${table} where stock_g > ${entry} order by id`.execute(db);
    for (const row of rows) found.push({ lotKind, lotId: Number(row.id), stockG: Number(row.stock_g), entryG: Number(row.entry_g) });
  }
  return found;
}

/** Current on-hand grams of one lot (undefined when it does not exist). */
export async function stockOf(db: DbOrTrx, lotKind: LotKind, lotId: number): Promise<number | undefined> {
  const table = sql.table(LOT_TABLES[lotKind]);
  const { rows } = await sql<{ stock_g: number }>`select stock_g from ${table} where id = ${lotId}`.execute(db);
  return rows[0] === undefined ? undefined : Number(rows[0].stock_g);
}

export interface LedgerMismatch {
  lotKind: LotKind;
  lotId: number;
  stockG: number;
  ledgerG: number;
}

/**
 * The ledger invariant: for every lot, on-hand = sum of its movements and
 * on-hand ≥ 0. Returns every lot that breaks it (empty when all is well).
 * Kinds whose table does not exist yet are skipped.
 */
export async function findLedgerMismatches(db: DbOrTrx, kinds: readonly LotKind[]): Promise<LedgerMismatch[]> {
  const mismatches: LedgerMismatch[] = [];
  for (const lotKind of kinds) {
    const table = sql.table(LOT_TABLES[lotKind]);
    const { rows } = await sql<{ id: number; stock_g: number; ledger_g: number | null }>`
      select l.id, l.stock_g, m.total as ledger_g
      from ${table} l
      left join (
        select lot_id, sum(delta_g) as total from stock_movements where lot_kind = ${lotKind} group by lot_id
      ) m on m.lot_id = l.id
      where l.stock_g < 0 or l.stock_g <> coalesce(m.total, 0)`.execute(db);
    for (const row of rows) {
      mismatches.push({ lotKind, lotId: row.id, stockG: Number(row.stock_g), ledgerG: Number(row.ledger_g ?? 0) });
    }
    // Movements pointing at a lot that no longer exists would hide stock too.
    const { rows: orphans } = await sql<{ lot_id: number; total: number }>`
      select m.lot_id, sum(m.delta_g) as total from stock_movements m
      where m.lot_kind = ${lotKind} and not exists (select 1 from ${table} l where l.id = m.lot_id)
      group by m.lot_id having sum(m.delta_g) <> 0`.execute(db);
    for (const row of orphans) {
      mismatches.push({ lotKind, lotId: row.lot_id, stockG: 0, ledgerG: Number(row.total) });
    }
  }
  return mismatches;
}

/**
 * Before a lot row is deleted, its remaining stock leaves through the ledger
 * (the movements stay, append-only), so the sum of a deleted lot's movements is
 * zero and findLedgerMismatches stays clean. The stock is read under a row lock
 * (FOR UPDATE on PostgreSQL; SQLite's write transaction is already exclusive):
 * an edit committing between the read and the write-off would otherwise leave
 * its adjustment in the ledger of a lot whose stock went to zero (docs/decisions/0005-lock-order-and-write-transactions.md).
 */
export async function writeOffBeforeDelete(
  trx: DbOrTrx,
  lot: { lotKind: LotKind; lotId: number; userId: number | null },
): Promise<void> {
  const table = sql.table(LOT_TABLES[lot.lotKind]);
  const lock = dialectOf(trx) === 'postgres' ? sql`for update` : sql``;
  const { rows } = await sql<{ stock_g: number }>`select stock_g from ${table} where id = ${lot.lotId} ${lock}`.execute(trx);
  const stock = rows[0] === undefined ? 0 : Number(rows[0].stock_g);
  if (stock === 0) return;
  const moved = await moveStock(trx, { ...lot, deltaG: -stock, reason: 'adjustment', refKind: 'lot_deleted', refId: lot.lotId });
  // Cannot happen: the row is locked and its stock was just read.
  if (!moved) throw new Error(`no se pudo dar de baja el stock del lote ${lot.lotKind} ${lot.lotId}`);
}
