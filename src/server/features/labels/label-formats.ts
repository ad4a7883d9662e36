import type { LabelFormat } from '#shared/schemas/labels.js';

/**
 * The label sizes and where everything sits on them, in millimetres from the
 * label's top-left corner (docs/decisions/0029-lot-labels-and-qr.md#sizes).
 * label-pdf.ts turns them into points (1 mm = 72 / 25.4 pt) and PDF's
 * bottom-left origin.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type LabelField = 'code' | 'name' | 'kind' | 'detail' | 'date' | 'net';

/** A text of the label and its type: the largest and smallest size it is set at (points, text-fit.ts), regular or bold. */
export interface TextItem {
  field: LabelField;
  max: number;
  min: number;
  bold: boolean;
  /** Which texts get the room first (text-fit.ts stackTexts): 1 before 2. */
  priority: number;
  /** Texts of the same group are set at one size (the smallest any of them needs to stay on one line). */
  group?: string;
}

/** Texts one under the other in a box, each taking the height it needs (text-fit.ts stackTexts). */
export interface TextStack {
  box: Box;
  /** Between two texts, mm. */
  gap: number;
  items: TextItem[];
}

export interface LabelLayout {
  width: number;
  height: number;
  stacks: TextStack[];
  /** The QR code's square, its quiet zone of 4 modules included (nothing else is drawn there). */
  qr: Box;
}

export interface SheetFormat {
  /** The page, in millimetres. */
  page: { width: number; height: number };
  label: LabelLayout;
  /** Where each label of a page goes (its top-left corner), in the order they are filled. */
  slots: { x: number; y: number }[];
}

/** Space between the parts of a small label, mm. */
const GAP = 0.5;

/**
 * A small label (the 62 mm roll, an A4 sheet's cell): the lot code across the
 * top, the QR code in the bottom-right corner as large as the height allows,
 * the other texts in a column to its left. The QR square reaches within GAP
 * of the label's right and bottom edges: its own quiet zone (4 modules, about
 * 2.5 mm here) keeps the dark modules that far inside, where printers print
 * and a sheet's cut lines are not.
 */
function smallLabel(width: number, height: number, pad: number, codeHeight: number): LabelLayout {
  const qrTop = pad + codeHeight + GAP;
  const qrSize = height - qrTop - GAP;
  const qr = { x: width - GAP - qrSize, y: qrTop, width: qrSize, height: qrSize };
  return {
    width,
    height,
    qr,
    stacks: [
      { box: { x: pad, y: pad, width: width - 2 * pad, height: codeHeight }, gap: 0, items: [{ field: 'code', max: 18, min: 10, bold: true, priority: 1 }] },
      {
        box: { x: pad, y: qrTop, width: qr.x - GAP - pad, height: height - pad - qrTop },
        gap: GAP,
        items: [
          { field: 'name', max: 10, min: 6.5, bold: true, priority: 1 },
          { field: 'kind', max: 7.5, min: 5.5, bold: false, priority: 3, group: 'details' },
          { field: 'detail', max: 7.5, min: 5.5, bold: false, priority: 5, group: 'details' },
          { field: 'date', max: 7.5, min: 5.5, bold: false, priority: 4, group: 'details' },
          { field: 'net', max: 8.5, min: 6, bold: true, priority: 2 },
        ],
      },
    ],
  };
}

/** 100 × 150 mm (4 × 6 in, the parcel label size): the texts one under the other, the QR code large at the bottom. */
const largeLabel: LabelLayout = {
  width: 100,
  height: 150,
  stacks: [
    {
      box: { x: 6, y: 6, width: 88, height: 76 },
      gap: 2,
      items: [
        { field: 'kind', max: 14, min: 10, bold: false, priority: 4, group: 'details' },
        { field: 'name', max: 24, min: 14, bold: true, priority: 2 },
        { field: 'code', max: 36, min: 18, bold: true, priority: 1 },
        { field: 'detail', max: 14, min: 10, bold: false, priority: 6, group: 'details' },
        { field: 'date', max: 14, min: 10, bold: false, priority: 5, group: 'details' },
        { field: 'net', max: 18, min: 12, bold: true, priority: 3 },
      ],
    },
  ],
  qr: { x: 19, y: 84, width: 62, height: 62 },
};

/**
 * A4 sheets of 3 × 8 labels of 63.5 × 33.9 mm, the common "24 per sheet"
 * layout (Avery L7159 and its equivalents): 7.25 mm side margins, 2.5 mm
 * between columns, 12.9 mm top and bottom margins, no gap between rows.
 */
const A4_CELL = { width: 63.5, height: 33.9, left: 7.25, top: 12.9, columnGap: 2.5, columns: 3, rows: 8 };

const a4Slots = Array.from({ length: A4_CELL.columns * A4_CELL.rows }, (_, index) => ({
  x: A4_CELL.left + (index % A4_CELL.columns) * (A4_CELL.width + A4_CELL.columnGap),
  y: A4_CELL.top + Math.floor(index / A4_CELL.columns) * A4_CELL.height,
}));

export const SHEET_FORMATS: Record<LabelFormat, SheetFormat> = {
  // A continuous 62 mm roll (Brother QL and the like): one 62 × 40 mm label per page, cut after each.
  '62mm': { page: { width: 62, height: 40 }, label: smallLabel(62, 40, 3, 7), slots: [{ x: 0, y: 0 }] },
  '100x150': { page: { width: 100, height: 150 }, label: largeLabel, slots: [{ x: 0, y: 0 }] },
  a4: { page: { width: 210, height: 297 }, label: smallLabel(A4_CELL.width, A4_CELL.height, 2, 6), slots: a4Slots },
};
