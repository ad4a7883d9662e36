import type { Kysely } from 'kysely';
import { localIsoDate } from '#shared/local-date.js';
import type { StockAlerts } from '#shared/schemas/stock-alerts.js';
import { gramsToKg, kgToGrams } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { runOutDatesByLot } from '#server/features/planning/service.js';
import { getSettings } from '#server/features/settings/service.js';
import * as repository from './repository.js';

/** The pace window: kg sold in the last 30 days (today included). */
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
 * sold in the last 30 days with the days until it runs out at that pace
 * (stock ÷ kg sold per day, whole days, rounded down). Each lot also carries
 * the roast plan's run-out date of its unit (its origin and roast type, or its
 * blend recipe), from the plan's service.
 */
export async function stockAlerts(db: Kysely<Database>, today = localIsoDate()): Promise<StockAlerts> {
  const settings = await getSettings(db);
  const thresholds = {
    green_kg: settings.low_stock_green_kg,
    roasted_kg: settings.low_stock_roasted_kg,
    blend_kg: settings.low_stock_blend_kg,
  };
  const since = isoDaysBefore(today, PACE_DAYS - 1);
  const [hasLots, origins, roasted, blends, runOut] = await Promise.all([
    repository.anyLot(db),
    repository.originsUnderThreshold(db, kgToGrams(thresholds.green_kg)),
    repository.lotsToWatch(db, 'roasted', kgToGrams(thresholds.roasted_kg), since),
    repository.lotsToWatch(db, 'blend', kgToGrams(thresholds.blend_kg), since),
    // The plan's own dates, never a second formula (docs/decisions/0028-roast-plan.md).
    runOutDatesByLot(db, today),
  ]);
  const lot = (kind: 'roasted' | 'blend') => (row: repository.WatchedLot) => ({
    kind,
    id: row.id,
    batch_code: row.batch_code,
    name: row.name,
    stock_kg: gramsToKg(row.stock_g),
    sold_30d_kg: gramsToKg(row.sold_g),
    days_left: row.sold_g > 0 ? Math.floor((row.stock_g * PACE_DAYS) / row.sold_g) : null,
    run_out_date: runOut[kind].get(row.id) ?? null,
  });
  const lots = [...roasted.map(lot('roasted')), ...blends.map(lot('blend'))].sort(
    (a, b) => (a.days_left ?? Number.MAX_SAFE_INTEGER) - (b.days_left ?? Number.MAX_SAFE_INTEGER) || a.stock_kg - b.stock_kg,
  );
  return {
    thresholds,
    origins: origins.map((origin) => ({ origin_id: origin.id, origin_name: origin.name, stock_kg: gramsToKg(origin.stock_g) })),
    lots,
    has_lots: hasLots,
  };
}
