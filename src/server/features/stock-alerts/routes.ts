import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { stockAlertsSchema } from '#shared/schemas/stock-alerts.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { stockAlerts } from './service.js';

/** /api/stock-alerts (the home's alert card): any signed-in user, read-only. */
export const stockAlertsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // '' rather than '/': the prefix alone is the URL, with no '/api/stock-alerts/' twin.
  app.get('', {
    schema: {
      tags: ['trazabilidad'],
      operationId: 'getStockAlerts',
      summary: 'Alertas de stock bajo, cada lote con el agotamiento de su unidad según el Plan de Tueste, y los pedidos pendientes para hoy y mañana',
      response: { 200: stockAlertsSchema, ...errorResponses(401) },
    },
  }, () => stockAlerts(db));
};
