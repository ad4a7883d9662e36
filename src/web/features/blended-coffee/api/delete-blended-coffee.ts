import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';
import { invalidateAfterBlendSave } from './create-blended-coffee.js';

export const deleteBlendedCoffee = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/blended-coffee', record));

export const deleteBlendedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteBlendedCoffee, onSuccess: () => invalidateAfterBlendSave(queryClient) });
