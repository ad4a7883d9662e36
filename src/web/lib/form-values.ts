/**
 * Helpers for forms whose inputs hold text as typed (spec 4: quantities and
 * prices load as text) and are turned into the body the shared zod schema checks.
 */
import { localIsoDate } from '#shared/local-date.js';

/** An empty input is a missing value (the spec's "required" message), not 0; anything else is the number typed (NaN if not one). */
export const numberOrMissing = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** Today in the browser's time zone as YYYY-MM-DD: the default of a form's date input. */
export const todayIsoDate = (now = new Date()): string => localIsoDate(now);
