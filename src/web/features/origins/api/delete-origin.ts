import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite } from '#web/lib/write-request.js';

export const deleteOrigin = (id: number) => apiWrite<void>('DELETE', `/coffee-origins/${id}`);

// Only an origin no lot uses can go (the server refuses the rest): only origin lists change.
export const deleteOriginOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteOrigin, onSuccess: () => invalidate(queryClient, queryKeys.origins.all) });
