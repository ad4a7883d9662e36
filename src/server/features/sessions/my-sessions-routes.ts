import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { closedSessionsSchema, sessionIdParamsSchema, sessionListSchema } from '#shared/schemas/sessions.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { clearSessionCookie, readSessionToken } from '#server/http/session-cookie.js';
import { endMyOtherSessions, endMySession, isSessionOfToken, listMySessions } from './service.js';

/**
 * /api/auth/sessions: the signed-in user's own sessions («Mis sesiones» in the
 * header's profile menu). Any signed-in user, and only ever their own: another
 * user's session id is a 404 like an unknown one. Tokens never leave the
 * server; a session is named by publicSessionId. (An administrator ends all of
 * someone else's sessions with DELETE /api/users/:id/sessions.)
 */
export const mySessionsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const tags = ['sesión'];

  app.get('/sessions', {
    schema: { tags, operationId: 'listMySessions', summary: 'Listar mis sesiones abiertas', response: { 200: sessionListSchema, ...errorResponses(401) } },
  }, (request) => listMySessions(db, currentUser(request).id, readSessionToken(request)));

  // Ending one's own sessions is signing those devices out (the log names the user and the address asked from).
  const signOut = { activity: { area: 'auth', action: 'sign_out' } } as const;

  app.delete('/sessions/:id', {
    config: signOut,
    schema: {
      tags,
      operationId: 'endMySession',
      summary: 'Cerrar una de mis sesiones (la actual, como Cerrar Sesión)',
      params: sessionIdParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    await endMySession(writeDatabaseOf(request), user, request.params.id, { ip: request.ip });
    if (isSessionOfToken(request.params.id, readSessionToken(request))) clearSessionCookie(request, reply);
    request.log.info({ event: 'session_ended', userId: user.id, by: user.id }, 'sesión cerrada por su usuario');
    return reply.status(204).send(null);
  });

  app.delete('/sessions', {
    config: signOut,
    schema: {
      tags,
      operationId: 'endMyOtherSessions',
      summary: 'Cerrar todas mis sesiones menos la actual',
      response: { 200: closedSessionsSchema, ...errorResponses(401, 403) },
    },
  }, async (request) => {
    const user = currentUser(request);
    const answer = await endMyOtherSessions(writeDatabaseOf(request), user, readSessionToken(request), { ip: request.ip });
    request.log.info({ event: 'sessions_ended', userId: user.id, by: user.id, closed: answer.closed }, 'otras sesiones cerradas por su usuario');
    return answer;
  });
};
