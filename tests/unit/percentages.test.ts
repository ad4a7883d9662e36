import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentageMessages } from '#shared/percentage-messages.js';
import {
  FULL_BASIS_POINTS,
  formatPercentTotal,
  parsePercentText,
  percentagesTotalError,
  percentageSchema,
  sumBasisPoints,
} from '#shared/percentages.js';

describe('percentages (recipes and blends)', () => {
  it('sums exactly in basis points, where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumBasisPoints([0.1, 0.2])).toBe(30);
    expect(sumBasisPoints([33.33, 33.33, 33.34])).toBe(FULL_BASIS_POINTS);
    expect(sumBasisPoints([33.33, 33.33, 33.33])).toBe(9999);
    expect(sumBasisPoints([0.1, 0.2, 99.7])).toBe(10_000);
  });

  it('writes the total the way the user typed it', () => {
    expect(formatPercentTotal(9999)).toBe('99.99');
    expect(formatPercentTotal(9000)).toBe('90');
    expect(formatPercentTotal(10050)).toBe('100.5');
    expect(formatPercentTotal(1)).toBe('0.01');
  });

  it('gives the Spanish message with the actual total, or null at exactly 100', () => {
    expect(percentagesTotalError([33.33, 33.33, 33.34])).toBeNull();
    expect(percentagesTotalError([33.33, 33.33, 33.33])).toBe(percentageMessages.mustTotal100('99.99'));
    expect(percentagesTotalError([33.33, 33.33, 33.33])).toBe(
      'Los porcentajes de los componentes deben sumar 100%. Actualmente suman 99.99%.',
    );
  });

  it('property: the message total is the exact sum of any 2-decimal percentages', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 8 }), (basisPoints) => {
        const total = basisPoints.reduce((sum, bp) => sum + bp, 0);
        const message = percentagesTotalError(basisPoints.map((bp) => bp / 100));
        expect(message).toBe(total === 10_000 ? null : percentageMessages.mustTotal100(String(total / 100)));
      }),
    );
  });

  it('accepts one percentage above 0, at most 2 decimals and at most 100', () => {
    const schema = percentageSchema('inválido');
    expect(schema.safeParse(0.01).success).toBe(true);
    expect(schema.safeParse(100).success).toBe(true);
    for (const bad of [0, -5, Number.NaN, 'abc', null, undefined, 100.001, 33.333, 100.01, 1e308]) {
      expect(schema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(schema.safeParse(-5).error?.issues[0]?.message).toBe('inválido');
  });

  it('reads a typed percentage: blank is missing, junk is NaN, a decimal comma is a point', () => {
    expect(parsePercentText('  ')).toBeUndefined();
    expect(parsePercentText('33.33')).toBe(33.33);
    expect(parsePercentText('33,33')).toBe(33.33);
    expect(parsePercentText(' 60 ')).toBe(60);
    expect(parsePercentText('.5')).toBe(0.5);
    expect(parsePercentText('abc')).toBeNaN();
    expect(parsePercentText('1e3')).toBeNaN();
    expect(parsePercentText('1,2,3')).toBeNaN();
  });
});
