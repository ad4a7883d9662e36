import type { Kysely } from 'kysely';
import type { Formatter } from '#shared/format.js';
import { GREEN_CSV_HEADERS as HEADERS } from '#shared/schemas/green-import.js';
import { KG_DECIMALS, PRICE_DECIMALS } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, keysetBatches } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { readFormatter } from '#server/features/settings/service.js';
import { greenLotsAfter, type GreenLotRecord } from './repository.js';

/** The headers the green import reads back: an exported file imports to the same lots. */
// 'Precio (€/Kg)' folds to the same header as 'Precio ($/Kg)' on import (untrusted-files/csv-text.ts foldText).
const columnsFor = (money: Formatter): CsvColumn<GreenLotRecord>[] => [
  { header: HEADERS.batchCode, cell: (g) => g.batch_code },
  { header: HEADERS.origin, cell: (g) => g.origin_name },
  { header: HEADERS.supplier, cell: (g) => g.supplier_finca },
  { header: HEADERS.stock, cell: (g, f) => f.scaledNumber(g.stock_g, KG_DECIMALS) },
  { header: HEADERS.quantity, cell: (g, f) => f.scaledNumber(g.quantity_g, KG_DECIMALS) },
  { header: `Precio (${money.perKg})`, cell: (g, f) => f.scaledNumber(g.unit_price_cents, PRICE_DECIMALS) },
  { header: HEADERS.entryDate, cell: (g, f) => f.date(g.entry_date) },
];

/** GET /api/green-coffee/export.csv: every lot of the list's filter, in the list's order, read in keyset batches. */
export const exportGreenLots = (
  db: Kysely<Database>,
  filter: { origin_id?: number | undefined; in_stock?: boolean | undefined },
): CsvExport<GreenLotRecord> => ({
  fileBase: 'cafe-verde',
  columns: readFormatter(db).then(columnsFor),
  rows: keysetBatches((after, limit) => greenLotsAfter(db, { originId: filter.origin_id, inStock: filter.in_stock }, after, limit)),
});
