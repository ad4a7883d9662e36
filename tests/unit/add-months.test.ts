import { describe, expect, it } from 'vitest';
import { addMonths } from '#shared/local-date.js';

/** 'Consumir preferentemente antes del': the roast date plus whole months, a missing day as the month's last (docs/decisions/0050-bag-labels-and-business-identity.md). */
describe('addMonths', () => {
  it.each([
    ['2024-03-05', 12, '2025-03-05'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-11-30', 3, '2027-02-28'],
  ])('%s + %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});
