import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteSaleFormat = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/sale-formats', record));

// The formats only: a format that a sale names cannot be deleted.
export const deleteSaleFormatOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteSaleFormat, onSuccess: () => invalidate(queryClient, queryKeys.saleFormats.all) });
