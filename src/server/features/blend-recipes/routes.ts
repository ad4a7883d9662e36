import { blendRecipeBodySchema, blendRecipePageSchema, blendRecipeSchema } from '#shared/schemas/blend-recipes.js';
import { paginationQuerySchema } from '#shared/schemas/common.js';
import { adminOnly } from '#server/auth/guard.js';
import { crudOperations, crudRoutes } from '#server/http/crud-routes.js';
import { withCsvExport } from '#server/http/csv-export-route.js';
import * as service from './service.js';
import { exportRecipes } from './recipes-csv.js';

const tags = ['recetas'];

/**
 * /api/blend-recipes: any signed-in user reads them (the
 * blend form's recipe picker); only an administrador creates, edits or deletes
 * (docs/product-guide.md#roles-and-permissions), so a tecnico gets 403 'No tienes permisos para realizar esta acción.'.
 */
export const blendRecipeRoutes = withCsvExport(crudRoutes({
  tags,
  operations: crudOperations({ one: 'BlendRecipe', many: 'BlendRecipes', unoEs: 'una receta de mezcla', muchosEs: 'las recetas de mezcla' }),
  writeConfig: adminOnly,
  listQuery: paginationQuerySchema,
  page: blendRecipePageSchema,
  item: blendRecipeSchema,
  createBody: blendRecipeBodySchema,
  updateBody: blendRecipeBodySchema,
  list: service.listRecipes,
  create: service.createRecipe,
  update: service.updateRecipe,
  remove: service.deleteRecipe,
}), {
  tags,
  operationId: 'exportBlendRecipesCsv',
  summary: 'Exportar las recetas de mezcla en CSV',
  build: exportRecipes,
});
