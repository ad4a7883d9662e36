import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteBlendRecipe = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/blend-recipes', record));

// Only recipe lists change: blends made from it keep their components (the server sets their recipe_id to null).
export const deleteBlendRecipeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteBlendRecipe, onSuccess: () => invalidate(queryClient, queryKeys.blendRecipes.all) });
