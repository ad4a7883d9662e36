import { z } from 'zod';
import { EARLIEST_DATE } from '#shared/limits.js';
import { localIsoDate } from '#shared/local-date.js';
import { commonMessages } from '#shared/messages.js';
import { hasAtMostDecimals } from '#shared/units.js';

const invalid = { error: commonMessages.invalidRequest };

/** Largest id an `integer` column holds on PostgreSQL; a bigger one must be a 400/404, not a 500 there. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id from a URL, query or body: a positive integer that fits the column. */
export const rowIdSchema = z.coerce
  .number(invalid)
  .int(commonMessages.invalidRequest)
  .positive(commonMessages.invalidRequest)
  .max(MAX_ROW_ID, commonMessages.invalidRequest);

/** Pagination shared by every list route: each screen's list order (docs/product-guide.md#screens), `limit` rows from `offset`. */
export const paginationQuerySchema = z.object({
  limit: z.coerce.number(invalid).int(commonMessages.invalidRequest).min(1, commonMessages.invalidRequest).max(500, commonMessages.invalidRequest).default(100),
  offset: z.coerce.number(invalid).int(commonMessages.invalidRequest).min(0, commonMessages.invalidRequest).max(MAX_ROW_ID, commonMessages.invalidRequest).default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

/**
 * An editable record's version (docs/decisions/0038-record-versions.md): 1 when
 * created, one more after every edit. An edit sends the version its form was
 * read at (a delete may, as `?version=`); another one answers 409.
 */
export const recordVersionSchema = z
  .number(invalid)
  .int(commonMessages.invalidRequest)
  .min(1, commonMessages.invalidRequest)
  .max(MAX_ROW_ID, commonMessages.invalidRequest)
  .meta({ description: 'La versión del registro: 1 al crearlo, una más con cada edición.' });

/** DELETE `/:id?version=N`: refused (409) if the record changed since its row was read; without it, deleted whatever its version. */
export const deleteQuerySchema = z.object({
  version: z.coerce
    .number(invalid)
    .int(commonMessages.invalidRequest)
    .min(1, commonMessages.invalidRequest)
    .max(MAX_ROW_ID, commonMessages.invalidRequest)
    .optional()
    .meta({ description: 'Opcional: la versión de la fila que se quiere eliminar; si el registro cambió desde entonces, 409 y no se elimina nada.' }),
});

/** `/:id` params of every route. */
export const idParamsSchema = z.object({ id: rowIdSchema });

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

/** Absent, null or blank: a missing value, the form's "required" text. */
export const isMissing = (input: unknown): boolean =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/**
 * Stage one of a body's number field: missing is the form's "required" text
 * (the spec's, for every empty field at once); anything else that is not a
 * number ('abc' typed, NaN, "10,5" as JSON text) is `notANumber`, the field's
 * own message (docs/product-guide.md#validation-rules).
 */
export const requiredNumberSchema = (requiredMessage: string, notANumber: string) =>
  z.number({ error: (issue) => (isMissing(issue.input) ? requiredMessage : notANumber) });

/**
 * A positive decimal with at most `decimals` places. `missingMessage` is the form's
 * "required" text, for an absent value; one that is not a number answers
 * `notANumber`, the same text unless the field has its own.
 */
export const decimalSchema = (decimals: number, missingMessage: string, notANumber = missingMessage) =>
  z
    .number({ error: (issue) => (isMissing(issue.input) ? missingMessage : notANumber) })
    .refine(Number.isFinite, { message: notANumber })
    // A whole number has no decimals even when JS writes it in exponent form (1e+21):
    // such a value must reach the field's own "too large" rule, not this message.
    .refine((value) => Number.isInteger(value) || hasAtMostDecimals(value, decimals), {
      message: commonMessages.tooManyDecimals(decimals),
    });

/**
 * A business date (a green lot's entry, a roast, a blend's creation, a sale):
 * a real YYYY-MM-DD day from EARLIEST_DATE to today, today in the local time
 * zone of whoever checks (the browser's for a form, the server's TZ for the
 * API, which decides). ISO text compares like the calendar; "today" is read
 * when the body is checked. Each rule answers with its field's own message
 * (one that is no day names the text: 'Fecha de Entrada: 31/02/2026 no es una
 * fecha del calendario.'),
 * and only the first that fails. The order against other lots' dates needs the
 * database: docs/product-guide.md#data-rules.
 */
export const businessDateSchema = (messages: { invalidDate: (text: string) => string; dateTooOld: string; futureDate: string }) =>
  z
    .string()
    .refine(isRealIsoDate, { error: (issue) => messages.invalidDate(String(issue.input)), abort: true })
    .refine((date) => date >= EARLIEST_DATE, { message: messages.dateTooOld, abort: true })
    .refine((date) => date <= localIsoDate(), { message: messages.futureDate, abort: true });

export function isRealIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
