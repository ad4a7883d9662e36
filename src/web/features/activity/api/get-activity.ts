import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '#shared/schemas/activity.js';
import { type ActivityFilters, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';
import { PAGE_SIZE } from '#web/lib/page-size.js';

/**
 * One page of the log: `limit`, the filters, then the keyset cursor of the page before
 * (src/web/lib/screens.ts preloads the first page without filters, byte for byte).
 */
export const activityPath = (filters: ActivityFilters, cursor?: string): string => withQuery('/activity', { limit: PAGE_SIZE, ...filters, cursor });

/**
 * The log, newest first, page after page as 'Cargar más' asks (each page starts after the
 * last entry of the one before: entries written meanwhile never shift a page). Fetched fresh
 * each time the screen opens; while other filters load, the list shown stays (nothing jumps).
 */
export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity.list(filters),
    queryFn: ({ pageParam }) => apiRequest<ActivityPage>('GET', activityPath(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useActivity = (filters: ActivityFilters) => useInfiniteQuery(activityQueryOptions(filters));
