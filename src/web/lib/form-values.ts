/**
 * Helpers for forms whose inputs hold text as typed (quantities and prices
 * load as text, docs/product-guide.md#screens) and are turned into the body the shared zod schema checks.
 */
import { formatDate, parseSpanishDate } from '#shared/format.js';
import { localIsoDate } from '#shared/local-date.js';
import { parseDecimalText } from '#shared/units.js';

/** One choice of a <SelectField> or a <RadioGroupField>: the value the form holds and the text shown. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * An empty input is a missing value (the form's "required" message), not 0; anything else is the
 * number typed, with a decimal comma or point ('1,5' is 1.5), or NaN if it is not a plain decimal.
 */
export const numberOrMissing = (text: string): number | undefined => parseDecimalText(text);

/** Today in the browser's time zone as a <DateField> shows it (dd/mm/aaaa): the default of a form's date. */
export const todayDateText = (now = new Date()): string => formatDate(localIsoDate(now));

/**
 * A <DateField>'s text as the API's YYYY-MM-DD; text that is not a day of the
 * calendar goes on as typed, so the shared schema refuses it with its message.
 */
export const isoDateOrAsTyped = (text: string): string => parseSpanishDate(text) ?? text.trim();
