import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { authMessages } from '../../shared/messages.js';
import { loginBodySchema, sessionUserResponseSchema } from '../../shared/schemas/auth.js';
import { errorBodySchema } from '../../shared/schemas/common.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { findUserByUsername, normalizeUsername } from '../features/users/repository.js';
import { currentUser, publicRoute } from './guard.js';
import { LoginThrottle } from './login-throttle.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.js';
import { createSession, deleteSession } from './sessions.js';

export interface AuthRoutesOptions {
  db: Kysely<Database>;
  /** Per-address limit on login attempts per minute. */
  loginRateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, loginRateLimitPerMinute }) => {
  const throttle = new LoginThrottle();

  app.post('/login', {
    config: {
      ...publicRoute,
      rateLimit: {
        max: loginRateLimitPerMinute,
        timeWindow: '1 minute',
        // Each 429 from the per-address limit, so an attack shows in the log
        // next to login_blocked. Runs before the body is read: no password here.
        onExceeded: (request) => request.log.warn({ event: 'login_rate_limited', ip: request.ip }, 'inicio de sesión limitado por dirección'),
      },
    },
    schema: {
      tags: ['sesión'],
      body: loginBodySchema,
      response: { 200: sessionUserResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
    },
  }, async (request, reply) => {
    const username = normalizeUsername(request.body.username);
    if (throttle.isBlocked(username)) {
      request.log.warn({ event: 'login_blocked', username }, 'inicio de sesión bloqueado por intentos fallidos');
      throw new AppError('rate_limited', authMessages.tooManyAttempts);
    }
    const user = await findUserByUsername(db, username);
    // Same work whether or not the user exists, so timing reveals nothing.
    const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), request.body.password);
    if (!user || !valid) {
      throttle.recordFailure(username);
      request.log.warn({ event: 'login_failed', username }, 'inicio de sesión fallido');
      throw new AppError('unauthenticated', authMessages.wrongCredentials);
    }
    throttle.reset(username);
    const token = await createSession(db, user.id);
    setSessionCookie(request, reply, token);
    request.log.info({ event: 'login', userId: user.id, username }, 'inicio de sesión');
    return { user: { id: user.id, username: user.username, full_name: user.full_name, role: user.role } };
  });

  app.post('/logout', {
    schema: { tags: ['sesión'], response: { 204: z.null(), 401: errorBodySchema } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const token = readSessionToken(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(request, reply);
    request.log.info({ event: 'logout', userId: user.id, username: user.username }, 'cierre de sesión');
    return reply.status(204).send(null);
  });

  app.get('/me', {
    schema: { tags: ['sesión'], response: { 200: sessionUserResponseSchema, 401: errorBodySchema } },
  }, async (request) => ({ user: currentUser(request) }));
};
