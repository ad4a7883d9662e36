import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderBody } from '#shared/schemas/orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateOrder = ({ id, body, key }: Keyed & { id: number; body: OrderBody }) => apiWrite<Order>('PUT', `/orders/${id}`, body, key);

// A pending order's edit changes only the orders (list and view).
export const updateOrderOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateOrder, onSuccess: () => invalidate(queryClient, queryKeys.orders.all) });

export const useUpdateOrder = () => useMutation(updateOrderOptions(useQueryClient()));
