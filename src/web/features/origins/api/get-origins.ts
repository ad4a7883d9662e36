import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OriginPage } from '../../../../shared/schemas/origins.js';
import { apiRequest, withQuery } from '../../../lib/api-client.js';

/** Every origins query starts with this key, so one invalidation refreshes them all. */
export const ORIGINS_QUERY_KEY = ['origins'] as const;

/** One page of origins, ordered by name (spec 7: "select all ordered by name ascending"). */
export const getOrigins = (page: { limit: number; offset: number }) =>
  apiRequest<OriginPage>('GET', withQuery('/coffee-origins', page));

export const originsQueryOptions = (page: { limit: number; offset: number }) =>
  queryOptions({ queryKey: [...ORIGINS_QUERY_KEY, 'page', page], queryFn: () => getOrigins(page), placeholderData: keepPreviousData });

export const useOrigins = (page: { limit: number; offset: number }) => useQuery(originsQueryOptions(page));
