import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderPage } from '#shared/schemas/orders.js';
import { type OrderFilters, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';
import { PAGE_SIZE } from '#web/lib/page-size.js';

/**
 * One page of orders: `limit`, the filters, then the keyset cursor of the page before
 * (src/web/lib/screens.ts preloads the first page without filters, byte for byte).
 */
export const ordersPath = (filters: OrderFilters, cursor?: string): string => withQuery('/orders', { limit: PAGE_SIZE, ...filters, cursor });

/** The orders by due date, page after page as 'Cargar más' asks; while other filters load, the list shown stays. */
export const ordersQueryOptions = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.list(filters),
    queryFn: ({ pageParam }) => apiRequest<OrderPage>('GET', ordersPath(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useOrders = (filters: OrderFilters) => useInfiniteQuery(ordersQueryOptions(filters));
