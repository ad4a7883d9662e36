/**
 * How a text fills its box on a label (docs/decisions/0029-lot-labels-and-qr.md#text-that-fits):
 * one line at the largest size from `max` down to `min`; if it does not fit
 * there, wrapped at spaces, at the largest size from `max` down to `min` whose
 * lines all fit; only a text that fits no way down to `min` (a word too long for
 * the box, too many lines) goes on shrinking below it. A word is never cut and
 * nothing reaches outside the box. Sizes are points, the box too.
 */

export interface TextMetrics {
  /** Width of a text at a size; the width of a line is that of its words and spaces added up (no kerning). */
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

/**
 * The words in as few lines as fit `width`, greedily; undefined when a word
 * alone is wider. A line measures its words and the spaces between them
 * (TextMetrics: widths add up).
 */
function wrap(words: readonly string[], width: number, size: number, metrics: TextMetrics): string[] | undefined {
  const space = metrics.width(' ', size);
  const lines: string[] = [];
  let line: string[] = [];
  let lineWidth = 0;
  for (const word of words) {
    const wordWidth = metrics.width(word, size);
    if (wordWidth > width) return undefined;
    if (line.length > 0 && lineWidth + space + wordWidth <= width) {
      line.push(word);
      lineWidth += space + wordWidth;
    } else {
      if (line.length > 0) lines.push(line.join(' '));
      line = [word];
      lineWidth = wordWidth;
    }
  }
  if (line.length > 0) lines.push(line.join(' '));
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

export interface StackItem {
  text: string;
  max: number;
  min: number;
  metrics: TextMetrics;
  /** Which texts get the room first: 1 before 2 (the lot code, then the name, then the rest). */
  priority: number;
  /** Texts of one group that sit on one line are set at one size, the smallest of theirs. */
  group?: string | undefined;
}

export interface StackedText extends FittedText {
  /** Distance from the top of the stack's box to the top of the text's first line. */
  top: number;
}

/** Tries at one scale for a group's texts to agree on a size (they do after one or two). */
const GROUP_ROUNDS_MAX = 6;
/** Each try sets every text's largest size this much smaller than the last (down to its `min`). */
const STACK_SCALE_STEP = 0.1;

/**
 * Texts one under the other in a box, `gap` apart, in the order given, each
 * taking the height it needs (fitText). The room goes by priority: the first
 * text gets what it needs, the next what is left, each later one keeping one
 * line at its `min` in reserve, so no text can push another out of the box.
 * When that leaves a text below its `min`, every text's largest size is
 * lowered together, step by step, and the stack tried again: all texts
 * shrink before any goes below its `min`. Only a stack that does not fit with
 * every text at its `min` (a 120-character name on a small label) is set
 * smaller than that, whole words still, inside the box.
 */
export function stackTexts(items: readonly StackItem[], box: { width: number; height: number }, gap: number): StackedText[] {
  const byPriority = items.map((_, index) => index).sort((a, b) => items[a]!.priority - items[b]!.priority);
  const heightOf = (item: StackItem, fitted: FittedText) => fitted.lines.length * item.metrics.lineHeight(fitted.size);
  const attempt = (scale: number, groupMax: ReadonlyMap<string, number>): FittedText[] => {
    const fitted: FittedText[] = [];
    let used = gap * (items.length - 1);
    for (const [rank, index] of byPriority.entries()) {
      const item = items[index]!;
      const reserved = byPriority.slice(rank + 1).reduce((sum, later) => sum + items[later]!.metrics.lineHeight(items[later]!.min), 0);
      const max = Math.min(Math.max(item.min, item.max * scale), (item.group === undefined ? undefined : groupMax.get(item.group)) ?? Infinity);
      fitted[index] = fitText(item.text, { width: box.width, height: box.height - used - reserved }, { max, min: Math.min(item.min, max) }, item.metrics);
      used += heightOf(item, fitted[index]);
    }
    return fitted;
  };
  /** A try at `scale`, tried again with a group capped at its smallest one-line text while its texts differ. */
  const settled = (scale: number): FittedText[] => {
    const groupMax = new Map<string, number>();
    for (let round = 1; ; round++) {
      const fitted = attempt(scale, groupMax);
      let changed = false;
      items.forEach((item, index) => {
        const { size, lines } = fitted[index]!;
        if (item.group === undefined || lines.length !== 1 || size >= (groupMax.get(item.group) ?? Infinity)) return;
        groupMax.set(item.group, size);
        changed = true;
      });
      // Every cap only goes down, and a smaller one leaves more room: a round or two settles it.
      if (!changed || round === GROUP_ROUNDS_MAX) return fitted;
    }
  };
  const belowMin = (fitted: FittedText[]) => items.some((item, index) => fitted[index]!.size < item.min);
  let fitted = settled(1);
  for (let scale = 1 - STACK_SCALE_STEP; belowMin(fitted) && items.some((item) => item.max * (scale + STACK_SCALE_STEP) > item.min); scale -= STACK_SCALE_STEP) {
    fitted = settled(scale);
  }
  let top = 0;
  return fitted.map((text, index) => {
    const stacked = { ...text, top };
    top += heightOf(items[index]!, text) + gap;
    return stacked;
  });
}
