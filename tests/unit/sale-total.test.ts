import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saleTotalCents } from '#shared/sale-total.js';
import { kgToGrams, priceToCents } from '#shared/units.js';

describe('saleTotalCents: a sale total exact to the cent, half up', () => {
  it('multiplies kg by $/kg without float error', () => {
    // 0.1 kg × 0.3 $ would be 0.030000000000000002 in floats.
    expect(saleTotalCents(kgToGrams(0.1), priceToCents(0.3))).toBe(3);
    expect(saleTotalCents(kgToGrams(2.5), priceToCents(15))).toBe(3750);
    expect(saleTotalCents(kgToGrams(1.005), priceToCents(19.99))).toBe(2009); // 20.08995 → 20.09
  });

  it('rounds an exact half cent up and anything below it down', () => {
    expect(saleTotalCents(1, 5)).toBe(0); // 0.005 cents
    expect(saleTotalCents(100, 5)).toBe(1); // 0.5 cents → 1
    expect(saleTotalCents(99, 5)).toBe(0); // 0.495 cents → 0
    expect(saleTotalCents(kgToGrams(0.125), priceToCents(0.1))).toBe(1); // 1.25 cents → 1
    expect(saleTotalCents(kgToGrams(0.015), priceToCents(1))).toBe(2); // 1.5 cents → 2
  });

  it('stays exact beyond 2^53 milli-cents', () => {
    // 1,000,000 kg at 1,000,000 $/kg: 10^9 g × 10^8 c = 10^17 milli-cents.
    expect(saleTotalCents(1_000_000_000, 100_000_000)).toBe(100_000_000_000_000);
  });

  it('equals the rational value rounded half up, for any grams and cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), (grams, cents) => {
        const exact = BigInt(grams) * BigInt(cents);
        const floor = exact / 1000n;
        const rest = exact % 1000n;
        return BigInt(saleTotalCents(grams, cents)) === (rest >= 500n ? floor + 1n : floor);
      }),
    );
  });

  it('refuses what is not a whole, non-negative amount', () => {
    expect(() => saleTotalCents(-1, 100)).toThrow(RangeError);
    expect(() => saleTotalCents(1.5, 100)).toThrow(RangeError);
  });
});
