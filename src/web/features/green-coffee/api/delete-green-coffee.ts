import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteGreenCoffee = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/green-coffee', record));

// Only a lot no roast used can go (the server refuses the rest): only green lists and options change.
export const deleteGreenCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteGreenCoffee, onSuccess: () => invalidate(queryClient, queryKeys.greenCoffee.all) });
