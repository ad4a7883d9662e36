import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import { requestMessages } from '#shared/messages.js';
import { AppError } from '#server/errors.js';

/**
 * Requests the router cannot match (docs/product-guide.md#any-request): a path whose %-escapes do not
 * decode (`/api/coffee-origins/%ZZ`, FST_ERR_BAD_URL) or whose parameter is
 * longer than the router takes (an id of 150 digits, FST_ERR_MAX_PARAM_LENGTH).
 * Fastify answers those itself, in English, in another body shape, echoing the
 * URL, before any hook: no security headers, no `no-store`, no session check.
 *
 * Here `frameworkErrors` sends such a request round the router again, to a
 * route that exists only to refuse it: the usual pipeline then runs (security
 * headers, same-origin and session checks for /api, the error handler, no-store)
 * and the answer is the usual `{error: {code, message}}` in Spanish, 401 before
 * 400 for a caller without a session, like any other /api URL.
 */
const REFUSAL_PATH = '_solicitud-no-valida';
const REASONS = { url: requestMessages.malformedUrl, larga: requestMessages.urlTooLong } as const;
type Reason = keyof typeof REASONS;

/** `api` as the first path segment in any spelling the router would accept (`/%61pi/…`), read segment by segment. */
function isApiPath(url: string): boolean {
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] ?? '';
  const first = path.split('/')[1] ?? '';
  try {
    return decodeURIComponent(first) === 'api';
  } catch {
    return false;
  }
}

/**
 * The Fastify options that route malformed requests into the usual pipeline.
 * `app` is read when a request arrives (the instance does not exist yet when
 * its options are written).
 */
export function malformedRequestOptions(app: () => FastifyInstance): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error: FastifyError, request, reply) {
      const reason: Reason = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'larga' : 'url';
      request.log.info({ event: 'malformed_url', code: error.code }, 'dirección de solicitud no válida');
      // The URL is dropped here: nothing later can echo it.
      request.raw.url = `${isApiPath(request.raw.url ?? '') ? '/api' : ''}/${REFUSAL_PATH}?motivo=${reason}`;
      app().routing(request.raw, reply.raw);
    },
    clientErrorHandler: answerUnreadableRequest,
  };
}

/** The route every malformed URL is sent to; hidden from the OpenAPI document. */
export function registerMalformedRequestRoutes(app: FastifyInstance): void {
  for (const url of [`/api/${REFUSAL_PATH}`, `/${REFUSAL_PATH}`]) {
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        const motivo = (request.query as { motivo?: string }).motivo;
        // Outside /api the onSend hook does not add it; an error is never to be cached either way.
        reply.header('cache-control', 'no-store');
        throw new AppError('validation', motivo === 'larga' ? REASONS.larga : REASONS.url);
      },
    });
  }
}

/**
 * Headers for an answer written straight to the socket: the HTTP parser could
 * not read the request (a URL or headers over Node's 16 KiB limit, a broken
 * request line, a timeout), so no hook runs. A JSON error body needs no more
 * than this: nothing may load, frame or sniff it, and nothing may cache it.
 */
const RAW_ERROR_HEADERS = [
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'X-Frame-Options: SAMEORIGIN',
  'Referrer-Policy: same-origin',
  'Cross-Origin-Resource-Policy: same-origin',
  'Connection: close',
];

/** Fastify's `clientErrorHandler`, in Spanish and our shape (its default is English, another shape, no headers). */
function answerUnreadableRequest(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // The client went away: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, requestMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, requestMessages.timeout]
        : [400, requestMessages.unreadable];
  this.log.info({ event: 'unreadable_request', code: error.code, status }, 'solicitud ilegible');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code: 'validation', message } });
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...RAW_ERROR_HEADERS, `Content-Length: ${Buffer.byteLength(body)}`];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
