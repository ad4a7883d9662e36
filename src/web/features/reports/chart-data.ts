import type { MonthlyMargin, MonthlySales, TopProducts } from '#shared/schemas/reports.js';

/**
 * What the two charts draw, read by their report cards (monthly-sales-chart.tsx,
 * top-products-chart.tsx) and by the drawings (charts.tsx). Here, not in the
 * cards: the cards load charts.tsx lazily, and charts.tsx importing them back
 * made a cycle.
 */

/** A month of the chart: its revenue and, beside it, its 'Margen bruto' (null when the margin route did not list the month). */
export type ChartMonth = MonthlySales['items'][number] & { margin: number | null };

/**
 * The months of /api/reports/monthly-sales and /api/reports/monthly-margin,
 * two requests, joined by month. Each answer is one snapshot of its own, so a
 * sale recorded between the two requests can leave a month in one only: the
 * revenue's months are the chart's, a margin it lacks is left out rather than
 * drawn as 0.
 */
export function withMargins(months: MonthlySales['items'], margins: MonthlyMargin['items']): ChartMonth[] {
  const marginOf = new Map(margins.map((row) => [row.month, row.margin]));
  return months.map((month) => ({ ...month, margin: marginOf.get(month.month) ?? null }));
}

/** A top-5 lot: a slice of the pie and a row of its table. */
export type TopProduct = TopProducts['items'][number];

/** A slice's and a row's React key: one per lot. */
export const productKey = (product: TopProduct) => `${product.product_type}-${product.product_id}`;

/** A lot's share of the top 5's kg, in whole percent: the slice labels and the legend write it. */
export const percentOf = (kg: number, products: TopProduct[]) => Math.round((kg / products.reduce((sum, product) => sum + product.kg, 0)) * 100);
