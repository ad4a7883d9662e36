import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { shrinkageText } from '#web/features/roasted-coffee/shrinkage.js';

describe('roast form shrinkage (quantity_green_kg − resultant_kg, 2 decimals)', () => {
  it('is empty until both quantities are numbers', () => {
    expect(shrinkageText('', '', defaultFormatter)).toBe('');
    expect(shrinkageText('12.5', '', defaultFormatter)).toBe('');
    expect(shrinkageText('12.5', 'abc', defaultFormatter)).toBe('');
  });

  it('shows 2 decimals, negative when the resultant is larger', () => {
    expect(shrinkageText('12.5', '10.25', defaultFormatter)).toBe('2.25');
    expect(shrinkageText('12.5', '13', defaultFormatter)).toBe('-0.50');
    expect(shrinkageText('10', '10', defaultFormatter)).toBe('0.00');
  });

  it('subtracts in grams, so float error never shows (0.3 − 0.1)', () => {
    expect(shrinkageText('0.3', '0.1', defaultFormatter)).toBe('0.20');
    expect(shrinkageText('100.1', '99.9', defaultFormatter)).toBe('0.20');
  });

  it('reads a decimal comma as the inputs take it (decision 0035): 10,15 as 10.15', () => {
    expect(shrinkageText('10,15', '8', defaultFormatter)).toBe('2.15');
    expect(shrinkageText('10,15', '8,1', defaultFormatter)).toBe(shrinkageText('10.15', '8.1', defaultFormatter));
    expect(shrinkageText('12,5', '10.25', defaultFormatter)).toBe('2.25');
    expect(shrinkageText(' 0,3 ', ',1', defaultFormatter)).toBe('0.20');
  });

  it('stays empty for what the body would not read as a number', () => {
    expect(shrinkageText('1,2,3', '1', defaultFormatter)).toBe('');
    expect(shrinkageText('1e3', '1', defaultFormatter)).toBe('');
    expect(shrinkageText('   ', '1', defaultFormatter)).toBe('');
  });
});
