import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { PLANNING_HORIZON_DEFAULT } from '#shared/schemas/planning-limits.js';
import { planningQuerySchema, planningSchema } from '#shared/schemas/planning.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { roastPlan } from './service.js';

/** /api/planning (Plan de Tueste, docs/product-guide.md#roast-plan): any signed-in user, read-only. */
export const planningRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // '' rather than '/': the prefix alone is the URL, with no '/api/planning/' twin.
  app.get('', {
    schema: {
      tags: ['planificacion'],
      operationId: 'getRoastPlan',
      summary: 'Plan de Tueste: cuándo se agota cada café y qué tostar para cubrir el horizonte',
      querystring: planningQuerySchema,
      response: { 200: planningSchema, ...errorResponses(400, 401) },
    },
  }, (request) => roastPlan(db, request.query.horizon_days === undefined ? PLANNING_HORIZON_DEFAULT : Number(request.query.horizon_days)));
};
