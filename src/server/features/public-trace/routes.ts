import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { commonMessages } from '#shared/messages.js';
import { publicLotSchema } from '#shared/schemas/public-lot.js';
import { publicRoute } from '#server/auth/guard.js';
import type { Database } from '#server/db/schema.js';
import { AppError, notFoundError } from '#server/errors.js';
import { errorResponses } from '#server/http/error-responses.js';
import { PUBLIC_LOT_NOT_FOUND_PAGE, PUBLIC_LOT_RATE_LIMITED_PAGE, publicLotPage } from './page-html.js';
import { findPublicLot } from './service.js';

export interface PublicTraceOptions {
  db: Kysely<Database>;
  /** Requests per minute per address: the sign-in's own limit (docs/decisions/0008-sign-in-throttling-without-lockout.md). */
  rateLimitPerMinute: number;
}

/** The one 404 of an unknown code and of the page while it is off (docs/decisions/0049-roast-age-and-public-page.md). */
export const PUBLIC_LOT_NOT_FOUND = 'Lote no encontrado.';

const paramsSchema = z.object({ code: z.string() });

/** Per address, before the handler runs, like the sign-in; the plugin sets Retry-After. */
const rateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new AppError('rate_limited', commonMessages.rateLimited),
});

/**
 * GET /api/public/lots/:code: the coffee drinker's data, without a session
 * (docs/decisions/0049-roast-age-and-public-page.md). Explicitly public in the guard's table.
 */
export const publicLotRoutes: FastifyPluginAsyncZod<PublicTraceOptions> = async (app, { db, rateLimitPerMinute }) => {
  app.get('/lots/:code', {
    config: { ...publicRoute, rateLimit: rateLimit(rateLimitPerMinute) },
    schema: {
      tags: ['público'],
      operationId: 'getPublicLot',
      summary: 'Datos públicos de un lote tostado o de mezcla (página del consumidor)',
      params: paramsSchema,
      response: { 200: publicLotSchema, ...errorResponses(404, 429) },
    },
  }, async (request) => {
    const lot = await findPublicLot(db, request.params.code);
    if (!lot) throw notFoundError(PUBLIC_LOT_NOT_FOUND);
    return lot;
  });
};

/**
 * /c/:code, the page a bag's QR opens: written on the server, no session, no script (page-html.ts).
 * Its errors are pages too, never the API's JSON.
 */
export const publicLotPageRoutes: FastifyPluginAsyncZod<PublicTraceOptions> = async (app, { db, rateLimitPerMinute }) => {
  app.get('/c/:code', {
    config: { rateLimit: rateLimit(rateLimitPerMinute) },
    schema: { hide: true, params: paramsSchema },
    errorHandler: (error, request, reply) => {
      const limited = error instanceof AppError && error.code === 'rate_limited';
      if (!limited) request.log.error({ err: error }, 'error interno');
      return reply
        .status(limited ? 429 : 500)
        .type('text/html; charset=utf-8')
        .send(limited ? PUBLIC_LOT_RATE_LIMITED_PAGE : PUBLIC_LOT_NOT_FOUND_PAGE);
    },
  }, async (request, reply) => {
    const lot = await findPublicLot(db, request.params.code);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return lot ? publicLotPage(lot) : reply.status(404).send(PUBLIC_LOT_NOT_FOUND_PAGE);
  });
};
