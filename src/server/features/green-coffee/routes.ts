import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import {
  greenCoffeeBodySchema,
  greenCoffeeListQuerySchema,
  greenCoffeePageSchema,
  greenCoffeeSchema,
} from '#shared/schemas/green-coffee.js';
import { byActorId, crudRoutes } from '#server/http/crud-routes.js';
import { createGreenLot, deleteGreenLot, findGreenLotItem, listGreenLots, updateGreenLot } from './service.js';
import { exportGreenLots } from './green-lots-csv.js';

/** /api/green-coffee: any signed-in user; the guard answers 401 otherwise. The CSV export takes the list's filters. */
export const greenCoffeeRoutes = crudRoutes({
  tags: ['café verde'],
  names: { one: 'GreenCoffeeLot', many: 'GreenCoffeeLots', unoEs: 'un lote de café verde', muchosEs: 'los lotes de café verde' },
  schemas: { listQuery: greenCoffeeListQuerySchema, page: greenCoffeePageSchema, item: greenCoffeeSchema, body: greenCoffeeBodySchema },
  service: byActorId({ list: listGreenLots, create: createGreenLot, update: updateGreenLot, remove: deleteGreenLot }),
  csv: { build: exportGreenLots },
  activity: { area: 'green-coffee', label: (lot) => lot.batch_code, find: findGreenLotItem },
  version: { table: 'green_coffee', editedByOther: greenCoffeeMessages.editedByOther },
});
