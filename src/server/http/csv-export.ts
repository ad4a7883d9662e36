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

/** How one dialect writes numbers and dates; a column's cell function gets it. */
export interface CsvFormat {
  dialect: CsvDialect;
  /** An exact scaled integer (grams, cents) as a decimal with `decimals` places: 10125 g, 3 → '10,125' or '10.125'. */
  scaled(value: number, decimals: number): string;
  /** A plain decimal number (a percentage, 33.33) with the dialect's decimal mark. */
  decimal(value: number): string;
  /** 'YYYY-MM-DD' → '15/03/2024' (es) or as is (standard). */
  date(isoDate: string): string;
}

export const csvFormat = (dialect: CsvDialect): CsvFormat => ({
  dialect,
  scaled(value, decimals) {
    const sign = value < 0 ? '-' : '';
    const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
    const whole = digits.slice(0, digits.length - decimals);
    const fraction = digits.slice(digits.length - decimals);
    return decimals === 0 ? `${sign}${whole}` : `${sign}${whole}${dialect === 'es' ? ',' : '.'}${fraction}`;
  },
  decimal: (value) => (dialect === 'es' ? String(value).replace('.', ',') : String(value)),
  date: (isoDate) => (dialect === 'es' ? formatDate(isoDate) : isoDate),
});

export interface CsvColumn<Row> {
  /** The header, as the table on screen names the column. */
  header: string;
  cell(row: Row, format: CsvFormat): string;
}

/**
 * OWASP "CSV Injection": a cell a spreadsheet would read as a formula (=, +,
 * -, @, or a tab / carriage return before one) gets a leading apostrophe, so
 * it shows as text. Applied to every cell, ours included, so no column can
 * forget it; the import (green lots) removes exactly this apostrophe again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutraliseFormula = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/** 'cafe-verde-2026-11-23.csv': the table and the day (UTC) it was exported. */
export const csvFileName = (base: string, now = new Date()): string => `${base}-${now.toISOString().slice(0, 10)}.csv`;

/** The CSV text of some rows, for tests and small in-memory uses (the same writer as sendCsv). */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], rows: AsyncIterable<Row> | Iterable<Row>, dialect: CsvDialect): Readable {
  const format = csvFormat(dialect);
  const stringifier = stringify({
    delimiter: dialect === 'es' ? ';' : ',',
    bom: dialect === 'es',
    record_delimiter: '\r\n',
    // Quote every text cell: a leading apostrophe or space survives any reader.
    quoted_string: true,
  });
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const row of rows) yield columns.map((column) => neutraliseFormula(column.cell(row, format)));
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
  options: { fileBase: string; dialect: CsvDialect; columns: readonly CsvColumn<Row>[]; rows: AsyncIterable<Row> | Iterable<Row> },
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
