import { hasAtMostDecimals, KG_DECIMALS, kgToGrams } from './units.js';

/**
 * Display rules (docs/product-guide.md#business-constants): quantities, prices and totals show 2 decimals.
 * Rounded half away from zero on the decimal value, not on its binary float:
 * `(1.525).toFixed(2)` gives "1.52" because 1.525 is stored as 1.52499…, but a
 * person adding up kilos expects "1.53". Values here carry at most 6 decimals
 * (kg × price), so scaling by 10^6 recovers the decimal exactly.
 */
export function formatTwoDecimals(value: number): string {
  const micro = Math.round(Math.abs(value) * 1_000_000);
  const cents = Math.floor(micro / 10_000) + (micro % 10_000 >= 5_000 ? 1 : 0);
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return value < 0 && cents !== 0 ? `-${text}` : text;
}

export const formatKg = (kg: number): string => `${formatTwoDecimals(kg)} Kg`;

export const formatMoney = (amount: number): string => `$${formatTwoDecimals(amount)}`;

/**
 * Kilos where someone decides from the amount (a label's net weight, what a
 * sale may take, a count's expected stock): every gram shown, 3 decimals when
 * the grams need them ('0.999'), the usual 2 otherwise ('1.50', '10.00').
 * formatTwoDecimals would show 0.999 kg as '1.00', a kilo the lot does not
 * hold, and a sale of 1 Kg would then be refused. Stock has whole grams, so
 * nothing is rounded; a value with more decimals is cut to its grams
 * (towards zero), never rounded up (docs/decisions/0039-stock-never-above-entry.md).
 */
export function formatExactKilos(kg: number): string {
  const grams = hasAtMostDecimals(kg, KG_DECIMALS) ? Math.abs(kgToGrams(kg)) : Math.floor(Math.abs(kg) * 1000);
  const fraction = String(grams % 1000).padStart(3, '0');
  const text = `${Math.floor(grams / 1000)}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
  return kg < 0 && grams !== 0 ? `-${text}` : text;
}

export const formatKgExact = (kg: number): string => `${formatExactKilos(kg)} Kg`;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A `YYYY-MM-DD` date as the screens show it, dd/mm/aaaa as Spain writes it
 * (docs/product-guide.md#screens): '2024-03-15' → '15/03/2024'. The API and URLs keep ISO; only what
 * a person reads changes. Anything else, including a day the calendar does not
 * have ('2024-02-30'), is shown as it came.
 * Written out by hand rather than with `Intl.DateTimeFormat('es-ES')`: building
 * that formatter loads the locale's ICU data, one ~50 ms task on a desktop CPU
 * (~190 ms on Lighthouse's throttled phone) on every screen's first paint.
 */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match && calendarDate(match[1]!, match[2]!, match[3]!) ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** YYYY-MM-DD when the three parts name a day the calendar has ('2024-02-30' does not). */
function calendarDate(year: string, month: string, day: string): string | undefined {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * The inverse of formatDate for what a person types in a date field: day first,
 * as in Spain ('15/03/2024', '5/3/2024', '15-03-2024', '15.03.2024', or
 * '15032024' from a phone's digit pad, which has no '/'), or an ISO date
 * pasted from elsewhere. Returns YYYY-MM-DD, or undefined when it is not a
 * day of the calendar.
 */
export function parseSpanishDate(text: string): string | undefined {
  const typed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (iso) return calendarDate(iso[1]!, iso[2]!, iso[3]!);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  return dayFirst ? calendarDate(dayFirst[3]!, dayFirst[2]!, dayFirst[1]!) : undefined;
}

/** An instant as dd/mm/aaaa, hh:mm in the browser's time zone (the lot history's 'Fecha y Hora'), as es-ES writes it. */
export function formatDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
