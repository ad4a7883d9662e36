import QRCode from 'qrcode';

/**
 * A label's QR code as rectangles of dark modules
 * (docs/decisions/0029-lot-labels-and-qr.md#the-qr-code). The matrix comes from
 * the `qrcode` package (ISO/IEC 18004: mode, version and mask chosen by it);
 * drawing it as rectangles keeps the PDF vector (sharp at any printer
 * resolution), and few of them (runs of a row, stacked while the rows below
 * repeat them) keep a label's drawing short: 500 labels are 500 codes.
 */

/** Level M: about 15 % of the code can be lost (a scuff, a crease) and it still reads. */
export const QR_ERROR_CORRECTION = 'M';
/** The blank margin the standard requires around the code, in modules. */
export const QR_QUIET_ZONE = 4;

/** Dark modules from (column, row), `width` modules wide and `height` tall; row 0 is the top. */
export interface QrRect {
  column: number;
  row: number;
  width: number;
  height: number;
}

export interface QrShape {
  /** Modules per side, the quiet zone not included. */
  size: number;
  /** Together exactly the dark modules, none covered twice. */
  rects: QrRect[];
  /** The rectangles as a PDF path in module units (`x y w h re`, one a line), to fill after a `cm` that places and scales it. */
  path: string;
}

export function qrShape(text: string): QrShape {
  // One byte-mode segment (UTF-8): what a URL is anyway (lower case is beyond the alphanumeric mode),
  // and it spares the package's search for the shortest mix of modes, a third of a code's time.
  const { size, data } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: QR_ERROR_CORRECTION }).modules;
  const rects: QrRect[] = [];
  // The rectangles that reach the row above, by their first column and width.
  let open = new Map<string, QrRect>();
  for (let row = 0; row < size; row++) {
    const reaching = new Map<string, QrRect>();
    let column = 0;
    while (column < size) {
      if (!data[row * size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && data[row * size + column]) column++;
      const key = `${start}:${column - start}`;
      let rect = open.get(key);
      if (rect) {
        rect.height++;
      } else {
        rect = { column: start, row, width: column - start, height: 1 };
        rects.push(rect);
      }
      reaching.set(key, rect);
    }
    open = reaching;
  }
  return { size, rects, path: rects.map((rect) => `${rect.column} ${rect.row} ${rect.width} ${rect.height} re`).join('\n') };
}
