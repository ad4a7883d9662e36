import { hasAtMostDecimals, KG_DECIMALS, kgToGrams } from './units.js';

/** Where the currency symbol goes: '$20.14' (before) or '20,14 €' (after, with a space). */
export type CurrencyPosition = 'before' | 'after';
export type DecimalSeparator = '.' | ',';

/**
 * The shop's regional format (Configuración › Formato regional, docs/product-guide.md#configuracion):
 * the currency symbol, its side and the decimal separator. The names are the
 * settings' API names, so `GET /api/settings` and the session answer hand it over as is.
 */
export interface RegionalFormat {
  currency_symbol: string;
  currency_position: CurrencyPosition;
  decimal_separator: DecimalSeparator;
}

/** The spec's look: '$' before the amount, a decimal point (docs/product-guide.md#business-constants). */
export const DEFAULT_REGIONAL_FORMAT: RegionalFormat = { currency_symbol: '$', currency_position: 'before', decimal_separator: '.' };

/**
 * Every number a person reads, in the shop's regional format: the one way to
 * write an amount on a screen, in a message, a CSV header, a chart or a label
 * (docs/decisions/0042-one-regional-formatter.md). No thousands grouping in
 * amounts (the spec's look: '1250.00 Kg').
 */
export interface Formatter {
  readonly format: RegionalFormat;
  /** 2 decimals, rounded half away from zero on the decimal value: '20.14' / '20,14'. */
  twoDecimals(value: number): string;
  /** '69.50 Kg' / '69,50 Kg'. */
  kg(kg: number): string;
  /** '$20.14' / '20,14 €'. */
  money(amount: number): string;
  /** Kilos to the gram, never rounded up: '0.999', '1.50' (see exactKilos below). */
  exactKilos(kg: number): string;
  /** exactKilos with its unit: '0,999 Kg'. */
  kgExact(kg: number): string;
  /**
   * Every gram, always 3 decimals: '1.389 Kg'. For the backward trace's shares, which add up
   * exactly to the traced kilos (docs/product-guide.md#trazabilidad); 2 decimals would hide it.
   */
  gramsKg(kg: number): string;
  /** A number as it is, no digits added or dropped ('7.5', '4', '5,3'): figures in messages. */
  plain(value: number): string;
  /** One decimal, always ('191.2', '110,0', '-8.8'): a roast's temperatures, rates of rise and shares (docs/decisions/0052-roast-metrics.md). */
  oneDecimal(value: number): string;
  /**
   * A whole count in a limit's message, its thousands grouped by the mark that is not the
   * decimal one ('500.000' with a decimal comma, '500,000' with a point), from 10 000 up as
   * Spanish writes them ('5000'): grouped by the other mark, '500.000' would read as 500.
   */
  count(value: number): string;
  /** What a header or label puts in brackets: '$' or '€'; `perKg` is '$/Kg'. */
  readonly currency: string;
  readonly perKg: string;
}

/**
 * Rounded half away from zero on the decimal value, not on its binary float:
 * `(1.525).toFixed(2)` gives "1.52" because 1.525 is stored as 1.52499…, but a
 * person adding up kilos expects "1.53". Values here carry at most 6 decimals
 * (kg × price), so scaling by 10^6 recovers the decimal exactly.
 */
function twoDecimalsWith(value: number, separator: DecimalSeparator): string {
  const micro = Math.round(Math.abs(value) * 1_000_000);
  const cents = Math.floor(micro / 10_000) + (micro % 10_000 >= 5_000 ? 1 : 0);
  const text = `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;
  return value < 0 && cents !== 0 ? `-${text}` : text;
}

/**
 * Kilos where someone decides from the amount (a label's net weight, what a
 * sale may take, a count's expected stock): every gram shown, 3 decimals when
 * the grams need them ('0.999'), the usual 2 otherwise ('1.50', '10.00').
 * Two decimals would show 0.999 kg as '1.00', a kilo the lot does not
 * hold, and a sale of 1 Kg would then be refused. Stock has whole grams, so
 * nothing is rounded; a value with more decimals is cut to its grams
 * (towards zero), never rounded up (docs/decisions/0039-stock-never-above-entry.md).
 */
function exactKilosWith(kg: number, separator: DecimalSeparator): string {
  const grams = hasAtMostDecimals(kg, KG_DECIMALS) ? Math.abs(kgToGrams(kg)) : Math.floor(Math.abs(kg) * 1000);
  const fraction = String(grams % 1000).padStart(3, '0');
  const text = `${Math.floor(grams / 1000)}${separator}${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
  return kg < 0 && grams !== 0 ? `-${text}` : text;
}

/** Whole grams as kilos with all three decimals, the grams rounded (a value from the API is grams / 1000). */
function threeDecimalsWith(kg: number, separator: DecimalSeparator): string {
  const grams = Math.round(Math.abs(kg) * 1000);
  const text = `${Math.floor(grams / 1000)}${separator}${String(grams % 1000).padStart(3, '0')}`;
  return kg < 0 && grams !== 0 ? `-${text}` : text;
}

/** The formatter of one regional format (the web builds it from the session, the server from the settings). */
export function regionalFormatter(format: RegionalFormat): Formatter {
  const separator = format.decimal_separator;
  const withCurrency = (number: string) => (format.currency_position === 'after' ? `${number} ${format.currency_symbol}` : `${format.currency_symbol}${number}`);
  const twoDecimals = (value: number) => twoDecimalsWith(value, separator);
  const exactKilos = (kg: number) => exactKilosWith(kg, separator);
  return {
    format,
    twoDecimals,
    kg: (kg) => `${twoDecimals(kg)} Kg`,
    // A negative margin keeps the look it had before the setting: '$-5.00' ('-5,00 €' after).
    money: (amount) => withCurrency(twoDecimals(amount)),
    exactKilos,
    kgExact: (kg) => `${exactKilos(kg)} Kg`,
    gramsKg: (kg) => `${threeDecimalsWith(kg, separator)} Kg`,
    plain: (value) => String(value).replace('.', separator),
    // The server sends these already rounded to one decimal (roast-metrics.ts); toFixed only writes the digit.
    oneDecimal: (value) => (Object.is(value, -0) ? 0 : value).toFixed(1).replace('-0.0', '0.0').replace('.', separator),
    count: (value) => (Math.abs(value) < 10_000 ? String(value) : String(value).replace(/\B(?=(\d{3})+$)/g, separator === ',' ? '.' : ',')),
    currency: format.currency_symbol,
    perKg: `${format.currency_symbol}/Kg`,
  };
}

/** The formatter at the defaults: for tests and the texts written before any setting is read. */
export const defaultFormatter = regionalFormatter(DEFAULT_REGIONAL_FORMAT);

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
