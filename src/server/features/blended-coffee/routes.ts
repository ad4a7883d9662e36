import { blendedCoffeeMessages } from '#shared/blended-coffee-messages.js';
import {
  blendedCoffeeBodySchema,
  blendedCoffeeListQuerySchema,
  blendedCoffeePageSchema,
  blendedCoffeeSchema,
} from '#shared/schemas/blended-coffee.js';
import { byActorId, crudRoutes } from '#server/http/crud-routes.js';
import { createBlend, deleteBlend, findBlendItem, listBlends, updateBlend } from './service.js';
import { exportBlends } from './blends-csv.js';

/** /api/blended-coffee: any signed-in user. */
export const blendedCoffeeRoutes = crudRoutes({
  tags: ['café mezcla'],
  names: { one: 'BlendedCoffeeLot', many: 'BlendedCoffeeLots', unoEs: 'un lote de café mezcla', muchosEs: 'los lotes de café mezcla' },
  schemas: { listQuery: blendedCoffeeListQuerySchema, page: blendedCoffeePageSchema, item: blendedCoffeeSchema, body: blendedCoffeeBodySchema },
  service: byActorId({ list: listBlends, create: createBlend, update: updateBlend, remove: deleteBlend }),
  csv: { build: exportBlends, operationId: 'exportBlendedCoffeeCsv', summary: 'Exportar las mezclas de café en CSV' },
  activity: { area: 'blended-coffee', label: (blend) => blend.batch_code, find: findBlendItem },
  version: { table: 'blended_coffee', editedByOther: blendedCoffeeMessages.editedByOther },
});
