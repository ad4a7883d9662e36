/**
 * How a text fills its box on a label (docs/decisions/0029-lot-labels-and-qr.md#text-that-fits):
 * one line at the largest size from `max` down to `min`; if it does not fit
 * there, wrapped at spaces, at the largest size from `max` down to `min` whose
 * lines all fit; only a text that fits no way down to `min` (a word too long for
 * the box, too many lines) goes on shrinking below it. A word is never cut and
 * nothing reaches outside the box. Sizes are points, the box too.
 */

export interface TextMetrics {
  /** Width of a line at a size. */
  width(text: string, size: number): number;
  /** Height one line takes at a size (ascent to descent: lines are set solid, one under the other). */
  lineHeight(size: number): number;
}

export interface FittedText {
  size: number;
  lines: string[];
}

/** Sizes are tried in half points, the usual type steps. */
const STEP = 0.5;
/** Below `min`, each try is this much smaller than the last (it always ends: everything fits at some size). */
const BELOW_MIN_FACTOR = 0.9;

/** The words of a text, split at any run of spaces. */
const wordsOf = (text: string): string[] => text.trim().split(/\s+/u).filter((word) => word !== '');

/** The words in as few lines as fit `width`, greedily; undefined when a word alone is wider. */
function wrap(words: readonly string[], width: number, size: number, metrics: TextMetrics): string[] | undefined {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (metrics.width(word, size) > width) return undefined;
    const longer = line === '' ? word : `${line} ${word}`;
    if (line === '' || metrics.width(longer, size) <= width) {
      line = longer;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

const fits = (lines: readonly string[] | undefined, height: number, size: number, metrics: TextMetrics): lines is string[] =>
  lines !== undefined && lines.length * metrics.lineHeight(size) <= height;

export function fitText(text: string, box: { width: number; height: number }, style: { max: number; min: number }, metrics: TextMetrics): FittedText {
  // The last loop ends because every text fits a box of some size at a small enough size.
  if (!(box.width > 0 && box.height > 0)) throw new RangeError('una caja de texto de etiqueta debe tener ancho y alto');
  const words = wordsOf(text);
  if (words.length === 0) return { size: style.max, lines: [] };
  const oneLine = words.join(' ');
  for (let size = style.max; size >= style.min; size -= STEP) {
    if (metrics.width(oneLine, size) <= box.width && metrics.lineHeight(size) <= box.height) return { size, lines: [oneLine] };
  }
  for (let size = style.max; size >= style.min; size -= STEP) {
    const lines = wrap(words, box.width, size, metrics);
    if (fits(lines, box.height, size, metrics)) return { size, lines };
  }
  for (let size = style.min * BELOW_MIN_FACTOR; ; size *= BELOW_MIN_FACTOR) {
    const lines = wrap(words, box.width, size, metrics);
    if (fits(lines, box.height, size, metrics)) return { size, lines };
  }
}
