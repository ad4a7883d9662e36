import type { Kysely } from 'kysely';
import type { BlendedCoffee } from '#shared/schemas/blended-coffee.js';
import { KG_DECIMALS, kgToGrams } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, type CsvFormat, pagedItems } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { listBlends } from './service.js';

// Number cells (a spreadsheet adds them up); kgText is the same figure inside a text cell.
const kg = (kilos: number, f: CsvFormat) => f.scaledNumber(kgToGrams(kilos), KG_DECIMALS);
const kgText = (kilos: number, f: CsvFormat) => f.scaled(kgToGrams(kilos), KG_DECIMALS);

/** As the blends table shows them: 'Colombia 60% (CO-010124-1234 6,000 Kg); Brasil 40% (…)'. */
const componentsText = (blend: BlendedCoffee, f: CsvFormat) =>
  blend.components
    .map((component) => {
      const draws = component.selected_roasted_batches.map((draw) => `${draw.batch_code} ${kgText(draw.quantity_used, f)} Kg`).join(', ');
      return `${component.origin_name} ${f.decimal(component.percentage)}%${draws ? ` (${draws})` : ''}`;
    })
    .join('; ');

const columns: CsvColumn<BlendedCoffee>[] = [
  { header: 'Nombre', cell: (b) => b.name },
  { header: 'Lote', cell: (b) => b.batch_code },
  { header: 'Producido (Kg)', cell: (b, f) => kg(b.total_quantity_kg, f) },
  { header: 'Disponible (Kg)', cell: (b, f) => kg(b.stock_kg, f) },
  { header: 'Fecha Creación', cell: (b, f) => f.date(b.creation_date) },
  { header: 'Componentes', cell: componentsText },
];

/** GET /api/blended-coffee/export.csv: read through the list itself in pages (components and draws mapped once, there). */
export const exportBlends = (db: Kysely<Database>): CsvExport<BlendedCoffee> => ({
  fileBase: 'cafe-mezcla',
  columns,
  rows: pagedItems((page) => listBlends(db, page)),
});
