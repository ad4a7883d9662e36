import type { Kysely } from 'kysely';
import type { Origin } from '#shared/schemas/origins.js';
import { KG_DECIMALS, kgToGrams } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, pagedItems } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { listOrigins } from './service.js';

const columns: CsvColumn<Origin>[] = [
  { header: 'Nombre', cell: (o) => o.name },
  { header: 'Kilos por Saco', cell: (o, f) => f.scaledNumber(kgToGrams(o.kilos_per_bag), KG_DECIMALS) },
  { header: 'Proveedores/Fincas', cell: (o) => o.suppliers_fincas.join(', ') },
  { header: 'Descripción', cell: (o) => o.description ?? '' },
];

/** GET /api/coffee-origins/export.csv: a small table, read through the list itself in pages. */
export const exportOrigins = (db: Kysely<Database>): CsvExport<Origin> => ({
  fileBase: 'origenes',
  columns,
  rows: pagedItems((page) => listOrigins(db, page)),
});
