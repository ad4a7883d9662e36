import { concatTransformationMatrix, fill, PDFDocument, type PDFFont, type PDFPage, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor } from 'pdf-lib';
import { labelFontBytes, labelFontkit } from './label-fonts.js';
import { QR_QUIET_ZONE, qrShape } from './qr-shape.js';

/**
 * Printed A4 documents beside the labels (docs/decisions/0044-recall-list-and-delivery-note.md):
 * the recall list and the delivery note. The same library, typeface and QR
 * code as the labels (docs/decisions/0029-lot-labels-and-qr.md), laid out as a
 * flow of blocks from the top of the page down, onto as many pages as it takes;
 * a table's header repeats on each page it spans, and every page has a footer.
 */

export type A4Block =
  | { type: 'title'; text: string }
  | { type: 'text'; text: string; bold?: boolean; small?: boolean }
  | { type: 'gap' }
  | { type: 'table'; columns: readonly A4Column[]; rows: readonly A4Row[] }
  /** QR codes in a grid, each with its caption under it (a lot's code). */
  | { type: 'qrs'; codes: readonly { text: string; caption: string }[] };

export interface A4Column {
  header: string;
  /** Share of the text width; the shares of a table add up to 1. */
  width: number;
  align?: 'right';
}

export interface A4Row {
  cells: readonly string[];
  bold?: boolean;
}

export interface A4Document {
  title: string;
  blocks: readonly A4Block[];
  /** The footer of each page ('Página 1 de 2'). */
  footer: (page: number, pages: number) => string;
}

const POINTS_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * POINTS_PER_MM;
const PAGE = { width: pt(210), height: pt(297) };
const MARGIN = pt(18);
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_SPACE = pt(12);
const SIZES = { title: 16, text: 10, small: 8.5, table: 9 } as const;
const CELL_PADDING = 3;
const QR_SIZE = pt(30);
const QRS_PER_ROW = 5;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.6, 0.6, 0.6);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * A text in lines no wider than `width`, broken at spaces; a word wider than
 * the line (a long e-mail address) is broken between characters: a document,
 * unlike a label, never shrinks its type to fit.
 */
function linesOf(text: string, width: number, size: number, font: PDFFont): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/u).filter((part) => part !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      for (const character of word) {
        if (line !== '' && !fits(line + character)) {
          lines.push(line);
          line = '';
        }
        line += character;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The flow: where the next block goes, and a new page when it would not fit. */
class Flow {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** Distance from the page's bottom edge to the top of the next block, in points. */
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Makes room for `height` points, on a new page if this one has not got them. */
  room(height: number): void {
    if (this.y - height < MARGIN + FOOTER_SPACE && this.y < PAGE.height - MARGIN) this.newPage();
  }

  lineHeight = (size: number) => size * 1.3;

  /** Lines of text from the current place down, at x (from the left margin), right-aligned within `width` when asked. */
  text(lines: readonly string[], options: { x?: number; width?: number; size: number; bold?: boolean; align?: 'right'; top?: number }): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const top = options.top ?? this.y;
    lines.forEach((line, index) => {
      const lineWidth = font.widthOfTextAtSize(line, options.size);
      const x = MARGIN + (options.x ?? 0) + (options.align === 'right' ? (options.width ?? TEXT_WIDTH) - lineWidth : 0);
      const baseline = top - index * this.lineHeight(options.size) - font.heightAtSize(options.size, { descender: false });
      this.page.drawText(line, { x, y: baseline, size: options.size, font, color: BLACK });
    });
  }

  rule(at: number): void {
    this.page.drawLine({ start: { x: MARGIN, y: at }, end: { x: PAGE.width - MARGIN, y: at }, thickness: 0.5, color: GREY });
  }

  qr(text: string, left: number, top: number): void {
    const code = qrShape(text);
    const module = QR_SIZE / (code.size + 2 * QR_QUIET_ZONE);
    this.page.pushOperators(
      pushGraphicsState(),
      setFillingGrayscaleColor(0),
      // Module units from the code's top-left corner, rows downwards, as the labels draw it (label-pdf.ts).
      concatTransformationMatrix(module, 0, 0, -module, MARGIN + left + QR_QUIET_ZONE * module, top - QR_QUIET_ZONE * module),
      ...code.rects.map((rect) => rectangle(rect.column, rect.row, rect.width, rect.height)),
      fill(),
      popGraphicsState(),
    );
  }
}

function drawText(flow: Flow, block: Extract<A4Block, { type: 'text' | 'title' }>): void {
  const size = block.type === 'title' ? SIZES.title : block.small ? SIZES.small : SIZES.text;
  const bold = block.type === 'title' || (block.type === 'text' && block.bold === true);
  const lines = linesOf(block.text, TEXT_WIDTH, size, bold ? flow.fonts.bold : flow.fonts.regular);
  for (const line of lines) {
    flow.room(flow.lineHeight(size));
    flow.text([line], { size, bold });
    flow.y -= flow.lineHeight(size);
  }
  if (block.type === 'title') flow.y -= 4;
}

function drawTable(flow: Flow, block: Extract<A4Block, { type: 'table' }>): void {
  const widths = block.columns.map((column) => column.width * TEXT_WIDTH);
  const lefts = widths.map((_, index) => widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const line = flow.lineHeight(SIZES.table);
  const cellLines = (cells: readonly string[], bold: boolean) =>
    cells.map((cell, index) => linesOf(cell, widths[index]! - 2 * CELL_PADDING, SIZES.table, bold ? flow.fonts.bold : flow.fonts.regular));
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const lines = cellLines(cells, bold);
    const height = Math.max(...lines.map((cell) => cell.length)) * line + 2 * CELL_PADDING;
    lines.forEach((cell, index) =>
      flow.text(cell, {
        x: lefts[index]! + CELL_PADDING,
        width: widths[index]! - 2 * CELL_PADDING,
        size: SIZES.table,
        bold,
        align: block.columns[index]!.align,
        top: flow.y - CELL_PADDING,
      }),
    );
    flow.y -= height;
    flow.rule(flow.y);
    return height;
  };
  const headers = block.columns.map((column) => column.header);
  const headerHeight = Math.max(...cellLines(headers, true).map((cell) => cell.length)) * line + 2 * CELL_PADDING;
  flow.room(headerHeight + line + 2 * CELL_PADDING);
  drawRow(headers, true);
  for (const row of block.rows) {
    const height = Math.max(...cellLines(row.cells, row.bold === true).map((cell) => cell.length)) * line + 2 * CELL_PADDING;
    const page = flow.pages.length;
    flow.room(height);
    if (flow.pages.length !== page) drawRow(headers, true);
    drawRow(row.cells, row.bold === true);
  }
}

function drawQrs(flow: Flow, block: Extract<A4Block, { type: 'qrs' }>): void {
  const cell = TEXT_WIDTH / QRS_PER_ROW;
  const caption = flow.lineHeight(SIZES.small) * 2;
  for (let index = 0; index < block.codes.length; index += QRS_PER_ROW) {
    flow.room(QR_SIZE + caption);
    block.codes.slice(index, index + QRS_PER_ROW).forEach((code, column) => {
      const left = column * cell + (cell - QR_SIZE) / 2;
      flow.qr(code.text, left, flow.y);
      const lines = linesOf(code.caption, cell - 4, SIZES.small, flow.fonts.regular);
      flow.text(lines.slice(0, 2), { x: column * cell + 2, size: SIZES.small, top: flow.y - QR_SIZE });
    });
    flow.y -= QR_SIZE + caption + 4;
  }
}

export async function a4Pdf(document: A4Document): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(document.title);
  doc.setLanguage('es-ES');
  doc.setCreator('Sistema de Gestión de Café');
  doc.registerFontkit(labelFontkit);
  const bytes = labelFontBytes();
  const fonts: Fonts = {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
  const flow = new Flow(doc, fonts);
  for (const block of document.blocks) {
    if (block.type === 'gap') flow.y -= flow.lineHeight(SIZES.text);
    else if (block.type === 'table') drawTable(flow, block);
    else if (block.type === 'qrs') drawQrs(flow, block);
    else drawText(flow, block);
  }
  flow.pages.forEach((page, index) => {
    const text = document.footer(index + 1, flow.pages.length);
    const width = fonts.regular.widthOfTextAtSize(text, SIZES.small);
    page.drawText(text, { x: PAGE.width - MARGIN - width, y: MARGIN, size: SIZES.small, font: fonts.regular, color: GREY });
  });
  return doc.save();
}
