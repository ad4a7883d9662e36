import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  historyPageSchema,
  historyParamsSchema,
  historyQuerySchema,
  refineTraceSelector,
  traceQuerySchema,
  traceSchema,
  traceSelectorShape,
} from '#shared/schemas/traceability.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { csvDialectQuerySchema, sendCsv } from '#server/http/csv-export.js';
import { readFormatter } from '#server/features/settings/service.js';
import { lotHistory, trace } from './service.js';
import { traceCsv, traceCsvColumns } from './trace-csv.js';

/** The trace's own selector (code, kind + id, or sale) without paging, plus the CSV dialect. */
const traceExportQuerySchema = refineTraceSelector(z.object({ ...traceSelectorShape, ...csvDialectQuerySchema.shape }));

/**
 * /api/lots/:code/history and /api/trace (docs/product-guide.md#trazabilidad): any signed-in user, both
 * roles see costs and margins (docs/decisions/0011). Read-only.
 */
export const traceabilityRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/lots/:code/history', {
    schema: {
      tags: ['trazabilidad'],
      operationId: 'getLotHistory',
      summary: 'Historial de un lote (movimientos de stock con saldo)',
      params: historyParamsSchema,
      querystring: historyQuerySchema,
      response: { 200: historyPageSchema, ...errorResponses(400, 401, 404) },
    },
  }, (request) => lotHistory(db, request.params.code, request.query));

  app.get('/trace', {
    schema: {
      tags: ['trazabilidad'],
      operationId: 'getTrace',
      summary: 'Trazabilidad de un lote o una venta, hacia delante y hacia atrás',
      querystring: traceQuerySchema,
      response: { 200: traceSchema, ...errorResponses(400, 401, 404) },
    },
  }, (request) => trace(db, request.query));

  app.get('/trace/export.csv', {
    schema: {
      tags: ['trazabilidad'],
      operationId: 'exportTraceCsv',
      summary: 'Exportar en CSV la trazabilidad de un lote o una venta (árbol, orígenes y todas sus ventas)',
      querystring: traceExportQuerySchema,
      response: {
        200: { description: 'Archivo CSV (dialecto es o standard, como las demás exportaciones).', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses(400, 401, 404),
      },
    },
  }, async (request, reply) => {
    const { dialect, ...selector } = request.query;
    // Resolved before the headers go out: an unknown lot is still the JSON 404.
    const { fileBase, rows } = await traceCsv(db, selector);
    sendCsv(reply, { fileBase, dialect, columns: traceCsvColumns(await readFormatter(db)), rows });
    return reply;
  });
};
