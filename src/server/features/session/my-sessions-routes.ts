import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { sessionMessages } from '#shared/messages.js';
import { closedSessionsSchema, type Session, sessionIdParamsSchema, sessionListSchema } from '#shared/schemas/sessions.js';
import { deleteSessionOfUser, deleteSessionsOfUser, listSessionsOfUser, publicIdOfToken, publicSessionId, type SessionRow } from '#server/auth/sessions.js';
import type { Database } from '#server/db/schema.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { notFoundError } from '#server/errors.js';
import { errorResponses } from '#server/http/error-responses.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { clearSessionCookie, readSessionToken } from '#server/http/session-cookie.js';
import { deviceLabel, shortIp } from './device-label.js';

/**
 * /api/auth/sessions: the signed-in user's own sessions («Mis sesiones» in the
 * header's profile menu). Any signed-in user, and only ever their own: another
 * user's session id is a 404 like an unknown one. Tokens never leave the
 * server; a session is named by publicSessionId. (An administrator ends all of
 * someone else's sessions with DELETE /api/users/:id/sessions.)
 */
export const mySessionsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const tags = ['sesión'];

  const toSession = (row: SessionRow, currentId: string | undefined): Session => ({
    id: publicSessionId(row.id),
    created_at: new Date(row.created_at).toISOString(),
    last_seen_at: new Date(row.last_seen_at).toISOString(),
    device: deviceLabel(row.user_agent),
    ip: shortIp(row.ip),
    current: publicSessionId(row.id) === currentId,
  });

  app.get('/sessions', {
    schema: { tags, operationId: 'listMySessions', summary: 'Listar mis sesiones abiertas', response: { 200: sessionListSchema, ...errorResponses(401) } },
  }, async (request) => {
    const user = currentUser(request);
    const token = readSessionToken(request);
    const currentId = token ? publicIdOfToken(token) : undefined;
    const rows = await listSessionsOfUser(db, user.id);
    // «Esta sesión» first, then the most recently used.
    const items = rows.map((row) => toSession(row, currentId)).sort((a, b) => Number(b.current) - Number(a.current));
    return { items };
  });

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
    const token = readSessionToken(request);
    await withWriteTransaction(writeDatabaseOf(request), async (trx) => {
      if (!(await deleteSessionOfUser(trx, user.id, request.params.id))) throw notFoundError(sessionMessages.notFound);
      recordActivity(trx, { action: 'sign_out', area: 'auth', record_id: user.id, record_label: request.ip });
    });
    if (token && publicIdOfToken(token) === request.params.id) clearSessionCookie(request, reply);
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
    const answer = await withWriteTransaction(writeDatabaseOf(request), async (trx) => {
      recordActivity(trx, { action: 'sign_out', area: 'auth', record_id: user.id, record_label: request.ip });
      return { closed: await deleteSessionsOfUser(trx, user.id, readSessionToken(request)) };
    });
    request.log.info({ event: 'sessions_ended', userId: user.id, by: user.id, closed: answer.closed }, 'otras sesiones cerradas por su usuario');
    return answer;
  });
};
