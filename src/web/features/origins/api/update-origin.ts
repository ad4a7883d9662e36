import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Origin, OriginBody } from '#shared/schemas/origins.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateOrigin = ({ id, body, key }: Keyed & { id: number; body: OriginBody }) =>
  apiWrite<Origin>('PUT', `/coffee-origins/${id}`, body, key);

// Green lots show their origin's name and description, roasts its name.
export const updateOriginOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateOrigin, onSuccess: () => invalidate(queryClient, queryKeys.origins.all, queryKeys.greenCoffee.all, queryKeys.roastedCoffee.all, queryKeys.blendRecipes.all, queryKeys.blendedCoffee.all, queryKeys.products.all) });

export const useUpdateOrigin = () => useMutation(updateOriginOptions(useQueryClient()));
