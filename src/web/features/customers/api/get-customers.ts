import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CustomerPage } from '#shared/schemas/customers.js';
import { type CustomerSearch, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';
import { PAGE_SIZE } from '#web/lib/page-size.js';

/**
 * One page of customers: `limit`, the search, then the keyset cursor of the page before
 * (src/web/lib/screens.ts preloads the first page without a search, byte for byte).
 */
export const customersPath = (search: CustomerSearch, cursor?: string): string => withQuery('/customers', { limit: PAGE_SIZE, ...search, cursor });

/**
 * The customers by name, page after page as 'Cargar más' asks (each page starts after the
 * last customer of the one before, so a customer added meanwhile never shifts a page).
 * While another search loads, the list shown stays.
 */
export const customersQueryOptions = (search: CustomerSearch) =>
  infiniteQueryOptions({
    queryKey: queryKeys.customers.list(search),
    queryFn: ({ pageParam }) => apiRequest<CustomerPage>('GET', customersPath(search, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useCustomers = (search: CustomerSearch) => useInfiniteQuery(customersQueryOptions(search));
