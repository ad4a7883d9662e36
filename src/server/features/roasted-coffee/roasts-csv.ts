import type { Kysely } from 'kysely';
import { KG_DECIMALS, PERCENT_DECIMALS } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { blankOr, type CsvColumn, keysetBatches } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { type RoastRecord, roastsAfter } from './repository.js';

const columns: CsvColumn<RoastRecord>[] = [
  { header: 'Lote', cell: (r) => r.batch_code },
  { header: 'Lote Verde', cell: (r) => r.green_batch_code },
  { header: 'Origen', cell: (r) => r.origin_name },
  { header: 'Tipo de Tueste', cell: (r) => r.roast_type },
  { header: 'Café Verde (Kg)', cell: (r, f) => f.scaledNumber(r.quantity_green_g, KG_DECIMALS) },
  { header: 'Producido (Kg)', cell: (r, f) => f.scaledNumber(r.resultant_g, KG_DECIMALS) },
  { header: 'Disponible (Kg)', cell: (r, f) => f.scaledNumber(r.stock_g, KG_DECIMALS) },
  // Shrinkage = green kg − resultant kg (docs/product-guide.md#entities), computed, never stored.
  { header: 'Merma (Kg)', cell: (r, f) => f.scaledNumber(r.quantity_green_g - r.resultant_g, KG_DECIMALS) },
  { header: 'Fecha Tostado', cell: (r, f) => f.date(r.roast_date) },
  // docs/decisions/0053-reference-profile.md: the cupping score exact from its hundredths, blank when not cupped.
  { header: 'Puntuación de cata', cell: (r, f) => blankOr(r.cupping_score, (score) => f.scaledNumber(Number(score), PERCENT_DECIMALS)) },
  { header: 'Notas', cell: (r) => r.notes ?? '' },
  { header: 'Perfil de referencia', cell: (r) => (Number(r.is_reference) === 1 ? 'Sí' : '') },
];

/** GET /api/roasted-coffee/export.csv: every roast of the list's filter, in the list's order, read in keyset batches. */
export const exportRoasts = (
  db: Kysely<Database>,
  filter: { origin_id?: number | undefined; in_stock?: boolean | undefined },
): CsvExport<RoastRecord> => ({
  fileBase: 'cafe-tostado',
  columns,
  rows: keysetBatches((after, limit) => roastsAfter(db, { originId: filter.origin_id, inStock: filter.in_stock }, after, limit)),
});
