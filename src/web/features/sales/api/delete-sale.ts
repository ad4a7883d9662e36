import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';
import { invalidateAfterSaleSave } from './create-sale.js';

export const deleteSale = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/sales', record));

export const deleteSaleOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteSale, onSuccess: () => invalidateAfterSaleSave(queryClient) });
