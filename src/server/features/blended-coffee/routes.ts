import {
  blendedCoffeeBodySchema,
  blendedCoffeeListQuerySchema,
  blendedCoffeePageSchema,
  blendedCoffeeSchema,
} from '#shared/schemas/blended-coffee.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import * as service from './service.js';

/** /api/blended-coffee (DESIGN.md section 3): any signed-in user. */
export const blendedCoffeeRoutes = crudRoutes({
  tags: ['café mezcla'],
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
});
