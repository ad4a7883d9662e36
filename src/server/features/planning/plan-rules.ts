import { PLANNING_WINDOW_DAYS as WINDOW } from '#shared/schemas/planning-limits.js';

/**
 * The roast plan's rules that need no database (docs/product-guide.md#roast-plan,
 * docs/decisions/0028-roast-plan.md): the run-out every screen shows, the
 * idle rule and the batch rounding. Pure, so the unit tests check them alone.
 */

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic on a date without time: no zone shifts). */
export function isoDaysAfter(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export { daysBetween } from '#shared/local-date.js';

/** ⌈a / b⌉ for a ≥ 0, b > 0, in BigInt: need × Σ green can pass 2^53. */
export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

export interface RunOut {
  /** ⌊stock ÷ pace⌋ whole days; null when nothing left the unit in the window. */
  days_left: number | null;
  /** today + days_left. */
  run_out_date: string | null;
}

/**
 * The one run-out of a unit, from its stock and what left it in the 28-day
 * window: the plan, its risk badges and home's alerts all show this, so they
 * cannot disagree (docs/product-guide.md#home).
 */
export function runOutOf(stock_g: number, out_g: number, today: string): RunOut {
  if (out_g <= 0) return { days_left: null, run_out_date: null };
  const daysLeft = Math.floor((stock_g * WINDOW) / out_g);
  return { days_left: daysLeft, run_out_date: isoDaysAfter(today, daysLeft) };
}

/**
 * What a unit did in the last 90 days (PLANNING_IDLE_DAYS): grams in (roasts,
 * blends made) and grams out (sales, draws by any blend, one-off ones too).
 */
export interface Movement {
  in_g: number;
  out_g: number;
}

/** Idle: nothing in or out in 90 days. Nobody buys it: the plan lists it apart and does not top it up. */
export const isIdle = (movement: Movement): boolean => movement.in_g <= 0 && movement.out_g <= 0;

/**
 * Green grams rounded up to whole batches of the roaster (Configuración's
 * 'Capacidad del tostador'); unchanged, with no batch count, while it is unset.
 */
export function roundToBatches(green_g: number, capacity_g: number | null): { green_g: number; batches: number | null } {
  if (capacity_g === null || capacity_g <= 0) return { green_g, batches: null };
  const batches = Math.ceil(green_g / capacity_g);
  return { green_g: batches * capacity_g, batches };
}
