import {
  roastedCoffeeBodySchema,
  roastedCoffeeListQuerySchema,
  roastedCoffeePageSchema,
  roastedCoffeeSchema,
} from '#shared/schemas/roasted-coffee.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import { csvExportQuery, withCsvExport } from '#server/http/csv-export-route.js';
import * as service from './service.js';
import { exportRoasts } from './roasts-csv.js';

const tags = ['café tostado'];

/** /api/roasted-coffee (the body names the green lot `green_coffee_id`): any signed-in user. */
export const roastedCoffeeRoutes = withCsvExport(crudRoutes({
  tags,
  operations: crudOperations({ one: 'RoastedCoffeeLot', many: 'RoastedCoffeeLots', unoEs: 'un lote de café tostado', muchosEs: 'los lotes de café tostado' }),
  listQuery: roastedCoffeeListQuerySchema,
  page: roastedCoffeePageSchema,
  item: roastedCoffeeSchema,
  createBody: roastedCoffeeBodySchema,
  updateBody: roastedCoffeeBodySchema,
  list: service.listRoasts,
  create: (db, body, { actor }) => service.createRoast(db, body, actor.id),
  update: (db, id, body, { actor }) => service.updateRoast(db, id, body, actor.id),
  remove: (db, id, { actor }) => service.deleteRoast(db, id, actor.id),
}), {
  tags,
  operationId: 'exportRoastedCoffeeLotsCsv',
  summary: 'Exportar los lotes de café tostado en CSV',
  querystring: csvExportQuery(roastedCoffeeListQuerySchema),
  build: exportRoasts,
});
