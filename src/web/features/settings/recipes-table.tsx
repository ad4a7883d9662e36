import { blendRecipeMessages as m } from '#shared/blend-recipe-messages.js';
import { recipeComponentOrigin } from '#shared/recipe-component-label.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';

export interface RecipesTableProps extends RowActionHandlers<BlendRecipe> {
  recipes: BlendRecipe[];
}

/** "Colombia 60%, Etiopía (Oscuro) 40%": the components in the order they were added, with the roast type any names. */
export const componentsText = (recipe: BlendRecipe): string =>
  recipe.components.map((component) => `${recipeComponentOrigin(component)} ${component.percentage}%`).join(', ');

const COLUMNS: Column<BlendRecipe>[] = [
  { label: 'Nombre', cell: (recipe) => <strong>{recipe.name}</strong> },
  { label: 'Componentes', className: 'wrap', cell: componentsText },
];

/** The registered recipes with edit and delete (docs/product-guide.md#configuracion); rows stack into cards on phones. */
export function RecipesTable({ recipes, ...rowActions }: RecipesTableProps) {
  const actions = actionsColumn(rowActions, (recipe: BlendRecipe) => recipe.name);
  return <DataTable caption="Recetas de mezcla registradas" columns={[...COLUMNS, actions]} rows={recipes} empty={m.empty} />;
}
