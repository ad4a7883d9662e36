import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { labelsQuerySchema } from '#shared/schemas/labels.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { pdfResponse, sendPdf } from '#server/http/pdf-reply.js';
import { qrOrigin } from '#server/http/public-origin.js';
import { bagLabels, lotLabels } from './service.js';

/** GET /api/labels.pdf (docs/product-guide.md#etiquetas): any signed-in user, read-only. */
export const labelRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; publicUrl: string | undefined }> = async (app, { db, publicUrl }) => {
  app.get('/labels.pdf', {
    schema: {
      tags: ['etiquetas'],
      operationId: 'getLotLabelsPdf',
      summary: 'Etiquetas de lotes, o de bolsas de un lote (kind=bolsa), en PDF, con un código QR que abre la trazabilidad de cada lote',
      querystring: labelsQuerySchema,
      response: {
        200: pdfResponse('Documento PDF: una etiqueta por lote y copia (bolsa: por bolsa), en el orden de la lista (62mm, 100x150 y 50x80: una por página; a4: 24 por hoja, desde la posición start).'),
        ...errorResponses(400, 401, 404, 409),
      },
    },
  }, async (request, reply) => {
    const origin = qrOrigin(request, publicUrl);
    sendPdf(reply, await (request.query.kind === 'bolsa' ? bagLabels : lotLabels)(db, request.query, origin));
    return reply;
  });
};
