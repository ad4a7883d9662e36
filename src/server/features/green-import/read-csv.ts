import { csvMessages as m } from '#shared/csv-messages.js';
import { GREEN_CSV_HEADERS, IMPORT_MAX_CELLS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '#shared/schemas/green-import.js';
import { validationError } from '#server/errors.js';
import { unguardFormula } from '#server/http/csv-export.js';
import { countCells, csvContent, foldText, parseCsvRecords } from '#server/untrusted-files/csv-text.js';
import { csvDelimiter } from '#shared/csv-header.js';

/**
 * Reads the uploaded green-lot CSV into rows of text (docs/product-guide.md#csv), refusing a
 * file that cannot be one: not UTF-8, empty, unreadable as CSV, over the
 * limits, or without the columns a lot needs. Both dialects the export writes
 * are read back: `;` or `,`, with or without BOM, quoted newlines.
 */

export type GreenCsvField = 'batch_code' | 'origin' | 'supplier_finca' | 'quantity_kg' | 'unit_price' | 'entry_date';

export interface GreenCsvRow {
  /** The spreadsheet's row number (the header is row 1); a quoted newline stays inside its row. */
  row: number;
  values: Record<GreenCsvField, string>;
  /** Cells in this row, when it differs from the header's count. */
  columnCountProblem?: { found: number; expected: number };
}

/** How the headers may be written, compared without accents, case, spaces or punctuation. */
const ALIASES: Record<GreenCsvField, string[]> = {
  batch_code: [GREEN_CSV_HEADERS.batchCode, 'Código de Lote', 'batch_code'],
  origin: [GREEN_CSV_HEADERS.origin, 'origin', 'origin_name'],
  supplier_finca: [GREEN_CSV_HEADERS.supplier, 'Proveedor', 'Finca', 'supplier_finca'],
  quantity_kg: [GREEN_CSV_HEADERS.quantity, 'Cantidad (Kg)', 'Cantidad', 'quantity_kg'],
  unit_price: [GREEN_CSV_HEADERS.price, 'Precio Unitario ($/Kg)', 'Precio', 'unit_price'],
  entry_date: [GREEN_CSV_HEADERS.entryDate, 'Fecha de Entrada', 'entry_date'],
};

/** The header each field is reported under when it is missing. */
export const FIELD_HEADERS: Record<GreenCsvField, string> = {
  batch_code: GREEN_CSV_HEADERS.batchCode,
  origin: GREEN_CSV_HEADERS.origin,
  supplier_finca: GREEN_CSV_HEADERS.supplier,
  quantity_kg: GREEN_CSV_HEADERS.quantity,
  unit_price: GREEN_CSV_HEADERS.price,
  entry_date: GREEN_CSV_HEADERS.entryDate,
};

const FIELD_BY_HEADER = new Map<string, GreenCsvField>(
  (Object.entries(ALIASES) as [GreenCsvField, string[]][]).flatMap(([field, names]) => names.map((name) => [foldText(name), field] as const)),
);

export function readGreenCsv(text: string): GreenCsvRow[] {
  const content = csvContent(text);
  const delimiter = csvDelimiter(content);
  // The file's cells are bounded as a whole before the parser builds any row: one line of
  // millions of separators would otherwise be one row of millions of cells
  // (docs/decisions/0040-untrusted-files-in-a-worker.md).
  const counted = countCells(content, delimiter, IMPORT_MAX_CELLS);
  if (counted.cells > IMPORT_MAX_CELLS) {
    // Past the rows' limit already, the rows' message says more than the cells'.
    throw validationError(counted.rows > IMPORT_MAX_ROWS + 1 ? m.tooManyRows(IMPORT_MAX_ROWS) : m.tooManyCells(IMPORT_MAX_CELLS, IMPORT_MAX_ROWS, IMPORT_MAX_COLUMNS));
  }
  // One row more than the limit is enough to know it is over.
  const records = parseCsvRecords(content, delimiter, IMPORT_MAX_ROWS + 2);
  const [header = [], ...data] = records;
  if (header.length > IMPORT_MAX_COLUMNS) throw validationError(m.tooManyColumns(IMPORT_MAX_COLUMNS));
  if (data.length > IMPORT_MAX_ROWS) throw validationError(m.tooManyRows(IMPORT_MAX_ROWS));

  const columnOf = new Map<GreenCsvField, number>();
  header.forEach((name, index) => {
    const field = FIELD_BY_HEADER.get(foldText(unguardFormula(name.trim())));
    if (field === undefined) return;
    if (columnOf.has(field)) throw validationError(m.duplicateColumn(name.trim()));
    columnOf.set(field, index);
  });
  const missing = (Object.keys(FIELD_HEADERS) as GreenCsvField[]).filter((field) => !columnOf.has(field));
  if (missing.length > 0) throw validationError(m.missingColumns(missing.map((field) => FIELD_HEADERS[field])));
  if (data.length === 0) throw validationError(m.fileNoRows);

  return data.map((cells, index) => {
    const value = (field: GreenCsvField) => unguardFormula((cells[columnOf.get(field) ?? -1] ?? '').trim());
    const row: GreenCsvRow = {
      row: index + 2,
      values: {
        batch_code: value('batch_code'),
        origin: value('origin'),
        supplier_finca: value('supplier_finca'),
        quantity_kg: value('quantity_kg'),
        unit_price: value('unit_price'),
        entry_date: value('entry_date'),
      },
    };
    if (cells.length !== header.length) row.columnCountProblem = { found: cells.length, expected: header.length };
    return row;
  });
}
