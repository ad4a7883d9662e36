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

/** dd/mm/aaaa, as Spain writes dates (issue 11); read in UTC so the day never shifts with the browser's time zone. */
const SPANISH_DATE = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/**
 * A `YYYY-MM-DD` date as the screens show it: '2024-03-15' → '15/03/2024'. The
 * API and URLs keep ISO; only what a person reads changes. Anything else is
 * shown as it came.
 */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? isoDate : SPANISH_DATE.format(date);
}
