import { paginationQuerySchema } from '#shared/schemas/common.js';
import { originBodySchema, originPageSchema, originSchema } from '#shared/schemas/origins.js';
import { originMessages } from '#shared/origin-messages.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { createOrigin, deleteOrigin, findOriginItem, listOrigins, updateOrigin } from './service.js';
import { exportOrigins } from './origins-csv.js';

/** /api/coffee-origins: any signed-in user; the guard answers 401 otherwise. */
export const originRoutes = crudRoutes({
  tags: ['orígenes'],
  names: { one: 'CoffeeOrigin', many: 'CoffeeOrigins', unoEs: 'un origen de café', muchosEs: 'los orígenes de café' },
  schemas: { listQuery: paginationQuerySchema, page: originPageSchema, item: originSchema, body: originBodySchema },
  service: { list: listOrigins, create: createOrigin, update: updateOrigin, remove: deleteOrigin },
  csv: { build: exportOrigins },
  activity: { area: 'coffee-origins', label: (origin) => origin.name, find: findOriginItem },
  version: { table: 'coffee_origins', editedByOther: originMessages.editedByOther },
});
