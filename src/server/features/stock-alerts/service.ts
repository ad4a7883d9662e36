import type { Kysely } from 'kysely';
import { localIsoDate } from '#shared/local-date.js';
import type { StockAlerts } from '#shared/schemas/stock-alerts.js';
import { centsToPrice, gramsToKg, kgToGrams } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { runOutsByLot } from '#server/features/planning/service.js';
import { getSettings } from '#server/features/settings/service.js';
import { agedStock } from '#server/features/freshness/service.js';
import * as repository from './repository.js';

/** Which lots the card watches: those sold in the last 30 days (today included). */
const PACE_DAYS = 30;

/** 'YYYY-MM-DD' minus `days` calendar days (UTC arithmetic on a date without time: no zone shifts). */
function isoDaysBefore(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * GET /api/stock-alerts (the home card, docs/decisions/0011-cost-per-kg-and-margins.md
 * "Low stock"): origins whose green stock is under 'low_stock_green_kg',
 * roasted lots and blends under their threshold, and every roasted lot or blend
 * sold in the last 30 days. Each lot carries one run-out, its unit's (its
 * origin and roast type, or its blend recipe), computed by the plan's own
 * runOutOf: home and the plan cannot disagree (docs/product-guide.md#home).
 * Beside them, the pending orders due today and tomorrow (and overdue).
 */
export async function stockAlerts(db: Kysely<Database>, today = localIsoDate()): Promise<StockAlerts> {
  const settings = await getSettings(db);
  const thresholds = {
    green_kg: settings.low_stock_green_kg,
    roasted_kg: settings.low_stock_roasted_kg,
    blend_kg: settings.low_stock_blend_kg,
  };
  const since = isoDaysBefore(today, PACE_DAYS - 1);
  const [hasLots, origins, roasted, blends, runOuts, ordersDue] = await Promise.all([
    repository.anyLot(db),
    repository.originsUnderThreshold(db, kgToGrams(thresholds.green_kg)),
    repository.lotsToWatch(db, 'roasted', kgToGrams(thresholds.roasted_kg), since),
    repository.lotsToWatch(db, 'blend', kgToGrams(thresholds.blend_kg), since),
    // The plan's own run-outs, never a second formula (docs/decisions/0028-roast-plan.md).
    runOutsByLot(db, today),
    repository.pendingOrdersDue(db, today, isoDaysBefore(today, -1)), // -1 day before: tomorrow
  ]);
  const past = (await agedStock(db, today)).filter((aged) => aged.freshness === 'pasado');
  const lot = (kind: 'roasted' | 'blend') => (row: repository.WatchedLot) => {
    // A lot made after the plan's read (between the two reads) has no unit yet: no run-out until the next load.
    const runOut = runOuts[kind].get(row.id) ?? { days_left: null, run_out_date: null, unit_name: null };
    return {
      kind,
      id: row.id,
      batch_code: row.batch_code,
      name: row.name,
      stock_kg: gramsToKg(row.stock_g),
      sold_30d_kg: gramsToKg(row.sold_g),
      unit_name: runOut.unit_name,
      days_left: runOut.days_left,
      run_out_date: runOut.run_out_date,
    };
  };
  const lots = [...roasted.map(lot('roasted')), ...blends.map(lot('blend'))].sort(
    (a, b) => (a.days_left ?? Number.MAX_SAFE_INTEGER) - (b.days_left ?? Number.MAX_SAFE_INTEGER) || a.stock_kg - b.stock_kg,
  );
  return {
    thresholds,
    origins: origins.map((origin) => ({ origin_id: origin.id, origin_name: origin.name, stock_kg: gramsToKg(origin.stock_g) })),
    lots,
    orders_due: { date: today, ...ordersDue },
    past_freshness: {
      lots: past.length,
      kg: gramsToKg(past.reduce((sum, aged) => sum + aged.stock_g, 0)),
      value: centsToPrice(past.reduce((sum, aged) => sum + aged.value_cents, 0)),
    },
    has_lots: hasLots,
  };
}
