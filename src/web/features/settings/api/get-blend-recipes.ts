import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BlendRecipePage } from '#shared/schemas/blend-recipes.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of recipes, ordered by name (docs/product-guide.md#configuracion). */
export const getBlendRecipes = (page: PageParams) => apiRequest<BlendRecipePage>('GET', withQuery('/blend-recipes', page));

export const blendRecipesQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.blendRecipes.page(page), queryFn: () => getBlendRecipes(page), placeholderData: keepPreviousData });
