import { paginationQuerySchema } from '#shared/schemas/common.js';
import { originBodySchema, originPageSchema, originSchema } from '#shared/schemas/origins.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import { withCsvExport } from '#server/http/csv-export-route.js';
import * as service from './service.js';
import { exportOrigins } from './origins-csv.js';

const tags = ['orígenes'];

/** /api/coffee-origins: any signed-in user; the guard answers 401 otherwise. */
export const originRoutes = withCsvExport(crudRoutes({
  tags,
  operations: crudOperations({ one: 'CoffeeOrigin', many: 'CoffeeOrigins', unoEs: 'un origen de café', muchosEs: 'los orígenes de café' }),
  listQuery: paginationQuerySchema,
  page: originPageSchema,
  item: originSchema,
  createBody: originBodySchema,
  updateBody: originBodySchema,
  list: service.listOrigins,
  create: service.createOrigin,
  update: service.updateOrigin,
  remove: service.deleteOrigin,
}), {
  tags,
  operationId: 'exportCoffeeOriginsCsv',
  summary: 'Exportar los orígenes de café en CSV',
  build: exportOrigins,
});
