import type { Kysely } from 'kysely';
import type { Formatter } from '#shared/format.js';
import { saleTotalCents } from '#shared/sale-total.js';
import { KG_DECIMALS, PRICE_DECIMALS } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, keysetBatches } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { readFormatter } from '#server/features/settings/service.js';
import { salesAfter, type SaleRecord } from './repository.js';
import { withProductNames } from './service.js';

type NamedSale = SaleRecord & { product_name: string };

// The money headers name the shop's currency ('Precio Unitario (€/Kg)'); the cells keep the dialect's numbers.
const columnsFor = (money: Formatter): CsvColumn<NamedSale>[] => [
  { header: 'Producto', cell: (s) => s.product_name },
  { header: 'Lote Vendido', cell: (s) => s.batch_code_sold },
  { header: 'Cantidad (Kg)', cell: (s, f) => f.scaledNumber(s.quantity_g, KG_DECIMALS) },
  { header: `Precio Unitario (${money.perKg})`, cell: (s, f) => f.scaledNumber(s.unit_price_cents, PRICE_DECIMALS) },
  // Quantity × price, exact and rounded half up as everywhere (sale-total.ts).
  { header: `Total (${money.currency})`, cell: (s, f) => f.scaledNumber(saleTotalCents(s.quantity_g, s.unit_price_cents), PRICE_DECIMALS) },
  { header: 'Fecha Venta', cell: (s, f) => f.date(s.sale_date) },
];

/** GET /api/sales/export.csv: every sale in the list's order, in keyset batches, each batch named in two queries. */
export const exportSales = (db: Kysely<Database>): CsvExport<NamedSale> => ({
  fileBase: 'ventas',
  columns: readFormatter(db).then(columnsFor),
  rows: keysetBatches<NamedSale>(async (after, limit) => withProductNames(db, await salesAfter(db, after, limit))),
});
