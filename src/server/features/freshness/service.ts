import { type FreshnessRules, type RoastAge, roastAge } from '#shared/freshness.js';
import { localIsoDate } from '#shared/local-date.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { getSettings } from '#server/features/settings/service.js';
import { roastedStockValueByRoastDate, stockValuesCents } from '#server/features/costs/service.js';
import { blendsInStock, type LotIds, lotsInStock, readRoastDates } from './repository.js';

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

export interface AgedLot extends RoastAge {
  kind: 'roasted' | 'blend';
  id: number;
  stock_g: number;
  /** Its stock at cost, in cents (0 for a blend without draws, which has no cost). */
  value_cents: number;
}

/**
 * Every roasted lot and blend on hand with its age, state and value at cost (docs/decisions/0049-roast-age-and-public-page.md):
 * Inicio's stock past freshness and Reportes' stock by age. Reads only lots with stock.
 */
export async function agedStock(db: DbOrTrx, today = localIsoDate()): Promise<AgedLot[]> {
  const rules = await readFreshnessRules(db);
  const lots = await lotsInStock(db);
  const values = await stockValuesCents(db, {
    roasted: lots.filter((lot) => lot.kind === 'roasted'),
    blend: lots.filter((lot) => lot.kind === 'blend'),
  });
  return lots.map((lot) => ({
    kind: lot.kind,
    id: lot.id,
    stock_g: lot.stock_g,
    value_cents: values[lot.kind].get(lot.id) ?? 0,
    ...roastAge(lot.roast_date, today, rules),
  }));
}

/** Stock on hand that counts its age from one roast date: its grams and value at cost (cents). */
export interface StockOfAge extends RoastAge {
  stock_g: number;
  value_cents: number;
}

/**
 * Reportes' stock by age (docs/decisions/0049-roast-age-and-public-page.md): agedStock's lots summed
 * per roast date, with the same figures (each lot's value rounded once), one entry per roast date.
 * The roasted lots are summed in the database and only the blends are read one by one, so it
 * costs a few hundred rows, not one per lot (docs/performance.md P2b).
 */
export async function stockByRoastDate(db: DbOrTrx, today = localIsoDate()): Promise<StockOfAge[]> {
  const rules = await readFreshnessRules(db);
  const byDate = await roastedStockValueByRoastDate(db);
  const blends = await blendsInStock(db);
  const values = await stockValuesCents(db, { roasted: [], blend: blends });
  for (const blend of blends) {
    const day = byDate.get(blend.roast_date) ?? { stock_g: 0, value_cents: 0 };
    day.stock_g += blend.stock_g;
    day.value_cents += values.blend.get(blend.id) ?? 0;
    byDate.set(blend.roast_date, day);
  }
  return [...byDate].map(([roastDate, day]) => ({ ...day, ...roastAge(roastDate, today, rules) }));
}
