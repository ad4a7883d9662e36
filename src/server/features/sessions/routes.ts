import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { authMessages } from '#shared/messages.js';
import { loginBodySchema, sessionUserResponseSchema } from '#shared/schemas/auth.js';
import { errorBodySchema } from '#shared/schemas/common.js';
import { publicRoute } from '#server/auth/guard.js';
import { LoginThrottle } from '#server/auth/login-throttle.js';
import { decoyPasswordHash } from '#server/auth/passwords.js';
import { SESSION_ABSOLUTE_MS } from '#server/auth/sessions.js';
import type { Database } from '#server/db/schema.js';
import { AppError } from '#server/errors.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '#server/http/session-cookie.js';
import { normalizeUsername } from '#server/features/users/service.js';
import { getRegionalFormat } from '#server/features/settings/service.js';
import { signIn, signOut } from './service.js';

export interface SessionRoutesOptions {
  db: Kysely<Database>;
  /** Per-address limit on login attempts per minute. */
  loginRateLimitPerMinute: number;
}

/**
 * /api/auth: sign in, sign out and the signed-in user. The rules are in
 * ./service.ts; here the answers: the cookie, the 401 and 429 in Spanish and
 * the log lines.
 */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, { db, loginRateLimitPerMinute }) => {
  const throttle = new LoginThrottle(db);
  // Made now, not on the first unknown username: that first answer would otherwise take twice as long.
  void decoyPasswordHash();
  /** 429 for the sign-in brakes: Spanish text and Retry-After say the same wait. */
  const tooManyAttempts = (reply: { header(name: string, value: number): unknown }, seconds: number) => {
    reply.header('retry-after', seconds);
    return new AppError('rate_limited', authMessages.tooManyAttempts(seconds));
  };

  app.post('/login', {
    config: {
      ...publicRoute,
      // Logged by the handler (signed in or refused); a sign-in is never replayed by key.
      activity: { area: 'auth', action: 'sign_in' },
      idempotencyKey: false,
      rateLimit: {
        max: loginRateLimitPerMinute,
        timeWindow: '1 minute',
        // Each 429 from the per-address limit, so an attack shows in the log
        // next to login_blocked. Runs before the body is read: no password here.
        onExceeded: (request) => request.log.warn({ event: 'login_rate_limited', ip: request.ip }, 'inicio de sesión limitado por dirección'),
        // The plugin has set Retry-After; the text says the same wait, in Spanish.
        errorResponseBuilder: (_request, context) =>
          new AppError('rate_limited', authMessages.tooManyAttempts(Math.max(1, Math.ceil(context.ttl / 1000)))),
      },
    },
    schema: {
      tags: ['sesión'],
      operationId: 'login',
      summary: 'Iniciar sesión',
      body: loginBodySchema,
      response: { 200: sessionUserResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
    },
  }, async (request, reply) => {
    const username = normalizeUsername(request.body.username);
    const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
    const outcome = await signIn(db, writeDatabaseOf(request), throttle, username, request.body.password, client);
    if (outcome.kind === 'blocked') {
      const { scope, retryAfterSeconds } = outcome.decision;
      request.log.warn({ event: 'login_blocked', scope, username: outcome.knownUsername, ip: request.ip }, 'inicio de sesión frenado por intentos fallidos');
      throw tooManyAttempts(reply, retryAfterSeconds);
    }
    if (outcome.kind === 'refused') {
      request.log.warn({ event: 'login_failed', username: outcome.knownUsername, ip: request.ip }, 'inicio de sesión fallido');
      throw new AppError('unauthenticated', authMessages.wrongCredentials);
    }
    setSessionCookie(request, reply, outcome.token, SESSION_ABSOLUTE_MS);
    request.log.info({ event: 'login', userId: outcome.user.id, username }, 'inicio de sesión');
    return { user: outcome.user, format: await getRegionalFormat(db) };
  });

  app.post('/logout', {
    config: { activity: { area: 'auth', action: 'sign_out' }, idempotencyKey: false },
    schema: { tags: ['sesión'], operationId: 'logout', summary: 'Cerrar la sesión', response: { 204: z.null(), 401: errorBodySchema } },
  }, async (request, reply) => {
    const user = currentUser(request);
    await signOut(writeDatabaseOf(request), user, readSessionToken(request), { ip: request.ip });
    clearSessionCookie(request, reply);
    request.log.info({ event: 'logout', userId: user.id, username: user.username }, 'cierre de sesión');
    return reply.status(204).send(null);
  });

  app.get('/me', {
    schema: { tags: ['sesión'], operationId: 'getCurrentUser', summary: 'Usuario de la sesión actual', response: { 200: sessionUserResponseSchema, 401: errorBodySchema } },
  }, async (request) => ({ user: currentUser(request), format: await getRegionalFormat(db) }));
};
