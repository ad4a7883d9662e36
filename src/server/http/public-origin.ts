import type { FastifyRequest } from 'fastify';
import { labelMessages } from '#shared/label-messages.js';
import { parseOrigin } from '#server/config.js';
import { validationError } from '#server/errors.js';

/**
 * The origin a printed QR code points to (a label's, a delivery note's lots):
 * PUBLIC_URL when set (docs/decisions/0022-public-url-and-origin-check.md),
 * else the one this request came to: its scheme and host, from
 * X-Forwarded-Proto and X-Forwarded-Host only behind a proxy trusted with
 * TRUST_PROXY (Fastify's `request.protocol` and `request.host`).
 */
export function qrOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  const own = parseOrigin(`${request.protocol}://${request.host}`);
  if (!own || own.path) throw validationError(labelMessages.originUnknown);
  return own.origin;
}
