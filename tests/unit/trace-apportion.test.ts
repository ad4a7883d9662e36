import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion } from '#server/features/traceability/apportion.js';
import { blendCost, costOfGramsCents, costPerKgCents, greenCost, marginPercent, roastCost, roundHalfUp } from '#server/features/costs/cost-math.js';

describe('apportion: backward-trace shares (largest remainder)', () => {
  it('the parts add up to the total exactly and each is within one unit of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 12 }), (total, weights) => {
        const parts = apportion(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        const sum = weights.reduce((a, b) => a + b, 0);
        parts.forEach((part, index) => expect(Math.abs(part - (total * weights[index]!) / sum)).toBeLessThan(1));
      }),
    );
  });

  it('2500 g over draws of 5000 and 4000 g: 1389 + 1111; ties go to the earlier weight', () => {
    expect(apportion(2500, [5000, 4000])).toEqual([1389, 1111]);
    expect(apportion(1, [1, 1])).toEqual([1, 0]);
  });
});

describe('cost arithmetic: exact fractions, one rounding', () => {
  it('roasts and blends of the known trace chain (tests/helpers/trace-chain.ts)', () => {
    const r1 = roastCost(greenCost(800), 20_000, 16_500);
    const r3 = roastCost(greenCost(950), 15_000, 12_300);
    expect(costPerKgCents(r1)).toBe(970);
    expect(costPerKgCents(r3)).toBe(1159);
    const blend = blendCost([{ grams: 5000, cost: r1 }, { grams: 4000, cost: r3 }])!;
    expect(costPerKgCents(blend)).toBe(1054);
    expect(costOfGramsCents(blend, 2500)).toBe(2634);
    expect(blendCost([])).toBeUndefined();
  });

  it('rounds halves away from zero, so a negative margin rounds like a positive one', () => {
    expect(roundHalfUp(5n, 2n)).toBe(3n);
    expect(roundHalfUp(-5n, 2n)).toBe(-3n);
    expect(roundHalfUp(4n, 3n)).toBe(1n);
    expect(marginPercent(-249, 2877)).toBe(-8.65);
    expect(marginPercent(0, 0)).toBeNull();
  });
});
