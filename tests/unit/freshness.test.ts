import { describe, expect, it } from 'vitest';
import { roastAge } from '#shared/freshness.js';

// The edges of both settings (docs/decisions/0049-roast-age-and-public-page.md): reposo while age < rest_days,
// pasado once age > freshness_days.
describe('roastAge', () => {
  const rules = { rest_days: 3, freshness_days: 30 };
  const at = (today: string) => roastAge('2026-12-01', today, rules);

  it('rests until rest_days, is fresh through freshness_days, past after', () => {
    expect(at('2026-12-01')).toEqual({ age_days: 0, freshness: 'reposo' });
    expect(at('2026-12-03')).toEqual({ age_days: 2, freshness: 'reposo' });
    expect(at('2026-12-04')).toEqual({ age_days: 3, freshness: 'fresco' });
    expect(at('2026-12-31')).toEqual({ age_days: 30, freshness: 'fresco' });
    expect(at('2027-01-01')).toEqual({ age_days: 31, freshness: 'pasado' });
  });

  it('with the defaults (0 and 30) a roast is fresh on its day; a date after today counts as age 0', () => {
    const defaults = { rest_days: 0, freshness_days: 30 };
    expect(roastAge('2026-12-01', '2026-12-01', defaults)).toEqual({ age_days: 0, freshness: 'fresco' });
    expect(roastAge('2026-12-02', '2026-12-01', defaults)).toEqual({ age_days: 0, freshness: 'fresco' });
    // Whole calendar days across a month, a year and a leap day, whatever the zone.
    expect(roastAge('2028-02-28', '2028-03-01', defaults).age_days).toBe(2);
  });

  it('a rest longer than the freshness goes straight from reposo to pasado', () => {
    expect(roastAge('2026-12-01', '2026-12-03', { rest_days: 5, freshness_days: 2 }).freshness).toBe('reposo');
    expect(roastAge('2026-12-01', '2026-12-06', { rest_days: 5, freshness_days: 2 }).freshness).toBe('pasado');
  });
});
