import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteRoastedCoffee = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/roasted-coffee', record));

// Deleting a roast gives its green coffee back: roasted, green and sellable products change.
export const deleteRoastedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteRoastedCoffee, onSuccess: () => invalidate(queryClient, queryKeys.roastedCoffee.all, queryKeys.greenCoffee.all, queryKeys.products.all) });
