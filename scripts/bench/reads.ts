// P2, P2b and P3: what the read paths cost on a server holding a data set.
// Each figure is the median of sequential requests (measure.ts), so the
// ratios between data set sizes compare like with like.
import { type Endpoint, getJson, pairedMedianMs } from './measure.js';

/** The three report routes, all time (the heaviest range). */
export const REPORT_PATHS = {
  'monthly-sales': '/api/reports/monthly-sales',
  'top-products': '/api/reports/top-products',
  'stock-summary': '/api/reports/stock-summary',
} as const;
export type ReportName = keyof typeof REPORT_PATHS;

/**
 * Reports with no «original shape» to race (the original app had none of them): Reportes' period
 * totals, top 5 by product, sales by customer, 'Margen bruto' per month and the stock by age (docs/product-guide.md#reportes).
 * Only flatness is asked of them: all time (the heaviest range) with 1,000,000 sales against 10,000 and the same lots.
 */
export const FLAT_REPORT_PATHS = {
  'period-totals': '/api/reports/period-totals',
  'top-by-product': '/api/reports/top-by-product',
  // 'Ventas por cliente' (docs/decisions/0046-sales-by-customer.md): the customer aggregates of migration 0023.
  'sales-by-customer': '/api/reports/sales-by-customer',
  // Each month kept once costed (docs/decisions/0048-monthly-costs-kept-between-reads.md): the first
  // request costs them, the median is the kept read; what a changed month costs is P2c (monthly-margin.ts).
  'monthly-margin': '/api/reports/monthly-margin',
  // 'Tostado y Mezcla por edad' (docs/decisions/0049-roast-age-and-public-page.md): every lot in stock,
  // the roasted ones summed per roast date in the database; the same lots in both sets.
  'stock-by-age': '/api/reports/stock-by-age',
} as const;
export type FlatReportName = keyof typeof FLAT_REPORT_PATHS;

/**
 * P8: the roast plan at its default horizon (docs/decisions/0028-roast-plan.md), and home's
 * stock alerts, which date each alert with the plan's run-out date. Both read the last 28 days
 * of the daily aggregates and the lots, never the sales: flat in the sales held.
 */
export const PLANNING_PATHS = {
  planning: '/api/planning',
  'stock-alerts': '/api/stock-alerts',
} as const;
export type PlanningName = keyof typeof PLANNING_PATHS;

/** Days of sales the plan's pace is measured over, today included (docs/decisions/0028-roast-plan.md). */
const PLANNING_WINDOW_DAYS = 28;

/** The first page of each list as the screens ask for it. */
export const LIST_PATHS = {
  '/api/sales': '/api/sales?limit=100&offset=0',
  '/api/products?q=': '/api/products?q=col&limit=20',
  '/api/green-coffee': '/api/green-coffee?limit=100&offset=0',
  // Café Tostado's page: each row joins its stored figures and its product's reference (docs/decisions/0053-reference-profile.md).
  '/api/roasted-coffee': '/api/roasted-coffee?limit=100&offset=0',
} as const;
export type ListName = keyof typeof LIST_PATHS;

export const reportTimes = (endpoints: Endpoint[]) => timesOf({ ...REPORT_PATHS, ...FLAT_REPORT_PATHS, ...PLANNING_PATHS }, endpoints);
export const listTimes = (endpoints: Endpoint[]) => timesOf(LIST_PATHS, endpoints);

/**
 * Per route, the median on each endpoint (pairedMedianMs); NaN (and a line
 * saying why) for a route that fails, so one missing route does not hide the rest.
 */
async function timesOf<K extends string>(paths: Record<K, string>, endpoints: Endpoint[]): Promise<Record<K, number>[]> {
  const times = endpoints.map(() => ({}) as Record<K, number>);
  for (const [name, path] of Object.entries(paths) as [K, string][]) {
    let medians: number[];
    try {
      medians = await pairedMedianMs(endpoints, path);
    } catch (error) {
      console.log(`  ${name}: ${(error as Error).message}`);
      medians = endpoints.map(() => Number.NaN);
    }
    medians.forEach((ms, e) => (times[e]![name] = ms));
  }
  return times;
}

interface Page<T> { items: T[]; total: number }
interface SaleItem { sale_date: string; quantity_kg: number; unit_price: number; batch_code_sold: string }

/** The largest page the list routes accept (paginationQuerySchema; the original app's 1,000-row pages are over that cap). */
export const ORIGINAL_PAGE = 500;

/**
 * Pages fetched of a long list: every page would take tens of minutes at
 * 1,000,000 sales on PostgreSQL (each OFFSET page costs its offset), so the
 * bench times this many pages spread evenly over the list and scales the sum
 * (the cost per page is linear in the offset: the even spread averages it).
 * BENCH_ORIGINAL_PAGES=0 fetches every page.
 */
const SAMPLE_PAGES = Number(process.env.BENCH_ORIGINAL_PAGES ?? 40);

interface Fetched<T> {
  rows: T[];
  /** Milliseconds for the whole list: measured, or scaled from the sampled pages. */
  ms: number;
  /** total ÷ rows fetched: 1 when every page was fetched. */
  scale: number;
}

async function fetchAll<T>(baseUrl: string, path: string, cookie: string): Promise<Fetched<T>> {
  const page = async (offset: number) => getJson<Page<T>>(baseUrl, `${path}?limit=${ORIGINAL_PAGE}&offset=${offset}`, cookie);
  const started = performance.now();
  const first = await page(0);
  const pages = Math.ceil(first.total / ORIGINAL_PAGE);
  const rows = [...first.items];
  if (SAMPLE_PAGES === 0 || pages <= SAMPLE_PAGES) {
    for (let p = 1; p < pages; p++) rows.push(...(await page(p * ORIGINAL_PAGE)).items);
    return { rows, ms: performance.now() - started, scale: 1 };
  }
  for (let k = 1; k < SAMPLE_PAGES; k++) rows.push(...(await page(Math.floor((k * pages) / SAMPLE_PAGES) * ORIGINAL_PAGE)).items);
  return { rows, ms: ((performance.now() - started) * pages) / SAMPLE_PAGES, scale: first.total / rows.length };
}

export interface OriginalWay {
  /** Milliseconds to fetch every sale in pages (measured or scaled from a sample, see SAMPLE_PAGES). */
  salesFetchMs: number;
  /** Sales actually fetched, and whether every page was. */
  rows: number;
  sampled: boolean;
  /** The client-side stock sum, kept so the work is not optimised away. */
  stockKg: number;
  times: Record<ReportName | 'planning', number>;
}

/**
 * The original app's way: every sale through the API, page by page, summed
 * in the client (the months' revenue, the kg per lot code); the stock summary
 * by paging through every lot list. One fetch of the sales serves both sales
 * reports: each report's time is that fetch plus its own sum.
 */
export async function originalWay(baseUrl: string, cookie: string): Promise<OriginalWay> {
  const fetched = await fetchAll<SaleItem>(baseUrl, '/api/sales', cookie);
  const sales = fetched.rows;

  let started = performance.now();
  const months = new Map<string, number>();
  for (const s of sales) {
    const month = s.sale_date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + Math.round(s.quantity_kg * s.unit_price * 100));
  }
  const monthlyMs = (performance.now() - started) * fetched.scale;

  started = performance.now();
  const byLot = new Map<string, number>();
  for (const s of sales) byLot.set(s.batch_code_sold, (byLot.get(s.batch_code_sold) ?? 0) + s.quantity_kg);
  [...byLot].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
  const topMs = (performance.now() - started) * fetched.scale;

  // The plan's pace the same way: the kg of each lot code sold in the last 28 days, from every sale.
  started = performance.now();
  const since = new Date(Date.now() - (PLANNING_WINDOW_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const paceByLot = new Map<string, number>();
  for (const s of sales) if (s.sale_date >= since) paceByLot.set(s.batch_code_sold, (paceByLot.get(s.batch_code_sold) ?? 0) + s.quantity_kg / PLANNING_WINDOW_DAYS);
  const paceMs = (performance.now() - started) * fetched.scale;

  // The lot lists are short (a few dozen pages): every page, measured whole.
  started = performance.now();
  let stockKg = 0;
  for (const path of ['/api/green-coffee', '/api/roasted-coffee', '/api/blended-coffee']) {
    const lots = await fetchAll<Record<string, unknown>>(baseUrl, path, cookie);
    for (const lot of lots.rows) stockKg += Number(lot.stock_kg ?? 0) * lots.scale;
  }
  const stockMs = performance.now() - started;

  return {
    salesFetchMs: fetched.ms,
    rows: sales.length,
    sampled: fetched.scale !== 1,
    stockKg,
    times: { 'monthly-sales': fetched.ms + monthlyMs, 'top-products': fetched.ms + topMs, 'stock-summary': stockMs, planning: fetched.ms + paceMs },
  };
}
