import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from './error-responses.js';
import { type CsvColumns, type CsvDialect, csvDialectQuerySchema, sendCsv } from './csv-export.js';
import { durableRows } from './durable-responses.js';

/**
 * What a table's CSV holds (docs/decisions/0012-csv-dialects.md): the columns
 * the screen shows, under the screen's headers, and every row of the list's
 * filter in the list's order. Each area builds its own (`green-lots-csv.ts`,
 * `sales-csv.ts`, …) from the same query as its list.
 */
export interface CsvExport<Row> {
  /** The file name's table part: 'cafe-verde' → cafe-verde-2026-11-23.csv. */
  fileBase: string;
  columns: CsvColumns<Row>;
  rows: AsyncIterable<Row>;
}

/** The OpenAPI answer of an export: a CSV file, not JSON. */
const csvResponse = {
  200: {
    description: 'Archivo CSV (dialecto es: UTF-8 con BOM, «;», coma decimal; standard: «,», punto decimal).',
    content: { 'text/csv': { schema: z.string() } },
  },
  ...errorResponses(400, 401, 403),
};

/** A list's own filters without its paging (the export has every row of the filter), plus the dialect. */
export function csvExportQuery<Shape extends { limit: z.ZodType; offset?: z.ZodType; cursor?: z.ZodType }>(listQuery: z.ZodObject<Shape>) {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...filters } = listQuery.shape;
  return z.object({ ...filters, ...csvDialectQuerySchema.shape });
}

type DialectQuery = z.ZodType<{ dialect: CsvDialect }>;

export interface CsvExportRoute<Query extends DialectQuery, Row> {
  tags: string[];
  operationId: string;
  summary: string;
  /** Route config, e.g. `adminOnly`; default: any signed-in user. */
  config?: FastifyContextConfig;
  /** The accepted query (`csvExportQuery(listQuery)` for a list with filters); default: the dialect alone. */
  querystring?: Query;
  build(db: Kysely<Database>, query: z.output<Query>): CsvExport<Row>;
}

/**
 * An area's routes plus `GET /export.csv` under the same prefix
 * (`/api/green-coffee/export.csv`), so each prefix stays one plugin: every row
 * of the list's filter, streamed. The router prefers this static path to the
 * area's `/:id`.
 */
export function withCsvExport<Row, Query extends DialectQuery = typeof csvDialectQuerySchema>(
  routes: FastifyPluginAsyncZod<{ db: Kysely<Database> }>,
  route: CsvExportRoute<Query, Row>,
): FastifyPluginAsyncZod<{ db: Kysely<Database> }> {
  const { build, config, querystring = csvDialectQuerySchema, ...names } = route;
  return async (app, { db }) => {
    await app.register(routes, { db });
    app.get('/export.csv', { ...(config ? { config } : {}), schema: { ...names, querystring, response: csvResponse } }, (request, reply) => {
      // The querystring schema above has parsed it: the dialect and, for lots, the list's filters.
      const query = request.query as z.output<Query>;
      // Not async: the stream is the answer, sent here; nothing is returned.
      const csv = build(db, query);
      sendCsv(reply, { ...csv, rows: durableRows(db, csv.rows), dialect: query.dialect });
    });
  };
}
