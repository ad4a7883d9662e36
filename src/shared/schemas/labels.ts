import { z } from 'zod';
import { labelMessages as m } from '#shared/label-messages.js';
import { LABELS_MAX } from '#shared/limits.js';
import { MAX_ROW_ID } from './common.js';
import { type Grind, GRINDS } from './orders.js';
import { TRACE_LOT_KINDS, type TraceLotKind } from './traceability.js';

/**
 * GET /api/labels.pdf?lots=green:ID,roasted:ID,blend:ID[,…]&format=62mm|100x150|a4&copies=N[&start=S]
 * (docs/product-guide.md#etiquetas, docs/decisions/0029-lot-labels-and-qr.md), and the bag labels:
 * ?kind=bolsa&lots=roasted:ID&format_id=F&grind=grano|molido&copies=N
 * (docs/product-guide.md#etiquetas-de-bolsa, docs/decisions/0050-bag-labels-and-business-identity.md).
 */

/** The sheets a lot label can be printed on: a 62 mm roll, a 100 × 150 mm label, an A4 sheet of 3 × 8. */
export const LABEL_FORMATS = ['62mm', '100x150', 'a4'] as const;
/** A bag label's sheets: the lot labels' and a 50 × 80 mm retail label. */
export const BAG_LABEL_FORMATS = [...LABEL_FORMATS, '50x80'] as const;
export type LabelFormat = (typeof BAG_LABEL_FORMATS)[number];
/** A lot's label (lote, the default) or a retail bag's (bolsa). */
export const LABEL_KINDS = ['lote', 'bolsa'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];
/** Labels on an A4 sheet: where `start` may point. */
export const A4_LABELS_PER_SHEET = 24;

/** One lot of the list: its kind and id, as the trace names a lot (`?tipo=…&id=…`). */
export interface LabelLot {
  kind: TraceLotKind;
  id: number;
}

const ENTRY = new RegExp(`^(${TRACE_LOT_KINDS.join('|')}):([1-9]\\d{0,9})$`);

/**
 * 'green:3,roasted:12' → the lots in the list's order. Spaces around an entry are
 * ignored; a lot may appear more than once (it is printed where it stands, like
 * any other); anything else is the position of the first entry that is wrong.
 */
export function parseLabelLots(text: string): { lots: LabelLot[] } | { malformed: number } {
  const entries = text.split(',');
  const lots: LabelLot[] = [];
  for (const [index, entry] of entries.entries()) {
    const match = ENTRY.exec(entry.trim());
    const id = Number(match?.[2]);
    if (!match || id > MAX_ROW_ID) return { malformed: index + 1 };
    lots.push({ kind: match[1] as TraceLotKind, id });
  }
  return { lots };
}

/** `kind:id`, as the list writes a lot and the 404 names it. */
export const labelLotName = (lot: LabelLot): string => `${lot.kind}:${lot.id}`;

/** Labels a parsed query asks for; undefined while the list or the copies did not parse. */
const labelCount = (query: { lots: unknown; copies?: unknown }): number | undefined =>
  Array.isArray(query.lots) && (query.copies === undefined || typeof query.copies === 'number') ? query.lots.length * (query.copies ?? 1) : undefined;

const copiesText = (text: string) => /^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= LABELS_MAX;
const startText = (text: string) => /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= A4_LABELS_PER_SHEET;
const rowIdText = (text: string) => /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ROW_ID;

/** The query's rules across its parameters, in the order they are checked: the first broken one is the 400. */
function crossRule(query: { kind?: LabelKind | undefined; lots?: unknown; format?: unknown; format_id?: unknown; start?: unknown }): string | undefined {
  const bag = query.kind === 'bolsa';
  if (!bag && query.format === '50x80') return m.formatOnlyBag;
  if (bag && (!Array.isArray(query.lots) || query.lots.length !== 1 || (query.lots[0] as LabelLot).kind === 'green')) return m.bagOneLot;
  if (bag && query.format_id === undefined) return m.bagFormatRequired;
  if (query.start !== undefined && query.format !== 'a4') return m.startOnlyA4;
  return undefined;
}
export const labelsQuerySchema = z
  .object({
    kind: z
      .enum(LABEL_KINDS, { error: m.kindInvalid })
      .optional()
      .meta({ description: 'lote (por defecto): etiquetas de lotes; bolsa: etiquetas de venta de bolsas de un lote tostado o de mezcla.' }),
    lots: z
      .string({ error: m.lotsRequired })
      .refine((text) => text.trim() !== '', { message: m.lotsRequired, abort: true })
      .transform((text, ctx) => {
        const parsed = parseLabelLots(text);
        if ('lots' in parsed) return parsed.lots;
        ctx.addIssue({ code: 'custom', message: m.lotMalformed(parsed.malformed) });
        return z.NEVER;
      })
      .meta({ description: 'Lotes separados por comas, cada uno tipo:id (green, roasted o blend), en el orden de impresión: green:3,roasted:12,blend:4.' }),
    format: z
      .enum(BAG_LABEL_FORMATS, { error: m.formatInvalid })
      .meta({ description: '62mm: rollo continuo de 62 mm (62 × 40 mm por etiqueta); 100x150: etiqueta de 100 × 150 mm; a4: hojas A4 de 3 × 8 etiquetas de 63,5 × 33,9 mm; 50x80: etiqueta de 50 × 80 mm (solo bolsa).' }),
    copies: z
      .string({ error: m.copiesInvalid })
      .refine(copiesText, { message: m.copiesInvalid })
      .transform(Number)
      .optional()
      .meta({ description: `Copias de cada lote, de 1 a ${LABELS_MAX} (1 si se omite); con kind=bolsa, las bolsas, como máximo las que da el stock del lote.` }),
    start: z
      .string({ error: m.startInvalid })
      .refine(startText, { message: m.startInvalid })
      .transform(Number)
      .optional()
      .meta({ description: `Solo con format=a4: la posición de la primera etiqueta en la hoja, de 1 a ${A4_LABELS_PER_SHEET} (por filas, de izquierda a derecha), para una hoja ya empezada.` }),
    format_id: z
      .string({ error: m.saleFormatInvalid })
      .refine(rowIdText, { message: m.saleFormatInvalid })
      .transform(Number)
      .optional()
      .meta({ description: 'Con kind=bolsa (obligatorio): el formato de venta, cuyo peso es el peso neto de la bolsa.' }),
    grind: z
      .enum(GRINDS, { error: m.grindInvalid })
      .optional()
      .meta({ description: 'Con kind=bolsa: grano (por defecto) o molido, la denominación de la etiqueta.' }),
  })
  .superRefine((query, ctx) => {
    const problem = crossRule(query);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  })
  // Lots × copies, once the list and the copies are known (an earlier broken rule is the 400 instead).
  .refine((query) => (labelCount(query) ?? 0) <= LABELS_MAX, { error: (issue) => m.tooMany(labelCount(issue.input as LabelsQuery) ?? 0) });

export interface LabelsQuery {
  kind?: LabelKind | undefined;
  lots: LabelLot[];
  format: LabelFormat;
  copies?: number | undefined;
  start?: number | undefined;
  format_id?: number | undefined;
  grind?: Grind | undefined;
}
