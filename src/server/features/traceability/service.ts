import type { Kysely, RawBuilder } from 'kysely';
import { lotCodeKey } from '#shared/lot-codes.js';
import { traceabilityMessages as m } from '#shared/messages.js';
import { saleTotalCents } from '#shared/sale-total.js';
import type {
  Backward,
  BlendNode,
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  LotRef,
  RoastNode,
  StockAlerts,
  Trace,
  TracedSale,
  TraceQuery,
} from '#shared/schemas/traceability.js';
import { localIsoDate } from '#shared/local-date.js';
import { centsToPrice, gramsToKg, kgToGrams } from '#shared/units.js';
import type { Database, LotKind } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { notFoundError } from '#server/errors.js';
import { getSettings } from '../settings/service.js';
import { apportion } from './apportion.js';
import { blendCost, type CentsPerKg, costOfGramsCents, costPerKgCents, greenCost, marginPercent, roastCost, roundHalfUp } from './cost-math.js';
import { describeMovement } from './movement-labels.js';
import * as repository from './repository.js';

/* ------------------------------------------------------------------ costs */

/**
 * Exact cost per kg of some roasted lots, computed on read from the green
 * price and the measured yield (docs/decisions/0011): always current, so a
 * corrected green price or an edited roast changes it at once.
 */
async function roastCosts(db: DbOrTrx, roastIds: readonly number[]): Promise<Map<number, CentsPerKg>> {
  const rows = await repository.roastCostInputs(db, roastIds);
  return new Map(rows.map((row) => [row.id, roastCost(greenCost(row.unit_price_cents), row.quantity_green_g, row.resultant_g)]));
}

/** Exact cost per kg of blends from their draws: the kg-weighted cost of the draws (grouped in one pass). */
function blendCostsOf(inputs: readonly repository.BlendCostInput[]): Map<number, CentsPerKg> {
  const drawsOf = new Map<number, { grams: number; cost: CentsPerKg }[]>();
  for (const draw of inputs) {
    const draws = drawsOf.get(draw.blend_id) ?? [];
    draws.push({ grams: draw.quantity_g, cost: roastCost(greenCost(draw.unit_price_cents), draw.quantity_green_g, draw.resultant_g) });
    drawsOf.set(draw.blend_id, draws);
  }
  const costs = new Map<number, CentsPerKg>();
  for (const [blendId, draws] of drawsOf) {
    const cost = blendCost(draws);
    if (cost) costs.set(blendId, cost);
  }
  return costs;
}

/** Exact cost per kg of some blends. */
const blendCosts = async (db: DbOrTrx, blendIds: readonly number[]): Promise<Map<number, CentsPerKg>> =>
  blendCostsOf(await repository.drawsOfBlends(db, blendIds));

const toPrice = (cost: CentsPerKg | undefined): number | null => (cost === undefined ? null : centsToPrice(costPerKgCents(cost)));

/**
 * `cost_per_kg` ($/Kg, 2 decimals) of roasted lots, for the Café Tostado list
 * (other areas reach this module only through this file, docs/decisions/0007).
 */
export async function roastCostsPerKg(db: DbOrTrx, roastIds: readonly number[]): Promise<Map<number, number>> {
  const costs = await roastCosts(db, roastIds);
  return new Map([...costs].map(([id, cost]) => [id, centsToPrice(costPerKgCents(cost))]));
}

/** `cost_per_kg` of blends, for the Café Mezcla list; a blend without draws has none (null). */
export async function blendCostsPerKg(db: DbOrTrx, blendIds: readonly number[]): Promise<Map<number, number>> {
  const costs = await blendCosts(db, blendIds);
  return new Map([...costs].map(([id, cost]) => [id, centsToPrice(costPerKgCents(cost))]));
}

export interface SaleFigures {
  product_type: 'tostado' | 'mezcla';
  product_id: number;
  quantity_g: number;
  unit_price_cents: number;
}

/** Cost, gross margin (total − kg × cost per kg) and margin % of one sale, in $; null when its lot is gone. */
export interface SaleMargin {
  cost: number | null;
  margin: number | null;
  margin_percent: number | null;
}

/** Each product's cost per kg, computed once however many of `sales` (or months) name it. */
async function productCosts(db: DbOrTrx, sales: readonly Pick<SaleFigures, 'product_type' | 'product_id'>[]) {
  const ids = (type: SaleFigures['product_type']) => [...new Set(sales.filter((s) => s.product_type === type).map((s) => s.product_id))];
  const [roasted, blends] = await Promise.all([roastCosts(db, ids('tostado')), blendCosts(db, ids('mezcla'))]);
  return (sale: Pick<SaleFigures, 'product_type' | 'product_id'>) =>
    (sale.product_type === 'tostado' ? roasted : blends).get(sale.product_id);
}

function marginOf(sale: SaleFigures, cost: CentsPerKg | undefined): SaleMargin {
  if (cost === undefined) return { cost: null, margin: null, margin_percent: null };
  const totalCents = saleTotalCents(sale.quantity_g, sale.unit_price_cents);
  const costCents = costOfGramsCents(cost, sale.quantity_g);
  return { cost: centsToPrice(costCents), margin: centsToPrice(totalCents - costCents), margin_percent: marginPercent(totalCents - costCents, totalCents) };
}

/**
 * The margin of one sale of a roasted lot whose cost inputs the caller already
 * read (RoastCostInput without its id): what saleMargins answers for it, with
 * no query (a sale's create reads them with the locked lot, issue 17).
 */
export const roastedSaleMargin = (sale: SaleFigures, roast: Omit<repository.RoastCostInput, 'id'>): SaleMargin =>
  marginOf(sale, roastCost(greenCost(roast.unit_price_cents), roast.quantity_green_g, roast.resultant_g));

/** `cost` and `margin` of sale items (the Ventas list), in the order given. */
export async function saleMargins(db: DbOrTrx, sales: readonly SaleFigures[]): Promise<SaleMargin[]> {
  const costOf = await productCosts(db, sales);
  return sales.map((sale) => marginOf(sale, costOf(sale)));
}

/**
 * Cost in cents of sold grams per product (Reportes 'Margen bruto'): grams sold
 * (from the sales aggregates) × the product's current cost per kg, one rounding
 * per product and period.
 */
export async function costOfSoldGrams(
  db: DbOrTrx,
  sold: readonly { product_type: 'tostado' | 'mezcla'; product_id: number; quantity_g: number }[],
): Promise<number[]> {
  const costOf = await productCosts(db, sold);
  return sold.map((s) => {
    const cost = costOf(s);
    return cost === undefined ? 0 : costOfGramsCents(cost, s.quantity_g);
  });
}

/** Per month, in the order given: revenue, cost and margin in cents, and margin % (null without revenue). */
const withMargins = (months: Map<string, { revenue_cents: number; cost_cents: number }>) =>
  [...months].map(([month, totals]) => ({
    month,
    ...totals,
    margin_cents: totals.revenue_cents - totals.cost_cents,
    margin_percent: marginPercent(totals.revenue_cents - totals.cost_cents, totals.revenue_cents),
  }));

export interface MonthProductSold {
  month: string;
  product_type: 'tostado' | 'mezcla';
  product_id: number;
  quantity_g: number;
  revenue_cents: number;
}

/**
 * Reportes 'Margen bruto' per month (issue 19): from rows of the sales
 * aggregates (grams and revenue per month and product, migration 0007; a few
 * hundred rows whatever the number of sales) × each product's current cost per
 * kg, rounded once per product and month. Answers per month, in the order
 * first seen: revenue, cost and margin in cents, and margin % (null without revenue).
 */
export async function grossMarginByMonth(
  db: DbOrTrx,
  rows: readonly MonthProductSold[],
): Promise<{ month: string; revenue_cents: number; cost_cents: number; margin_cents: number; margin_percent: number | null }[]> {
  const costs = await costOfSoldGrams(db, rows);
  const months = new Map<string, { revenue_cents: number; cost_cents: number }>();
  rows.forEach((row, index) => {
    const month = months.get(row.month) ?? { revenue_cents: 0, cost_cents: 0 };
    month.revenue_cents += row.revenue_cents;
    month.cost_cents += costs[index]!;
    months.set(row.month, month);
  });
  return withMargins(months);
}

/**
 * The same 'Margen bruto' per month as `grossMarginByMonth`, aggregated in the
 * database (issue 17): `rows` is a subquery of (month, product_type, product_id,
 * quantity_g, revenue_cents) aggregate rows. Roasted lots are costed in SQL with
 * the exact rounding of cost-math.ts (repository.monthlyCostTotals), so only one
 * row per month leaves the database, plus the (month, blend) rows, whose cost
 * per kg is a sum of fractions: each of those costs one BigInt product and one
 * rounding (`costOfGramsCents`) with its blend's cost worked out once.
 *
 * The blends' costs come first, before the (month, blend) rows are read (~10,000
 * with a million sales): their BigInt arithmetic is most of the call's garbage,
 * and made while those rows were alive it carried them into V8's old space at
 * every call, which then grew the server by tens of MiB (issue 17, P5).
 */
export async function grossMarginByMonthOf(
  db: DbOrTrx,
  rows: RawBuilder<unknown>,
): Promise<{ month: string; revenue_cents: number; cost_cents: number; margin_cents: number; margin_percent: number | null }[]> {
  const blends = blendCostsOf(await repository.blendCostInputsSoldIn(db, rows));
  const { totals, rest } = await repository.monthlyCostTotals(db, rows);
  // Two statements: a blend first sold in between has no cost yet; it, and any
  // roast too costly for the SQL (never in practice), is costed here.
  const late = await productCosts(db, rest.filter((row) => row.product_type === 'tostado' || !blends.has(row.product_id)));
  const months = new Map(totals.map((row) => [row.month, { revenue_cents: row.revenue_cents, cost_cents: row.cost_cents }]));
  for (const row of rest) {
    const cost = (row.product_type === 'mezcla' ? blends.get(row.product_id) : undefined) ?? late(row);
    const month = months.get(row.month);
    if (cost && month) month.cost_cents += costOfGramsCents(cost, row.quantity_g);
  }
  return withMargins(months);
}

/* ---------------------------------------------------------------- lookup */

const toLotRef = (lot: repository.LotRow): LotRef => ({
  kind: lot.kind,
  id: lot.id,
  batch_code: lot.batch_code,
  name: lot.name,
  date: lot.date,
  quantity_kg: gramsToKg(lot.quantity_g),
  stock_kg: gramsToKg(lot.stock_g),
});

/**
 * The lot a request names: by `kind` + `id`, or by code. An unknown lot is
 * 404 'Lote no encontrado…', never a 5xx; a code several lots share answers
 * `lot: undefined` with all of them in `matches`, for the user to choose.
 */
async function resolveLot(
  db: DbOrTrx,
  selector: { code?: string | undefined; kind?: LotKind | undefined; id?: number | undefined },
): Promise<{ lot: repository.LotRow | undefined; matches: repository.LotRow[] }> {
  if (selector.kind !== undefined && selector.id !== undefined) {
    const lot = await repository.findLot(db, selector.kind, selector.id);
    if (!lot) throw notFoundError(m.lotNotFound);
    return { lot, matches: [lot] };
  }
  const code = selector.code?.trim() ?? '';
  const matches = code === '' ? [] : await repository.lotsByCodeKey(db, lotCodeKey(code));
  if (matches.length === 0) throw notFoundError(m.lotNotFound);
  return { lot: matches.length === 1 ? matches[0] : undefined, matches };
}

/* --------------------------------------------------------------- history */

/** GET /api/lots/:code/history: the lot's ledger, newest first, each row described in Spanish with its running balance. */
export async function lotHistory(db: Kysely<Database>, code: string, query: HistoryQuery): Promise<HistoryPage> {
  const { lot, matches } = await resolveLot(db, { code, kind: query.kind, id: query.id });
  const page = { limit: query.limit, offset: query.offset };
  if (!lot) return { lot: null, matches: matches.map(toLotRef), items: [], total: 0, ...page };
  const { rows, total } = await repository.historyPage(db, lot, page);
  const items = rows.map(
    (row): HistoryItem => ({
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      user_name: row.user_name,
      reason: row.reason,
      description: describeMovement(lot, row),
      delta_kg: gramsToKg(row.delta_g),
      balance_kg: gramsToKg(row.balance_g),
      ref_kind: row.ref_kind,
      ref_id: row.ref_id,
      ref_code: row.ref_exists === 1 ? row.ref_code : null,
    }),
  );
  return { lot: toLotRef(lot), matches: matches.map(toLotRef), items, total, ...page };
}

/* ----------------------------------------------------------------- trace */

type SoldTotals = Map<string, { count: number; kg: number; total: number; grams: number; cents: number }>;
const productKey = (type: string, id: number) => `${type}:${id}`;

async function soldTotals(db: DbOrTrx, products: readonly repository.ProductRef[]): Promise<SoldTotals> {
  const rows = await repository.salesTotalsByProduct(db, products);
  return new Map(
    rows.map((row) => [
      productKey(row.product_type, row.product_id),
      { count: row.sale_count, kg: gramsToKg(row.quantity_g), total: centsToPrice(row.revenue_cents), grams: row.quantity_g, cents: row.revenue_cents },
    ]),
  );
}

const soldOf = (totals: SoldTotals, type: string, id: number) => {
  const sold = totals.get(productKey(type, id));
  return { count: sold?.count ?? 0, kg: sold?.kg ?? 0, total: sold?.total ?? 0 };
};

/** resultant / green × 100, 2 decimals, half up. */
const yieldPercent = (resultantG: number, greenG: number) => Number(roundHalfUp(BigInt(resultantG) * 10000n, BigInt(greenG))) / 100;

interface RoastLike {
  id: number;
  batch_code: string;
  roast_date: string;
  roast_type: string;
  quantity_green_g: number;
  resultant_g: number;
  stock_g: number;
}

interface ForwardParts {
  roasts: RoastLike[];
  blendRows: Awaited<ReturnType<typeof repository.blendsDrawingFrom>>;
  rootBlend?: repository.LotRow;
}

/** Everything the forward tree shows, in a fixed number of queries whatever the lot's size. */
async function forwardFacts(db: DbOrTrx, parts: ForwardParts) {
  const roastIds = parts.roasts.map((roast) => roast.id);
  const blendIds = [...new Set([...parts.blendRows.map((row) => row.id), ...(parts.rootBlend ? [parts.rootBlend.id] : [])])];
  const products: repository.ProductRef[] = [
    ...roastIds.map((id) => ({ type: 'tostado' as const, id })),
    ...blendIds.map((id) => ({ type: 'mezcla' as const, id })),
  ];
  const [roastCost, blendCost, sold] = await Promise.all([roastCosts(db, roastIds), blendCosts(db, blendIds), soldTotals(db, products)]);
  const blendNode = (row: { id: number; batch_code: string; name: string; creation_date?: string; date?: string; total_quantity_g?: number; quantity_g?: number; stock_g: number }, drawnG: number | null): BlendNode => ({
    id: row.id,
    batch_code: row.batch_code,
    name: row.name,
    date: row.creation_date ?? row.date ?? '',
    produced_kg: gramsToKg(Number(row.total_quantity_g ?? row.quantity_g ?? 0)),
    stock_kg: gramsToKg(Number(row.stock_g)),
    cost_per_kg: toPrice(blendCost.get(row.id)),
    drawn_kg: drawnG === null ? null : gramsToKg(drawnG),
    sold: soldOf(sold, 'mezcla', row.id),
  });
  const roastNode = (roast: RoastLike): RoastNode => ({
    id: roast.id,
    batch_code: roast.batch_code,
    date: roast.roast_date,
    roast_type: roast.roast_type,
    green_used_kg: gramsToKg(roast.quantity_green_g),
    resultant_kg: gramsToKg(roast.resultant_g),
    yield_percent: yieldPercent(roast.resultant_g, roast.quantity_green_g),
    stock_kg: gramsToKg(Number(roast.stock_g)),
    cost_per_kg: toPrice(roastCost.get(roast.id)) ?? 0,
    sold: soldOf(sold, 'tostado', roast.id),
    blends: parts.blendRows.filter((row) => row.roasted_coffee_id === roast.id).map((row) => blendNode(row, row.drawn_g)),
  });
  const totals = [...sold.values()].reduce((acc, s) => ({ grams: acc.grams + s.grams, cents: acc.cents + s.cents }), { grams: 0, cents: 0 });
  return { products, roastNode, blendNode, costs: { roasted: roastCost, blend: blendCost }, totals };
}

/** Sold grams of the traced item split over roasts (by their draws) and then green lots, to the gram. */
async function backwardOf(db: DbOrTrx, quantityG: number, draws: readonly { roastId: number; grams: number }[]): Promise<Backward> {
  const byRoast = new Map<number, number>();
  for (const draw of draws) byRoast.set(draw.roastId, (byRoast.get(draw.roastId) ?? 0) + draw.grams);
  const roastIds = [...byRoast.keys()];
  const shares = apportion(quantityG, roastIds.map((id) => byRoast.get(id)!));
  const sources = new Map((await repository.roastWithSource(db, roastIds)).map((row) => [row.id, row]));
  const roasts = roastIds.map((id, index) => ({ row: sources.get(id)!, shareG: shares[index]! }));
  const greens = new Map<number, { row: (typeof roasts)[number]['row']; shareG: number }>();
  for (const { row, shareG } of roasts) {
    const seen = greens.get(row.green_coffee_id);
    greens.set(row.green_coffee_id, { row, shareG: (seen?.shareG ?? 0) + shareG });
  }
  return {
    quantity_kg: gramsToKg(quantityG),
    roasts: roasts.map(({ row, shareG }) => ({
      id: row.id,
      batch_code: row.batch_code,
      date: row.roast_date,
      green_coffee_id: row.green_coffee_id,
      green_batch_code: row.green_batch_code,
      share_kg: gramsToKg(shareG),
    })),
    sources: [...greens.values()].map(({ row, shareG }) => ({
      green_coffee_id: row.green_coffee_id,
      batch_code: row.green_batch_code,
      origin_id: row.origin_id,
      origin_name: row.origin_name,
      supplier_finca: row.supplier_finca,
      share_kg: gramsToKg(shareG),
    })),
  };
}

const blendDraws = async (db: DbOrTrx, blendId: number) =>
  (await repository.drawsOfBlends(db, [blendId])).map((draw) => ({ roastId: draw.roasted_coffee_id, grams: draw.quantity_g }));

function tracedSale(sale: repository.SaleRow, cost: CentsPerKg | undefined): TracedSale {
  return {
    id: sale.id,
    sale_date: sale.sale_date,
    product_type: sale.product_type,
    product_id: sale.product_id,
    batch_code_sold: sale.batch_code_sold,
    quantity_kg: gramsToKg(sale.quantity_g),
    unit_price: centsToPrice(sale.unit_price_cents),
    total: centsToPrice(saleTotalCents(sale.quantity_g, sale.unit_price_cents)),
    ...marginOf(sale, cost),
  };
}

/** The trace of one sale: backwards to its roasts, green lots, origins and farms, with the share of each in its kg. */
async function traceSale(db: DbOrTrx, saleId: number, page: { limit: number; offset: number }): Promise<Trace> {
  const sale = await repository.findSale(db, saleId);
  if (!sale) throw notFoundError(m.saleNotFound);
  const costOf = await productCosts(db, [sale]);
  const draws =
    sale.product_type === 'tostado' ? [{ roastId: sale.product_id, grams: 1 }] : await blendDraws(db, sale.product_id);
  // A sold lot cannot be deleted (roasted and blend delete refuse it), so the draws are there.
  const backward = await backwardOf(db, sale.quantity_g, draws);
  const item = tracedSale(sale, costOf(sale));
  return {
    root: { kind: 'sale', id: sale.id, batch_code: sale.batch_code_sold },
    matches: [],
    sale: item,
    forward: null,
    backward,
    sales: { items: [item], total: 1, limit: page.limit, offset: page.offset, total_kg: item.quantity_kg, total_amount: item.total },
  };
}

/**
 * GET /api/trace: forwards green → roasts (kg in, kg out, yield) → blends
 * (kg drawn) → sales, with the stock on hand at each step and each lot's cost
 * per kg; backwards to the green lots, origins and farms. The sales leaves are
 * one page (limit/offset) with totals over all of them from the aggregates, so
 * a lot with thousands of sales answers as fast as one with three.
 */
export async function trace(db: Kysely<Database>, query: TraceQuery): Promise<Trace> {
  const page = { limit: query.limit, offset: query.offset };
  if (query.sale_id !== undefined) return traceSale(db, query.sale_id, page);
  const { lot, matches } = await resolveLot(db, query);
  const emptySales = { items: [], total: 0, ...page, total_kg: 0, total_amount: 0 };
  if (!lot) return { root: null, matches: matches.map(toLotRef), sale: null, forward: null, backward: null, sales: emptySales };

  let forward: Trace['forward'];
  let backward: Backward;
  let facts: Awaited<ReturnType<typeof forwardFacts>>;
  if (lot.kind === 'green') {
    const green = (await repository.greenWithSource(db, lot.id))!;
    const roasts = (await repository.roastsOfGreen(db, lot.id)).map((roast) => ({ ...roast, stock_g: Number(roast.stock_g) }));
    facts = await forwardFacts(db, { roasts, blendRows: await repository.blendsDrawingFrom(db, roasts.map((roast) => roast.id)) });
    forward = {
      green: {
        id: green.id,
        batch_code: green.batch_code,
        origin_name: green.origin_name,
        supplier_finca: green.supplier_finca,
        date: green.entry_date,
        received_kg: gramsToKg(green.quantity_g),
        stock_kg: gramsToKg(Number(green.stock_g)),
        cost_per_kg: centsToPrice(green.unit_price_cents),
        roasts: roasts.map(facts.roastNode),
      },
      roast: null,
      blend: null,
    };
    backward = {
      quantity_kg: gramsToKg(green.quantity_g),
      roasts: [],
      sources: [
        {
          green_coffee_id: green.id,
          batch_code: green.batch_code,
          origin_id: green.origin_id,
          origin_name: green.origin_name,
          supplier_finca: green.supplier_finca,
          share_kg: gramsToKg(green.quantity_g),
        },
      ],
    };
  } else if (lot.kind === 'roasted') {
    const [roast] = await repository.roastWithSource(db, [lot.id]);
    const roasts = [{ ...roast!, stock_g: Number(roast!.stock_g) }];
    facts = await forwardFacts(db, { roasts, blendRows: await repository.blendsDrawingFrom(db, [lot.id]) });
    forward = { green: null, roast: facts.roastNode(roasts[0]!), blend: null };
    backward = await backwardOf(db, roast!.resultant_g, [{ roastId: lot.id, grams: 1 }]);
  } else {
    facts = await forwardFacts(db, { roasts: [], blendRows: [], rootBlend: lot });
    forward = { green: null, roast: null, blend: facts.blendNode(lot, null) };
    backward = await backwardOf(db, lot.quantity_g, await blendDraws(db, lot.id));
  }

  const { rows, total } = await repository.salesPage(db, facts.products, page);
  const costOf = (sale: repository.SaleRow) =>
    (sale.product_type === 'tostado' ? facts.costs.roasted : facts.costs.blend).get(sale.product_id);
  return {
    root: { kind: lot.kind, id: lot.id, batch_code: lot.batch_code },
    matches: matches.map(toLotRef),
    sale: null,
    forward,
    backward,
    sales: {
      items: rows.map((sale) => tracedSale(sale, costOf(sale))),
      total,
      ...page,
      total_kg: gramsToKg(facts.totals.grams),
      total_amount: centsToPrice(facts.totals.cents),
    },
  };
}

/* ------------------------------------------------------------- low stock */

/** The pace window: kg sold in the last 30 days (today included). */
const PACE_DAYS = 30;

/**
 * GET /api/stock-alerts (the home card, issue 19): origins whose green stock is
 * under 'low_stock_green_kg', roasted lots and blends under their threshold,
 * and every roasted lot or blend sold in the last 30 days with the days until
 * it runs out at that pace (stock ÷ kg sold per day, whole days, rounded down).
 */
export async function stockAlerts(db: Kysely<Database>, today = localIsoDate()): Promise<StockAlerts> {
  const settings = await getSettings(db);
  const thresholds = {
    green_kg: settings.low_stock_green_kg,
    roasted_kg: settings.low_stock_roasted_kg,
    blend_kg: settings.low_stock_blend_kg,
  };
  const since = isoDaysBefore(today, PACE_DAYS - 1);
  const [origins, roasted, blends] = await Promise.all([
    repository.originsUnderThreshold(db, kgToGrams(thresholds.green_kg)),
    repository.lotsToWatch(db, 'roasted', kgToGrams(thresholds.roasted_kg), since),
    repository.lotsToWatch(db, 'blend', kgToGrams(thresholds.blend_kg), since),
  ]);
  const lot = (kind: 'roasted' | 'blend') => (row: repository.WatchedLot) => ({
    kind,
    id: row.id,
    batch_code: row.batch_code,
    name: row.name,
    stock_kg: gramsToKg(row.stock_g),
    sold_30d_kg: gramsToKg(row.sold_g),
    days_left: row.sold_g > 0 ? Math.floor((row.stock_g * PACE_DAYS) / row.sold_g) : null,
  });
  const lots = [...roasted.map(lot('roasted')), ...blends.map(lot('blend'))].sort(
    (a, b) => (a.days_left ?? Number.MAX_SAFE_INTEGER) - (b.days_left ?? Number.MAX_SAFE_INTEGER) || a.stock_kg - b.stock_kg,
  );
  return {
    thresholds,
    origins: origins.map((origin) => ({ origin_id: origin.id, origin_name: origin.name, stock_kg: gramsToKg(origin.stock_g) })),
    lots,
  };
}

/** 'YYYY-MM-DD' minus `days` calendar days (UTC arithmetic on a date without time: no zone shifts). */
function isoDaysBefore(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
