import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OriginPage } from '#shared/schemas/origins.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of origins, ordered by name (docs/product-guide.md#origenes). */
export const getOrigins = (page: PageParams) => apiRequest<OriginPage>('GET', withQuery('/coffee-origins', page));

export const originsQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.origins.page(page), queryFn: () => getOrigins(page), placeholderData: keepPreviousData });
