import { CsvError, parse } from 'csv-parse/sync';
import { csvMessages as m } from '#shared/csv-messages.js';
import { validationError } from '#server/errors.js';

/**
 * What every CSV import reads a file from another program with (docs/product-guide.md#csv,
 * docs/decisions/0040-untrusted-files-in-a-worker.md): the bytes as UTF-8 text, the separator
 * its header line uses, the cells counted before any row is built, and the parser that builds
 * the rows, in the worker. The green-lot import and the shop orders' import both read through it.
 */

/**
 * The bytes as text: UTF-8 only, with or without BOM. A Latin-1 (ANSI) file
 * would otherwise turn 'Etiopía' into 'Etiop�a' and create lots of an unknown
 * origin, so it is refused, saying how to save it.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.length === 0) throw validationError(m.fileEmpty);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw validationError(m.fileNotUtf8);
  }
}

/** A header or a name compared without accents, case, spaces or punctuation ('Lineitem quantity' is 'lineitemquantity'). */
export const foldText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** The text without its BOM, refused when there is nothing in it. */
export function csvContent(text: string): string {
  const content = text.replace(/^\uFEFF/, '');
  if (content.trim() === '') throw validationError(m.fileEmpty);
  return content;
}

/**
 * The text's cells and rows (lines with any content), counted until the cells pass `max`: a
 * separator or the end of a line with content, outside double quotes (`""` inside quotes
 * toggles twice), ends a cell. The count the parser makes of a well-formed file, in a few
 * milliseconds for 5 MB; a malformed one is refused by the parser after it. (csv-parse's own
 * per-cell hook, `cast`, costs ~10 µs a cell: 0.6 s more for a file of 10,000 lots.)
 */
export function countCells(text: string, delimiter: string, max: number): { cells: number; rows: number } {
  const separator = delimiter.charCodeAt(0);
  let cells = 0;
  let rows = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < text.length && cells <= max; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      quoted = !quoted;
      content = true;
    } else if (quoted) {
      continue;
    } else if (c === separator) {
      cells++;
      content = true;
    } else if (c === 0x0a) {
      if (content) {
        cells++;
        rows++;
      }
      content = false;
    } else if (c !== 0x0d) {
      content = true;
    }
  }
  return content ? { cells: cells + 1, rows: rows + 1 } : { cells, rows };
}

/**
 * The records of `content` (the header first), at most `maxRecords`, empty lines skipped, quoted
 * line breaks kept inside their cell; `onRecord` may keep only the cells its reader needs, so a
 * wide export (a shop's, 80 columns) is not held whole. A file the parser cannot read is refused
 * naming the line near which it failed.
 */
export function parseCsvRecords<Row = string[]>(
  content: string,
  delimiter: string,
  maxRecords: number,
  onRecord?: (record: string[], index: number) => Row,
): Row[] {
  let index = 0;
  try {
    const options = { delimiter, relax_column_count: true, skip_empty_lines: true, to: maxRecords };
    if (!onRecord) return parse(content, options) as Row[];
    // csv-parse's types say a record hook gives back a record; any value is kept as it is.
    const on_record = (record: string[]) => onRecord(record, index++) as unknown as string[];
    return parse(content, { ...options, on_record }) as unknown as Row[];
  } catch (error) {
    if (error instanceof CsvError) throw validationError(m.fileNotCsv(Number((error as CsvError & { lines?: number }).lines ?? 1)));
    throw error;
  }
}

/** '10,125' or '10.125' → 10.125; no thousands separators, no signs or exponents (null when not a plain decimal). */
export function parseDecimalCell(text: string): number | null {
  if (!/^\d+([.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}
