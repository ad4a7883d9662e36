import { paginationQuerySchema } from '#shared/schemas/common.js';
import { saleFormatBodySchema, saleFormatPageSchema, saleFormatSchema } from '#shared/schemas/sale-formats.js';
import { saleFormatMessages } from '#shared/sale-format-messages.js';
import { adminOnly } from '#server/auth/guard.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { createFormat, deleteFormat, findFormatItem, listFormats, updateFormat } from './service.js';

/**
 * /api/sale-formats (docs/product-guide.md#configuracion): any signed-in user
 * reads them (the sale form's and the order form's 'Formato'); only an
 * administrador creates, edits or deletes one (a format that sales or order
 * lines use is deactivated instead).
 */
export const saleFormatRoutes = crudRoutes({
  tags: ['configuración'],
  names: { one: 'SaleFormat', many: 'SaleFormats', unoEs: 'un formato de venta', muchosEs: 'los formatos de venta' },
  writeConfig: adminOnly,
  schemas: { listQuery: paginationQuerySchema, page: saleFormatPageSchema, item: saleFormatSchema, body: saleFormatBodySchema },
  service: { list: listFormats, create: createFormat, update: updateFormat, remove: deleteFormat },
  activity: { area: 'sale-formats', label: (format) => format.name, find: findFormatItem },
  version: { table: 'sale_formats', editedByOther: saleFormatMessages.editedByOther },
});
