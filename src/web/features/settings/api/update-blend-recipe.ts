import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlendRecipe, BlendRecipeBody } from '#shared/schemas/blend-recipes.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const updateBlendRecipe = ({ id, body }: { id: number; body: BlendRecipeBody }) =>
  apiRequest<BlendRecipe>('PUT', `/blend-recipes/${id}`, body);

// Only recipe lists change: blends keep their own copy of the components.
export const updateBlendRecipeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateBlendRecipe, onSuccess: () => invalidate(queryClient, queryKeys.blendRecipes.all) });

export const useUpdateBlendRecipe = () => useMutation(updateBlendRecipeOptions(useQueryClient()));
