import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { authMessages } from '#shared/messages.js';
import { loginBodySchema, sessionUserResponseSchema } from '#shared/schemas/auth.js';
import { errorBodySchema } from '#shared/schemas/common.js';
import { publicRoute } from '#server/auth/guard.js';
import { LoginThrottle } from '#server/auth/login-throttle.js';
import { decoyPasswordHash } from '#server/auth/passwords.js';
import { createSession, deleteSession, SESSION_ABSOLUTE_MS } from '#server/auth/sessions.js';
import type { Database } from '#server/db/schema.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { AppError } from '#server/errors.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '#server/http/session-cookie.js';
import { accountNamed, checkCredentials, normalizeUsername } from '#server/features/users/service.js';

export interface SessionRoutesOptions {
  db: Kysely<Database>;
  /** Per-address limit on login attempts per minute. */
  loginRateLimitPerMinute: number;
}

/**
 * /api/auth: sign in, sign out and the signed-in user. The sign-in brakes and
 * sessions are auth's (src/server/auth); the accounts are the users area's,
 * asked through its service.
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
    // Counted before the password is checked, so simultaneous guesses cannot all pass (login-throttle.ts).
    const decision = await throttle.begin(request.ip, username);
    if (!decision.allowed) {
      request.log.warn({ event: 'login_blocked', scope: decision.scope, username, ip: request.ip }, 'inicio de sesión frenado por intentos fallidos');
      throw tooManyAttempts(reply, decision.retryAfterSeconds);
    }
    // Many recent failures on this account from anywhere: wait, never refuse.
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    // Same work whether or not the user exists, so timing reveals nothing.
    const user = await checkCredentials(db, username, request.body.password);
    if (!user) {
      request.log.warn({ event: 'login_failed', username, ip: request.ip }, 'inicio de sesión fallido');
      // The refusal is logged with the address, and the username only when an account has it:
      // a password typed into the username field must not land in the log (docs/decisions/0024-activity-log.md).
      const account = await accountNamed(db, username);
      await withWriteTransaction(writeDatabaseOf(request), async (trx) =>
        recordActivity(trx, { action: 'sign_in_refused', area: 'auth', record_id: null, record_label: request.ip, user: { id: null, username: account?.username ?? null } }),
      );
      throw new AppError('unauthenticated', authMessages.wrongCredentials);
    }
    await throttle.succeeded(request.ip, username);
    const token = await withWriteTransaction(writeDatabaseOf(request), async (trx) => {
      recordActivity(trx, { action: 'sign_in', area: 'auth', record_id: user.id, record_label: request.ip, user: { id: user.id, username: user.username } });
      return createSession(trx, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    });
    setSessionCookie(request, reply, token, SESSION_ABSOLUTE_MS);
    request.log.info({ event: 'login', userId: user.id, username }, 'inicio de sesión');
    return { user };
  });

  app.post('/logout', {
    config: { activity: { area: 'auth', action: 'sign_out' }, idempotencyKey: false },
    schema: { tags: ['sesión'], operationId: 'logout', summary: 'Cerrar la sesión', response: { 204: z.null(), 401: errorBodySchema } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const token = readSessionToken(request);
    await withWriteTransaction(writeDatabaseOf(request), async (trx) => {
      if (token) await deleteSession(trx, token);
      recordActivity(trx, { action: 'sign_out', area: 'auth', record_id: user.id, record_label: request.ip });
    });
    clearSessionCookie(request, reply);
    request.log.info({ event: 'logout', userId: user.id, username: user.username }, 'cierre de sesión');
    return reply.status(204).send(null);
  });

  app.get('/me', {
    schema: { tags: ['sesión'], operationId: 'getCurrentUser', summary: 'Usuario de la sesión actual', response: { 200: sessionUserResponseSchema, 401: errorBodySchema } },
  }, async (request) => ({ user: currentUser(request) }));
};
