import { blendRecipeBodySchema, blendRecipePageSchema, blendRecipeSchema } from '#shared/schemas/blend-recipes.js';
import { paginationQuerySchema } from '#shared/schemas/common.js';
import { blendRecipeMessages } from '#shared/blend-recipe-messages.js';
import { adminOnly } from '#server/auth/guard.js';
import { crudRoutes } from '#server/http/crud-routes.js';
import { createRecipe, deleteRecipe, findRecipeItem, listRecipes, updateRecipe } from './service.js';
import { exportRecipes } from './recipes-csv.js';

/**
 * /api/blend-recipes: any signed-in user reads them (the
 * blend form's recipe picker) and exports them; only an administrador creates, edits or deletes
 * (docs/product-guide.md#roles-and-permissions), so a tecnico gets 403 'No tienes permisos para realizar esta acción.'.
 */
export const blendRecipeRoutes = crudRoutes({
  tags: ['recetas'],
  names: { one: 'BlendRecipe', many: 'BlendRecipes', unoEs: 'una receta de mezcla', muchosEs: 'las recetas de mezcla' },
  writeConfig: adminOnly,
  schemas: { listQuery: paginationQuerySchema, page: blendRecipePageSchema, item: blendRecipeSchema, body: blendRecipeBodySchema },
  service: { list: listRecipes, create: createRecipe, update: updateRecipe, remove: deleteRecipe },
  csv: { build: exportRecipes },
  activity: { area: 'blend-recipes', label: (recipe) => recipe.name, find: findRecipeItem },
  version: { table: 'blend_recipes', editedByOther: blendRecipeMessages.editedByOther },
});
