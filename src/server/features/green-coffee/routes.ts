import {
  greenCoffeeBodySchema,
  greenCoffeeListQuerySchema,
  greenCoffeePageSchema,
  greenCoffeeSchema,
} from '#shared/schemas/green-coffee.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import { csvExportQuery, withCsvExport } from '#server/http/csv-export-route.js';
import * as service from './service.js';
import { exportGreenLots } from './green-lots-csv.js';

const tags = ['café verde'];

/** /api/green-coffee: any signed-in user; the guard answers 401 otherwise. */
export const greenCoffeeRoutes = withCsvExport(crudRoutes({
  tags,
  operations: crudOperations({ one: 'GreenCoffeeLot', many: 'GreenCoffeeLots', unoEs: 'un lote de café verde', muchosEs: 'los lotes de café verde' }),
  listQuery: greenCoffeeListQuerySchema,
  page: greenCoffeePageSchema,
  item: greenCoffeeSchema,
  createBody: greenCoffeeBodySchema,
  updateBody: greenCoffeeBodySchema,
  list: service.listGreenLots,
  create: (db, body, { actor }) => service.createGreenLot(db, body, actor.id),
  update: (db, id, body, { actor }) => service.updateGreenLot(db, id, body, actor.id),
  remove: (db, id, { actor }) => service.deleteGreenLot(db, id, actor.id),
}), {
  tags,
  operationId: 'exportGreenCoffeeLotsCsv',
  summary: 'Exportar los lotes de café verde en CSV',
  querystring: csvExportQuery(greenCoffeeListQuerySchema),
  build: exportGreenLots,
});
