import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { roastCurveSchema } from '#shared/schemas/artisan.js';
import { deleteQuerySchema, idParamsSchema } from '#shared/schemas/common.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import {
  markReferenceBodySchema,
  type RoastedCoffee,
  roastedCoffeeBodySchema,
  roastedCoffeeListQuerySchema,
  roastedCoffeePageSchema,
  roastedCoffeeSchema,
  roastReferenceComparisonSchema,
} from '#shared/schemas/roasted-coffee.js';
import { adminOnly } from '#server/auth/guard.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import type { Database } from '#server/db/schema.js';
import { byActorId, crudRoutes } from '#server/http/crud-routes.js';
import { errorResponses } from '#server/http/error-responses.js';
import {
  createRoast,
  deleteRoast,
  findRoastItem,
  listRoasts,
  markReferenceRoast,
  readRoastCurve,
  roastReferenceComparison,
  unmarkReferenceRoast,
  updateRoast,
} from './service.js';
import { exportRoasts } from './roasts-csv.js';

const tags = ['café tostado'];
const version = { table: 'roasted_coffee', editedByOther: roastedCoffeeMessages.editedByOther } as const;

/** Marking or unmarking a reference logs as an edit of the roast: 'perfil de referencia no → sí'. */
const referenceChange = {
  ...adminOnly,
  activity: {
    area: 'roasted-coffee' as const,
    action: 'update' as const,
    describe: (roast: RoastedCoffee) => ({ id: roast.id, label: roast.batch_code }),
    before: (trx: DbOrTrx, request: FastifyRequest) => findRoastItem(trx, (request.params as { id: number }).id),
  },
  recordVersion: version,
};

const roastedCoffeeCrudRoutes = crudRoutes({
  tags,
  names: { one: 'RoastedCoffeeLot', many: 'RoastedCoffeeLots', unoEs: 'un lote de café tostado', muchosEs: 'los lotes de café tostado' },
  schemas: { listQuery: roastedCoffeeListQuerySchema, page: roastedCoffeePageSchema, item: roastedCoffeeSchema, body: roastedCoffeeBodySchema },
  service: byActorId({ list: listRoasts, create: createRoast, update: updateRoast, remove: deleteRoast }),
  csv: { build: exportRoasts },
  activity: { area: 'roasted-coffee', label: (roast) => roast.batch_code, find: findRoastItem },
  version,
});

/**
 * /api/roasted-coffee (the body names the green lot `green_coffee_id`): any
 * signed-in user. Its four routes, the CSV export, and a roast's Artisan curve
 * (GET /api/roasted-coffee/:id/curve), which the roast keeps once imported
 * (docs/decisions/0026-artisan-alog-import.md); its product's reference profile
 * (/:id/reference: any user reads the comparison, an administrador marks or unmarks,
 * docs/decisions/0053-reference-profile.md).
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

  app.get('/:id/reference', {
    schema: {
      tags,
      operationId: 'getRoastReferenceComparison',
      summary: 'Diferencias de un tueste con el perfil de referencia de su producto (origen y tipo de tueste), y las que superan las tolerancias',
      params: idParamsSchema,
      response: { 200: roastReferenceComparisonSchema, ...errorResponses(400, 401, 404) },
    },
  }, (request) => roastReferenceComparison(options.db, request.params.id));

  app.post('/:id/reference', {
    config: referenceChange,
    schema: {
      tags,
      operationId: 'markRoastReference',
      summary: 'Marcar un tueste con curva como perfil de referencia de su producto (el anterior deja de serlo; con su version)',
      params: idParamsSchema,
      body: markReferenceBodySchema,
      response: { 200: roastedCoffeeSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
    },
  }, (request) => markReferenceRoast(writeDatabaseOf(request), request.params.id, currentUser(request).id));

  app.delete('/:id/reference', {
    config: referenceChange,
    schema: {
      tags,
      operationId: 'unmarkRoastReference',
      summary: 'Quitar el perfil de referencia de un tueste (con ?version= opcional)',
      params: idParamsSchema,
      querystring: deleteQuerySchema,
      response: { 200: roastedCoffeeSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
  }, (request) => unmarkReferenceRoast(writeDatabaseOf(request), request.params.id, currentUser(request).id));
};
