import { z } from 'zod';
import { labelMessages as m } from '#shared/label-messages.js';
import { LABELS_MAX } from '#shared/limits.js';
import { MAX_ROW_ID } from './common.js';
import { TRACE_LOT_KINDS, type TraceLotKind } from './traceability.js';

/**
 * GET /api/labels.pdf?lots=green:ID,roasted:ID,blend:ID[,…]&format=62mm|100x150|a4&copies=N
 * (docs/product-guide.md#etiquetas, docs/decisions/0029-lot-labels-and-qr.md).
 */

/** The sheets a label can be printed on: a 62 mm roll, a 100 × 150 mm label, an A4 sheet of 3 × 8. */
export const LABEL_FORMATS = ['62mm', '100x150', 'a4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

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

export const labelsQuerySchema = z
  .object({
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
      .enum(LABEL_FORMATS, { error: m.formatInvalid })
      .meta({ description: '62mm: rollo continuo de 62 mm (62 × 40 mm por etiqueta); 100x150: etiqueta de 100 × 150 mm; a4: hojas A4 de 3 × 8 etiquetas de 63,5 × 33,9 mm.' }),
    copies: z
      .string({ error: m.copiesInvalid })
      .refine(copiesText, { message: m.copiesInvalid })
      .transform(Number)
      .optional()
      .meta({ description: `Copias de cada lote, de 1 a ${LABELS_MAX} (1 si se omite).` }),
  })
  // Lots × copies, once the list and the copies are known (an earlier broken rule is the 400 instead).
  .refine((query) => (labelCount(query) ?? 0) <= LABELS_MAX, { error: (issue) => m.tooMany(labelCount(issue.input as LabelsQuery) ?? 0) });

export interface LabelsQuery {
  lots: LabelLot[];
  format: LabelFormat;
  copies?: number | undefined;
}
