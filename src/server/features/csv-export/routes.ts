import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { greenCoffeeListQuerySchema } from '#shared/schemas/green-coffee.js';
import { roastedCoffeeListQuerySchema } from '#shared/schemas/roasted-coffee.js';
import { adminOnly } from '#server/auth/guard.js';
import type { Database } from '#server/db/schema.js';
import { csvDialectQuerySchema, sendCsv } from '#server/http/csv-export.js';
import { errorResponses } from '#server/http/crud-routes.js';
import { durableRows } from '#server/http/durable-responses.js';
import * as service from './service.js';

/** The OpenAPI answer of an export: a CSV file, not JSON. */
const csvResponse = {
  200: {
    description: 'Archivo CSV (dialecto es: UTF-8 con BOM, «;», coma decimal; standard: «,», punto decimal).',
    content: { 'text/csv': { schema: z.string() } },
  },
  ...errorResponses(400, 401, 403),
};

type ExportQuery = z.output<typeof csvDialectQuerySchema> & { origin_id?: number; in_stock?: boolean };

/** The list's own filters (no paging: the export has every row of the filter) plus the dialect. */
const filterQuery = (listQuery: typeof greenCoffeeListQuerySchema | typeof roastedCoffeeListQuerySchema) =>
  listQuery.omit({ limit: true, offset: true }).extend(csvDialectQuerySchema.shape);

/**
 * `GET /api/<resource>/export.csv` for every table screen (issue 20): all rows
 * of the list's filter, streamed. Registered under /api beside each area's own
 * plugin; the router prefers this static path to the area's `/:id`.
 */
export const csvExportRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const route = <Row>(
    url: string,
    names: { operationId: string; summary: string; tags: string[] },
    build: (query: ExportQuery) => service.CsvExport<Row>,
    options: { querystring?: z.ZodType; admin?: boolean } = {},
  ) =>
    app.get(url, {
      ...(options.admin ? { config: adminOnly } : {}),
      schema: { ...names, querystring: options.querystring ?? csvDialectQuerySchema, response: csvResponse },
    }, (request, reply) => {
      // The querystring schema above has parsed it: the dialect and, for lots, the list's filters.
      const query = request.query as ExportQuery;
      // Not async: the stream is the answer, sent here; nothing is returned.
      const csv = build(query);
      sendCsv(reply, { ...csv, rows: durableRows(db, csv.rows), dialect: query.dialect });
    });

  route('/coffee-origins/export.csv', { tags: ['orígenes'], operationId: 'exportCoffeeOriginsCsv', summary: 'Exportar los orígenes de café en CSV' },
    () => service.exportOrigins(db));
  route('/green-coffee/export.csv', { tags: ['café verde'], operationId: 'exportGreenCoffeeLotsCsv', summary: 'Exportar los lotes de café verde en CSV' },
    (query) => service.exportGreenLots(db, query), { querystring: filterQuery(greenCoffeeListQuerySchema) });
  route('/roasted-coffee/export.csv', { tags: ['café tostado'], operationId: 'exportRoastedCoffeeLotsCsv', summary: 'Exportar los lotes de café tostado en CSV' },
    (query) => service.exportRoasts(db, query), { querystring: filterQuery(roastedCoffeeListQuerySchema) });
  route('/blended-coffee/export.csv', { tags: ['café mezcla'], operationId: 'exportBlendedCoffeeCsv', summary: 'Exportar las mezclas de café en CSV' },
    () => service.exportBlends(db));
  route('/blend-recipes/export.csv', { tags: ['recetas'], operationId: 'exportBlendRecipesCsv', summary: 'Exportar las recetas de mezcla en CSV' },
    () => service.exportRecipes(db));
  route('/users/export.csv', { tags: ['usuarios'], operationId: 'exportUsersCsv', summary: 'Exportar los usuarios en CSV (sin contraseñas)' },
    () => service.exportUsers(db), { admin: true });
  route('/sales/export.csv', { tags: ['ventas'], operationId: 'exportSalesCsv', summary: 'Exportar las ventas en CSV' },
    () => service.exportSales(db));
};
