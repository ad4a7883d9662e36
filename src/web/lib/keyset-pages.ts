import { infiniteQueryOptions, keepPreviousData, type QueryKey } from '@tanstack/react-query';
import { apiRequest, withQuery } from './api-client.js';
import { PAGE_SIZE } from './page-size.js';

/** A list's filters as query parameters (absent ones are left out of the URL). */
type Filters = Record<string, string | number | undefined>;

/**
 * One page of a keyset-paged list (the activity log, Clientes, Pedidos): `limit`, the filters,
 * then the cursor of the page before, in that order: src/web/lib/screens.ts preloads each first
 * page without filters byte for byte.
 */
export const keysetPath = (path: string, filters: Filters, cursor?: string): string => withQuery(path, { limit: PAGE_SIZE, ...filters, cursor });

/**
 * The list page after page as 'Cargar más' asks: each page starts after the last row of the one
 * before (its `next_cursor`, null on the last), so a row written meanwhile never shifts a page.
 * While other filters load, the list shown stays (nothing jumps). `staleTime` 0 reads it afresh
 * each time the screen opens.
 */
export const keysetQueryOptions = <Page extends { next_cursor: string | null }>(queryKey: QueryKey, path: string, filters: Filters, staleTime?: number) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => apiRequest<Page>('GET', keysetPath(path, filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: Page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
