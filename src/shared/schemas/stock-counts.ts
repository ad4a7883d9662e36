import { z } from 'zod';
import { COUNT_KG_MAX, COUNT_LINES_MAX, COUNT_NOTE_MAX } from '#shared/limits.js';
import { commonMessages } from '#shared/messages.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import { KG_DECIMALS } from '#shared/units.js';
import { decimalSchema, MAX_ROW_ID, pageSchema, paginationQuerySchema, rowIdSchema } from './common.js';
import { TRACE_LOT_KINDS } from './traceability.js';

/**
 * Stock counts and corrections (docs/product-guide.md#recuento-de-inventario): the person
 * loads the count sheet (every lot with stock), types what the shelf holds and
 * picks a reason; each line whose counted kg differ from the expected moves the
 * lot's stock by the difference through the ledger (reason 'count').
 */

/** Why a count was made, a closed list; the screens show the Spanish words of STOCK_COUNT_REASON_LABELS. */
export const STOCK_COUNT_REASONS = ['recuento', 'merma', 'muestra', 'devolucion', 'otro'] as const;
export type StockCountReason = (typeof STOCK_COUNT_REASONS)[number];

export const STOCK_COUNT_REASON_LABELS: Record<StockCountReason, string> = {
  recuento: 'Recuento',
  merma: 'Merma',
  muestra: 'Muestra',
  devolucion: 'Devolución',
  otro: 'Otro',
};

const lotKindSchema = z.enum(TRACE_LOT_KINDS, { error: m.invalidLot });

/**
 * One lot of a count. `expected_kg` is the stock the sheet showed when it was
 * loaded (the server refuses the count with a 409 if the lot no longer holds
 * it); `counted_kg` is what the shelf holds.
 */
const countLineSchema = z.object(
  {
    lot_kind: lotKindSchema,
    lot_id: z.number({ error: m.invalidLot }).int(m.invalidLot).positive(m.invalidLot).max(MAX_ROW_ID, m.invalidLot),
    expected_kg: decimalSchema(KG_DECIMALS, m.expectedInvalid).refine((kg) => kg >= 0 && kg <= COUNT_KG_MAX, m.expectedInvalid),
    counted_kg: decimalSchema(KG_DECIMALS, m.countedRequired)
      .refine((kg) => kg >= 0, m.countedNegative)
      .refine((kg) => kg <= COUNT_KG_MAX, m.countedTooLarge),
  },
  { error: m.countedRequired },
);
export type StockCountLineBody = z.infer<typeof countLineSchema>;

const lineKey = (line: { lot_kind: string; lot_id: number }) => `${line.lot_kind}:${line.lot_id}`;

/**
 * Body of POST /api/stock-counts, also what the count sheet checks before it
 * sends. The rules, in order: at least one line, each line's lot and kilos
 * ('Los Kg contados no pueden ser negativos.', 3 decimals at most), at most
 * COUNT_LINES_MAX lines, the reason, the note's length; then no lot twice and,
 * for 'otro', a note. The service then checks, under the lots' locks, that
 * every lot exists (400) and still holds its expected kg (409).
 */
export const stockCountBodySchema = z
  .object(
    {
      lines: z
        .array(countLineSchema, { error: m.noLines })
        .min(1, m.noLines)
        .max(COUNT_LINES_MAX, m.tooManyLines),
      reason: z.enum(STOCK_COUNT_REASONS, { error: m.reasonRequired }),
      note: z.string({ error: commonMessages.invalidRequest }).trim().max(COUNT_NOTE_MAX, m.noteTooLong).nullish(),
    },
    { error: m.noLines },
  )
  .refine((body) => new Set(body.lines.map(lineKey)).size === body.lines.length, { message: m.duplicateLine, abort: true })
  .refine((body) => body.reason !== 'otro' || (body.note ?? '') !== '', { message: m.noteRequired, abort: true });
export type StockCountBody = z.output<typeof stockCountBodySchema>;

/** GET /api/stock-counts: newest first. */
export const stockCountsQuerySchema = paginationQuerySchema;
export type StockCountsQuery = z.infer<typeof stockCountsQuerySchema>;

export const stockCountLineSchema = z.object({
  lot_kind: z.enum(TRACE_LOT_KINDS),
  lot_id: z.number().int(),
  /** The lot's code when it was counted (kept if the lot is later deleted). */
  batch_code: z.string(),
  expected_kg: z.number(),
  counted_kg: z.number(),
  /** counted − expected: the ledger movement of this line (0: checked, nothing moved). */
  difference_kg: z.number(),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

/** A count as the list shows it: who (username at the time of reading, null once deleted), when, why and how many lots. */
export const stockCountSummarySchema = z.object({
  id: z.number().int(),
  /** ISO date and time. */
  created_at: z.string(),
  reason: z.enum(STOCK_COUNT_REASONS),
  note: z.string().nullable(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  user_name: z.string().nullable(),
  lines_count: z.number().int(),
  /** Lines whose counted kg differed from the expected (each one a ledger movement). */
  adjusted_count: z.number().int(),
});
export type StockCountSummary = z.infer<typeof stockCountSummarySchema>;

/** GET /api/stock-counts/:id and the answer of POST: the count with its lines. */
export const stockCountSchema = stockCountSummarySchema.extend({ lines: z.array(stockCountLineSchema) });
export type StockCount = z.infer<typeof stockCountSchema>;

export const stockCountsPageSchema = pageSchema(stockCountSummarySchema);
export type StockCountsPage = z.infer<typeof stockCountsPageSchema>;

/** GET /api/stock-counts/sheet: every lot with stock, optionally of one kind or one origin. */
export const countSheetQuerySchema = z.object({
  kind: z.enum(TRACE_LOT_KINDS, { error: commonMessages.invalidRequest }).optional(),
  origin_id: rowIdSchema.optional(),
});
export type CountSheetQuery = z.infer<typeof countSheetQuerySchema>;

export const countSheetLotSchema = z.object({
  kind: z.enum(TRACE_LOT_KINDS),
  id: z.number().int(),
  batch_code: z.string(),
  /** Green: origin · supplier/farm; roasted: origin · roast type; blend: its name. */
  name: z.string(),
  /** The origin of a green or roasted lot; null for a blend (it may have several). */
  origin_name: z.string().nullable(),
  /** Its origin (green, roasted) or its components' origins (blend): what the screen's origin filter matches. */
  origin_ids: z.array(z.number().int()),
  /** Entry, roast or creation date (YYYY-MM-DD). */
  date: z.string(),
  stock_kg: z.number(),
  /** Current cost per kg in $ (docs/decisions/0011-cost-per-kg-and-margins.md), for the value of a difference; null for a blend without draws. */
  cost_per_kg: z.number().nullable(),
});
export type CountSheetLot = z.infer<typeof countSheetLotSchema>;

export const countSheetSchema = z.object({ items: z.array(countSheetLotSchema) });
export type CountSheet = z.infer<typeof countSheetSchema>;
