import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/**
 * The labels' typeface (docs/decisions/0029-lot-labels-and-qr.md): DejaVu Sans
 * Condensed, regular and bold, from the `dejavu-fonts-ttf` package, embedded
 * (subset) in every PDF. Any name the app accepts may reach a label ('Đà Lạt',
 * 'Ελλάδα', '¿Qué?'): PDF's standard Helvetica covers only Windows-1252
 * and pdf-lib refuses anything else, so the font is embedded; DejaVu has
 * Latin (Vietnamese included), Greek and Cyrillic, and a condensed cut fits
 * long farm names on a 62 mm label.
 */

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;
type Glyph = ReturnType<Font['glyphForCodePoint']>;
type GlyphRun = ReturnType<Font['layout']>;

export const LABEL_FONT_FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;
export type LabelFontName = keyof typeof LABEL_FONT_FILES;

const require = createRequire(import.meta.url);
/** The TTF file of one of the label fonts, as installed by npm. */
export const labelFontPath = (name: LabelFontName): string => require.resolve(`dejavu-fonts-ttf/ttf/${LABEL_FONT_FILES[name]}`);

let bytes: Record<LabelFontName, Uint8Array> | undefined;
/** The two files, read on the first PDF (a server that never prints never holds them). */
export function labelFontBytes(): Record<LabelFontName, Uint8Array> {
  bytes ??= { regular: fs.readFileSync(labelFontPath('regular')), bold: fs.readFileSync(labelFontPath('bold')) };
  return bytes;
}

/**
 * One glyph per character, straight from the font's cmap, in place of
 * fontkit's shaping (`layout`). Shaping cost about 0.7 ms per line of a label,
 * more than the rest of the label together (500 labels: 3 s of it), and gave
 * nothing a label uses: pdf-lib ignores the kerning it computes, ligatures
 * ('ffi') only change the look, and request text is NFC
 * (docs/decisions/0004-request-text-is-nfc-and-nul-free.md), so an accented
 * letter is one character with its own glyph. Scripts that need shaping
 * (Arabic, Indic) are beyond pdf-lib anyway. A character the font lacks shows
 * as the font's empty box (.notdef), never as another letter.
 */
function withoutShaping(font: Font): Font {
  const glyphs = new Map<number, Glyph>();
  const glyphOf = (codePoint: number): Glyph => {
    let glyph = glyphs.get(codePoint);
    if (glyph === undefined) {
      glyph = font.glyphForCodePoint(codePoint);
      glyphs.set(codePoint, glyph);
    }
    return glyph;
  };
  font.layout = (text: string): GlyphRun => {
    const run: Glyph[] = [];
    for (const character of text) run.push(glyphOf(character.codePointAt(0)!));
    // pdf-lib reads only the glyphs of a run (its encodeText and widthOfTextAtSize).
    return { glyphs: run, positions: [], script: 'Zyyy', language: null, direction: 'ltr', features: {}, advanceWidth: 0, advanceHeight: 0, bbox: font.bbox };
  };
  return font;
}

const parsed = new WeakMap<Uint8Array, Font>();

/**
 * What PDFDocument.registerFontkit takes: fontkit, with each font file parsed
 * once per process (the same bytes from labelFontBytes every time) and
 * without shaping. pdf-lib makes a new subset per document from the parsed font.
 */
export const labelFontkit: Fontkit = {
  create(data) {
    let font = parsed.get(data);
    if (font === undefined) {
      font = withoutShaping(fontkit.create(data));
      parsed.set(data, font);
    }
    return font;
  },
};
