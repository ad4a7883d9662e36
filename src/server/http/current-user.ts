import type { User } from '#shared/schemas/auth.js';
import { authMessages } from '#shared/messages.js';
import { AppError } from '#server/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the guard (auth/guard.ts) on every non-public /api route. */
    user: User | null;
  }
}

/** The signed-in user inside a guarded route handler. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new AppError('unauthenticated', authMessages.notSignedIn);
  return request.user;
}
