import { LABELS_MAX } from '#shared/limits.js';
import { A4_LABELS_PER_SHEET, type LabelFormat, type LabelLot } from '#shared/schemas/labels.js';
import type { Grind } from '#shared/schemas/orders.js';
import type { TraceLotKind } from '#shared/schemas/traceability.js';

/** A lot to print, with the code the dialog names it by. */
export interface PrintableLot extends LabelLot {
  batch_code: string;
  /** Its stock, when the table that offers it knows it: the bag labels offer no more bags than it fills. */
  stock_kg?: number;
}

/** A lot table, for 'Imprimir etiquetas de toda la tabla': which list, and its title to name it. */
export interface LabelTable {
  kind: TraceLotKind;
  title: string;
}

/** Each lot table's list route: the dialog reads a table's first lots from it, a selection checks its lots are still there. */
export const LOT_TABLE_PATHS: Record<TraceLotKind, string> = { green: '/green-coffee', roasted: '/roasted-coffee', blend: '/blended-coffee' };

/**
 * The lots 'Imprimir etiquetas de toda la tabla' prints from a page of a lot table: those with
 * stock, in the table's order. An empty lot (0 Kg, all of it roasted, blended or sold) has nothing
 * left to put a label on (docs/product-guide.md#imprimir-desde-las-tablas).
 */
export function lotsWithStock(kind: TraceLotKind, rows: readonly { id: number; batch_code: string; stock_kg: number }[]): PrintableLot[] {
  return rows.filter((row) => row.stock_kg > 0).map((row) => ({ kind, id: row.id, batch_code: row.batch_code }));
}

/** What the dialog prints: these lots, or the table's first lots in the table's order (docs/product-guide.md#imprimir-desde-las-tablas). */
export type LabelRequest = { lots: readonly PrintableLot[] } | { table: LabelTable };

/** What the person chooses in the dialog, remembered between prints (label-choice.ts). */
export interface LabelChoice {
  format: LabelFormat;
  copies: number;
}

/**
 * The PDF's address: `/api/labels.pdf?lots=green:1,roasted:2&format=62mm&copies=1`, each lot once,
 * in the order given (the PDF's order). ':' and ',' stay unescaped: RFC 3986 allows them in a
 * query, the route splits on them, and escaping them would make 500 lots' address some 2,000
 * characters longer (the whole request line must stay under Node's 16 KB header limit).
 */
export function labelsUrl(lots: readonly LabelLot[], { format, copies }: LabelChoice, start = 1): string {
  const seen = new Set<string>();
  for (const lot of lots) seen.add(`${lot.kind}:${lot.id}`);
  return `/api/labels.pdf?lots=${[...seen].join(',')}&format=${format}&copies=${copies}${startParam(format, start)}`;
}

/** `&start=N` on an A4 sheet begun elsewhere than its first label; nothing otherwise. */
const startParam = (format: LabelFormat, start: number) => (format === 'a4' && start > 1 ? `&start=${start}` : '');

/** A bag label's choice (docs/product-guide.md#etiquetas-de-bolsa): the sheet, how many bags, their sale format and grind. */
export interface BagLabelChoice {
  format: LabelFormat;
  copies: number;
  formatId: number;
  grind: Grind;
}

/** `/api/labels.pdf?kind=bolsa&lots=roasted:7&format=50x80&format_id=1&grind=grano&copies=20[&start=5]`. */
export const bagLabelsUrl = (lot: LabelLot, { format, copies, formatId, grind }: BagLabelChoice, start = 1): string =>
  `/api/labels.pdf?kind=bolsa&lots=${lot.kind}:${lot.id}&format=${format}&format_id=${formatId}&grind=${grind}&copies=${copies}${startParam(format, start)}`;

/** The typed start position on an A4 sheet, or null unless it is a whole number from 1 to 24. */
export function parseStart(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const start = Number(trimmed);
  return start >= 1 && start <= A4_LABELS_PER_SHEET ? start : null;
}

/** The most copies of each label that `lots` lots can have in one PDF (0 when the lots alone pass the limit). */
export const maxCopiesFor = (lots: number): number => Math.floor(LABELS_MAX / Math.max(1, lots));

/** How many lots fit in one PDF with `copies` copies each. */
export const lotsThatFit = (copies: number): number => Math.floor(LABELS_MAX / Math.max(1, copies));
