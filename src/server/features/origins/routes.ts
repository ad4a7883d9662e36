import { paginationQuerySchema } from '../../../shared/schemas/common.js';
import { originBodySchema, originPageSchema, originSchema } from '../../../shared/schemas/origins.js';
import { crudRoutes } from '../../http/crud-routes.js';
import * as service from './service.js';

/** /api/coffee-origins (DESIGN.md section 3): any signed-in user; the guard answers 401 otherwise. */
export const originRoutes = crudRoutes({
  tags: ['orígenes'],
  listQuery: paginationQuerySchema,
  page: originPageSchema,
  item: originSchema,
  createBody: originBodySchema,
  updateBody: originBodySchema,
  list: service.listOrigins,
  create: service.createOrigin,
  update: service.updateOrigin,
  remove: service.deleteOrigin,
});
