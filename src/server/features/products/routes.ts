import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { productListSchema, productsQuerySchema } from '#shared/schemas/products.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/error-responses.js';
import { listProducts } from './service.js';

/** /api/products: read-only, any signed-in user (both roles sell, docs/product-guide.md#roles-and-permissions). */
export const productRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/', {
    schema: {
      tags: ['ventas'],
      operationId: 'listProducts',
      summary: 'Buscar los productos a la venta (lotes de café tostado y mezclas con stock)',
      querystring: productsQuerySchema,
      response: { 200: productListSchema, ...errorResponses(400, 401) },
    },
  }, (request) => listProducts(db, request.query));
};
