import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FulfilBody, Order } from '#shared/schemas/orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const fulfilOrder = ({ id, body, key }: Keyed & { id: number; body: FulfilBody }) => apiWrite<Order>('POST', `/orders/${id}/fulfil`, body, key);

// Preparing records one sale per line and lot: the orders, the sales, the products and the lots' stock change.
export const fulfilOrderOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: fulfilOrder,
    onSuccess: () => invalidate(queryClient, queryKeys.orders.all, queryKeys.sales.all, queryKeys.products.all, queryKeys.roastedCoffee.all, queryKeys.blendedCoffee.all),
  });

export const useFulfilOrder = () => useMutation(fulfilOrderOptions(useQueryClient()));
