// The roast plan's texts that home shows, in a module of its own: home is in
// the login + home JavaScript budget (scripts/check-web-budget.ts), and
// planning-messages.ts holds every text of the plan's screen.
import { PLANNING_WINDOW_DAYS } from '#shared/schemas/planning-limits.js';
import { formatDate } from './format.js';

export const daysText = (count: number): string => (count === 1 ? '1 día' : `${count} días`);

/** 'se agota el 28/12/2026, en 26 días' ('se agota hoy, …' at 0 days): how the plan's cards and home's alerts say a run-out. */
export const runOutPhrase = (isoDate: string, daysLeft: number): string =>
  daysLeft === 0 ? `se agota hoy, ${formatDate(isoDate)}` : `se agota el ${formatDate(isoDate)}, en ${daysText(daysLeft)}`;

/**
 * A home alert's one run-out figure (docs/product-guide.md#home): its unit's,
 * as the roast plan computes it. `unitName` null: a blend made without a
 * recipe, its own unit.
 */
export function runOutAlertText(unitName: string | null, runOut: { days_left: number | null; run_out_date: string | null }): string {
  const unit = unitName ?? 'esta mezcla';
  if (runOut.days_left === null || runOut.run_out_date === null) return `${unit}: sin salidas en ${daysText(PLANNING_WINDOW_DAYS)}`;
  return `${unit} ${runOutPhrase(runOut.run_out_date, runOut.days_left)}`;
}

/** Under home's alerts: what every date there means, once. */
export const runOutAlertNote = `Fechas del Plan de Tueste: cada café con todos sus lotes (o cada receta con todas sus mezclas), al ritmo de salida de los últimos ${daysText(PLANNING_WINDOW_DAYS)}.`;
