import { paginationQuerySchema } from '#shared/schemas/common.js';
import { createUserBodySchema, updateUserBodySchema, userPageSchema, userResponseSchema } from '#shared/schemas/users.js';
import { adminOnly } from '#server/auth/guard.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import { withCsvExport } from '#server/http/csv-export-route.js';
import { createUser, deleteUser, getUserPage, updateUser } from './service.js';
import { exportUsers } from './users-csv.js';

const tags = ['usuarios'];

/**
 * /api/users: the real accounts that sign in (docs/product-guide.md#beyond-the-original-app). Every route
 * is administrator-only, checked by the guard: a tecnico gets 'No tienes
 * permisos para realizar esta acción.' (docs/product-guide.md#roles-and-permissions). Account changes are logged.
 */
export const userRoutes = withCsvExport(crudRoutes({
  tags,
  operations: crudOperations({ one: 'User', many: 'Users', unoEs: 'un usuario', muchosEs: 'los usuarios' }),
  config: adminOnly,
  listQuery: paginationQuerySchema,
  page: userPageSchema,
  item: userResponseSchema,
  createBody: createUserBodySchema,
  updateBody: updateUserBodySchema,
  list: getUserPage,
  async create(db, body, { actor, log }) {
    const user = await createUser(db, actor, body);
    log.info({ event: 'user_created', userId: user.id, by: actor.id }, 'usuario creado');
    return user;
  },
  async update(db, id, body, { actor, sessionToken, log }) {
    const user = await updateUser(db, actor, id, body, sessionToken);
    log.info({ event: 'user_updated', userId: user.id, by: actor.id, passwordChanged: body.password !== undefined }, 'usuario actualizado');
    return user;
  },
  async remove(db, id, { actor, log }) {
    await deleteUser(db, actor, id);
    log.info({ event: 'user_deleted', userId: id, by: actor.id }, 'usuario eliminado');
  },
}), {
  tags,
  operationId: 'exportUsersCsv',
  summary: 'Exportar los usuarios en CSV (sin contraseñas)',
  config: adminOnly,
  build: exportUsers,
});
