import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import {
  roastedCoffeeBodySchema,
  roastedCoffeeListQuerySchema,
  roastedCoffeePageSchema,
  roastedCoffeeSchema,
} from '#shared/schemas/roasted-coffee.js';
import { byActorId, crudRoutes } from '#server/http/crud-routes.js';
import { createRoast, deleteRoast, findRoastItem, listRoasts, updateRoast } from './service.js';
import { exportRoasts } from './roasts-csv.js';

/** /api/roasted-coffee (the body names the green lot `green_coffee_id`): any signed-in user. */
export const roastedCoffeeRoutes = crudRoutes({
  tags: ['café tostado'],
  names: { one: 'RoastedCoffeeLot', many: 'RoastedCoffeeLots', unoEs: 'un lote de café tostado', muchosEs: 'los lotes de café tostado' },
  schemas: { listQuery: roastedCoffeeListQuerySchema, page: roastedCoffeePageSchema, item: roastedCoffeeSchema, body: roastedCoffeeBodySchema },
  service: byActorId({ list: listRoasts, create: createRoast, update: updateRoast, remove: deleteRoast }),
  csv: { build: exportRoasts },
  activity: { area: 'roasted-coffee', label: (roast) => roast.batch_code, find: findRoastItem },
  version: { table: 'roasted_coffee', editedByOther: roastedCoffeeMessages.editedByOther },
});
