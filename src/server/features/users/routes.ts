import { paginationQuerySchema } from '#shared/schemas/common.js';
import { createUserBodySchema, updateUserBodySchema, userPageSchema, userResponseSchema } from '#shared/schemas/users.js';
import { adminOnly } from '#server/auth/guard.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { createUser, deleteUser, getUserPage, updateUser } from './service.js';
import { exportUsers } from './users-csv.js';

/**
 * /api/users: the real accounts that sign in (docs/product-guide.md#beyond-the-original-app). Every route
 * is administrator-only, checked by the guard: a tecnico gets 'No tienes
 * permisos para realizar esta acción.' (docs/product-guide.md#roles-and-permissions). Account changes are logged.
 */
export const userRoutes = crudRoutes({
  tags: ['usuarios'],
  names: { one: 'User', many: 'Users', unoEs: 'un usuario', muchosEs: 'los usuarios' },
  config: adminOnly,
  schemas: { listQuery: paginationQuerySchema, page: userPageSchema, item: userResponseSchema, body: createUserBodySchema, updateBody: updateUserBodySchema },
  service: {
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
  },
  csv: { build: exportUsers, summary: 'Exportar los usuarios en CSV (sin contraseñas)' },
});
