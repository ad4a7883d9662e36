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

/** A lot label's texts (code … net) and a bag label's, which adds the denomination, the best-before date, the business and the storage line. */
export type LabelField = 'code' | 'name' | 'kind' | 'detail' | 'date' | 'net' | 'denomination' | 'bestBefore' | 'business' | 'storage';

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
  /** A lot's label; a format without one is for bags only. */
  label?: LabelLayout;
  /** A bag's label (docs/decisions/0050-bag-labels-and-business-identity.md). */
  bag: LabelLayout;
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

/**
 * A small landscape bag label (the 62 mm roll, an A4 cell): the product's name and its denomination
 * across the top; under them the net weight beside the QR code's top, the QR code in the bottom-right
 * corner, and the other particulars in a column to its left, the smallest at 4.5 pt.
 */
function smallBagLabel(width: number, height: number, pad: number, headHeight: number, qrSize: number): LabelLayout {
  const bodyTop = pad + headHeight + GAP;
  const qr = { x: width - GAP - qrSize, y: height - GAP - qrSize, width: qrSize, height: qrSize };
  const small = (field: LabelField, priority: number, group?: string): TextItem => ({ field, max: 6.5, min: 4.5, bold: false, priority, ...(group ? { group } : {}) });
  return {
    width,
    height,
    qr,
    stacks: [
      {
        box: { x: pad, y: pad, width: width - 2 * pad, height: headHeight },
        gap: 0,
        items: [
          { field: 'name', max: 9, min: 5.5, bold: true, priority: 1 },
          { field: 'denomination', max: 7, min: 4.5, bold: false, priority: 2 },
        ],
      },
      { box: { x: qr.x + 1, y: bodyTop, width: width - qr.x - 1 - pad / 2, height: qr.y - bodyTop }, gap: 0, items: [{ field: 'net', max: 9, min: 5, bold: true, priority: 1 }] },
      {
        box: { x: pad, y: bodyTop, width: qr.x - GAP - pad, height: height - pad / 2 - bodyTop },
        gap: 0.3,
        items: [
          small('detail', 3, 'particulars'),
          small('date', 2, 'particulars'),
          // Wrapped onto two lines rather than set below 5.5 pt: the date must read.
          { field: 'bestBefore', max: 6.5, min: 5.5, bold: true, priority: 1 },
          { field: 'code', max: 6.5, min: 5, bold: true, priority: 1 },
          small('storage', 5),
          small('business', 4),
        ],
      },
    ],
  };
}

/**
 * 50 × 80 mm, portrait: a common direct-thermal retail label that fits the side gusset or the back of
 * a 250 g coffee bag (docs/decisions/0050-bag-labels-and-business-identity.md#sizes): the particulars
 * one under the other, the QR code in the bottom-right corner with the business and the storage line beside it.
 */
const retailBagLabel: LabelLayout = {
  width: 50,
  height: 80,
  stacks: [
    {
      box: { x: 3, y: 3, width: 44, height: 50 },
      gap: 1,
      items: [
        { field: 'name', max: 14, min: 8, bold: true, priority: 1 },
        { field: 'denomination', max: 9.5, min: 6.5, bold: false, priority: 2 },
        { field: 'detail', max: 9, min: 6, bold: false, priority: 4, group: 'particulars' },
        { field: 'net', max: 13, min: 8, bold: true, priority: 1 },
        { field: 'date', max: 9, min: 6, bold: false, priority: 3, group: 'particulars' },
        // Wrapped onto two lines rather than set smaller than the date above it.
        { field: 'bestBefore', max: 9, min: 7.5, bold: true, priority: 2 },
        { field: 'code', max: 10, min: 7, bold: true, priority: 1 },
      ],
    },
    {
      box: { x: 3, y: 54, width: 22, height: 23.5 },
      gap: 0.6,
      items: [
        { field: 'business', max: 6.5, min: 4, bold: false, priority: 1 },
        { field: 'storage', max: 6.5, min: 4, bold: false, priority: 2 },
      ],
    },
  ],
  qr: { x: 25.5, y: 55.5, width: 24, height: 24 },
};

/** 100 × 150 mm: the bag's particulars one under the other, the QR code at the bottom, as the large lot label. */
const largeBagLabel: LabelLayout = {
  width: 100,
  height: 150,
  stacks: [
    {
      box: { x: 6, y: 6, width: 88, height: 88 },
      gap: 1.5,
      items: [
        { field: 'name', max: 22, min: 12, bold: true, priority: 1 },
        { field: 'denomination', max: 14, min: 9, bold: false, priority: 2 },
        { field: 'detail', max: 12, min: 8, bold: false, priority: 5, group: 'particulars' },
        { field: 'net', max: 20, min: 12, bold: true, priority: 1 },
        { field: 'date', max: 12, min: 8, bold: false, priority: 4, group: 'particulars' },
        // Two lines at the particulars' size rather than one smaller.
        { field: 'bestBefore', max: 12, min: 11, bold: true, priority: 2 },
        { field: 'code', max: 14, min: 9, bold: true, priority: 1 },
        { field: 'storage', max: 10, min: 7, bold: false, priority: 6 },
        { field: 'business', max: 10, min: 7, bold: false, priority: 3 },
      ],
    },
  ],
  qr: { x: 25, y: 96, width: 50, height: 50 },
};

export const SHEET_FORMATS: Record<LabelFormat, SheetFormat> = {
  // A continuous 62 mm roll (Brother QL and the like): one 62 × 40 mm label per page, cut after each.
  '62mm': { page: { width: 62, height: 40 }, label: smallLabel(62, 40, 3, 7), bag: smallBagLabel(62, 40, 2.5, 8, 22), slots: [{ x: 0, y: 0 }] },
  '100x150': { page: { width: 100, height: 150 }, label: largeLabel, bag: largeBagLabel, slots: [{ x: 0, y: 0 }] },
  a4: { page: { width: 210, height: 297 }, label: smallLabel(A4_CELL.width, A4_CELL.height, 2, 6), bag: smallBagLabel(A4_CELL.width, A4_CELL.height, 2, 7, 19), slots: a4Slots },
  // Bags only: one 50 × 80 mm label per page, as the roll's.
  '50x80': { page: { width: 50, height: 80 }, bag: retailBagLabel, slots: [{ x: 0, y: 0 }] },
};
