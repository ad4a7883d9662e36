import type { Formatter } from './format.js';
import { roastedCoffeeMessages as m } from './roasted-coffee-messages.js';
import { gramsToKg } from './units.js';

/** What the roast's rules read of its green lot: its code, entry date and on-hand grams. */
export interface GreenLotFacts {
  batch_code: string;
  entry_date: string;
  stock_g: number;
}

/**
 * A rule of a roast against its green lot that it breaks (docs/product-guide.md#roasted-lot):
 * 'No hay suficiente café verde…' (a 409) or a roast dated before the lot's entry (a 400).
 */
export type GreenLotBreak =
  | { rule: 'insufficient_stock'; code: 'insufficient_stock'; message: (f: Formatter) => string }
  | { rule: 'before_entry'; code: 'validation'; message: (f: Formatter) => string };

/**
 * Every rule of the roast's green lot that this roast breaks, in the form's order: stock
 * first, then the date. One rule set for the roast form's create and for the Artisan import
 * and its preview (src/shared/artisan-row-rules.ts), so a preview can never call 'Lista' a
 * row that the import then refuses. A break's message is worded on demand with the shop's
 * regional format (`f`), so a roast that breaks nothing never reads the format (docs/decisions/0033).
 */
export function greenLotBreaks(roast: { quantityG: number; roastDate: string }, green: GreenLotFacts): GreenLotBreak[] {
  const broken: GreenLotBreak[] = [];
  if (green.stock_g < roast.quantityG) broken.push({ rule: 'insufficient_stock', code: 'insufficient_stock', message: (f) => m.notEnoughGreen(gramsToKg(Math.max(0, green.stock_g)), f) });
  if (roastBeforeEntry(roast.roastDate, green)) broken.push({ rule: 'before_entry', code: 'validation', message: () => m.beforeGreenEntry(green.batch_code, green.entry_date) });
  return broken;
}

/** A roast is dated on or after its green lot's entry (the same day is fine). */
export const roastBeforeEntry = (roastDate: string, green: Pick<GreenLotFacts, 'entry_date'>): boolean => roastDate < green.entry_date;
