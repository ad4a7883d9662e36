import { saleBodySchema, saleSchema, salesListQuerySchema, salesPageSchema } from '#shared/schemas/sales.js';
import { salesMessages } from '#shared/sales-messages.js';
import { byActorId, crudRoutes } from '#server/http/crud-routes.js';
import { createSale, deleteSale, findSaleItem, listSales, updateSale } from './service.js';
import { exportSales } from './sales-csv.js';

/** /api/sales: any signed-in user; both roles record, edit and delete sales (docs/product-guide.md#roles-and-permissions). */
export const salesRoutes = crudRoutes({
  tags: ['ventas'],
  names: { one: 'Sale', many: 'Sales', unoEs: 'una venta', muchosEs: 'las ventas' },
  schemas: { listQuery: salesListQuerySchema, page: salesPageSchema, item: saleSchema, body: saleBodySchema },
  service: byActorId({ list: listSales, create: createSale, update: updateSale, remove: deleteSale }),
  csv: { build: exportSales },
  // 'Colombia · CO-1 para Café Sol': the log names the customer of a sale that has one.
  activity: { area: 'sales', label: (sale) => `${sale.product_name} · ${sale.batch_code_sold}${sale.customer_name ? ` para ${sale.customer_name}` : ''}`, find: findSaleItem },
  version: { table: 'sales', editedByOther: salesMessages.editedByOther },
});
