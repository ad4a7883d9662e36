import { saleBodySchema, saleSchema, salesListQuerySchema, salesPageSchema } from '#shared/schemas/sales.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import { withCsvExport } from '#server/http/csv-export-route.js';
import * as service from './service.js';
import { exportSales } from './sales-csv.js';

const tags = ['ventas'];

/** /api/sales: any signed-in user; both roles record, edit and delete sales (docs/product-guide.md#roles-and-permissions). */
export const salesRoutes = withCsvExport(crudRoutes({
  tags,
  operations: crudOperations({ one: 'Sale', many: 'Sales', unoEs: 'una venta', muchosEs: 'las ventas' }),
  listQuery: salesListQuerySchema,
  page: salesPageSchema,
  item: saleSchema,
  createBody: saleBodySchema,
  updateBody: saleBodySchema,
  list: service.listSales,
  create: (db, body, { actor }) => service.createSale(db, body, actor.id),
  update: (db, id, body, { actor }) => service.updateSale(db, id, body, actor.id),
  remove: (db, id, { actor }) => service.deleteSale(db, id, actor.id),
}), {
  tags,
  operationId: 'exportSalesCsv',
  summary: 'Exportar las ventas en CSV',
  build: exportSales,
});
