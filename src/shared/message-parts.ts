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
