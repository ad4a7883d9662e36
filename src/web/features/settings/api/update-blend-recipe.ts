import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlendRecipe, BlendRecipeBody } from '#shared/schemas/blend-recipes.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateBlendRecipe = ({ id, body, key }: Keyed & { id: number; body: BlendRecipeBody }) =>
  apiWrite<BlendRecipe>('PUT', `/blend-recipes/${id}`, body, key);

// Only recipe lists change: blends keep their own copy of the components.
export const updateBlendRecipeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateBlendRecipe, onSuccess: () => invalidate(queryClient, queryKeys.blendRecipes.all) });

export const useUpdateBlendRecipe = () => useMutation(updateBlendRecipeOptions(useQueryClient()));
