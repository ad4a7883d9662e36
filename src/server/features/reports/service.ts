import type { Kysely } from 'kysely';
import {
  type MonthlyMargin,
  monthLabel,
  type MonthlySales,
  type PeriodTotals,
  type ReportRange,
  type SalesByCustomer,
  STOCK_AGE_BUCKETS,
  TOP_CUSTOMERS,
  type StockByAge,
  type StockSummary,
  type TopByProduct,
  TOP_PRODUCTS,
  type TopProducts,
} from '#shared/schemas/reports.js';
import { salesMessages } from '#shared/sales-messages.js';
import { centsToPrice, gramsToKg } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { grossMarginByMonthOf, grossMarginOf, keptGrossMarginByMonth } from '#server/features/costs/service.js';
import { customerNames } from '#server/features/customers/service.js';
import { stockByRoastDate } from '#server/features/freshness/service.js';
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
 * and 'Ventas Mensuales' should not wait for it. The range's whole months are
 * costed once and kept until one of their sales or a cost input changes
 * (docs/decisions/0048-monthly-costs-kept-between-reads.md); the (at most two) months it cuts, on every read.
 */
export async function monthlyMargin(db: Kysely<Database>, range: ReportRange): Promise<MonthlyMargin> {
  const split = splitRange(range);
  const [whole, cut] = await Promise.all([
    split.months ? keptGrossMarginByMonth(db, split.months, repository.monthRows) : [],
    split.days.length > 0 ? grossMarginByMonthOf(db, repository.aggregateRows({ months: null, days: split.days })) : [],
  ]);
  return {
    items: [...whole, ...cut].sort(byMonth).map((row) => ({
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

/**
 * The three stock tiles (docs/product-guide.md#reportes): on-hand kg of green, roasted and blended coffee, three sums.
 * The range does not apply: stock is now. The stock by age is its own route (stockByAge): P2 compares these totals.
 */
export async function stockSummary(db: DbOrTrx): Promise<StockSummary> {
  const totals = await repository.stockTotals(db);
  return { green_kg: gramsToKg(totals.green_g), roasted_kg: gramsToKg(totals.roasted_g), blended_kg: gramsToKg(totals.blended_g) };
}

/**
 * 'Tostado y Mezcla por edad' (docs/product-guide.md#reportes): roasted lots and blends on hand by age,
 * kilos and value at cost. Its own route since 'Resumen de Stock' is three sums and this costs every lot
 * in stock (docs/decisions/0049-roast-age-and-public-page.md, docs/performance.md P2).
 */
export async function stockByAge(db: DbOrTrx): Promise<StockByAge> {
  const stock = await stockByRoastDate(db);
  // Each roast date in the first bucket its age fits (docs/decisions/0049-roast-age-and-public-page.md).
  const items = STOCK_AGE_BUCKETS.map((bucket, index) => {
    const min = index === 0 ? 0 : (STOCK_AGE_BUCKETS[index - 1]!.max_days ?? 0) + 1;
    const inBucket = stock.filter((day) => day.age_days >= min && (bucket.max_days === null || day.age_days <= bucket.max_days));
    return {
      label: bucket.label,
      max_days: bucket.max_days,
      kg: gramsToKg(inBucket.reduce((sum, day) => sum + day.stock_g, 0)),
      value: centsToPrice(inBucket.reduce((sum, day) => sum + day.value_cents, 0)),
    };
  });
  return { items };
}

/**
 * 'Ventas por cliente' (docs/product-guide.md#reportes, docs/decisions/0046-sales-by-customer.md):
 * the top 10 customers of the range by revenue (then kilos, then the lower id: a total order,
 * the same on both databases), each with its gross margin at each lot's current cost; the other
 * customers together; and the counter sales apart: the range's totals (the (day, stripe) rows)
 * minus what the customers bought. It reads the customer aggregates of migration 0023 (all time:
 * one row per customer and lot), never the sales but a range's cut days.
 */
export async function salesByCustomer(db: DbOrTrx, range: ReportRange): Promise<SalesByCustomer> {
  const allTime = range.from === undefined && range.to === undefined;
  const rows = repository.customerSaleRows(allTime ? null : splitRange(range));
  const [customers, totals] = await Promise.all([repository.totalsByCustomer(db, rows), repository.rangeTotals(db, range)]);
  const ranked = customers.sort((a, b) => b.revenue_cents - a.revenue_cents || b.quantity_g - a.quantity_g || a.customer_id - b.customer_id);
  const top = ranked.slice(0, TOP_CUSTOMERS);
  const ids = top.map((customer) => customer.customer_id);
  const [names, margins] = top.length === 0
    ? [new Map<number, string>(), []]
    : await Promise.all([customerNames(db, ids), grossMarginByMonthOf(db, repository.customerMarginRows(rows, ids))]);
  const marginOf = new Map(margins.map((margin) => [Number(margin.month), margin]));
  const sum = (list: readonly repository.CustomerSold[]) => ({
    quantity_g: list.reduce((total, c) => total + c.quantity_g, 0),
    revenue_cents: list.reduce((total, c) => total + c.revenue_cents, 0),
    sale_count: list.reduce((total, c) => total + c.sale_count, 0),
  });
  const figures = (sold: { quantity_g: number; revenue_cents: number; sale_count: number }) => ({
    kg: gramsToKg(sold.quantity_g),
    sale_count: sold.sale_count,
    revenue: centsToPrice(sold.revenue_cents),
  });
  const rest = ranked.slice(TOP_CUSTOMERS);
  const all = sum(ranked);
  return {
    items: top.map((customer) => {
      const margin = marginOf.get(customer.customer_id);
      return {
        customer_id: customer.customer_id,
        name: names.get(customer.customer_id) ?? '',
        ...figures(customer),
        margin: centsToPrice(margin?.margin_cents ?? customer.revenue_cents),
        margin_percent: margin?.margin_percent ?? null,
      };
    }),
    other_customers: { customers: rest.length, ...figures(sum(rest)) },
    counter: figures({
      quantity_g: totals.quantity_g - all.quantity_g,
      revenue_cents: totals.revenue_cents - all.revenue_cents,
      sale_count: totals.sale_count - all.sale_count,
    }),
  };
}
