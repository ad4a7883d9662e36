import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteOrigin = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/coffee-origins', record));

// Only an origin no lot uses can go (the server refuses the rest): only origin lists change.
export const deleteOriginOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteOrigin, onSuccess: () => invalidate(queryClient, queryKeys.origins.all) });
