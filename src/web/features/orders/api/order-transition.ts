import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

/** The order view's state changes, without a body: POST /api/orders/:id/undo-fulfil, /deliver, /cancel (the state itself decides what is allowed). */
export type OrderTransition = 'undo-fulfil' | 'deliver' | 'cancel';

export const transitionOrder = ({ order, action, key }: Keyed & { order: Pick<Order, 'id'>; action: OrderTransition }) =>
  apiWrite<Order>('POST', `/orders/${order.id}/${action}`, undefined, key);

/**
 * Undoing a preparation deletes its sales and returns their stock; delivering a repeating order
 * creates the next one; cancelling changes the order only. The sales, the products and the lots'
 * stock are named for the undo (the plan and traces are read afresh when opened).
 */
export const transitionOrderOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: transitionOrder,
    onSuccess: (_order, { action }) =>
      action === 'undo-fulfil'
        ? invalidate(queryClient, queryKeys.orders.all, queryKeys.sales.all, queryKeys.products.all, queryKeys.roastedCoffee.all, queryKeys.blendedCoffee.all)
        : invalidate(queryClient, queryKeys.orders.all),
  });

export const useTransitionOrder = () => useMutation(transitionOrderOptions(useQueryClient()));
