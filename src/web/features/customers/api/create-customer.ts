import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerBody } from '#shared/schemas/customers.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createCustomer = ({ body, key }: Keyed & { body: CustomerBody }) => apiWrite<Customer>('POST', '/customers', body, key);

// A new customer shows in the customers list only.
export const createCustomerOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createCustomer, onSuccess: () => invalidate(queryClient, queryKeys.customers.all) });

export const useCreateCustomer = () => useMutation(createCustomerOptions(useQueryClient()));
