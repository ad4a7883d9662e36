import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderBody } from '#shared/schemas/orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createOrder = ({ body, key }: Keyed & { body: OrderBody }) => apiWrite<Order>('POST', '/orders', body, key);

// A new order shows in the orders list only (the plan, which counts it, is read afresh when it opens).
export const createOrderOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createOrder, onSuccess: () => invalidate(queryClient, queryKeys.orders.all) });

export const useCreateOrder = () => useMutation(createOrderOptions(useQueryClient()));
