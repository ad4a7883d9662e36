import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvMessages as m } from '#shared/csv-messages.js';
import { GREEN_CSV_HEADERS, IMPORT_MAX_BYTES, importQuerySchema, importResultSchema } from '#shared/schemas/green-import.js';
import { KG_DECIMALS, PRICE_DECIMALS } from '#shared/units.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { errorResponses } from '#server/http/error-responses.js';
import { csvDialectQuerySchema, sendCsv } from '#server/http/csv-export.js';
import { importGreenLots } from './service.js';

const MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024);

/** One example lot, so the template shows how numbers and dates are written. */
const TEMPLATE_ROW = {
  batch_code: '10-01-24',
  origin: 'Colombia',
  supplier: 'Finca La Esperanza',
  quantity_g: 70_000,
  price_cents: 550,
  entry_date: '2024-01-10',
};

/**
 * POST /api/green-coffee/import and GET /api/green-coffee/import-template.csv
 * (docs/product-guide.md#csv). The CSV is the raw body (`text/csv`), read by a parser that
 * exists only in this plugin, with its own size limit: the rest of the API
 * keeps JSON and 256 KB.
 */
export const greenImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The bytes as they came: decoded, checked and read in a worker thread (docs/decisions/0040-untrusted-files-in-a-worker.md).
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/import', {
    // Each imported lot is logged by the service (recordActivity); a dry run writes nothing.
    // The 413 names this route's limit, not the API's 256 KB (http/error-handler.ts).
    config: { csvBody: true, bodyTooLarge: (f) => m.fileTooLarge(MAX_MB, f), activity: { area: 'green-coffee', action: 'import' } },
    bodyLimit: IMPORT_MAX_BYTES,
    schema: {
      tags: ['café verde'],
      operationId: 'importGreenCoffeeLotsCsv',
      summary: 'Importar lotes de café verde desde CSV (vista previa con dry_run=true)',
      consumes: ['text/csv'],
      querystring: importQuerySchema,
      body: z.custom<Buffer>((body) => Buffer.isBuffer(body), { error: m.fileEmpty }).meta({ type: 'string', description: 'El archivo CSV (máximo 5 MB).' }),
      response: { 200: importResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
    },
  }, (request) => importGreenLots(writeDatabaseOf(request), request.body, { dryRun: request.query.dry_run, userId: currentUser(request).id }));

  app.get('/import-template.csv', {
    schema: {
      tags: ['café verde'],
      operationId: 'getGreenCoffeeImportTemplateCsv',
      summary: 'Descargar la plantilla CSV para importar lotes de café verde',
      querystring: csvDialectQuerySchema,
      response: {
        200: { description: 'Plantilla CSV: encabezados y un lote de ejemplo.', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses(400, 401),
      },
    },
  }, (request, reply) => {
    sendCsv(reply, {
      fileBase: 'plantilla-cafe-verde',
      dialect: request.query.dialect,
      rows: [TEMPLATE_ROW],
      columns: [
        { header: GREEN_CSV_HEADERS.batchCode, cell: (r) => r.batch_code },
        { header: GREEN_CSV_HEADERS.origin, cell: (r) => r.origin },
        { header: GREEN_CSV_HEADERS.supplier, cell: (r) => r.supplier },
        { header: GREEN_CSV_HEADERS.quantity, cell: (r, f) => f.scaledNumber(r.quantity_g, KG_DECIMALS) },
        { header: GREEN_CSV_HEADERS.price, cell: (r, f) => f.scaledNumber(r.price_cents, PRICE_DECIMALS) },
        { header: GREEN_CSV_HEADERS.entryDate, cell: (r, f) => f.date(r.entry_date) },
      ],
    });
  });
};
