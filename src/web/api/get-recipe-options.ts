import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';
import { queryKeys } from './query-keys.js';

/** Every recipe, by name: the blend form's recipe picker and Configuración's 'Precios por producto' share this request. */
export const getRecipeOptions = () => fetchAllPages<BlendRecipe>('/blend-recipes');

export const recipeOptionsQueryOptions = queryOptions({ queryKey: queryKeys.blendedCoffee.recipeOptions, queryFn: getRecipeOptions });

export const useRecipeOptions = () => useQuery(recipeOptionsQueryOptions);
