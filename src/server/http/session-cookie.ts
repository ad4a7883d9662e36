import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL is an https:// address: the session cookie is always `__Host-…; Secure` (registerSessionCookie). */
    sessionCookieAlwaysSecure: boolean;
  }
}

/**
 * The cookie that carries a session's token (auth/sessions.ts keeps the
 * sessions): read by the guard and by the routes that need the caller's own
 * session, set at sign-in, cleared at sign-out.
 * Over HTTPS the cookie gets Secure and the __Host- prefix (no Domain, Path=/,
 * so no sibling host can set or read it); plain-HTTP local use keeps a plain name.
 * "Over HTTPS" is what people open (an https:// PUBLIC_URL, whatever reaches the
 * server from the proxy in front), or a request a trusted proxy reports as https
 * (docs/decisions/0022-public-url-and-origin-check.md).
 */
export function registerSessionCookie(app: FastifyInstance, publicUrl: string | undefined): void {
  app.decorate('sessionCookieAlwaysSecure', publicUrl?.startsWith('https://') === true);
}

const isSecure = (request: FastifyRequest): boolean => request.server.sessionCookieAlwaysSecure === true || request.protocol === 'https';

const cookieName = (request: FastifyRequest) => (isSecure(request) ? '__Host-cafe_sesion' : 'cafe_sesion');

export const readSessionToken = (request: FastifyRequest): string | undefined => request.cookies[cookieName(request)];

/** `lifetimeMs`: how long the session may last at most (auth/sessions.ts SESSION_ABSOLUTE_MS), the cookie's Max-Age. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, lifetimeMs: number): void {
  reply.setCookie(cookieName(request), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request),
    path: '/',
    maxAge: lifetimeMs / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), { path: '/', httpOnly: true, sameSite: 'strict', secure: isSecure(request) });
}
