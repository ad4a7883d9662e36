import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerBody } from '#shared/schemas/customers.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateCustomer = ({ id, body, key }: Keyed & { id: number; body: CustomerBody }) => apiWrite<Customer>('PUT', `/customers/${id}`, body, key);

// A customer's name also shows on its orders, under its sales and in 'Ventas por cliente'; the
// traces and recall lists are refetched when opened (query-keys.ts).
export const updateCustomerOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateCustomer,
    onSuccess: () => invalidate(queryClient, queryKeys.customers.all, queryKeys.orders.all, queryKeys.sales.all, queryKeys.reports.all),
  });

export const useUpdateCustomer = () => useMutation(updateCustomerOptions(useQueryClient()));
