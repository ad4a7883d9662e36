import fs from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { LABEL_FONT_FILES, labelFontPath } from '#server/features/labels/label-fonts.js';
import { qrShape } from '#server/features/labels/qr-shape.js';

/** The labels' font and QR drawing (docs/decisions/0029-lot-labels-and-qr.md). */
describe('the labels\' fonts', () => {
  const fonts = (Object.keys(LABEL_FONT_FILES) as (keyof typeof LABEL_FONT_FILES)[]).map((name) => ({
    name,
    font: fontkit.create(fs.readFileSync(labelFontPath(name))) as ReturnType<typeof fontkit.create> & { loca: { offsets: number[] } },
  }));

  it('have every glyph record of even length, so @pdf-lib/fontkit\'s subset (a short loca) stays true', () => {
    // Its subsetter halves offsets into a short `loca` without padding: one odd-length glyph shifts every later one.
    for (const { name, font } of fonts) {
      const offsets = font.loca.offsets;
      const odd = offsets.slice(1).filter((offset, index) => (offset - offsets[index]!) % 2 !== 0);
      expect(odd, name).toEqual([]);
    }
  });

  it('draw Spanish with its accents and signs, and the Latin letters beyond Windows-1252 that origins use', () => {
    const text = 'áéíóúüñÁÉÍÓÚÜÑ¿¡—«»€ºª' + 'ĐđạệẠẾỳ' + 'ãõçÃÕÇ' + 'ΑαΩω';
    for (const { name, font } of fonts) {
      const missing = [...text].filter((character) => !font.hasGlyphForCodePoint(character.codePointAt(0)!));
      expect(missing, name).toEqual([]);
    }
  });
});

describe('qrShape', () => {
  it('covers exactly the dark modules of the qrcode package\'s matrix at level M, none twice', () => {
    for (const text of ['http://localhost/trazabilidad?lote=CO-R1', `https://cafe.example.com/trazabilidad?lote=${encodeURIComponent('CAFÉ #7 & Cía+1'.repeat(3))}`]) {
      const { size, data } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
      const shape = qrShape(text);
      expect(shape.size).toBe(size);
      const covered = new Uint8Array(size * size);
      for (const rect of shape.rects) {
        for (let row = rect.row; row < rect.row + rect.height; row++) {
          for (let column = rect.column; column < rect.column + rect.width; column++) covered[row * size + column]! += 1;
        }
      }
      expect([...covered]).toEqual([...data].map((dark) => (dark ? 1 : 0)));
      // Stacking repeated runs draws fewer rectangles than one per run.
      const runs = Array.from({ length: size }, (_, row) => [...data.subarray(row * size, (row + 1) * size)].filter((dark, column, cells) => dark && !cells[column - 1]).length)
        .reduce((sum, count) => sum + count, 0);
      expect(shape.rects.length).toBeLessThan(runs);
    }
  });
});
