import type { Kysely } from 'kysely';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import type {
  CountSheet,
  CountSheetQuery,
  StockCount,
  StockCountBody,
  StockCountsPage,
  StockCountsQuery,
  StockCountSummary,
} from '#shared/schemas/stock-counts.js';
import { STOCK_COUNT_REASON_LABELS } from '#shared/schemas/stock-counts.js';
import { centsToPrice, gramsToKg, kgToGrams } from '#shared/units.js';
import { type Database, LOT_KINDS } from '#server/db/schema.js';
import { readFormatter } from '#server/features/settings/service.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import { moveStock } from '#server/ledger/ledger.js';
import { lockLots } from '#server/ledger/lot-locks.js';
import { blendCostsPerKg, roastCostsPerKg } from '#server/features/costs/service.js';
import * as repository from './repository.js';

/** Every ledger row a count writes points back at it (the lot history reads its reason and note). */
export const COUNT_REF_KIND = 'stock_count';

const lotKey = (kind: string, id: number) => `${kind}:${id}`;

const toSummary = (record: repository.CountRecord): StockCountSummary => ({
  id: record.id,
  created_at: new Date(record.created_at).toISOString(),
  reason: record.reason,
  note: record.note,
  user_id: record.user_id,
  username: record.username,
  user_name: record.user_name,
  lines_count: record.lines_count,
  adjusted_count: record.adjusted_count,
});

const toLine = (line: repository.CountLineRow) => ({
  lot_kind: line.lot_kind,
  lot_id: line.lot_id,
  batch_code: line.batch_code,
  expected_kg: gramsToKg(line.expected_g),
  counted_kg: gramsToKg(line.counted_g),
  difference_kg: gramsToKg(line.counted_g - line.expected_g),
});

/**
 * POST /api/stock-counts (docs/product-guide.md#recuento-de-inventario): one write
 * transaction for every line. Under the locks of all the counted lots
 * (docs/architecture.md#lock-order), in order:
 *   1. every lot exists: 400 'Alguno de los lotes contados no existe…';
 *   2. no lot is counted above what entered it (received, produced or made):
 *      400 'El lote … recibió … Kg: un recuento no puede dejar más…', the first
 *      such lot named; coffee found beyond that is put right at the lot's entry,
 *      which keeps what was received, its cost and its trace true
 *      (docs/decisions/0039-stock-never-above-entry.md);
 *   3. every lot still holds the kg the sheet showed (`expected_kg`): else 409
 *      naming those lots ('… cambió mientras contabas … Vuelve a contarlos'),
 *      nothing written, so a sale or roast that landed meanwhile is never undone;
 *   4. the count and its lines are stored, and each line whose counted kg
 *      differ moves the lot by counted − expected through the ledger (reason
 *      'count', the count's id); an equal line is recorded as checked.
 * The schema already refused negative or over-precise kilos, a lot named twice,
 * an empty list and 'otro' without a note.
 */
export async function createStockCount(db: Kysely<Database>, body: StockCountBody, userId: number): Promise<StockCount> {
  const note = body.note?.trim() ? body.note.trim() : null;
  const lines = body.lines.map((line, position) => ({
    position,
    kind: line.lot_kind,
    id: line.lot_id,
    expectedG: kgToGrams(line.expected_kg),
    countedG: kgToGrams(line.counted_kg),
  }));
  // The answer is read inside the transaction: it is what a retry with the same Idempotency-Key gets back.
  return withWriteTransaction(db, async (trx) => {
    await lockLots(trx, lines.map((line) => ({ kind: line.kind, id: line.id })));
    const lots = await repository.findLots(trx, lines);
    if (lines.some((line) => !lots.has(lotKey(line.kind, line.id)))) throw validationError(m.invalidLot);
    const above = lines.find((line) => line.countedG > lots.get(lotKey(line.kind, line.id))!.entry_g);
    if (above) {
      const lot = lots.get(lotKey(above.kind, above.id))!;
      throw validationError(m.aboveEntry(lot.kind, lot.batch_code, gramsToKg(lot.entry_g), await readFormatter(trx)));
    }
    const changed = lines.filter((line) => lots.get(lotKey(line.kind, line.id))!.stock_g !== line.expectedG);
    if (changed.length > 0) throw new AppError('conflict', m.stockChanged(changed.map((line) => lots.get(lotKey(line.kind, line.id))!.batch_code)));

    const id = await repository.insertCount(trx, { reason: body.reason, note, user_id: userId, created_at: Date.now() });
    await repository.insertLines(
      trx,
      lines.map((line) => ({
        count_id: id,
        position: line.position,
        lot_kind: line.kind,
        lot_id: line.id,
        batch_code: lots.get(lotKey(line.kind, line.id))!.batch_code,
        expected_g: line.expectedG,
        counted_g: line.countedG,
      })),
    );
    for (const line of lines) {
      if (line.countedG === line.expectedG) continue;
      const moved = await moveStock(trx, {
        lotKind: line.kind,
        lotId: line.id,
        deltaG: line.countedG - line.expectedG,
        reason: 'count',
        userId,
        refKind: COUNT_REF_KIND,
        refId: id,
      });
      // Cannot happen: the lot is locked, holds expected_g, and counted_g ≥ 0.
      if (!moved) throw new Error(`el recuento no pudo mover el stock del lote ${line.kind} ${line.id}`);
    }
    // One activity entry for the count: each lot whose stock it changed, by lot code, kg before → after.
    const changes = Object.fromEntries(
      lines
        .filter((line) => line.countedG !== line.expectedG)
        .map((line) => [lots.get(lotKey(line.kind, line.id))!.batch_code, { before: gramsToKg(line.expectedG), after: gramsToKg(line.countedG) }]),
    );
    recordActivity(trx, {
      action: 'count',
      area: 'stock-counts',
      record_id: id,
      record_label: `${id} (${STOCK_COUNT_REASON_LABELS[body.reason]})`,
      changes: Object.keys(changes).length > 0 ? changes : null,
    });
    return readCount(trx, id);
  });
}

async function readCount(db: DbOrTrx, id: number): Promise<StockCount> {
  const record = await repository.findCount(db, id);
  if (!record) throw notFoundError(m.notFound);
  return { ...toSummary(record), lines: (await repository.linesOf(db, id)).map(toLine) };
}

/** GET /api/stock-counts/:id: the count with its lines, who and when. */
export const getStockCount = readCount;

/** GET /api/stock-counts: newest first, paginated. */
export async function listStockCounts(db: Kysely<Database>, query: StockCountsQuery): Promise<StockCountsPage> {
  const [records, total] = await Promise.all([repository.listCounts(db, query), repository.countCounts(db)]);
  return { items: records.map(toSummary), total, limit: query.limit, offset: query.offset };
}

/**
 * GET /api/stock-counts/sheet: every lot with stock (of one kind, of one
 * origin), its stock as `expected_kg` for the count, and its current cost per
 * kg so the screen can value each difference.
 */
export async function countSheet(db: Kysely<Database>, query: CountSheetQuery): Promise<CountSheet> {
  const rows = await repository.sheetRows(db, { kinds: query.kind ? [query.kind] : LOT_KINDS, originId: query.origin_id });
  const idsOf = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => row.id);
  const [roastCosts, blendCosts] = await Promise.all([roastCostsPerKg(db, idsOf('roasted')), blendCostsPerKg(db, idsOf('blend'))]);
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      batch_code: row.batch_code,
      name: row.name,
      origin_name: row.origin_name,
      origin_ids: row.origin_ids,
      date: row.date,
      stock_kg: gramsToKg(row.stock_g),
      cost_per_kg:
        row.kind === 'green'
          ? centsToPrice(row.unit_price_cents ?? 0)
          : ((row.kind === 'roasted' ? roastCosts : blendCosts).get(row.id) ?? null),
    })),
  };
}
