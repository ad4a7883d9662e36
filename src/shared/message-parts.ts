// Pieces several messages modules build their texts from (messages.ts and the areas'
// *-messages.ts beside it).
import { formatDate } from './format.js';
import { EARLIEST_DATE } from './limits.js';

/** '01/01/2000': the earliest business date as the screens write it. */
export const EARLIEST = formatDate(EARLIEST_DATE);

/** 'CO-1, CO-2, CO-3, …': the first lot codes of a list, so a message stays short however many there are. */
export const codeList = (codes: readonly string[], shown = 3): string =>
  codes.length > shown ? `${codes.slice(0, shown).join(', ')}, …` : codes.join(', ');

/**
 * 'Otro usuario modificó esta venta mientras la editabas. Recarga para ver sus cambios.':
 * an edit or delete sent from a form read at an older version of the record
 * (docs/decisions/0038-record-versions.md), in each area's words.
 */
export const editedByOther = (record: string, pronoun: 'lo' | 'la'): string =>
  `Otro usuario modificó ${record} mientras ${pronoun} editabas. Recarga para ver sus cambios.`;

/**
 * A filled field whose text is wrong, named by its label as the form shows it
 * (docs/product-guide.md#validation-rules): 'Cantidad (Kg): escribe un número, con coma o punto
 * decimal.'. An empty field keeps the spec's "complete every field" text instead.
 */
export const fieldProblem = (label: string, problem: string): string => `${label}: ${problem}`;

/** 'Cantidad (Kg): escribe un número, con coma o punto decimal.': text where a number goes ('abc', '1,2,3'). */
export const notANumber = (label: string): string => fieldProblem(label, 'escribe un número, con coma o punto decimal.');

/** The date field takes 10 characters; longer text from an API client is cut in the message. */
const DATE_ECHO_MAX = 20;

/** 'Fecha de Tostado: 31/02/2026 no es una fecha del calendario.': a date as typed that is no day (or no date at all). */
export const notACalendarDate = (label: string, text: string): string =>
  fieldProblem(label, `${text.length > DATE_ECHO_MAX ? `${text.slice(0, DATE_ECHO_MAX)}…` : text} no es una fecha del calendario.`);
