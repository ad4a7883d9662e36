import { describe, expect, it } from 'vitest';
import { figureDifferences, figuresOutside, type RoastFigures, weightLossPercent } from '#shared/reference-profile.js';

/** The reference profile's arithmetic (docs/decisions/0053-reference-profile.md). */
describe('perfil de referencia: diferencias y tolerancias', () => {
  const reference: RoastFigures = { first_crack: 480, dtr: 20, drop_temp: 205, total_time: 600, weight_loss: 15 };
  const none = { first_crack: null, dtr: null, drop_temp: null, total_time: null, weight_loss: null };

  it('subtracts figure by figure, leaving out what either roast lacks, and converts a temperature difference without the offset', () => {
    const roast: RoastFigures = { first_crack: null, dtr: 21.5, drop_temp: 210, total_time: 590, weight_loss: 15.1 };
    expect(figureDifferences(roast, reference, 'C')).toEqual({ first_crack: null, dtr: 1.5, drop_temp: 5, total_time: -10, weight_loss: 0.1 });
    expect(figureDifferences(roast, reference, 'F').drop_temp).toBe(9);
    expect(figureDifferences(reference, { ...reference, dtr: null }, 'C').dtr).toBeNull();
  });

  it('flags a difference larger than its tolerance either way; equal is within, and a figure without a tolerance or a difference is not checked', () => {
    const differences = { first_crack: -31, dtr: 2, drop_temp: null, total_time: 30, weight_loss: 0.1 };
    expect(figuresOutside(differences, { first_crack: 30, dtr: 2, drop_temp: 1, total_time: 29.9, weight_loss: null })).toEqual(['first_crack', 'total_time']);
    expect(figuresOutside(differences, none)).toEqual([]);
  });

  it('computes the weight loss from exact grams', () => {
    expect(weightLossPercent(10_000, 8_500)).toBe(15);
    expect(weightLossPercent(1_000, 833)).toBeCloseTo(16.7, 10);
  });
});
