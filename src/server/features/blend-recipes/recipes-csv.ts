import type { Kysely } from 'kysely';
import { recipeComponentOrigin } from '#shared/recipe-component-label.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, pagedItems } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { listRecipes } from './service.js';

const columns: CsvColumn<BlendRecipe>[] = [
  { header: 'Nombre', cell: (r) => r.name },
  { header: 'Componentes', cell: (r, f) => r.components.map((c) => `${recipeComponentOrigin(c)} ${f.decimal(c.percentage)}%`).join(', ') },
];

/** GET /api/blend-recipes/export.csv: a small table, read through the list itself in pages. */
export const exportRecipes = (db: Kysely<Database>): CsvExport<BlendRecipe> => ({
  fileBase: 'recetas',
  columns,
  rows: pagedItems((page) => listRecipes(db, page)),
});
