// The generated data set obeys the app's invariants: the same checks
// `npm run check:stock` and the tests use (findLedgerMismatches,
// findAggregateMismatches), run on the generated database.
import { openDatabase } from '#server/db/database.js';
import { LOT_KINDS } from '#server/db/schema.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import type { DatasetTarget } from '#support/bench/generate.js';

export async function checkDataset(target: DatasetTarget): Promise<string[]> {
  const database = await openDatabase(target, { skipSqliteLock: true });
  try {
    const ledger = await findLedgerMismatches(database.db, LOT_KINDS);
    const aggregates = await findAggregateMismatches(database.db);
    return [
      ...ledger.map((m) => `libro: ${m.lotKind} #${m.lotId}: stock ${m.stockG} g, movimientos ${m.ledgerG} g`),
      ...aggregates.map((m) => `agregado: ${m.table} ${m.period} ${m.product_type} #${m.product_id}: ${JSON.stringify(m.stored)} ≠ ${JSON.stringify(m.recount)}`),
    ];
  } finally {
    await database.close();
  }
}
