import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SalesPage } from '#shared/schemas/sales.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of sales, newest sale date first, then newest id (docs/product-guide.md#ventas). */
export const getSales = (page: PageParams) => apiRequest<SalesPage>('GET', withQuery('/sales', page));

export const salesQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.sales.page(page), queryFn: () => getSales(page), placeholderData: keepPreviousData });
