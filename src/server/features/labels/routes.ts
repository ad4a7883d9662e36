import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { labelMessages as m } from '#shared/label-messages.js';
import { labelsQuerySchema } from '#shared/schemas/labels.js';
import { parseOrigin } from '#server/config.js';
import type { Database } from '#server/db/schema.js';
import { validationError } from '#server/errors.js';
import { errorResponses } from '#server/http/error-responses.js';
import { lotLabels } from './service.js';

/**
 * The origin the labels' QR codes point to: PUBLIC_URL when set
 * (docs/decisions/0022-public-url-and-origin-check.md), else the one this
 * request came to: its scheme and host, from X-Forwarded-Proto and
 * X-Forwarded-Host only behind a proxy trusted with TRUST_PROXY (Fastify's
 * `request.protocol` and `request.host`).
 */
function qrOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  const own = parseOrigin(`${request.protocol}://${request.host}`);
  if (!own || own.path) throw validationError(m.originUnknown);
  return own.origin;
}

/** GET /api/labels.pdf (docs/product-guide.md#etiquetas): any signed-in user, read-only. */
export const labelRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; publicUrl: string | undefined }> = async (app, { db, publicUrl }) => {
  app.get('/labels.pdf', {
    schema: {
      tags: ['etiquetas'],
      operationId: 'getLotLabelsPdf',
      summary: 'Etiquetas de lotes en PDF, con un código QR que abre la trazabilidad de cada lote',
      querystring: labelsQuerySchema,
      response: {
        200: {
          description: 'Documento PDF: una etiqueta por lote y copia, en el orden de la lista (62mm y 100x150: una por página; a4: 24 por hoja).',
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        ...errorResponses(400, 401, 404),
      },
    },
  }, async (request, reply) => {
    const origin = qrOrigin(request, publicUrl);
    sendPdf(reply, await lotLabels(db, request.query, origin));
    return reply;
  });
};

function sendPdf(reply: FastifyReply, { pdf, fileName }: { pdf: Uint8Array; fileName: string }): void {
  void reply
    .header('content-type', 'application/pdf')
    // inline: the browser's viewer opens it in the new tab, with its own Print button.
    .header('content-disposition', `inline; filename="${fileName}"`)
    // Stock on a label is the stock when printed: never from a cache.
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
