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

  it('reads grams and cents back as the number their decimal text parses to', () => {
    const decimalText = (scaled: number, decimals: number) =>
      `${scaled < 0 ? '-' : ''}${String(Math.abs(scaled)).padStart(decimals + 1, '0').replace(new RegExp(`(\\d{${decimals}})$`), '.$1')}`;
    expect(decimalText(10125, 3)).toBe('10.125');
    expect(decimalText(-5, 2)).toBe('-0.05');
    fc.assert(fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (grams) => gramsToKg(grams) === Number(decimalText(grams, 3))));
    fc.assert(fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => centsToPrice(cents) === Number(decimalText(cents, 2))));
  });

  it('round-trips every gram and cent amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (grams) => kgToGrams(gramsToKg(grams)) === grams));
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => priceToCents(centsToPrice(cents)) === cents));
  });
});
