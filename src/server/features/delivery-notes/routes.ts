import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idParamsSchema } from '#shared/schemas/common.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { sendPdf } from '#server/http/pdf-reply.js';
import { qrOrigin } from '#server/http/public-origin.js';
import { deliveryNotePdf } from './service.js';

/** GET /api/orders/:id/delivery-note.pdf (docs/product-guide.md#albaran): any signed-in user, read-only. */
export const deliveryNoteRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; publicUrl: string | undefined }> = async (app, { db, publicUrl }) => {
  app.get('/orders/:id/delivery-note.pdf', {
    schema: {
      tags: ['pedidos'],
      operationId: 'getOrderDeliveryNotePdf',
      summary: 'Albarán de un pedido preparado en PDF (A4), con un código QR por lote que abre su trazabilidad',
      params: idParamsSchema,
      response: {
        200: { description: 'Documento PDF A4.', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        ...errorResponses(400, 401, 404, 409),
      },
    },
  }, async (request, reply) => {
    const origin = qrOrigin(request, publicUrl);
    sendPdf(reply, await deliveryNotePdf(db, request.params.id, origin));
    return reply;
  });
};
