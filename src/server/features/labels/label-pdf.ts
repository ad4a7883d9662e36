import { deflateSync } from 'node:zlib';
import { degrees, drawLinesOfText, PDFDocument, type PDFFont, type PDFName, type PDFPage, PDFRawStream, rgb } from 'pdf-lib';
import type { LabelFormat } from '#shared/schemas/labels.js';
import { nextTurn } from '#server/turn-taker.js';
import { labelFontBytes, labelFontkit } from './label-fonts.js';
import { type Box, type LabelField, SHEET_FORMATS, type TextItem, type TextStack } from './label-formats.js';
import { QR_QUIET_ZONE, type QrShape, qrShape } from './qr-shape.js';
import { type StackedText, stackTexts, type TextMetrics } from './text-fit.js';

/**
 * The labels' PDF (docs/product-guide.md#etiquetas, docs/decisions/0029-lot-labels-and-qr.md),
 * drawn with pdf-lib: one label per page on the roll and the 100 × 150 label,
 * 24 per A4 sheet, in the order given.
 */

/** What one label says, every text already in Spanish: a lot label's six, a bag label's ten (label-formats.ts). */
export type LabelTexts = Partial<Record<LabelField, string>> & { code: string };

export interface LabelContent {
  texts: LabelTexts;
  /** What the QR code holds: the address of the lot's trace. */
  qrText: string;
}

const POINTS_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * POINTS_PER_MM;
/** Coordinates to a thousandth of a point: finer changes nothing printed and only lengthens the file. */
const round = (value: number) => Math.round(value * 1000) / 1000;

/** Labels drawn between two pauses that let the server answer other requests. */
const LABELS_PER_TURN = 25;

/**
 * A font's measures. Widths grow in proportion to the size (one glyph per
 * character, no kerning: label-fonts.ts), so each text is measured once, at
 * size 1, and kept for the document: fitting tries many sizes of the same words.
 */
function metricsOf(font: PDFFont): TextMetrics {
  const unitWidths = new Map<string, number>();
  const unitLineHeight = font.heightAtSize(1);
  return {
    width(text, size) {
      let unit = unitWidths.get(text);
      if (unit === undefined) {
        unit = font.widthOfTextAtSize(text, 1);
        unitWidths.set(text, unit);
      }
      return unit * size;
    },
    lineHeight: (size) => unitLineHeight * size,
  };
}

interface Font {
  font: PDFFont;
  metrics: TextMetrics;
}

interface Fonts {
  regular: Font;
  bold: Font;
}

/** A label's top-left corner on its page, in points from the page's bottom-left corner. */
interface Origin {
  left: number;
  top: number;
}

const fontOf = (item: TextItem, fonts: Fonts): Font => (item.bold ? fonts.bold : fonts.regular);

/** A stack of texts of one label (label-formats.ts) fitted to its box: each text's size, lines and place. */
function fitStack(stack: TextStack, texts: LabelTexts, fonts: Fonts): StackedText[] {
  const items = stack.items.map((item) => ({
    text: texts[item.field] ?? '',
    max: item.max,
    min: item.min,
    metrics: fontOf(item, fonts).metrics,
    priority: item.priority,
    group: item.group,
  }));
  return stackTexts(items, { width: pt(stack.box.width), height: pt(stack.box.height) }, pt(stack.gap));
}

/**
 * One page's drawing, as lines of PDF content. pdf-lib's own drawing
 * (page.drawText) compresses each page's content with pako, a JavaScript
 * deflate that allocates some 300 kB per stream: 500 one-label pages spent
 * more time collecting that garbage, under the server's --optimize-for-size
 * (docs/decisions/0018-v8-optimize-for-size.md), than drawing. So the text
 * operators (pdf-lib's own drawLinesOfText) and the QR codes' paths are
 * gathered here, and finishPage compresses the page's one content stream with
 * Node's zlib.
 */
interface PageDrawing {
  page: PDFPage;
  content: string[];
  /** The name each font has in this page's resources. */
  fontKeys: Map<PDFFont, PDFName>;
}

const BLACK = rgb(0, 0, 0);
const UPRIGHT = degrees(0);

function finishPage(doc: PDFDocument, drawing: PageDrawing): void {
  // Operators, numbers, names and hex strings: content is ASCII.
  const contents = deflateSync(Buffer.from(drawing.content.join('\n'), 'latin1'));
  const stream = PDFRawStream.of(doc.context.obj({ Filter: 'FlateDecode' }), contents);
  drawing.page.node.addContentStream(doc.context.register(stream));
}

function drawStack(drawing: PageDrawing, stack: TextStack, stacked: readonly StackedText[], at: Origin, fonts: Fonts): void {
  const left = at.left + pt(stack.box.x);
  const boxTop = at.top - pt(stack.box.y);
  stacked.forEach(({ size, lines, top }, index) => {
    if (lines.length === 0) return;
    const { font, metrics } = fontOf(stack.items[index]!, fonts);
    let key = drawing.fontKeys.get(font);
    if (key === undefined) {
      key = drawing.page.node.newFontDictionary(font.name, font.ref);
      drawing.fontKeys.set(font, key);
    }
    const ascent = font.heightAtSize(size, { descender: false });
    const operators = drawLinesOfText(lines.map((line) => font.encodeText(line)), {
      color: BLACK, font: key, size, rotate: UPRIGHT, xSkew: UPRIGHT, ySkew: UPRIGHT,
      x: round(left), y: round(boxTop - top - ascent), lineHeight: round(metrics.lineHeight(size)),
    });
    for (const operator of operators) drawing.content.push(operator.toString());
  });
}

function drawQr(drawing: PageDrawing, qr: QrShape, box: Box, at: Origin): void {
  const module = pt(box.width) / (qr.size + 2 * QR_QUIET_ZONE);
  const left = at.left + pt(box.x) + QR_QUIET_ZONE * module;
  const top = at.top - pt(box.y) - QR_QUIET_ZONE * module;
  drawing.content.push(
    'q',
    '0 g',
    // Module units from the code's top-left corner, rows downwards: the path is the shape's own (qr-shape.ts).
    `${round(module)} 0 0 ${-round(module)} ${round(left)} ${round(top)} cm`,
    qr.path,
    // One path of rectangles filled once: no hairline seams between touching modules.
    'f',
    'Q',
  );
}

/**
 * `layout`: the lot's label or the bag's. `start`: on a sheet of several, the slot (0-based) the
 * first label takes, those before it left blank (a partly used A4 sheet).
 */
export async function labelsPdf(labels: readonly LabelContent[], format: LabelFormat, title: string, { layout = 'label', start = 0 }: { layout?: 'label' | 'bag'; start?: number } = {}): Promise<Uint8Array> {
  const sheet = SHEET_FORMATS[format];
  const label = sheet[layout];
  if (!label) throw new RangeError(`el formato ${format} no tiene etiqueta de lote`);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('es-ES');
  doc.setCreator('Sistema de Gestión de Café');
  doc.registerFontkit(labelFontkit);
  const fontBytes = labelFontBytes();
  // Subset: only the glyphs used go into the file (a few kB instead of 1.3 MB of fonts).
  const withMetrics = (font: PDFFont): Font => ({ font, metrics: metricsOf(font) });
  const fonts: Fonts = {
    regular: withMetrics(await doc.embedFont(fontBytes.regular, { subset: true })),
    bold: withMetrics(await doc.embedFont(fontBytes.bold, { subset: true })),
  };
  const pageSize: [number, number] = [pt(sheet.page.width), pt(sheet.page.height)];
  // Copies of a lot share their texts' layout and their QR code: each worked out once.
  const layouts = new Map<LabelTexts, StackedText[][]>();
  const codes = new Map<string, QrShape>();
  let drawing: PageDrawing | undefined;
  for (const [index, content] of labels.entries()) {
    if (index > 0 && index % LABELS_PER_TURN === 0) await nextTurn();
    const slotIndex = (index + start) % sheet.slots.length;
    if (slotIndex === 0 || drawing === undefined) {
      if (drawing) finishPage(doc, drawing);
      drawing = { page: doc.addPage(pageSize), content: [], fontKeys: new Map() };
    }
    const slot = sheet.slots[slotIndex]!;
    const at: Origin = { left: pt(slot.x), top: pt(sheet.page.height - slot.y) };
    let fitted = layouts.get(content.texts);
    if (fitted === undefined) {
      fitted = label.stacks.map((stack) => fitStack(stack, content.texts, fonts));
      layouts.set(content.texts, fitted);
    }
    for (const [stackIndex, stack] of label.stacks.entries()) drawStack(drawing, stack, fitted[stackIndex]!, at, fonts);
    let qr = codes.get(content.qrText);
    if (qr === undefined) {
      qr = qrShape(content.qrText);
      codes.set(content.qrText, qr);
    }
    drawQr(drawing, qr, label.qr, at);
  }
  if (drawing) finishPage(doc, drawing);
  return doc.save();
}
