import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteCustomer = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/customers', record));

// Only a customer no sale names can go (the server refuses the rest): only the customers list changes.
export const deleteCustomerOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteCustomer, onSuccess: () => invalidate(queryClient, queryKeys.customers.all) });
