import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Formatter } from '#shared/format.js';
import { commonMessages, requestMessages } from '#shared/messages.js';
import { BODY_LIMIT_BYTES } from '#server/config.js';
import { AppError, type ErrorCode } from '#server/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The 413's text of a route with a body limit of its own (a file upload:
     * the Artisan and CSV imports), which names that limit instead of the API's 256 KB, its
     * figure in the shop's regional format (docs/decisions/0042-one-regional-formatter.md).
     */
    bodyTooLarge?: (f: Formatter) => string;
  }
}

const BODY_TOO_LARGE = 'FST_ERR_CTP_BODY_TOO_LARGE';

/** Bodies Fastify cannot read, by its error code: what a person is told (docs/product-guide.md#any-request). */
const UNREADABLE_BODY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: requestMessages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: requestMessages.invalidJson,
  [BODY_TOO_LARGE]: requestMessages.bodyTooLarge(BODY_LIMIT_BYTES / 1024),
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

const body = (code: ErrorCode, message: string): ErrorBody => ({ error: { code, message } });

/**
 * One place that shapes every error answer (docs/architecture.md#request-flow). Validation
 * errors carry the message of the first failed rule, which the shared schemas
 * set to the Spanish text of docs/product-guide.md#validation-rules; a 5xx never shows its cause.
 */
export function registerErrorHandling(app: FastifyInstance, readFormatter: () => Promise<Formatter>): void {
  app.setErrorHandler(async (error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'error interno');
      return reply.status(error.status).send(body(error.code, error.status >= 500 ? commonMessages.internal : error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send(body('validation', first?.message ?? commonMessages.invalidRequest));
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) return reply.status(429).send(body('rate_limited', commonMessages.rateLimited));
    if (status === 415) return reply.status(415).send(body('unsupported_media_type', commonMessages.jsonRequired));
    const code = (error as FastifyError).code;
    const routeLimit = code === BODY_TOO_LARGE ? request.routeOptions.config.bodyTooLarge : undefined;
    const unreadable = routeLimit ? routeLimit(await readFormatter()) : UNREADABLE_BODY[code];
    if (unreadable !== undefined && status !== undefined) return reply.status(status).send(body('validation', unreadable));
    if (status !== undefined && status >= 400 && status < 500) {
      // Malformed JSON, body too large and the like: the client's fault, but
      // Fastify's English text is not for our users.
      return reply.status(status).send(body('validation', commonMessages.invalidRequest));
    }
    request.log.error({ err: error }, 'error interno');
    return reply.status(500).send(body('internal', commonMessages.internal));
  });
}
