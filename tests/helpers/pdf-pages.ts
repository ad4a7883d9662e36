import jsQRPackage from 'jsqr';
import * as mupdf from 'mupdf';

// A CommonJS package whose types declare an ES default export: the function is module.exports and its own `.default`.
const jsQR = jsQRPackage.default;

/**
 * A PDF read back as a person's tools would (the printed lot labels,
 * tests/api/labels.test.ts): MuPDF (WASM) for the pages, their sizes, their
 * text and a rendering; jsQR, a reader that shares nothing with the code that
 * drew them, for the QR codes in that rendering. Coordinates are points from
 * the page's top-left corner, y downwards.
 */

export const POINTS_PER_MM = 72 / 25.4;

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextLine {
  text: string;
  bbox: Rect;
}

export interface PdfPage {
  width: number;
  height: number;
  lines: TextLine[];
  /** The page drawn at `pixelsPerPoint`, as RGBA for jsQR and PNG for a person. */
  render(pixelsPerPoint: number): Rendering;
}

export interface Rendering {
  pixelsPerPoint: number;
  png(): Uint8Array;
  /** The QR code in a region of the page (points), with its symbol's corners in points; undefined when none reads. */
  qrIn(region: Rect): { text: string; bbox: Rect } | undefined;
}

function linesOf(page: mupdf.Page): TextLine[] {
  const lines: TextLine[] = [];
  let current: TextLine | undefined;
  page.toStructuredText('preserve-whitespace').walk({
    beginLine() {
      current = { text: '', bbox: { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity } };
    },
    onChar(character, _origin, _font, _size, quad) {
      if (!current) return;
      current.text += character;
      // quad: ul, ur, ll, lr corners as x, y pairs.
      for (let index = 0; index < 8; index += 2) {
        current.bbox.x0 = Math.min(current.bbox.x0, quad[index]!);
        current.bbox.x1 = Math.max(current.bbox.x1, quad[index]!);
        current.bbox.y0 = Math.min(current.bbox.y0, quad[index + 1]!);
        current.bbox.y1 = Math.max(current.bbox.y1, quad[index + 1]!);
      }
    },
    endLine() {
      if (current && current.text.trim() !== '') lines.push(current);
      current = undefined;
    },
  });
  return lines;
}

function renderingOf(page: mupdf.Page, pixelsPerPoint: number): Rendering {
  const pixmap = page.toPixmap(mupdf.Matrix.scale(pixelsPerPoint, pixelsPerPoint), mupdf.ColorSpace.DeviceRGB, false);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  // A copy: getPixels() is a view of WASM memory, detached when MuPDF next grows it (another rendering, a PNG).
  const rgb = pixmap.getPixels().slice();
  return {
    pixelsPerPoint,
    png: () => pixmap.asPNG(),
    qrIn(region) {
      const left = Math.max(0, Math.floor(region.x0 * pixelsPerPoint));
      const top = Math.max(0, Math.floor(region.y0 * pixelsPerPoint));
      const right = Math.min(width, Math.ceil(region.x1 * pixelsPerPoint));
      const bottom = Math.min(height, Math.ceil(region.y1 * pixelsPerPoint));
      const cropWidth = right - left;
      const cropHeight = bottom - top;
      const rgba = new Uint8ClampedArray(cropWidth * cropHeight * 4);
      for (let y = 0; y < cropHeight; y++) {
        for (let x = 0; x < cropWidth; x++) {
          const from = (top + y) * stride + (left + x) * 3;
          const to = (y * cropWidth + x) * 4;
          rgba[to] = rgb[from]!;
          rgba[to + 1] = rgb[from + 1]!;
          rgba[to + 2] = rgb[from + 2]!;
          rgba[to + 3] = 255;
        }
      }
      const code = jsQR(rgba, cropWidth, cropHeight, { inversionAttempts: 'dontInvert' });
      if (!code) return undefined;
      const corners = [code.location.topLeftCorner, code.location.topRightCorner, code.location.bottomLeftCorner, code.location.bottomRightCorner];
      const xs = corners.map((point) => (left + point.x) / pixelsPerPoint);
      const ys = corners.map((point) => (top + point.y) / pixelsPerPoint);
      return { text: code.data, bbox: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) } };
    },
  };
}

export function readPdf(bytes: Uint8Array): PdfPage[] {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  return Array.from({ length: document.countPages() }, (_, index) => {
    const page = document.loadPage(index);
    const [x0, y0, x1, y1] = page.getBounds();
    return { width: x1! - x0!, height: y1! - y0!, lines: linesOf(page), render: (pixelsPerPoint) => renderingOf(page, pixelsPerPoint) };
  });
}

/** Whether `inner` lies within `outer`, give or take `slack` points (glyph quads reach a little past the ink). */
export const within = (inner: Rect, outer: Rect, slack = 0): boolean =>
  inner.x0 >= outer.x0 - slack && inner.y0 >= outer.y0 - slack && inner.x1 <= outer.x1 + slack && inner.y1 <= outer.y1 + slack;

export const overlaps = (a: Rect, b: Rect): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** A rectangle given in millimetres from the page's top-left corner, in points. */
export const mmRect = (x: number, y: number, width: number, height: number): Rect => ({
  x0: x * POINTS_PER_MM,
  y0: y * POINTS_PER_MM,
  x1: (x + width) * POINTS_PER_MM,
  y1: (y + height) * POINTS_PER_MM,
});
