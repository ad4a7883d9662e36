import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_MS } from './sessions.js';

/**
 * Over HTTPS the cookie gets Secure and the __Host- prefix (no Domain, Path=/,
 * so no sibling host can set or read it); plain-HTTP local use keeps a plain name.
 */
const cookieName = (request: FastifyRequest) => (request.protocol === 'https' ? '__Host-cafe_sesion' : 'cafe_sesion');

export const readSessionToken = (request: FastifyRequest): string | undefined => request.cookies[cookieName(request)];

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
}
