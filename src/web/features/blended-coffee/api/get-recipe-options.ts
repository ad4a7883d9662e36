import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import { queryKeys } from '#web/api/query-keys.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';

/** Every recipe, by name, for the blend form's recipe picker. */
export const getRecipeOptions = () => fetchAllPages<BlendRecipe>('/blend-recipes');

export const recipeOptionsQueryOptions = queryOptions({ queryKey: queryKeys.blendedCoffee.recipeOptions, queryFn: getRecipeOptions });

export const useRecipeOptions = () => useQuery(recipeOptionsQueryOptions);
