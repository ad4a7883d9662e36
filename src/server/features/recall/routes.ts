import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recallQuerySchema, recallSchema } from '#shared/schemas/recall.js';
import type { Database } from '#server/db/schema.js';
import { csvDialectQuerySchema, sendCsv } from '#server/http/csv-export.js';
import { errorResponses } from '#server/http/error-responses.js';
import { sendPdf } from '#server/http/pdf-reply.js';
import { readFormatter } from '#server/features/settings/service.js';
import { recallCsvColumns, recallCsvLines, recallFileBase, recallPdf } from './recall-documents.js';
import { recall } from './service.js';

const recallCsvQuerySchema = recallQuerySchema.and(csvDialectQuerySchema);

/**
 * /api/recall, .csv and .pdf (docs/product-guide.md#lista-de-retirada): any
 * signed-in user, both roles. Read-only. Each answer is worked out before
 * anything is sent, so an unknown lot is still the JSON 404.
 */
export const recallRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/recall', {
    schema: {
      tags: ['trazabilidad'],
      operationId: 'getRecall',
      summary: 'Lista de retirada de un lote: los clientes que lo recibieron y la venta de mostrador',
      querystring: recallQuerySchema,
      response: { 200: recallSchema, ...errorResponses(400, 401, 404, 409) },
    },
  }, (request) => recall(db, request.query));

  app.get('/recall.csv', {
    schema: {
      tags: ['trazabilidad'],
      operationId: 'exportRecallCsv',
      summary: 'Lista de retirada de un lote en CSV (dialecto es o standard, como las demás exportaciones)',
      querystring: recallCsvQuerySchema,
      response: {
        200: { description: 'Archivo CSV: un cliente por línea y la venta de mostrador al final.', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses(400, 401, 404, 409),
      },
    },
  }, async (request, reply) => {
    const { dialect, ...query } = request.query;
    const list = await recall(db, query);
    sendCsv(reply, { fileBase: recallFileBase(list), dialect, columns: recallCsvColumns, rows: recallCsvLines(list) });
    return reply;
  });

  app.get('/recall.pdf', {
    schema: {
      tags: ['trazabilidad'],
      operationId: 'getRecallPdf',
      summary: 'Lista de retirada de un lote en PDF (A4, para imprimir)',
      querystring: recallQuerySchema,
      response: {
        200: { description: 'Documento PDF A4.', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        ...errorResponses(400, 401, 404, 409),
      },
    },
  }, async (request, reply) => {
    const list = await recall(db, request.query);
    // Kilos in the shop's regional format (docs/decisions/0042-one-regional-formatter.md).
    sendPdf(reply, await recallPdf(list, await readFormatter(db)));
    return reply;
  });
};
