import { paginationQuerySchema } from '#shared/schemas/common.js';
import { productPriceBodySchema, productPricePageSchema, productPriceSchema, productPriceUpdateBodySchema } from '#shared/schemas/product-prices.js';
import { productPriceMessages } from '#shared/product-price-messages.js';
import { adminOnly } from '#server/auth/guard.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { createPrice, deletePrice, findPriceItem, listPrices, updatePrice } from './service.js';

/**
 * /api/product-prices (docs/product-guide.md#configuracion): any signed-in user
 * reads them (the sale form's prices); only an administrador creates, edits or
 * deletes one, so a tecnico gets 403 'No tienes permisos para realizar esta acción.'.
 */
export const productPriceRoutes = crudRoutes({
  tags: ['configuración'],
  names: { one: 'ProductPrice', many: 'ProductPrices', unoEs: 'un precio por producto', muchosEs: 'los precios por producto' },
  writeConfig: adminOnly,
  schemas: { listQuery: paginationQuerySchema, page: productPricePageSchema, item: productPriceSchema, body: productPriceBodySchema, updateBody: productPriceUpdateBodySchema },
  service: { list: listPrices, create: createPrice, update: updatePrice, remove: deletePrice },
  activity: { area: 'product-prices', label: (price) => price.name, find: findPriceItem },
  version: { table: 'product_prices', editedByOther: productPriceMessages.editedByOther },
});
