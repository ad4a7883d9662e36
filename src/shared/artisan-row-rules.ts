import type { ArtisanPreview } from '#shared/schemas/artisan.js';
import { isRealIsoDate } from '#shared/schemas/common.js';
import { type RoastedCoffeeBody, roastedCoffeeBodySchema } from '#shared/schemas/roasted-coffee.js';
import { artisanMessages as m } from './artisan-messages.js';
import type { Formatter } from './format.js';
import { localIsoDate } from './local-date.js';
import { type GreenLotFacts, greenLotBreaks } from './roast-rules.js';
import { roastedCoffeeMessages as roasted } from './roasted-coffee-messages.js';
import { kgToGrams } from './units.js';

/**
 * The rules of one Artisan file's row (docs/product-guide.md#artisan-import): ONE set, run by
 * the preview (POST /api/artisan/preview), by the import before it records each file, and by
 * the screen each time a row's green lot, date or kilos change, so the three never disagree.
 */

/** What the rules read of the file: its preview's facts. */
export type ArtisanRowFile = Pick<ArtisanPreview, 'green_kg' | 'resultant_kg' | 'roast_date' | 'roast_date_problem' | 'event_problems'>;

/** The person's choices for the row; a typed `resultant_kg` or `roast_date` replaces the file's. */
export interface ArtisanRowChoices {
  green_coffee_id?: number | undefined;
  roast_type?: string | undefined;
  resultant_kg?: number | undefined;
  roast_date?: string | undefined;
}

/** The green lot chosen: its facts, or null when the id names no lot ('El lote de café verde seleccionado no es válido.'). */
export type ChosenGreenLot = GreenLotFacts | null;

export interface RowProblem {
  /** The API's error code when the import refuses the row for it. */
  code: 'validation' | 'insufficient_stock';
  message: string;
}

export interface ArtisanRowCheck {
  /** The roast form's body the row records; null while any rule is broken. */
  body: RoastedCoffeeBody | null;
  /** Every rule the row breaks, in the order the import checks them (it answers the first). */
  problems: RowProblem[];
}

export interface ArtisanRowContext {
  /** The shop's regional formatter: a refusal for stock names the kilos left in it. */
  formatter: Formatter;
  /** The chosen lot's facts (undefined: not looked at, as when no lot is chosen). */
  green?: ChosenGreenLot | undefined;
  /** Grams earlier rows of the same import take from that lot: the import records them first. */
  takenBeforeG?: number;
  /**
   * The import: a missing green lot or roast type is the form's 'Por favor, completa todos los
   * campos obligatorios.'. The preview and the screen leave a missing choice out of the rules
   * (the screen says 'Selecciona el lote de café verde.' itself).
   */
  requireChoices?: boolean;
}

const validation = (message: string): RowProblem => ({ code: 'validation', message });

/**
 * Checks the row: the file's events, its out-weight and date (or the typed ones), the roast
 * form's schema (kilos, type, date from 01/01/2000 to today) and, with a lot, the lot's stock
 * (less what earlier rows take) and entry date. Every broken rule is listed, not only the
 * first, so the screen can say everything a row needs at once.
 */
export function checkArtisanRow(file: ArtisanRowFile, choices: ArtisanRowChoices, context: ArtisanRowContext): ArtisanRowCheck {
  const problems: RowProblem[] = file.event_problems.map(validation);
  const resultantKg = choices.resultant_kg ?? file.resultant_kg;
  if (resultantKg === null) problems.push(validation(m.resultantMissing));
  const roastDate = choices.roast_date?.trim() || file.roast_date;
  if (roastDate === null) problems.push(validation(file.roast_date_problem ?? m.dateMissing));
  // The form's schema with a stand-in for what is missing, so every other value is still checked.
  const fill = !context.requireChoices;
  const parsed = roastedCoffeeBodySchema.safeParse({
    green_coffee_id: choices.green_coffee_id ?? (fill ? 1 : undefined),
    quantity_green_kg: file.green_kg,
    resultant_kg: resultantKg ?? file.green_kg,
    roast_type: choices.roast_type ?? (fill ? 'Medio' : undefined),
    roast_date: roastDate ?? localIsoDate(),
  });
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => validation(issue.message)));
  if (choices.green_coffee_id !== undefined && context.green !== undefined) problems.push(...lotProblems(file, roastDate, context.green, context.takenBeforeG ?? 0, context.formatter));
  const unique = problems.filter((problem, index) => problems.findIndex((other) => other.message === problem.message) === index);
  const complete = choices.green_coffee_id !== undefined && choices.roast_type !== undefined;
  return { body: unique.length === 0 && parsed.success && complete ? parsed.data : null, problems: unique };
}

/** The chosen lot's rules, as the roast form's create checks them (#shared/roast-rules), in the row's words. */
function lotProblems(file: ArtisanRowFile, roastDate: string | null, green: ChosenGreenLot, takenBeforeG: number, f: Formatter): RowProblem[] {
  if (green === null) return [validation(roasted.invalidGreenLot)];
  // A date that is no day is the schema's problem; the lot's date rule needs a real one.
  const date = roastDate !== null && isRealIsoDate(roastDate) ? roastDate : green.entry_date;
  return greenLotBreaks({ quantityG: kgToGrams(file.green_kg), roastDate: date }, { ...green, stock_g: green.stock_g - takenBeforeG }).map((broken) =>
    broken.rule === 'before_entry' ? validation(m.beforeGreenEntry(date, green.batch_code, green.entry_date)) : { code: broken.code, message: broken.message(f) },
  );
}
