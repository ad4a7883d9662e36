import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderPage } from '#shared/schemas/orders.js';
import { type OrderFilters, queryKeys } from '#web/api/query-keys.js';
import { keysetQueryOptions } from '#web/lib/keyset-pages.js';

/** The orders by due date, 'Cargar más' at a time (src/web/lib/screens.ts preloads the first page without filters). */
export const ordersQueryOptions = (filters: OrderFilters) => keysetQueryOptions<OrderPage>(queryKeys.orders.list(filters), '/orders', filters);

export const useOrders = (filters: OrderFilters) => useInfiniteQuery(ordersQueryOptions(filters));
