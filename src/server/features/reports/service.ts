import {
  type MonthlyMargin,
  monthLabel,
  type MonthlySales,
  type PeriodTotals,
  type ReportRange,
  type StockSummary,
  type TopByProduct,
  TOP_PRODUCTS,
  type TopProducts,
} from '#shared/schemas/reports.js';
import { salesMessages } from '#shared/sales-messages.js';
import { centsToPrice, gramsToKg } from '#shared/units.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { grossMarginByMonthOf, grossMarginOf } from '#server/features/costs/service.js';
import { splitRange } from './range-split.js';
import * as repository from './repository.js';

const byMonth = (a: { month: string }, b: { month: string }) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0);

/**
 * 'Ventas Mensuales' (docs/product-guide.md#reportes): revenue per calendar month with sales, chronological, exact to the cent.
 * From the (day, stripe) totals (docs/architecture.md#aggregates), so it costs the same at 10,000 and 1,000,000 sales.
 */
export async function monthlySales(db: DbOrTrx, range: ReportRange): Promise<MonthlySales> {
  const months = await repository.monthlyRevenue(db, range);
  return { items: months.sort(byMonth).map((row) => ({ month: row.month, label: monthLabel(row.month), revenue: centsToPrice(row.revenue_cents) })) };
}

/**
 * 'Margen bruto' per month (docs/decisions/0011-cost-per-kg-and-margins.md): grams per product × current cost per kg,
 * from the (month, product) aggregates. Its own route: costing
 * on read (docs/decisions/0011) grows with the products sold in each month,
 * and 'Ventas Mensuales' should not wait for it.
 */
export async function monthlyMargin(db: DbOrTrx, range: ReportRange): Promise<MonthlyMargin> {
  const months = await grossMarginByMonthOf(db, repository.aggregateRows(splitRange(range)));
  return {
    items: months.sort(byMonth).map((row) => ({
      month: row.month,
      label: monthLabel(row.month),
      revenue: centsToPrice(row.revenue_cents),
      margin: centsToPrice(row.margin_cents),
      margin_percent: row.margin_percent,
    })),
  };
}

/** Code-unit order, the same on both databases (PostgreSQL's collation would sort '-' and case differently from SQLite). */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The pie's top 5 (docs/product-guide.md#reportes): kg sold per lot in the range, most first; a tie
 * goes to the lot code that sorts first (then type and id, so the order is total).
 */
export async function topProducts(db: DbOrTrx, range: ReportRange): Promise<TopProducts> {
  // All time (the screen's default) from the per-product totals; a range from the period aggregates.
  const sold =
    range.from === undefined && range.to === undefined
      ? await repository.topProductsAllTime(db, TOP_PRODUCTS)
      : await repository.topProductsSold(db, splitRange(range), TOP_PRODUCTS);
  const ranked = sold
    .map((row) => ({ ...row, batch_code: row.batch_code ?? '', name: row.name ?? salesMessages.unknownProduct }))
    .sort((a, b) => b.quantity_g - a.quantity_g || byCode(a.batch_code, b.batch_code) || byCode(a.product_type, b.product_type) || a.product_id - b.product_id)
    .slice(0, TOP_PRODUCTS);
  return {
    items: ranked.map((row) => ({
      product_id: row.product_id,
      product_type: row.product_type,
      name: row.name,
      batch_code: row.batch_code,
      kg: gramsToKg(row.quantity_g),
    })),
  };
}

/**
 * 'Totales del Periodo' (docs/product-guide.md#reportes): kilos, number of sales and revenue
 * from the (day, stripe) totals; the gross margin at each lot's current cost, for a range from
 * its (month, product) aggregates (the chart's months added up), for all time (the screen's
 * default) from the per-product totals, each product costed once: the (month, product) rows
 * grow with the sales (up to products × months), the per-product ones do not, so all time costs
 * the same at 10,000 and 1,000,000 sales (docs/performance.md, P2b). Neither reads the sales table.
 */
export async function periodTotals(db: DbOrTrx, range: ReportRange): Promise<PeriodTotals> {
  const allTime = range.from === undefined && range.to === undefined;
  const soldRows = allTime ? repository.allTimeProductRows() : repository.aggregateRows(splitRange(range));
  const [totals, margin] = await Promise.all([repository.rangeTotals(db, range), grossMarginOf(db, soldRows)]);
  return {
    kg: gramsToKg(totals.quantity_g),
    sale_count: totals.sale_count,
    revenue: centsToPrice(totals.revenue_cents),
    margin: centsToPrice(margin.margin_cents),
    margin_percent: margin.margin_percent,
  };
}

/**
 * 'Top 5 por Producto (Kg)' (docs/product-guide.md#reportes): kilos per product, its lots
 * summed, most first; a tie goes to the name that sorts first (code-unit order, as byCode).
 */
export async function topByProduct(db: DbOrTrx, range: ReportRange): Promise<TopByProduct> {
  const groups =
    range.from === undefined && range.to === undefined ? await repository.productGroupsAllTime(db) : await repository.productGroupsSold(db, splitRange(range));
  const ranked = groups
    .map((group) => ({ ...group, name: group.name ?? salesMessages.unknownProduct }))
    .sort((a, b) => b.quantity_g - a.quantity_g || byCode(a.name, b.name) || byCode(a.product_type, b.product_type))
    .slice(0, TOP_PRODUCTS);
  return { items: ranked.map((group) => ({ product_type: group.product_type, name: group.name, lots: group.lots, kg: gramsToKg(group.quantity_g) })) };
}

/** The three stock tiles (docs/product-guide.md#reportes): on-hand kg of green, roasted and blended coffee. The range does not apply: stock is now. */
export async function stockSummary(db: DbOrTrx): Promise<StockSummary> {
  const totals = await repository.stockTotals(db);
  return { green_kg: gramsToKg(totals.green_g), roasted_kg: gramsToKg(totals.roasted_g), blended_kg: gramsToKg(totals.blended_g) };
}
