import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { authMessages, commonMessages } from '#shared/messages.js';
import type { Role } from '#shared/roles.js';
import type { Database } from '#server/db/schema.js';
import { AppError } from '#server/errors.js';
import { isApiRequest } from '#server/http/api-request.js';
// Declares request.user, which the guard fills and route handlers read with currentUser.
import '#server/http/current-user.js';
import { readSessionToken } from '#server/http/session-cookie.js';
import { findSessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, health). Everything else under /api needs one. */
    public?: boolean;
    /** Roles allowed; absent means any signed-in user. */
    roles?: readonly Role[];
  }
}

/** Route config for administrator-only routes: `{ config: adminOnly }`. */
export const adminOnly = { roles: ['administrador'] } as const satisfies { roles: readonly Role[] };
export const publicRoute = { public: true } as const;

/**
 * Deny by default: one hook in front of every /api route, including unknown
 * ones, so no route can forget to check the session or the role.
 */
export function registerAuthGuard(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // By the matched route, not the raw URL: see isApiRequest.
    if (!isApiRequest(request)) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = readSessionToken(request);
    const user = token ? await findSessionUser(db, token) : null;
    if (!user) throw new AppError('unauthenticated', authMessages.notSignedIn);
    if (config.roles && !config.roles.includes(user.role)) throw new AppError('forbidden', commonMessages.forbidden);
    request.user = user;
  });
}
