import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SHOP_IMPORT_MAX_BYTES } from '#shared/limits.js';
import { paginationQuerySchema } from '#shared/schemas/common.js';
import {
  shopImportQuerySchema,
  shopImportResultSchema,
  shopPresetBodySchema,
  shopPresetPageSchema,
  shopPresetSchema,
  type ShopPreview,
  shopPreviewSchema,
  shopSkuBodySchema,
  shopSkuPageSchema,
  shopSkuSchema,
} from '#shared/schemas/shop-orders.js';
import { csvMessages } from '#shared/csv-messages.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import type { Database } from '#server/db/schema.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { currentUser } from '#server/http/current-user.js';
import { errorResponses } from '#server/http/error-responses.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { nextTurn } from '#server/turn-taker.js';
import {
  createPreset,
  createSku,
  deletePreset,
  deleteSku,
  findPresetItem,
  findSkuItem,
  importShopOrders,
  listPresets,
  listSkus,
  previewShopOrders,
  updatePreset,
  updateSku,
} from './service.js';

/**
 * /api/shop-skus (docs/product-guide.md#pedidos-de-la-tienda-online): each shop SKU mapped once
 * to a coffee of the plan, a format or bulk kilos and a grind, or ignored. Both roles: the
 * person who imports the orders maps what the preview does not know.
 */
export const shopSkuRoutes = crudRoutes({
  tags: ['pedidos de la tienda'],
  names: { one: 'ShopSku', many: 'ShopSkus', unoEs: 'una correspondencia de SKU de la tienda', muchosEs: 'las correspondencias de SKU de la tienda' },
  schemas: { listQuery: paginationQuerySchema, page: shopSkuPageSchema, item: shopSkuSchema, body: shopSkuBodySchema },
  service: { list: listSkus, create: createSku, update: updateSku, remove: deleteSku },
  activity: { area: 'shop-skus', label: (sku) => sku.sku, find: findSkuItem },
  version: { table: 'shop_skus', editedByOther: m.skuEditedByOther },
});

/** /api/shop-import-presets: the column mappings of shops that are not Shopify, by name. Both roles. */
export const shopPresetRoutes = crudRoutes({
  tags: ['pedidos de la tienda'],
  names: { one: 'ShopImportPreset', many: 'ShopImportPresets', unoEs: 'una correspondencia de columnas', muchosEs: 'las correspondencias de columnas' },
  schemas: { listQuery: paginationQuerySchema, page: shopPresetPageSchema, item: shopPresetSchema, body: shopPresetBodySchema },
  service: { list: listPresets, create: createPreset, update: updatePreset, remove: deletePreset },
  activity: { area: 'shop-import-presets', label: (preset) => preset.name, find: findPresetItem },
  version: { table: 'shop_import_presets', editedByOther: m.presetEditedByOther },
});

const MAX_MB = SHOP_IMPORT_MAX_BYTES / (1024 * 1024);

/** Orders serialized between two turns given to other requests. */
const ORDERS_PER_TURN = 200;

/**
 * The preview as JSON text in parts, its orders a batch at a time with a turn for other requests
 * between batches. The parts are sent as a stream, one write each: a 10,000-line preview is ~3 MB,
 * and one `end()` of it encoded and wrote it all in one synchronous go (6 ms on a quiet host,
 * several times that on a loaded one; bench P15).
 */
async function previewJsonParts(preview: ShopPreview): Promise<string[]> {
  const parts = [`{"source":${JSON.stringify(preview.source)},"orders":[`];
  for (let start = 0; start < preview.orders.length; start += ORDERS_PER_TURN) {
    if (start > 0) await nextTurn();
    parts.push(`${start > 0 ? ',' : ''}${preview.orders.slice(start, start + ORDERS_PER_TURN).map((order) => JSON.stringify(order)).join(',')}`);
  }
  parts.push(`],"unknown_skus":${JSON.stringify(preview.unknown_skus)}}`);
  return parts;
}

const csvBody = z
  .custom<Buffer>((body) => Buffer.isBuffer(body), { error: csvMessages.fileEmpty })
  .meta({ type: 'string', description: 'La exportación de pedidos de la tienda, CSV (máximo 5 MB).' });

/**
 * POST /api/shop-orders/preview and /import: the CSV is the raw body (`text/csv`), read in the
 * untrusted-files worker (docs/decisions/0040-untrusted-files-in-a-worker.md) with its own size
 * limit; `?preset=ID` for a file that is not Shopify's. Both roles.
 */
export const shopOrderRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: SHOP_IMPORT_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });
  const config = { csvBody: true, bodyTooLarge: (f: Parameters<typeof csvMessages.fileTooLarge>[1]) => csvMessages.fileTooLarge(MAX_MB, f) };

  app.post('/preview', {
    // Nothing is written: the write pipeline leaves it alone.
    config: { ...config, readOnly: true },
    bodyLimit: SHOP_IMPORT_MAX_BYTES,
    schema: {
      tags: ['pedidos de la tienda'],
      operationId: 'previewShopOrdersCsv',
      summary: 'Revisar la exportación de pedidos de la tienda online sin importar nada',
      consumes: ['text/csv'],
      querystring: shopImportQuerySchema,
      body: csvBody,
      response: { 200: shopPreviewSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
    },
  }, async (request, reply) => {
    const preview = await previewShopOrders(db, request.body, request.query);
    // Thousands of orders are written out in turns, as JSON the schema above describes: one
    // synchronous serialization of a 10,000-line preview held every other request for ~150 ms
    // (bench P15, docs/decisions/0047-shop-orders-import.md).
    // Sent as a stream of that text, so the typed reply (which takes the object) is widened to Fastify's own.
    return (reply as FastifyReply).type('application/json; charset=utf-8').send(Readable.from(await previewJsonParts(preview)));
  });

  app.post('/import', {
    // Each created order and customer is logged by the service (recordActivity).
    config: { ...config, activity: { area: 'orders', action: 'import' } },
    bodyLimit: SHOP_IMPORT_MAX_BYTES,
    schema: {
      tags: ['pedidos de la tienda'],
      operationId: 'importShopOrdersCsv',
      summary: 'Importar los pedidos nuevos de la exportación de la tienda online (todos o ninguno)',
      consumes: ['text/csv'],
      querystring: shopImportQuerySchema,
      body: csvBody,
      response: { 200: shopImportResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
    },
  }, (request) => importShopOrders(writeDatabaseOf(request), request.body, request.query, currentUser(request).id));
};
