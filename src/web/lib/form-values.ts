/**
 * Helpers for forms whose inputs hold text as typed (spec 4: quantities and
 * prices load as text) and are turned into the body the shared zod schema checks.
 */

/** An empty input is a missing value (the spec's "required" message), not 0; anything else is the number typed (NaN if not one). */
export const numberOrMissing = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** Today in the browser's time zone as YYYY-MM-DD: the default of a form's date input. */
export function todayIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
