import type { Kysely } from 'kysely';
import type { Formatter } from '#shared/format.js';
import { saleTotalCents } from '#shared/sale-total.js';
import { KG_DECIMALS, PRICE_DECIMALS, priceToCents } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { blankOr, type CsvColumn, type CsvFormat, keysetBatches } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { saleMargins, type SaleMargin } from '#server/features/costs/service.js';
import { readFormatter } from '#server/features/settings/service.js';
import { salesAfter, type SaleRecord } from './repository.js';
import { withNames } from './service.js';

type CsvSale = SaleRecord & SaleMargin & { product_name: string; customer_name: string | null; format_name: string | null };

const money = (value: number | null, f: CsvFormat) =>
  blankOr(value, (amount) => f.scaledNumber(priceToCents(amount), PRICE_DECIMALS));

// The money headers name the shop's currency ('Precio Unitario (€/Kg)'); the cells keep the dialect's numbers.
// The spec's columns first, in their order; 'Cliente', cost, margin, format and bags follow, so a sheet reading the old ones still finds them.
const columnsFor = (currency: Formatter): CsvColumn<CsvSale>[] => [
  { header: 'Producto', cell: (s) => s.product_name },
  { header: 'Lote Vendido', cell: (s) => s.batch_code_sold },
  { header: 'Cantidad (Kg)', cell: (s, f) => f.scaledNumber(s.quantity_g, KG_DECIMALS) },
  { header: `Precio Unitario (${currency.perKg})`, cell: (s, f) => f.scaledNumber(s.unit_price_cents, PRICE_DECIMALS) },
  // Quantity × price, exact and rounded half up as everywhere (sale-total.ts).
  { header: `Total (${currency.currency})`, cell: (s, f) => f.scaledNumber(saleTotalCents(s.quantity_g, s.unit_price_cents), PRICE_DECIMALS) },
  { header: 'Fecha Venta', cell: (s, f) => f.date(s.sale_date) },
  // Empty for a counter sale.
  { header: 'Cliente', cell: (s) => s.customer_name ?? '' },
  // As the list shows them (docs/decisions/0011-cost-per-kg-and-margins.md); empty once the lot is gone.
  { header: `Coste (${currency.currency})`, cell: (s, f) => money(s.cost, f) },
  { header: `Margen (${currency.currency})`, cell: (s, f) => money(s.margin, f) },
  // Empty for bulk kilos (docs/product-guide.md#ventas).
  { header: 'Formato', cell: (s) => s.format_name ?? '' },
  { header: 'Bolsas', cell: (s, f) => blankOr(s.bags, (bags) => f.scaledNumber(bags, 0)) },
];

/** GET /api/sales/export.csv: every sale in the list's order, in keyset batches, each batch named and costed in a few queries. */
export const exportSales = (db: Kysely<Database>): CsvExport<CsvSale> => ({
  fileBase: 'ventas',
  columns: readFormatter(db).then(columnsFor),
  rows: keysetBatches<CsvSale>(async (after, limit) => {
    const records = await salesAfter(db, after, limit);
    const [named, margins] = await Promise.all([withNames(db, records), saleMargins(db, records)]);
    return named.map((sale, index) => ({ ...sale, ...margins[index]! }));
  }),
});
