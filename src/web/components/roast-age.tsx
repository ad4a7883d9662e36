import { formatDate } from '#shared/format.js';
import { type RoastAge, roastAgeText } from '#shared/freshness.js';

/**
 * A date cell with the lot's age and state under it in small type ('Edad: 12 días · Fresco'), so the
 * spec's columns stay (docs/decisions/0049-roast-age-and-public-page.md); past freshness reads in red.
 */
export function RoastAgeCell({ date, age }: { date: string; age: RoastAge }) {
  return (
    <span className="roast-age-cell">
      <span>{formatDate(date)}</span>
      <span className={`roast-age roast-age--${age.freshness}`}>{roastAgeText(age)}</span>
    </span>
  );
}
