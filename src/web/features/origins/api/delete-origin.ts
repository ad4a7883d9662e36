import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const deleteOrigin = (id: number) => apiRequest<void>('DELETE', `/coffee-origins/${id}`);

// Only an origin no lot uses can go (the server refuses the rest): only origin lists change.
export const deleteOriginOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteOrigin, onSuccess: () => invalidate(queryClient, queryKeys.origins.all) });
