import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite } from '#web/lib/write-request.js';

export const deleteBlendRecipe = (id: number) => apiWrite<void>('DELETE', `/blend-recipes/${id}`);

// Only recipe lists change: blends made from it keep their components (the server sets their recipe_id to null).
export const deleteBlendRecipeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteBlendRecipe, onSuccess: () => invalidate(queryClient, queryKeys.blendRecipes.all) });
