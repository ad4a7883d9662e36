import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Origin, OriginBody } from '#shared/schemas/origins.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createOrigin = ({ body, key }: Keyed & { body: OriginBody }) => apiWrite<Origin>('POST', '/coffee-origins', body, key);

// A new origin shows in the origins list and in every origin select.
export const createOriginOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createOrigin, onSuccess: () => invalidate(queryClient, queryKeys.origins.all) });

export const useCreateOrigin = () => useMutation(createOriginOptions(useQueryClient()));
