import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/orders.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/** One order with its lines, for the order view (each action's answer replaces it). */
export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.orders.one(id), queryFn: () => apiRequest<Order>('GET', `/orders/${id}`) });

export const useOrder = (id: number | null) => useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== null });
