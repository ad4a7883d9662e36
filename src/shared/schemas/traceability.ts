import { z } from 'zod';
import { commonMessages } from '#shared/messages.js';
import { traceabilityMessages as m } from '#shared/traceability-messages.js';
import { pageSchema, paginationQuerySchema, rowIdSchema } from './common.js';
import { ROAST_TYPES } from './roasted-coffee.js';
import { saleSchema } from './sales.js';

/**
 * Lot history and trace both ways (docs/product-guide.md#trazabilidad). Quantities in
 * kg and money in $ at the API edge, like every area (docs/product-guide.md#entities);
 * costs per kg are exact until rounded to the cent here
 * (docs/decisions/0011-cost-per-kg-and-margins.md).
 */

export const TRACE_LOT_KINDS = ['green', 'roasted', 'blend'] as const;
export type TraceLotKind = (typeof TRACE_LOT_KINDS)[number];

const lotKindSchema = z.enum(TRACE_LOT_KINDS, { error: commonMessages.invalidRequest });

/**
 * Which lot: its code (a green code is unique only per origin, so it may match
 * several lots: the answer then lists them as `matches`) or, to choose one of
 * them, `kind` and `id` together.
 */
const lotSelector = {
  code: z.string({ error: m.codeRequired }).trim().max(200, commonMessages.invalidRequest).optional(),
  kind: lotKindSchema.optional(),
  id: rowIdSchema.optional(),
};
const kindWithId = (query: { kind?: unknown; id?: unknown }) => (query.kind === undefined) === (query.id === undefined);

/** A lot as history and trace name it: `name` is the origin (green, roasted) or the blend's name. */
export const lotRefSchema = z.object({
  kind: z.enum(TRACE_LOT_KINDS),
  id: z.number().int(),
  batch_code: z.string(),
  name: z.string(),
  date: z.string(),
  quantity_kg: z.number(),
  stock_kg: z.number(),
  /** A roasted lot's notes and cupping score (0–100), null when it has none or the lot is not a roast. */
  notes: z.string().nullable(),
  cupping_score: z.number().nullable(),
});
export type LotRef = z.infer<typeof lotRefSchema>;

/** GET /api/lots/:code/history (the code may be '-' when `kind` and `id` say which lot). */
export const historyParamsSchema = z.object({ code: z.string().max(200, commonMessages.invalidRequest) });
export const historyQuerySchema = paginationQuerySchema
  .extend({ kind: lotSelector.kind, id: lotSelector.id })
  .refine(kindWithId, m.kindAndIdTogether);
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** Why the ledger moved stock: one of these, written by the server only (src/server/ledger/ledger.ts). */
export const MOVEMENT_REASONS = [
  'receipt',
  'adjustment',
  'roast',
  'roast_reversal',
  'blend',
  'blend_reversal',
  'sale',
  'sale_reversal',
  // A stock count's correction (docs/product-guide.md#recuento-de-inventario): ref_kind 'stock_count', the count's id.
  'count',
] as const;

export const historyItemSchema = z.object({
  id: z.number().int(),
  /** ISO date and time of the move. */
  created_at: z.string(),
  user_name: z.string().nullable(),
  reason: z.enum(MOVEMENT_REASONS),
  /** What happened, in Spanish ('Recepción', 'Tueste', 'Edición de tueste', 'Venta'…). */
  description: z.string(),
  delta_kg: z.number(),
  balance_kg: z.number(),
  ref_kind: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  /** The roast's, blend's or sale's lot code while it still exists; null once deleted. */
  ref_code: z.string().nullable(),
  /** A stock count's note (reason 'count', docs/product-guide.md#recuento-de-inventario); null for every other move. */
  note: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = pageSchema(historyItemSchema).extend({
  /** The lot shown; null when the code matched several lots and none was chosen. */
  lot: lotRefSchema.nullable(),
  matches: z.array(lotRefSchema),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** What a trace is of: a lot code, a lot (kind + id) or a sale. */
export const traceSelectorShape = { ...lotSelector, sale_id: rowIdSchema.optional() };

/** The selector's rules, for the trace and its CSV export alike. */
export const refineTraceSelector = <T extends z.ZodType<{ code?: string | undefined; kind?: unknown; id?: unknown; sale_id?: unknown }>>(schema: T) =>
  schema
    .refine(kindWithId, m.kindAndIdTogether)
    .refine((query) => Boolean(query.code) || query.id !== undefined || query.sale_id !== undefined, m.codeRequired);

/** GET /api/trace?code=…|kind=…&id=…|sale_id=… (the sales leaves paginated with limit/offset). */
export const traceQuerySchema = refineTraceSelector(paginationQuerySchema.extend(traceSelectorShape));
export type TraceQuery = z.infer<typeof traceQuerySchema>;

const soldSchema = z.object({ count: z.number().int(), kg: z.number(), total: z.number() });

export const blendNodeSchema = z.object({
  id: z.number().int(),
  batch_code: z.string(),
  name: z.string(),
  date: z.string(),
  produced_kg: z.number(),
  stock_kg: z.number(),
  cost_per_kg: z.number().nullable(),
  /** Kg this blend drew from the roast above it (null at the top of the tree). */
  drawn_kg: z.number().nullable(),
  sold: soldSchema,
});
export const roastNodeSchema = z.object({
  id: z.number().int(),
  batch_code: z.string(),
  date: z.string(),
  roast_type: z.enum(ROAST_TYPES),
  green_used_kg: z.number(),
  resultant_kg: z.number(),
  /** resultant / green × 100, 2 decimals. */
  yield_percent: z.number(),
  stock_kg: z.number(),
  cost_per_kg: z.number(),
  sold: soldSchema,
  /** True when the roast was imported from Artisan with its curve (GET /api/roasted-coffee/:id/curve answers it). */
  has_curve: z.boolean(),
  /** Its notes and cupping score (0–100), null when none (docs/decisions/0053-reference-profile.md). */
  notes: z.string().nullable(),
  cupping_score: z.number().nullable(),
  blends: z.array(blendNodeSchema),
});
export const greenNodeSchema = z.object({
  id: z.number().int(),
  batch_code: z.string(),
  origin_name: z.string(),
  supplier_finca: z.string(),
  date: z.string(),
  received_kg: z.number(),
  stock_kg: z.number(),
  cost_per_kg: z.number(),
  roasts: z.array(roastNodeSchema),
});
export type BlendNode = z.infer<typeof blendNodeSchema>;
export type RoastNode = z.infer<typeof roastNodeSchema>;
export type GreenNode = z.infer<typeof greenNodeSchema>;

/** Backward: the roasts and green lots behind the traced kg, each share in kg, adding up to it to the gram. */
export const backwardSchema = z.object({
  quantity_kg: z.number(),
  roasts: z.array(
    z.object({
      id: z.number().int(),
      batch_code: z.string(),
      date: z.string(),
      green_coffee_id: z.number().int(),
      green_batch_code: z.string(),
      share_kg: z.number(),
    }),
  ),
  sources: z.array(
    z.object({
      green_coffee_id: z.number().int(),
      batch_code: z.string(),
      origin_id: z.number().int(),
      origin_name: z.string(),
      supplier_finca: z.string(),
      share_kg: z.number(),
    }),
  ),
});
export type Backward = z.infer<typeof backwardSchema>;

/** A sale with its cost and gross margin (total − kg × cost per kg): the Ventas item's own fields. */
export const tracedSaleSchema = saleSchema.pick({
  id: true,
  sale_date: true,
  product_type: true,
  product_id: true,
  batch_code_sold: true,
  quantity_kg: true,
  unit_price: true,
  total: true,
  cost: true,
  margin: true,
  margin_percent: true,
});
export type TracedSale = z.infer<typeof tracedSaleSchema>;

export const traceSchema = z.object({
  /** The lot (or sale) traced; null when the code matched several lots and none was chosen. */
  root: z
    .object({ kind: z.enum([...TRACE_LOT_KINDS, 'sale']), id: z.number().int(), batch_code: z.string() })
    .nullable(),
  matches: z.array(lotRefSchema),
  sale: tracedSaleSchema.nullable(),
  forward: z.object({ green: greenNodeSchema.nullable(), roast: roastNodeSchema.nullable(), blend: blendNodeSchema.nullable() }).nullable(),
  backward: backwardSchema.nullable(),
  /** The sales of every product lot in the forward tree, newest first, with totals over all of them. */
  sales: pageSchema(tracedSaleSchema).extend({ total_kg: z.number(), total_amount: z.number() }),
});
export type Trace = z.infer<typeof traceSchema>;
