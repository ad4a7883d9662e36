import type { Kysely } from 'kysely';
import { lotCodeKey } from '#shared/lot-codes.js';
import { traceabilityMessages as m } from '#shared/traceability-messages.js';
import { saleTotalCents } from '#shared/sale-total.js';
import type { SoldProduct } from '#shared/schemas/products.js';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import type {
  Backward,
  BlendNode,
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  LotRef,
  RoastNode,
  Trace,
  TracedSale,
  TraceQuery,
} from '#shared/schemas/traceability.js';
import { centsToPrice, gramsToKg, hundredthsToPercent } from '#shared/units.js';
import type { Database, LotKind } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { notFoundError } from '#server/errors.js';
import { type ProductCosts, productCosts, yieldPercent } from '#server/features/costs/service.js';
import { findGreenLot, findGreenLotsByCodeKey, type GreenLotRecord } from '#server/features/green-coffee/service.js';
import { findRoastsByCodeKey, findRoastsWithSource, type RoastRecord } from '#server/features/roasted-coffee/service.js';
import { findSaleRecord, type SaleRecord, salesOfProducts, soldTotalsByProduct } from '#server/features/sales/service.js';
import { apportion } from './apportion.js';
import { describeMovement } from './movement-labels.js';
import * as repository from './repository.js';

/* ---------------------------------------------------------------- lookup */

const toLotRef = (lot: repository.LotRow): LotRef => ({
  kind: lot.kind,
  id: lot.id,
  batch_code: lot.batch_code,
  name: lot.name,
  date: lot.date,
  quantity_kg: gramsToKg(lot.quantity_g),
  stock_kg: gramsToKg(lot.stock_g),
  notes: lot.notes ?? null,
  cupping_score: cuppingScore(lot.cupping_score),
});

/** A stored cupping score (hundredths) as the API answers it. */
const cuppingScore = (hundredths: number | null | undefined): number | null =>
  hundredths === null || hundredths === undefined ? null : hundredthsToPercent(Number(hundredths));

const greenLot = (green: GreenLotRecord): repository.LotRow => ({
  kind: 'green',
  id: green.id,
  batch_code: green.batch_code,
  name: green.origin_name,
  date: green.entry_date,
  stock_g: Number(green.stock_g),
  quantity_g: Number(green.quantity_g),
});

const roastedLot = (roast: RoastRecord): repository.LotRow => ({
  kind: 'roasted',
  id: roast.id,
  batch_code: roast.batch_code,
  name: roast.origin_name,
  date: roast.roast_date,
  stock_g: Number(roast.stock_g),
  quantity_g: Number(roast.resultant_g),
  notes: roast.notes,
  cupping_score: roast.cupping_score,
});

/**
 * Every lot whose code has this key (lotCodeKey: 'co-001' finds 'CO-001 '). A
 * green code is unique only per origin (migration 0004), so several green lots,
 * and a roasted lot or a blend, may share one: the caller lets the user choose.
 */
async function lotsByCodeKey(db: DbOrTrx, key: string): Promise<repository.LotRow[]> {
  const [green, roasted, blends] = await Promise.all([findGreenLotsByCodeKey(db, key), findRoastsByCodeKey(db, key), repository.blendLotsByCodeKey(db, key)]);
  return [...green.map(greenLot), ...roasted.map(roastedLot), ...blends];
}

async function findLot(db: DbOrTrx, kind: LotKind, id: number): Promise<repository.LotRow | undefined> {
  if (kind === 'blend') return repository.findBlendLot(db, id);
  if (kind === 'green') {
    const green = await findGreenLot(db, id);
    return green && greenLot(green);
  }
  const [roast] = await findRoastsWithSource(db, [id]);
  return roast && roastedLot(roast);
}

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
    const lot = await findLot(db, selector.kind, selector.id);
    if (!lot) throw notFoundError(m.lotNotFound);
    return { lot, matches: [lot] };
  }
  const code = selector.code?.trim() ?? '';
  const matches = code === '' ? [] : await lotsByCodeKey(db, lotCodeKey(code));
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
      note: row.count_note,
    }),
  );
  return { lot: toLotRef(lot), matches: matches.map(toLotRef), items, total, ...page };
}

/* ----------------------------------------------------------------- trace */

/** A roast or a blend that carried some of a lot forward, and how many grams of the lot are in `grams` of it. */
export interface ReachedProduct {
  product: SoldProduct;
  shareOf(grams: number): number;
}

/**
 * The lot a recall names (by code, or kind and id, as the trace) and every
 * product its coffee went into, following the trace forward: a green lot's
 * roasts, a roast, and the blends that drew on them (docs/decisions/0044-recall-list-and-delivery-note.md).
 * A blend carries of the lot the share roastShares gives its roasts, the same
 * arithmetic as a blend sale's backward trace. `lot` is undefined when a code
 * names several lots (`matches`).
 */
export async function forwardReach(
  db: DbOrTrx,
  selector: { code?: string | undefined; kind?: LotKind | undefined; id?: number | undefined },
): Promise<{ lot: LotRef | undefined; matches: LotRef[]; products: ReachedProduct[] }> {
  const { lot, matches } = await resolveLot(db, selector);
  if (!lot) return { lot: undefined, matches: matches.map(toLotRef), products: [] };
  const whole = (grams: number) => grams;
  if (lot.kind === 'blend') return { lot: toLotRef(lot), matches: [], products: [{ product: { product_type: 'mezcla', product_id: lot.id }, shareOf: whole }] };
  const roastIds = lot.kind === 'green' ? (await repository.roastsOfGreen(db, lot.id)).map((roast) => roast.id) : [lot.id];
  const ours = new Set(roastIds);
  const blendIds = [...new Set((await repository.blendsDrawingFrom(db, roastIds)).map((row) => row.id))];
  const draws = await repository.drawsOfBlends(db, blendIds);
  const blends = blendIds.map((blendId): ReachedProduct => {
    const drawn = draws.filter((draw) => draw.blend_id === blendId).map((draw) => ({ roastId: draw.roasted_coffee_id, grams: draw.quantity_g }));
    return {
      product: { product_type: 'mezcla', product_id: blendId },
      shareOf: (grams) => [...roastShares(grams, drawn)].reduce((sum, [roastId, share]) => (ours.has(roastId) ? sum + share : sum), 0),
    };
  });
  const roasts = roastIds.map((id): ReachedProduct => ({ product: { product_type: 'tostado', product_id: id }, shareOf: whole }));
  return { lot: toLotRef(lot), matches: [], products: [...roasts, ...blends] };
}

type SoldTotals = Map<string, { count: number; kg: number; total: number; grams: number; cents: number }>;
const productKey = (type: string, id: number) => `${type}:${id}`;

async function soldTotals(db: DbOrTrx, products: readonly SoldProduct[]): Promise<SoldTotals> {
  const rows = await soldTotalsByProduct(db, products);
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

interface RoastLike {
  id: number;
  batch_code: string;
  roast_date: string;
  roast_type: RoastType;
  quantity_green_g: number;
  resultant_g: number;
  stock_g: number;
  /** 1 when the roast has an Artisan curve (a number: SQLite has no boolean). */
  has_curve: number | string;
  notes: string | null;
  /** Hundredths (migration 0029). */
  cupping_score: number | null;
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
  const products: SoldProduct[] = [
    ...roastIds.map((id) => ({ product_type: 'tostado' as const, product_id: id })),
    ...blendIds.map((id) => ({ product_type: 'mezcla' as const, product_id: id })),
  ];
  const [costs, sold] = await Promise.all([productCosts(db, products), soldTotals(db, products)]);
  const blendNode = (row: { id: number; batch_code: string; name: string; creation_date?: string; date?: string; total_quantity_g?: number; quantity_g?: number; stock_g: number }, drawnG: number | null): BlendNode => ({
    id: row.id,
    batch_code: row.batch_code,
    name: row.name,
    date: row.creation_date ?? row.date ?? '',
    produced_kg: gramsToKg(Number(row.total_quantity_g ?? row.quantity_g ?? 0)),
    stock_kg: gramsToKg(Number(row.stock_g)),
    cost_per_kg: costs.costPerKg({ product_type: 'mezcla', product_id: row.id }),
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
    cost_per_kg: costs.costPerKg({ product_type: 'tostado', product_id: roast.id }) ?? 0,
    sold: soldOf(sold, 'tostado', roast.id),
    has_curve: Number(roast.has_curve) === 1,
    notes: roast.notes,
    cupping_score: cuppingScore(roast.cupping_score),
    blends: parts.blendRows.filter((row) => row.roasted_coffee_id === roast.id).map((row) => blendNode(row, row.drawn_g)),
  });
  const totals = [...sold.values()].reduce((acc, s) => ({ grams: acc.grams + s.grams, cents: acc.cents + s.cents }), { grams: 0, cents: 0 });
  return { products, roastNode, blendNode, costs, totals };
}

/**
 * Grams of a blend (sold, or made) split over the roasted lots it drew on, in
 * proportion to the grams drawn from each (apportion: the parts add up to the
 * grams exactly). A roast drawn twice counts once, with both draws' grams.
 */
function roastShares(quantityG: number, draws: readonly { roastId: number; grams: number }[]): Map<number, number> {
  const byRoast = new Map<number, number>();
  for (const draw of draws) byRoast.set(draw.roastId, (byRoast.get(draw.roastId) ?? 0) + draw.grams);
  const roastIds = [...byRoast.keys()];
  const shares = apportion(quantityG, roastIds.map((id) => byRoast.get(id)!));
  return new Map(roastIds.map((id, index) => [id, shares[index]!]));
}

/** Sold grams of the traced item split over roasts (by their draws) and then green lots, to the gram. */
async function backwardOf(db: DbOrTrx, quantityG: number, draws: readonly { roastId: number; grams: number }[]): Promise<Backward> {
  const shares = roastShares(quantityG, draws);
  const roastIds = [...shares.keys()];
  const sources = new Map((await findRoastsWithSource(db, roastIds)).map((row) => [row.id, row]));
  const roasts = roastIds.map((id) => ({ row: sources.get(id)!, shareG: shares.get(id)! }));
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

function tracedSale(sale: SaleRecord, costs: ProductCosts): TracedSale {
  return {
    id: sale.id,
    sale_date: sale.sale_date,
    product_type: sale.product_type,
    product_id: sale.product_id,
    batch_code_sold: sale.batch_code_sold,
    quantity_kg: gramsToKg(sale.quantity_g),
    unit_price: centsToPrice(sale.unit_price_cents),
    total: centsToPrice(saleTotalCents(sale.quantity_g, sale.unit_price_cents)),
    ...costs.marginOf(sale),
  };
}

/** The trace of one sale: backwards to its roasts, green lots, origins and farms, with the share of each in its kg. */
async function traceSale(db: DbOrTrx, saleId: number, page: { limit: number; offset: number }): Promise<Trace> {
  const sale = await findSaleRecord(db, saleId);
  if (!sale) throw notFoundError(m.saleNotFound);
  const costs = await productCosts(db, [sale]);
  const draws =
    sale.product_type === 'tostado' ? [{ roastId: sale.product_id, grams: 1 }] : await blendDraws(db, sale.product_id);
  // A sold lot cannot be deleted (roasted and blend delete refuse it), so the draws are there.
  const backward = await backwardOf(db, sale.quantity_g, draws);
  const item = tracedSale(sale, costs);
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
    const green = (await findGreenLot(db, lot.id))!;
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
    const [roast] = await findRoastsWithSource(db, [lot.id]);
    const roasts = [{ ...roast!, stock_g: Number(roast!.stock_g) }];
    facts = await forwardFacts(db, { roasts, blendRows: await repository.blendsDrawingFrom(db, [lot.id]) });
    forward = { green: null, roast: facts.roastNode(roasts[0]!), blend: null };
    backward = await backwardOf(db, roast!.resultant_g, [{ roastId: lot.id, grams: 1 }]);
  } else {
    facts = await forwardFacts(db, { roasts: [], blendRows: [], rootBlend: lot });
    forward = { green: null, roast: null, blend: facts.blendNode(lot, null) };
    backward = await backwardOf(db, lot.quantity_g, await blendDraws(db, lot.id));
  }

  const { rows, total } = await salesOfProducts(db, facts.products, page);
  return {
    root: { kind: lot.kind, id: lot.id, batch_code: lot.batch_code },
    matches: matches.map(toLotRef),
    sale: null,
    forward,
    backward,
    sales: {
      items: rows.map((sale) => tracedSale(sale, facts.costs)),
      total,
      ...page,
      total_kg: gramsToKg(facts.totals.grams),
      total_amount: centsToPrice(facts.totals.cents),
    },
  };
}
