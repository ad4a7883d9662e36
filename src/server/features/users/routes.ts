import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idParamsSchema, paginationQuerySchema } from '#shared/schemas/common.js';
import { closedSessionsSchema } from '#shared/schemas/sessions.js';
import { createUserBodySchema, updateUserBodySchema, userPageSchema, userResponseSchema } from '#shared/schemas/users.js';
import type { User } from '#shared/schemas/auth.js';
import { userMessages } from '#shared/user-messages.js';
import { adminOnly } from '#server/auth/guard.js';
import { recordIdOf } from '#server/write-pipeline/activity-rule.js';
import type { Database } from '#server/db/schema.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { errorResponses } from '#server/http/error-responses.js';
import { readSessionToken } from '#server/http/session-cookie.js';
import { createUser, deleteUser, endUserSessions, findUserItem, getUserPage, updateUser } from './service.js';
import { exportUsers } from './users-csv.js';

/**
 * /api/users: the real accounts that sign in (docs/product-guide.md#beyond-the-original-app). Every route
 * is administrator-only, checked by the guard: a tecnico gets 'No tienes
 * permisos para realizar esta acción.' (docs/product-guide.md#roles-and-permissions). Account changes are logged.
 */
const tags = ['usuarios'];

const userCrudRoutes = crudRoutes({
  tags,
  names: { one: 'User', many: 'Users', unoEs: 'un usuario', muchosEs: 'los usuarios' },
  config: adminOnly,
  schemas: { listQuery: paginationQuerySchema, page: userPageSchema, item: userResponseSchema, body: createUserBodySchema, updateBody: updateUserBodySchema },
  service: {
    list: getUserPage,
    async create(db, body, { actor, log }) {
      const user = await createUser(db, actor, body);
      log.info({ event: 'user_created', userId: user.id, by: actor.id }, 'usuario creado');
      return user;
    },
    async update(db, id, body, { actor, sessionToken, log }) {
      const user = await updateUser(db, actor, id, body, sessionToken);
      log.info({ event: 'user_updated', userId: user.id, by: actor.id, passwordChanged: body.password !== undefined }, 'usuario actualizado');
      return user;
    },
    async remove(db, id, { actor, log }) {
      await deleteUser(db, actor, id);
      log.info({ event: 'user_deleted', userId: id, by: actor.id }, 'usuario eliminado');
    },
  },
  csv: { build: exportUsers, summary: 'Exportar los usuarios en CSV (sin contraseñas)' },
  // A new password is logged as 'contraseña cambiada', never with a value (docs/decisions/0024-activity-log.md).
  activity: { area: 'users', label: (user) => user.username, find: findUserItem, valuelessChanges: (body) => (body.password === undefined ? [] : ['password']) },
  version: { table: 'users', editedByOther: userMessages.editedByOther },
});

/** The four user routes, the CSV export, and DELETE /api/users/:id/sessions: «Cerrar sesiones» of one user (administrators). */
export const userRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, options) => {
  // Called, not registered: a nested plugin would lose the prefix's '/api/users' (no trailing slash) route.
  await userCrudRoutes(app, options);
  app.delete('/:id/sessions', {
    config: {
      ...adminOnly,
      // Logged as signing the user out, named as the user is.
      activity: { area: 'users', action: 'sign_out', describe: (user: User) => ({ id: user.id, label: user.username }), before: (trx, request) => findUserItem(trx, recordIdOf(request)!) },
    },
    schema: {
      tags,
      operationId: 'endUserSessions',
      summary: 'Cerrar todas las sesiones de un usuario',
      params: idParamsSchema,
      response: { 200: closedSessionsSchema, ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => {
    const actor = currentUser(request);
    const answer = await endUserSessions(writeDatabaseOf(request), actor, request.params.id, readSessionToken(request));
    request.log.info({ event: 'user_sessions_ended', userId: request.params.id, by: actor.id, closed: answer.closed }, 'sesiones de un usuario cerradas');
    return answer;
  });
};
