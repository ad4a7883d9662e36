import { type Sale, saleBodySchema, saleSchema, salesListQuerySchema, salesPageSchema } from '#shared/schemas/sales.js';
import { salesMessages } from '#shared/sales-messages.js';
import { byActorId, crudRoutes } from '#server/http/crud-routes.js';
import { createSale, deleteSale, findSaleItem, listSales, updateSale } from './service.js';
import { exportSales } from './sales-csv.js';

/**
 * 'Colombia · CO-1 (4 × Bolsa 250 g) para Café Sol': the log names the bags
 * and the customer of a sale that has them.
 */
const saleLabel = (sale: Sale): string =>
  `${sale.product_name} · ${sale.batch_code_sold}${sale.bags !== null && sale.format_name !== null ? ` (${salesMessages.bagsOf(sale.bags, sale.format_name)})` : ''}${sale.customer_name ? ` para ${sale.customer_name}` : ''}`;

/** /api/sales: any signed-in user; both roles record, edit and delete sales (docs/product-guide.md#roles-and-permissions). */
export const salesRoutes = crudRoutes({
  tags: ['ventas'],
  names: { one: 'Sale', many: 'Sales', unoEs: 'una venta', muchosEs: 'las ventas' },
  schemas: { listQuery: salesListQuerySchema, page: salesPageSchema, item: saleSchema, body: saleBodySchema },
  service: byActorId({ list: listSales, create: createSale, update: updateSale, remove: deleteSale }),
  csv: { build: exportSales },
  activity: { area: 'sales', label: saleLabel, find: findSaleItem },
  version: { table: 'sales', editedByOther: salesMessages.editedByOther },
});
