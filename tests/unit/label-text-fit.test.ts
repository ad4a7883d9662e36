import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitText, stackTexts, type StackItem, type TextMetrics } from '#server/features/labels/text-fit.js';

/**
 * How a label's texts fill their boxes (docs/decisions/0029-lot-labels-and-qr.md#text-that-fits),
 * with a monospaced stand-in for the font: every character half the size wide, lines 1.2 × the size.
 */
const mono: TextMetrics = { width: (text, size) => [...text].length * 0.5 * size, lineHeight: (size) => 1.2 * size };
const style = { max: 10, min: 6 };

/** What a fitted text must always be: its words whole and in order, every line inside the box. */
function expectInside(text: string, box: { width: number; height: number }, fitted: { size: number; lines: string[] }, metrics = mono) {
  expect(fitted.lines.join(' ')).toBe(text.trim().split(/\s+/u).filter(Boolean).join(' '));
  for (const line of fitted.lines) expect(metrics.width(line, fitted.size)).toBeLessThanOrEqual(box.width + 1e-9);
  expect(fitted.lines.length * metrics.lineHeight(fitted.size)).toBeLessThanOrEqual(box.height + 1e-9);
}

describe('fitText', () => {
  it('keeps a text that fits at its largest size on one line', () => {
    expect(fitText('Colombia', { width: 100, height: 20 }, style, mono)).toEqual({ size: 10, lines: ['Colombia'] });
  });

  it('shrinks one line down to the smallest size before it wraps', () => {
    // 20 characters: 100 pt at 10, so 80 pt wide fits at 8.
    expect(fitText('Finca La Esperanza 1', { width: 80, height: 40 }, style, mono)).toEqual({ size: 8, lines: ['Finca La Esperanza 1'] });
  });

  it('then wraps at spaces, at the largest size whose lines fit, and never cuts a word', () => {
    const text = 'Finca La Esperanza de San José del Guaviare — Caturra Rosado Lavado';
    const box = { width: 80, height: 40 };
    const fitted = fitText(text, box, style, mono);
    expect(fitted.size).toBeGreaterThanOrEqual(style.min);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expectInside(text, box, fitted);
    // One size larger would not fit: the largest that does was taken.
    const larger = fitText(text, box, { max: fitted.size + 0.5, min: fitted.size + 0.5 }, mono);
    expect(larger.size).toBeLessThan(fitted.size + 0.5);
  });

  it('goes below the smallest size only when nothing fits there, whole words still, inside the box', () => {
    const word = 'Supercalifragilísticoespialidoso';
    const box = { width: 60, height: 30 };
    const fitted = fitText(word, box, style, mono);
    expect(fitted.size).toBeLessThan(style.min);
    expect(fitted.lines).toEqual([word]);
    expectInside(word, box, fitted);
  });

  it('whatever the words and the box, the words come out whole, in order, inside the box', () => {
    const word = fc.string({ minLength: 1, maxLength: 30 }).map((text) => text.replace(/\s/gu, 'x'));
    fc.assert(fc.property(
      fc.array(word, { minLength: 1, maxLength: 25 }),
      fc.double({ min: 5, max: 300, noNaN: true }),
      fc.double({ min: 5, max: 120, noNaN: true }),
      (words, width, height) => {
        const text = words.join(' ');
        expectInside(text, { width, height }, fitText(text, { width, height }, style, mono));
      },
    ));
  });
});

describe('stackTexts', () => {
  const item = (text: string, priority: number, change: Partial<StackItem> = {}): StackItem => ({ text, max: 10, min: 6, metrics: mono, priority, ...change });

  /** The texts one under the other, `gap` apart, none reaching out of the box. */
  function expectStacked(items: StackItem[], box: { width: number; height: number }, gap: number) {
    const stacked = stackTexts(items, box, gap);
    let bottom = -gap;
    stacked.forEach((text, index) => {
      expect(text.top).toBeCloseTo(bottom + gap, 9);
      expectInside(items[index]!.text, { width: box.width, height: Infinity }, text);
      bottom = text.top + text.lines.length * mono.lineHeight(text.size);
    });
    expect(bottom).toBeLessThanOrEqual(box.height + 1e-9);
    return stacked;
  }

  it('sets each text at its largest size when the box has room, one under the other', () => {
    const stacked = expectStacked([item('Colombia', 1), item('Café Verde', 2)], { width: 100, height: 100 }, 2);
    expect(stacked.map((text) => [text.size, text.top])).toEqual([[10, 0], [10, 14]]);
  });

  it('gives the room by priority, and shrinks every text together before any goes below its smallest size', () => {
    // 30 pt tall: a 3-line name at 10 pt (36 pt) cannot leave a line for the recipe.
    const name = 'Finca La Esperanza de San José del Guaviare';
    const recipe = 'Receta: Mezcla Señorial de Año Nuevo';
    const stacked = expectStacked([item(name, 1), item(recipe, 2)], { width: 100, height: 30 }, 1);
    for (const text of stacked) expect(text.size).toBeGreaterThanOrEqual(6);
    // The first in priority keeps the larger size.
    expect(stacked[0]!.size).toBeGreaterThanOrEqual(stacked[1]!.size);
  });

  it('sets a group\'s one-line texts at one size, the smallest any of them needs', () => {
    const stacked = expectStacked(
      [item('Café Verde', 3, { group: 'g' }), item('Finca: Vereda El Ñame, Guaviare', 5, { group: 'g' }), item('Entrada: 29/02/2024', 4, { group: 'g' })],
      { width: 120, height: 100 },
      1,
    );
    expect(new Set(stacked.map((text) => text.size)).size).toBe(1);
    expect(stacked[1]!.lines).toHaveLength(1);
  });

  it('whatever the texts, they stay in the box, in order, whole', () => {
    const words = fc.array(fc.constantFrom('Finca', 'La', 'Esperanza', 'José', 'del', 'Guaviare', '—', 'Receta:', 'Ñame', 'Cacao', '15/03/2024'), { minLength: 1, maxLength: 12 });
    fc.assert(fc.property(fc.array(words, { minLength: 1, maxLength: 5 }), fc.double({ min: 60, max: 200, noNaN: true }), (texts, width) => {
      // Room for one line of every text at its smallest size, as the label layouts leave.
      const height = texts.length * (mono.lineHeight(6) + 1) + 10;
      expectStacked(texts.map((text, index) => item(text.join(' '), index + 1, { group: index > 0 ? 'g' : undefined })), { width, height }, 1);
    }));
  });
});
