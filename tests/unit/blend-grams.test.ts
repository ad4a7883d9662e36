import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitGrams } from '#shared/blend-grams.js';

/** Percentages in basis points that add up to exactly 10000 (1 to 8 components, each above 0). */
const percentagesBp = fc
  .array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 7 })
  .map((cuts) => [...new Set(cuts.filter((cut) => cut < 10_000))].sort((a, b) => a - b))
  .map((cuts) => [...cuts, 10_000].map((cut, i, all) => cut - (i === 0 ? 0 : all[i - 1]!)));

describe('splitGrams (largest remainder, docs/decisions/0006)', () => {
  it('splits thirds, halves and sevenths to the gram', () => {
    expect(splitGrams(1000, [3333, 3333, 3334])).toEqual([333, 333, 334]);
    expect(splitGrams(1, [5000, 5000])).toEqual([1, 0]);
    expect(splitGrams(7000, [1429, 1429, 1429, 1429, 1429, 1429, 1426])).toEqual([1001, 1001, 1000, 1000, 1000, 1000, 998]);
    // Ties go to the earlier component whatever their order.
    expect(splitGrams(2, [2500, 5000, 2500])).toEqual([1, 1, 0]);
    expect(splitGrams(10_000, [10_000])).toEqual([10_000]);
  });

  it('always adds up to the total, each part within one gram of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), percentagesBp, (totalG, bps) => {
        const parts = splitGrams(totalG, bps);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(totalG);
        parts.forEach((part, i) => {
          expect(Number.isInteger(part)).toBe(true);
          expect(Math.abs(part * 10_000 - totalG * bps[i]!)).toBeLessThan(10_000);
        });
      }),
    );
  });
});
