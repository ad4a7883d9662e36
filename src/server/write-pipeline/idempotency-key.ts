import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idempotencyMessages } from '#shared/messages.js';
import { validationError } from '#server/errors.js';

/** The header's value: 1–255 visible ASCII characters (no spaces, so two joined headers are refused too). */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** A write sent with a key: what makes a later request "the same" (docs/decisions/0023-idempotency-keys.md). */
export interface KeyedRequest {
  userId: number;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
}

/** The request's `Idempotency-Key`, or undefined without one; 400 in Spanish for a malformed one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_SHAPE.test(value)) throw validationError(idempotencyMessages.invalidKey);
  return value;
}

/**
 * SHA-256 of the body as validated (the route's schema has parsed it): a
 * retry of the same form sends the same body; bytes (an uploaded file) are
 * hashed as they came.
 */
export function bodyHashOf(body: unknown): string {
  // crypto.hash: one call, no Hash object per request (as auth/sessions.ts).
  return hash('sha256', Buffer.isBuffer(body) ? body : JSON.stringify(body ?? null), 'hex');
}

export const keyedRequest = (request: FastifyRequest, userId: number, key: string): KeyedRequest => ({
  userId,
  key,
  method: request.method,
  path: request.url,
  bodyHash: bodyHashOf(request.body),
});
