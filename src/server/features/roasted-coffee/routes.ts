import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { roastCurveSchema } from '#shared/schemas/artisan.js';
import { idParamsSchema } from '#shared/schemas/common.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import {
  roastedCoffeeBodySchema,
  roastedCoffeeListQuerySchema,
  roastedCoffeePageSchema,
  roastedCoffeeSchema,
} from '#shared/schemas/roasted-coffee.js';
import type { Database } from '#server/db/schema.js';
import { byActorId, crudRoutes } from '#server/http/crud-routes.js';
import { errorResponses } from '#server/http/error-responses.js';
import { createRoast, deleteRoast, findRoastItem, listRoasts, readRoastCurve, updateRoast } from './service.js';
import { exportRoasts } from './roasts-csv.js';

const tags = ['café tostado'];

const roastedCoffeeCrudRoutes = crudRoutes({
  tags,
  names: { one: 'RoastedCoffeeLot', many: 'RoastedCoffeeLots', unoEs: 'un lote de café tostado', muchosEs: 'los lotes de café tostado' },
  schemas: { listQuery: roastedCoffeeListQuerySchema, page: roastedCoffeePageSchema, item: roastedCoffeeSchema, body: roastedCoffeeBodySchema },
  service: byActorId({ list: listRoasts, create: createRoast, update: updateRoast, remove: deleteRoast }),
  csv: { build: exportRoasts },
  activity: { area: 'roasted-coffee', label: (roast) => roast.batch_code, find: findRoastItem },
  version: { table: 'roasted_coffee', editedByOther: roastedCoffeeMessages.editedByOther },
});

/**
 * /api/roasted-coffee (the body names the green lot `green_coffee_id`): any
 * signed-in user. Its four routes, the CSV export, and a roast's Artisan curve
 * (GET /api/roasted-coffee/:id/curve), which the roast keeps once imported
 * (docs/decisions/0026-artisan-alog-import.md).
 */
export const roastedCoffeeRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, options) => {
  // Called, not registered: a nested plugin would lose the prefix's '/api/roasted-coffee' (no trailing slash) route.
  await roastedCoffeeCrudRoutes(app, options);
  app.get('/:id/curve', {
    schema: {
      tags,
      operationId: 'getRoastCurve',
      summary: 'Curva de tueste de Artisan de un lote de café tostado (BT y ET en el tiempo, con sus eventos, sus cifras y la velocidad de subida, en la unidad de Configuración › Temperatura)',
      params: idParamsSchema,
      response: { 200: roastCurveSchema, ...errorResponses(400, 401, 404) },
    },
  }, (request) => readRoastCurve(options.db, request.params.id));
};
