import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { formatDate } from '#shared/format.js';
import { commonMessages } from '#shared/messages.js';

/**
 * Every CSV the API writes goes through here (docs/product-guide.md#csv, docs/decisions/0012-csv-dialects.md):
 * the two dialects, the formula-injection guard, the file name and the
 * streaming. Rows arrive as an async iterable that the caller fills in batches
 * (keyset queries), and are pulled only as fast as the client reads, so a
 * million sales never sit in memory at once.
 *
 * Reusable for any table (the traceability export, say): give the columns and
 * an async iterable of rows to `sendCsv`.
 */

/**
 * `es` (default): what a Spanish-locale spreadsheet opens correctly: UTF-8 with
 * BOM, `;` between cells, decimal comma, dates dd/mm/aaaa. `standard`: RFC 4180
 * for programs: `,`, decimal point, ISO dates, no BOM.
 */
export const CSV_DIALECTS = ['es', 'standard'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];

/** `?dialect=` of every export route; list filters are added next to it. */
export const csvDialectQuerySchema = z.object({
  dialect: z.enum(CSV_DIALECTS, { error: commonMessages.invalidRequest }).default('es'),
});

/**
 * A cell a spreadsheet must read as a number, negative ones included: written
 * bare (never quoted) and never formula-guarded, so `-17,40` is minus seventeen
 * forty that a SUM adds up, not the text "'-17,40". Made only by CsvFormat,
 * from exact values, so no text can pass itself off as one.
 */
export interface CsvNumber {
  readonly csvNumber: string;
}

/** What a column's cell function returns: text (quoted, formula-guarded) or a number. */
export type CsvCell = string | CsvNumber;

/** Text with figures in it ('verde 12.5 Kg → 10.4 Kg'), written once the dialect is known: see `csvText`. */
export type CsvText = (format: CsvFormat) => string;

/** How one dialect writes numbers and dates; a column's cell function gets it. */
export interface CsvFormat {
  dialect: CsvDialect;
  /** An exact scaled integer (grams, cents) as text with `decimals` places: 10125 g, 3 → '10,125' or '10.125'. */
  scaled(value: number, decimals: number): string;
  /** A plain decimal number (a percentage, 33.33) as text with the dialect's decimal mark. */
  decimal(value: number): string;
  /** `scaled` as a number cell. */
  scaledNumber(value: number, decimals: number): CsvNumber;
  /** `decimal` as a number cell. */
  decimalNumber(value: number): CsvNumber;
  /** 'YYYY-MM-DD' → '15/03/2024' (es) or as is (standard). */
  date(isoDate: string): string;
}

export const csvFormat = (dialect: CsvDialect): CsvFormat => {
  const mark = dialect === 'es' ? ',' : '.';
  const scaled = (value: number, decimals: number) => {
    const sign = value < 0 ? '-' : '';
    const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
    const whole = digits.slice(0, digits.length - decimals);
    const fraction = digits.slice(digits.length - decimals);
    return decimals === 0 ? `${sign}${whole}` : `${sign}${whole}${mark}${fraction}`;
  };
  const decimal = (value: number) => String(value).replace('.', mark);
  return {
    dialect,
    scaled,
    decimal,
    scaledNumber: (value, decimals) => ({ csvNumber: scaled(value, decimals) }),
    decimalNumber: (value) => ({ csvNumber: decimal(value) }),
    date: (isoDate) => (dialect === 'es' ? formatDate(isoDate) : isoDate),
  };
};

/**
 * Descriptive text with figures in it, as a template: csvText`verde ${12.5} Kg`
 * reads 'verde 12,5 Kg' in the Spanish dialect and 'verde 12.5 Kg' in the
 * standard one, so a Spanish reader never meets a decimal point. Only the
 * numbers given as values change; the text around them (and any string value,
 * a lot code say) is kept as written.
 */
export const csvText = (parts: TemplateStringsArray, ...values: (string | number)[]): CsvText => (format) =>
  parts.reduce((text, part, index) => {
    const value = values[index - 1];
    return text + (typeof value === 'number' ? format.decimal(value) : value) + part;
  });

/** An empty cell where a row has no value (a lot gone, a month without sales), else the column's cell. */
export const blankOr = <T>(value: T | null | undefined, cell: (value: T) => CsvCell): CsvCell => (value === undefined || value === null ? '' : cell(value));

export interface CsvColumn<Row> {
  /** The header, as the table on screen names the column. */
  header: string;
  cell(row: Row, format: CsvFormat): CsvCell;
}

/**
 * OWASP "CSV Injection": a text cell a spreadsheet would read as a formula (=,
 * +, -, @, | (DDE in Excel), their full-width forms, or a tab / carriage return
 * before one) gets a leading apostrophe, so it shows as text. Applied to every
 * text cell, ours included, so no column can forget it; number cells (CsvNumber)
 * are exact values we wrote and stay numbers. The import (green lots) removes
 * exactly this apostrophe again (`unguardFormula`).
 */
const FORMULA_START = /^[=+\-@|\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
export const neutraliseFormula = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);
/** The guard undone: "'=A1" was "=A1"; any other cell is as it was. */
export const unguardFormula = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** 'cafe-verde-2026-11-23.csv': the table and the day (UTC) it was exported. */
export const csvFileName = (base: string, now = new Date()): string => `${base}-${now.toISOString().slice(0, 10)}.csv`;

/** The CSV text of some rows, for tests and small in-memory uses (the same writer as sendCsv). */
/**
 * A table's columns, or their promise: headers with the currency ('Precio Unitario (€/Kg)') are
 * made once the shop's regional format is read (docs/decisions/0042-one-regional-formatter.md).
 */
export type CsvColumns<Row> = readonly CsvColumn<Row>[] | Promise<readonly CsvColumn<Row>[]>;

export function csvStream<Row>(columnsToCome: CsvColumns<Row>, rows: AsyncIterable<Row> | Iterable<Row>, dialect: CsvDialect): Readable {
  const format = csvFormat(dialect);
  const stringifier = stringify({
    delimiter: dialect === 'es' ? ';' : ',',
    bom: dialect === 'es',
    record_delimiter: '\r\n',
    // Quote every text cell: a leading apostrophe or space survives any reader.
    quoted_string: true,
    // A number cell goes out bare: its field is not a string, so quoted_string leaves it alone.
    cast: { object: (cell) => String(cell.csvNumber) },
  });
  async function* records() {
    const columns = await columnsToCome;
    yield columns.map((column) => column.header);
    for await (const row of rows) {
      yield columns.map((column) => {
        const cell = column.cell(row, format);
        return typeof cell === 'string' ? neutraliseFormula(cell) : cell;
      });
    }
  }
  const source = Readable.from(records());
  // A failed query half-way must end the download, not leave it hanging: the
  // client sees a cut file rather than a complete-looking one.
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}

/**
 * Streams the CSV as the answer: `text/csv; charset=utf-8`, a download named
 * after the table and the date. Headers go out first, so an error after the
 * first batch can only cut the file (logged), never turn into a JSON error.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  options: { fileBase: string; dialect: CsvDialect; columns: CsvColumns<Row>; rows: AsyncIterable<Row> | Iterable<Row> },
): void {
  const stream = csvStream(options.columns, options.rows, options.dialect);
  stream.on('error', (error) => reply.log.error({ err: error }, 'exportación CSV interrumpida'));
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(options.fileBase)}"`)
    .send(stream);
}

/** Rows per query: a million rows take a thousand queries, and a batch stays a few hundred KB. */
export const CSV_BATCH_SIZE = 1000;

/** Rows of a keyset-paginated query, batch after batch: `fetch(last)` returns the rows after `last` (all from the start when undefined). */
export async function* keysetBatches<Row>(fetch: (after: Row | undefined, limit: number) => Promise<Row[]>, batchSize = CSV_BATCH_SIZE): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const rows = await fetch(after, batchSize);
    yield* rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

/**
 * Rows of a small table read through its area's paginated list service
 * (origins, recipes, blends, users: hundreds of rows, each needing the area's
 * own mapping), `limit` at a time.
 */
export async function* pagedItems<Item>(fetchPage: (page: { limit: number; offset: number }) => Promise<{ items: Item[] }>, limit = 500): AsyncGenerator<Item> {
  for (let offset = 0; ; offset += limit) {
    const { items } = await fetchPage({ limit, offset });
    yield* items;
    if (items.length < limit) return;
  }
}
