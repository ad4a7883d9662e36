import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { activityPageSchema, activityQuerySchema } from '#shared/schemas/activity.js';
import { adminOnly } from '#server/auth/guard.js';
import type { Database } from '#server/db/schema.js';
import { csvDialectQuerySchema } from '#server/http/csv-export.js';
import { withCsvExport } from '#server/http/csv-export-route.js';
import { errorResponses } from '#server/http/error-responses.js';
import { exportActivity } from './activity-csv.js';
import { activityPage } from './service.js';

const tags = ['actividad'];

/**
 * /api/activity: the activity log, read only and by administrators
 * (docs/decisions/0024-activity-log.md). No route edits or deletes an entry:
 * the write pipeline appends them (write-pipeline/write-pipeline.ts).
 */
const activityRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('', {
    config: adminOnly,
    schema: {
      tags,
      operationId: 'listActivity',
      summary: 'Listar el registro de actividad (más reciente primero)',
      querystring: activityQuerySchema,
      response: { 200: activityPageSchema, ...errorResponses(400, 401, 403) },
    },
  }, (request) => activityPage(db, request.query));
};

const { limit: _limit, cursor: _cursor, ...filters } = activityQuerySchema.shape;

export const activityRoutesWithExport = withCsvExport(activityRoutes, {
  tags,
  operationId: 'exportActivityCsv',
  summary: 'Exportar el registro de actividad en CSV',
  config: adminOnly,
  querystring: z.object({ ...filters, ...csvDialectQuerySchema.shape }),
  build: (db, { dialect: _dialect, ...query }) => exportActivity(db, query),
});
