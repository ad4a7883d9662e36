// `npm run check:stock`: the ledger invariant on the configured database (on-hand
// = sum of movements for every lot, never negative, never above what entered the
// lot: docs/decisions/0039-stock-never-above-entry.md) and the sales aggregates
// (sales_daily / sales_monthly, migration 0007, and sales_daily_totals /
// sales_product_totals, migration 0008 = a recount of the sales).
// Exits 1 when either is broken.
// Reads only, so it may run beside a live server.
import { loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/database.js';
import { LOT_KINDS, LOT_TABLES } from '#server/db/schema.js';
import { findLedgerMismatches, findStockAboveEntry } from '#server/ledger/ledger.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';

const config = loadConfig();
const database = await openDatabase(config.database, { skipSqliteLock: true });
try {
  const tables = new Set((await database.db.introspection.getTables()).map((t) => t.name));
  const kinds = LOT_KINDS.filter((kind) => tables.has(LOT_TABLES[kind]));
  const mismatches = await findLedgerMismatches(database.db, kinds);
  console.log(`${database.description}: lotes revisados de ${kinds.join(', ') || '(ninguna tabla de lotes todavía)'}`);
  if (mismatches.length === 0) {
    console.log('Stock correcto: cada lote coincide con su libro de movimientos y ninguno es negativo.');
  } else {
    for (const m of mismatches) {
      console.log(`  ${m.lotKind} #${m.lotId}: stock ${m.stockG} g, libro ${m.ledgerG} g`);
    }
    console.log(`${mismatches.length} lote(s) con stock incorrecto.`);
    process.exitCode = 1;
  }
  const above = await findStockAboveEntry(database.db, kinds);
  if (above.length === 0) {
    console.log('Ningún lote tiene más stock del que entró (recibido, producido o mezclado).');
  } else {
    for (const a of above) console.log(`  ${a.lotKind} #${a.lotId}: stock ${a.stockG} g, entró ${a.entryG} g`);
    console.log(`${above.length} lote(s) con más stock del que entró: un recuento con los Kg reales los corrige.`);
    process.exitCode = 1;
  }
  if (tables.has('sales_daily') && tables.has('sales_monthly')) {
    const aggregates = await findAggregateMismatches(database.db);
    if (aggregates.length === 0) {
      console.log('Totales de ventas correctos: cada día, cada mes y cada producto coinciden con la suma de sus ventas.');
    } else {
      const figures = (row: { quantity_g: number; revenue_cents: number; sale_count: number } | null) =>
        row ? `${row.quantity_g} g, ${row.revenue_cents} céntimos, ${row.sale_count} ventas` : 'nada';
      for (const a of aggregates) {
        console.log(`  ${a.table} ${a.period} ${a.product_type} #${a.product_id}: guardado ${figures(a.stored)}, recuento ${figures(a.recount)}`);
      }
      console.log(`${aggregates.length} total(es) de ventas incorrecto(s).`);
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
