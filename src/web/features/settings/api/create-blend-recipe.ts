import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlendRecipe, BlendRecipeBody } from '#shared/schemas/blend-recipes.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createBlendRecipe = ({ body, key }: Keyed & { body: BlendRecipeBody }) => apiWrite<BlendRecipe>('POST', '/blend-recipes', body, key);

// Only recipe lists change: a recipe moves no stock and changes no origin.
export const createBlendRecipeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createBlendRecipe, onSuccess: () => invalidate(queryClient, queryKeys.blendRecipes.all) });

export const useCreateBlendRecipe = () => useMutation(createBlendRecipeOptions(useQueryClient()));
