import type { Kysely } from 'kysely';
import type { Formatter } from '#shared/format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import type { ReportRange } from '#shared/schemas/reports.js';
import { KG_DECIMALS, kgToGrams, PRICE_DECIMALS, priceToCents } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { blankOr, type CsvColumn, type CsvDialect, type CsvFormat, csvFormat } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { readFormatter } from '#server/features/settings/service.js';
import { monthlyMargin, periodTotals, salesByCustomer, stockSummary, topByProduct, topProducts } from './service.js';

/** One line of the Reportes CSV: which part of the screen it comes from and its figures, blank where that part has none. */
interface ReportLine {
  section: string;
  concept: string;
  lot?: string;
  kg?: number;
  saleCount?: number;
  revenue?: number;
  margin?: number;
  marginPercent?: number | null;
}

// The money headers name the shop's currency ('Ventas (€)'); the cells keep the dialect's numbers.
const columnsFor = (money: Formatter): CsvColumn<ReportLine>[] => [
  { header: 'Sección', cell: (line) => line.section },
  { header: 'Concepto', cell: (line) => line.concept },
  { header: 'Lote', cell: (line) => line.lot ?? '' },
  { header: 'Cantidad (Kg)', cell: (line, f) => blankOr(line.kg, (kg) => f.scaledNumber(kgToGrams(kg), KG_DECIMALS)) },
  { header: m.periodSaleCount, cell: (line, f) => blankOr(line.saleCount, (count) => f.scaledNumber(count, 0)) },
  { header: `Ventas (${money.currency})`, cell: (line, f) => blankOr(line.revenue, (revenue) => f.scaledNumber(priceToCents(revenue), PRICE_DECIMALS)) },
  { header: `Margen bruto (${money.currency})`, cell: (line, f) => blankOr(line.margin, (margin) => f.scaledNumber(priceToCents(margin), PRICE_DECIMALS)) },
  { header: 'Margen (%)', cell: (line, f) => blankOr(line.marginPercent, (percent) => f.decimalNumber(percent)) },
];

/** The range as the screen's filter chose it, in the dialect's dates: 'Todo', 'Desde 01/01/2024 hasta 31/03/2024'. */
const rangeText = (range: ReportRange, format: CsvFormat): string => {
  const parts = [range.from && `Desde ${format.date(range.from)}`, range.to && `${range.from ? 'hasta' : 'Hasta'} ${format.date(range.to)}`].filter(Boolean);
  return parts.length === 0 ? 'Todo' : parts.join(' ');
};

/**
 * Everything /reportes shows for the range, in the screen's order, as one table
 * (docs/product-guide.md#csv): the period, its totals, each month of 'Ventas Mensuales'
 * (with its margin), the top 5 by lot, the top 5 by product, the top 10 customers (the other
 * customers and the counter sales apart) and the stock tiles. Read from the
 * same services as the screen's routes, so the file and the screen agree.
 */
async function* reportLines(db: Kysely<Database>, range: ReportRange, format: CsvFormat): AsyncIterable<ReportLine> {
  const [totals, months, lots, products, customers, stock] = await Promise.all([
    periodTotals(db, range),
    monthlyMargin(db, range),
    topProducts(db, range),
    topByProduct(db, range),
    salesByCustomer(db, range),
    stockSummary(db),
  ]);
  yield { section: 'Periodo', concept: rangeText(range, format) };
  yield { section: m.periodTotalsTitle, concept: 'Total', kg: totals.kg, saleCount: totals.sale_count, revenue: totals.revenue, margin: totals.margin, marginPercent: totals.margin_percent };
  for (const month of months.items) {
    yield { section: m.monthlySalesTitle, concept: month.label, revenue: month.revenue, margin: month.margin, marginPercent: month.margin_percent };
  }
  for (const lot of lots.items) yield { section: m.topProductsTitle, concept: lot.name, lot: lot.batch_code, kg: lot.kg };
  for (const product of products.items) yield { section: m.topByProductTitle, concept: product.name, kg: product.kg };
  for (const customer of customers.items) {
    yield { section: m.salesByCustomerTitle, concept: customer.name, kg: customer.kg, saleCount: customer.sale_count, revenue: customer.revenue, margin: customer.margin, marginPercent: customer.margin_percent };
  }
  const { other_customers: others, counter } = customers;
  if (others.customers > 0) yield { section: m.salesByCustomerTitle, concept: m.otherCustomers(others.customers), kg: others.kg, saleCount: others.sale_count, revenue: others.revenue };
  if (counter.sale_count > 0) yield { section: m.salesByCustomerTitle, concept: m.counterSales, kg: counter.kg, saleCount: counter.sale_count, revenue: counter.revenue };
  yield { section: m.stockSummaryTitle, concept: 'Café Verde', kg: stock.green_kg };
  yield { section: m.stockSummaryTitle, concept: 'Café Tostado', kg: stock.roasted_kg };
  yield { section: m.stockSummaryTitle, concept: 'Café Mezcla', kg: stock.blended_kg };
}

/** GET /api/reports/export.csv?from=&to=&dialect=: the Reportes screen for that range, in a few rows. */
export const exportReports = (db: Kysely<Database>, query: ReportRange & { dialect: CsvDialect }): CsvExport<ReportLine> => ({
  fileBase: 'reportes',
  columns: readFormatter(db).then(columnsFor),
  rows: reportLines(db, { from: query.from, to: query.to }, csvFormat(query.dialect)),
});
