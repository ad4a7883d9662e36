import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idParamsSchema } from '#shared/schemas/common.js';
import {
  countSheetQuerySchema,
  countSheetSchema,
  stockCountBodySchema,
  stockCountSchema,
  stockCountsPageSchema,
  stockCountsQuerySchema,
} from '#shared/schemas/stock-counts.js';
import type { Database } from '#server/db/schema.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { errorResponses } from '#server/http/error-responses.js';
import { countSheet, createStockCount, getStockCount, listStockCounts } from './service.js';

const TAGS = ['recuento de inventario'];

/**
 * /api/stock-counts (docs/product-guide.md#recuento-de-inventario): both roles count (it is the
 * technicians' work) and read the counts. Counts are never edited or deleted.
 */
export const stockCountRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/', {
    schema: {
      tags: TAGS,
      operationId: 'listStockCounts',
      summary: 'Listar los recuentos de inventario (el más reciente primero)',
      querystring: stockCountsQuerySchema,
      response: { 200: stockCountsPageSchema, ...errorResponses(400, 401) },
    },
  }, (request) => listStockCounts(db, request.query));

  app.get('/sheet', {
    schema: {
      tags: TAGS,
      operationId: 'getStockCountSheet',
      summary: 'Hoja de recuento: todos los lotes con stock, con su coste por Kg (filtrable por tipo y origen)',
      querystring: countSheetQuerySchema,
      response: { 200: countSheetSchema, ...errorResponses(400, 401) },
    },
  }, (request) => countSheet(db, request.query));

  app.get('/:id', {
    schema: {
      tags: TAGS,
      operationId: 'getStockCount',
      summary: 'Ver un recuento de inventario con sus lotes, quién y cuándo',
      params: idParamsSchema,
      response: { 200: stockCountSchema, ...errorResponses(400, 401, 404) },
    },
  }, (request) => getStockCount(db, request.params.id));

  app.post('/', {
    // The service records the count's one entry (recordActivity): each lot it changed, before → after.
    config: { activity: { area: 'stock-counts', action: 'count' } },
    schema: {
      tags: TAGS,
      operationId: 'createStockCount',
      summary: 'Registrar un recuento o una corrección de stock (un movimiento del libro por cada lote con diferencia)',
      description:
        'expected_kg es el stock que mostraba la hoja al cargarse; si algún lote ya no lo tiene (una venta o un tueste entretanto), ' +
        'responde 409 nombrando esos lotes y no guarda nada.',
      body: stockCountBodySchema,
      response: { 201: stockCountSchema, ...errorResponses(400, 401, 409) },
    },
  }, async (request, reply) => {
    const count = await createStockCount(writeDatabaseOf(request), request.body, currentUser(request).id);
    return reply.status(201).send(count);
  });
};
