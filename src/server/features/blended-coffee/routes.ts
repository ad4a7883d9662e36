import {
  blendedCoffeeBodySchema,
  blendedCoffeeListQuerySchema,
  blendedCoffeePageSchema,
  blendedCoffeeSchema,
} from '#shared/schemas/blended-coffee.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import { withCsvExport } from '#server/http/csv-export-route.js';
import * as service from './service.js';
import { exportBlends } from './blends-csv.js';

const tags = ['café mezcla'];

/** /api/blended-coffee: any signed-in user. */
export const blendedCoffeeRoutes = withCsvExport(crudRoutes({
  tags,
  operations: crudOperations({ one: 'BlendedCoffeeLot', many: 'BlendedCoffeeLots', unoEs: 'un lote de café mezcla', muchosEs: 'los lotes de café mezcla' }),
  listQuery: blendedCoffeeListQuerySchema,
  page: blendedCoffeePageSchema,
  item: blendedCoffeeSchema,
  createBody: blendedCoffeeBodySchema,
  updateBody: blendedCoffeeBodySchema,
  list: service.listBlends,
  create: (db, body, { actor }) => service.createBlend(db, body, actor.id),
  update: (db, id, body, { actor }) => service.updateBlend(db, id, body, actor.id),
  remove: (db, id, { actor }) => service.deleteBlend(db, id, actor.id),
}), {
  tags,
  operationId: 'exportBlendedCoffeeCsv',
  summary: 'Exportar las mezclas de café en CSV',
  build: exportBlends,
});
