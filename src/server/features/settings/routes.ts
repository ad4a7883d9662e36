import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { settingsMessages } from '#shared/settings-messages.js';
import { settingsBodySchema, settingsSchema } from '#shared/schemas/settings.js';
import { adminOnly } from '#server/auth/guard.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { getSettings, updateSettings } from './service.js';

/**
 * /api/settings: any signed-in user reads them (the sales
 * form prefills the default prices); only an administrador changes them.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/', {
    schema: { tags: ['configuración'], operationId: 'getSettings', summary: 'Leer la configuración', response: { 200: settingsSchema, ...errorResponses(401) } },
  }, () => getSettings(db));

  app.put('/', {
    config: {
      ...adminOnly,
      activity: { area: 'settings', describe: () => ({ id: null, label: settingsMessages.activityLabel }), before: (trx) => getSettings(trx) },
    },
    schema: { tags: ['configuración'], operationId: 'updateSettings', summary: 'Cambiar la configuración', body: settingsBodySchema, response: { 200: settingsSchema, ...errorResponses(400, 401, 403, 409) } },
  }, (request) => updateSettings(writeDatabaseOf(request), request.body, currentUser(request)));
};
