import type { Kysely, RawBuilder } from 'kysely';
import { saleTotalCents } from '#shared/sale-total.js';
import type { ProductType, SoldProduct } from '#shared/schemas/products.js';
import { centsToPrice } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, groupCommitOf, withWriteTransaction } from '#server/db/write-transaction.js';
import { blendCost, type CentsPerKg, costOfGramsCents, costPerKgCents, greenCost, marginPercent, percentOf, roastCost } from './cost-math.js';
import * as repository from './repository.js';

/**
 * Cost per kg and margins (docs/decisions/0011-cost-per-kg-and-margins.md):
 * exact, computed on read from the green price and the measured yield, so a
 * corrected green price or an edited roast changes them at once. Café Tostado,
 * Café Mezcla, Ventas, Reportes and the trace get every cost and margin here
 * (other areas reach this one only through this file, docs/decisions/0007-subpath-imports.md).
 */

/** "A roast costs (green kg used × green price) / resultant kg". */
const roastCostOf = (input: Omit<repository.RoastCostInput, 'id'>): CentsPerKg =>
  roastCost(greenCost(input.unit_price_cents), input.quantity_green_g, input.resultant_g);

async function roastCosts(db: DbOrTrx, roastIds: readonly number[]): Promise<Map<number, CentsPerKg>> {
  const rows = await repository.roastCostInputs(db, roastIds);
  return new Map(rows.map((row) => [row.id, roastCostOf(row)]));
}

/** Exact cost per kg of blends from their draws: the kg-weighted cost of the draws (grouped in one pass). */
function blendCostsOf(inputs: readonly repository.BlendCostInput[]): Map<number, CentsPerKg> {
  const drawsOf = new Map<number, { grams: number; cost: CentsPerKg }[]>();
  for (const draw of inputs) {
    const draws = drawsOf.get(draw.blend_id) ?? [];
    draws.push({ grams: draw.quantity_g, cost: roastCostOf(draw) });
    drawsOf.set(draw.blend_id, draws);
  }
  const costs = new Map<number, CentsPerKg>();
  for (const [blendId, draws] of drawsOf) {
    const cost = blendCost(draws);
    if (cost) costs.set(blendId, cost);
  }
  return costs;
}

const blendCosts = async (db: DbOrTrx, blendIds: readonly number[]): Promise<Map<number, CentsPerKg>> =>
  blendCostsOf(await repository.blendCostInputs(db, blendIds));

/** $/Kg as shown: 2 decimals, rounded once. */
const toPrice = (cost: CentsPerKg): number => centsToPrice(costPerKgCents(cost));
const pricesOf = (costs: Map<number, CentsPerKg>) => new Map([...costs].map(([id, cost]) => [id, toPrice(cost)]));

/** `cost_per_kg` ($/Kg, 2 decimals) of roasted lots, for the Café Tostado list. */
export const roastCostsPerKg = async (db: DbOrTrx, roastIds: readonly number[]): Promise<Map<number, number>> =>
  pricesOf(await roastCosts(db, roastIds));

/** `cost_per_kg` of blends, for the Café Mezcla list; a blend without draws has none (absent). */
export const blendCostsPerKg = async (db: DbOrTrx, blendIds: readonly number[]): Promise<Map<number, number>> =>
  pricesOf(await blendCosts(db, blendIds));

/**
 * What some lots' stock is worth at cost, in cents, by lot id: each lot's exact cost per kg × its grams,
 * rounded once (Inicio's stock past freshness, Reportes' stock by age); a blend without draws is absent.
 */
export async function stockValuesCents(
  db: DbOrTrx,
  lots: { roasted: readonly { id: number; stock_g: number }[]; blend: readonly { id: number; stock_g: number }[] },
): Promise<{ roasted: Map<number, number>; blend: Map<number, number> }> {
  const valuesOf = (costs: Map<number, CentsPerKg>, list: readonly { id: number; stock_g: number }[]) =>
    new Map(list.flatMap((lot) => {
      const cost = costs.get(lot.id);
      return cost ? [[lot.id, costOfGramsCents(cost, lot.stock_g)] as const] : [];
    }));
  const roasted = lots.roasted.length === 0 ? new Map<number, CentsPerKg>() : await roastCosts(db, lots.roasted.map((lot) => lot.id));
  const blend = lots.blend.length === 0 ? new Map<number, CentsPerKg>() : await blendCosts(db, lots.blend.map((lot) => lot.id));
  return { roasted: valuesOf(roasted, lots.roasted), blend: valuesOf(blend, lots.blend) };
}

/**
 * Every roasted lot's stock at cost summed per roast date, in cents (Reportes' stock by age,
 * docs/decisions/0049-roast-age-and-public-page.md): the same figures as stockValuesCents over
 * every roasted lot with stock, each lot rounded once, but summed in the database (one row per
 * roast date, not per lot: reading and costing 8,000 lots one by one was most of the report's time,
 * docs/performance.md P2b). A lot the SQL cannot cost exactly (never in practice) is costed here.
 */
export async function roastedStockValueByRoastDate(db: DbOrTrx): Promise<Map<string, { stock_g: number; value_cents: number }>> {
  const { totals, rest } = await repository.roastedStockByRoastDate(db);
  const byDate = new Map(totals.map((row) => [row.roast_date, { stock_g: row.stock_g, value_cents: row.value_cents }]));
  const costs = rest.length === 0 ? new Map<number, CentsPerKg>() : await roastCosts(db, rest.map((lot) => lot.id));
  for (const lot of rest) {
    const day = byDate.get(lot.roast_date) ?? { stock_g: 0, value_cents: 0 };
    const cost = costs.get(lot.id);
    day.stock_g += lot.stock_g;
    day.value_cents += cost ? costOfGramsCents(cost, lot.stock_g) : 0;
    byDate.set(lot.roast_date, day);
  }
  return byDate;
}

/** A roast's yield, resultant / green × 100 (2 decimals, half up): the measured shrinkage its cost carries. */
export const yieldPercent = (resultantG: number, greenG: number): number => percentOf(resultantG, greenG);

export interface SaleFigures extends SoldProduct {
  quantity_g: number;
  unit_price_cents: number;
}

/** Cost, gross margin (total − kg × cost per kg) and margin % of one sale, in $; null when its lot is gone. */
export interface SaleMargin {
  cost: number | null;
  margin: number | null;
  margin_percent: number | null;
}

/** Each product's cost per kg, computed once however many of `products` (sales, months) name it. */
async function costLookup(db: DbOrTrx, products: readonly SoldProduct[]): Promise<(product: SoldProduct) => CentsPerKg | undefined> {
  const ids = (type: ProductType) => [...new Set(products.filter((p) => p.product_type === type).map((p) => p.product_id))];
  const [roasted, blends] = await Promise.all([roastCosts(db, ids('tostado')), blendCosts(db, ids('mezcla'))]);
  return (product) => (product.product_type === 'tostado' ? roasted : blends).get(product.product_id);
}

function marginOf(sale: SaleFigures, cost: CentsPerKg | undefined): SaleMargin {
  if (cost === undefined) return { cost: null, margin: null, margin_percent: null };
  const totalCents = saleTotalCents(sale.quantity_g, sale.unit_price_cents);
  const costCents = costOfGramsCents(cost, sale.quantity_g);
  return { cost: centsToPrice(costCents), margin: centsToPrice(totalCents - costCents), margin_percent: marginPercent(totalCents - costCents, totalCents) };
}

/** The current costs of some products, read once (the trace prices a whole tree and its sales with one read). */
export interface ProductCosts {
  /** $/Kg, 2 decimals; null for a blend without draws or a lot that is gone. */
  costPerKg(product: SoldProduct): number | null;
  /** Cost and margin of a sale of one of the products. */
  marginOf(sale: SaleFigures): SaleMargin;
}

export async function productCosts(db: DbOrTrx, products: readonly SoldProduct[]): Promise<ProductCosts> {
  const costOf = await costLookup(db, products);
  return {
    costPerKg: (product) => {
      const cost = costOf(product);
      return cost === undefined ? null : toPrice(cost);
    },
    marginOf: (sale) => marginOf(sale, costOf(sale)),
  };
}

/**
 * The margin of one sale of a roasted lot whose cost inputs the caller already
 * read: what saleMargins answers for it, with no query (a sale's create reads
 * them with the locked lot).
 */
export const roastedSaleMargin = (sale: SaleFigures, roast: Omit<repository.RoastCostInput, 'id'>): SaleMargin =>
  marginOf(sale, roastCostOf(roast));

/** `cost` and `margin` of sale items (the Ventas list), in the order given. */
export async function saleMargins(db: DbOrTrx, sales: readonly SaleFigures[]): Promise<SaleMargin[]> {
  const costs = await productCosts(db, sales);
  return sales.map((sale) => costs.marginOf(sale));
}

/** One month's revenue, cost and margin in cents, and margin % (null without revenue). */
export interface MonthMargin {
  month: string;
  revenue_cents: number;
  cost_cents: number;
  margin_cents: number;
  margin_percent: number | null;
}

/** One month's figures from its revenue and cost. */
const withMargin = (month: string, revenue_cents: number, cost_cents: number): MonthMargin => ({
  month,
  revenue_cents,
  cost_cents,
  margin_cents: revenue_cents - cost_cents,
  margin_percent: marginPercent(revenue_cents - cost_cents, revenue_cents),
});

/** Per month, in the order given. */
const withMargins = (months: Map<string, { revenue_cents: number; cost_cents: number }>): MonthMargin[] =>
  [...months].map(([month, totals]) => withMargin(month, totals.revenue_cents, totals.cost_cents));

export interface MonthProductSold extends SoldProduct {
  month: string;
  quantity_g: number;
  revenue_cents: number;
}

/**
 * Reportes 'Margen bruto' per month: from rows of the sales aggregates (grams
 * and revenue per month and product, docs/decisions/0009-sale-totals-and-aggregates.md;
 * a few hundred rows whatever the number of sales) × each product's current
 * cost per kg, rounded once per product and month. Answers per month, in the
 * order first seen.
 */
export async function grossMarginByMonth(db: DbOrTrx, rows: readonly MonthProductSold[]): Promise<MonthMargin[]> {
  const costOf = await costLookup(db, rows);
  const months = new Map<string, { revenue_cents: number; cost_cents: number }>();
  for (const row of rows) {
    const month = months.get(row.month) ?? { revenue_cents: 0, cost_cents: 0 };
    const cost = costOf(row);
    month.revenue_cents += row.revenue_cents;
    month.cost_cents += cost === undefined ? 0 : costOfGramsCents(cost, row.quantity_g);
    months.set(row.month, month);
  }
  return withMargins(months);
}

/**
 * The same 'Margen bruto' per month as `grossMarginByMonth`, aggregated in the
 * database: `rows` is a subquery of (month, product_type, product_id,
 * quantity_g, revenue_cents) aggregate rows. Roasted lots are costed in SQL with
 * the exact rounding of cost-math.ts (repository.monthlyCostTotals), so only one
 * row per month leaves the database, plus the (month, blend) rows, whose cost
 * per kg is a sum of fractions: each of those costs one BigInt product and one
 * rounding (`costOfGramsCents`) with its blend's cost worked out once.
 *
 * The blends' costs come first, before the (month, blend) rows are read (~10,000
 * with a million sales): their BigInt arithmetic is most of the call's garbage,
 * and made while those rows were alive it carried them into V8's old space at
 * every call, which then grew the server by tens of MiB (P5 in docs/performance.md).
 */
export async function grossMarginByMonthOf(db: DbOrTrx, rows: RawBuilder<unknown>): Promise<MonthMargin[]> {
  const blends = blendCostsOf(await repository.blendCostInputsSoldIn(db, rows));
  const { totals, rest } = await repository.monthlyCostTotals(db, rows);
  // Two statements: a blend first sold in between has no cost yet; it, and any
  // roast too costly for the SQL (never in practice), is costed here.
  const late = await costLookup(db, rest.filter((row) => row.product_type === 'tostado' || !blends.has(row.product_id)));
  const months = new Map(totals.map((row) => [row.month, { revenue_cents: row.revenue_cents, cost_cents: row.cost_cents }]));
  for (const row of rest) {
    const cost = (row.product_type === 'mezcla' ? blends.get(row.product_id) : undefined) ?? late(row);
    const month = months.get(row.month);
    if (cost && month) month.cost_cents += costOfGramsCents(cost, row.quantity_g);
  }
  return withMargins(months);
}

/**
 * 'Margen bruto' of the whole months within `months`, as grossMarginByMonthOf answers it, each
 * month costed once and kept (`monthly_costs`, docs/decisions/0048-monthly-costs-kept-between-reads.md)
 * until its fingerprint changes: a sale of the month (its count), an edit or delete of one (its
 * revision), a green price, roast or blend edit (the cost revision). The kept months cost one
 * read of their fingerprints (at most 16 rows a day) and of the kept rows; only the months that
 * changed are costed from `rowsOf(thoseMonths)` (grossMarginByMonthOf's (month, product) rows).
 *
 * The fingerprints are read before the costing, so a sale that lands in between is either in
 * the cost and not in the fingerprint (costed again next time) or in neither. On SQLite a read
 * may see a group's writes before its COMMIT (db/sqlite-group-commit.ts): nothing is kept if a
 * group since the fingerprints failed to commit. Keeping is a write of its own, after the answer
 * is computed; a failure to keep only costs the next read the same work.
 */
export async function keptGrossMarginByMonth(
  db: Kysely<Database>,
  months: repository.MonthBounds,
  rowsOf: (months: readonly string[]) => RawBuilder<unknown>,
): Promise<MonthMargin[]> {
  const groupCommit = groupCommitOf(db);
  const mark = groupCommit?.mark();
  const [fingerprints, kept] = await Promise.all([repository.monthFingerprints(db, months), repository.keptMonthCosts(db, months)]);
  const keptByMonth = new Map(kept.map((row) => [row.month, row]));
  const answer: MonthMargin[] = [];
  const changed = new Map<string, repository.MonthFingerprint>();
  for (const fingerprint of fingerprints) {
    const row = keptByMonth.get(fingerprint.month);
    if (row && sameFingerprint(row, fingerprint)) answer.push(withMargin(row.month, row.revenue_cents, row.cost_cents));
    else changed.set(fingerprint.month, fingerprint);
  }
  if (changed.size === 0) return answer;
  const costed = await grossMarginByMonthOf(db, rowsOf([...changed.keys()]));
  const toKeep = costed.flatMap((month) => {
    const fingerprint = changed.get(month.month);
    // A month whose revenue differs from its fingerprint's was read across a change: answered, not kept.
    return fingerprint && fingerprint.revenue_cents === month.revenue_cents ? [{ ...fingerprint, cost_cents: month.cost_cents }] : [];
  });
  if (toKeep.length > 0 && (mark === undefined || (await groupCommit!.settled(mark)))) {
    await withWriteTransaction(db, (trx) => repository.keepMonthCosts(trx, toKeep));
  }
  return [...answer, ...costed];
}

const sameFingerprint = (a: repository.MonthFingerprint, b: repository.MonthFingerprint): boolean =>
  a.sale_count === b.sale_count && a.revenue_cents === b.revenue_cents && a.sales_revision === b.sales_revision && a.cost_revision === b.cost_revision;

/** A green price, roast's grams or blend's draws changed: every kept month of 'Margen bruto' is costed again (repository.markCostInputsChanged). */
export const markCostInputsChanged = repository.markCostInputsChanged;

/**
 * The gross margin of everything `rows` covers (Reportes' 'Totales del Periodo'): its months'
 * revenue and cost added up (each (month, product) costed and rounded as grossMarginByMonthOf does).
 */
export async function grossMarginOf(db: DbOrTrx, rows: RawBuilder<unknown>): Promise<Omit<MonthMargin, 'month'>> {
  const months = await grossMarginByMonthOf(db, rows);
  const revenue_cents = months.reduce((sum, month) => sum + month.revenue_cents, 0);
  const cost_cents = months.reduce((sum, month) => sum + month.cost_cents, 0);
  return { revenue_cents, cost_cents, margin_cents: revenue_cents - cost_cents, margin_percent: marginPercent(revenue_cents - cost_cents, revenue_cents) };
}
