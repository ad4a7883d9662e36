import { type FreshnessRules, type RoastAge, roastAge } from '#shared/freshness.js';
import { localIsoDate } from '#shared/local-date.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { getSettings } from '#server/features/settings/service.js';
import { type LotIds, readRoastDates } from './repository.js';

export { readRoastDates } from './repository.js';

/** Configuración's 'Reposo' and 'Frescura' (rest_days, freshness_days). */
export async function readFreshnessRules(db: DbOrTrx): Promise<FreshnessRules> {
  const { rest_days, freshness_days } = await getSettings(db);
  return { rest_days, freshness_days };
}

/**
 * Age and freshness of some roasted lots and blends, on the server's local date
 * (its TZ, docs/decisions/0049-roast-age-and-public-page.md): two reads, the settings and the roast dates.
 */
export async function readRoastAges(db: DbOrTrx, lots: LotIds, today = localIsoDate()): Promise<{ roasted: Map<number, RoastAge>; blend: Map<number, RoastAge> }> {
  const rules = await readFreshnessRules(db);
  const dates = await readRoastDates(db, lots);
  const ages = (byId: Map<number, string>) => new Map([...byId].map(([id, date]) => [id, roastAge(date, today, rules)]));
  return { roasted: ages(dates.roasted), blend: ages(dates.blend) };
}
