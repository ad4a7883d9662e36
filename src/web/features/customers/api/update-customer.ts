import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerBody } from '#shared/schemas/customers.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateCustomer = ({ id, body, key }: Keyed & { id: number; body: CustomerBody }) => apiWrite<Customer>('PUT', `/customers/${id}`, body, key);

// Only the customers list shows a customer's fields.
export const updateCustomerOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateCustomer, onSuccess: () => invalidate(queryClient, queryKeys.customers.all) });

export const useUpdateCustomer = () => useMutation(updateCustomerOptions(useQueryClient()));
