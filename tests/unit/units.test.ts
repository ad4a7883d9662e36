import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToPrice, decimalPlaces, gramsToKg, kgToGrams, priceToCents } from '#shared/units.js';

describe('exact units', () => {
  it('converts kg with up to 3 decimals to grams without float error', () => {
    expect(kgToGrams(0.1) + kgToGrams(0.2)).toBe(kgToGrams(0.3));
    expect(kgToGrams(10.125)).toBe(10125);
    expect(kgToGrams(1.005)).toBe(1005);
    expect(priceToCents(19.99)).toBe(1999);
    expect(() => kgToGrams(1.0005)).toThrow(RangeError);
    expect(decimalPlaces(1e-7)).toBeNull();
    expect(decimalPlaces(Number.NaN)).toBeNull();
  });

  it('round-trips every gram and cent amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (grams) => kgToGrams(gramsToKg(grams)) === grams));
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => priceToCents(centsToPrice(cents)) === cents));
  });
});
