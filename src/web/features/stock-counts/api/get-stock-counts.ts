import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StockCountsPage } from '#shared/schemas/stock-counts.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** GET /api/stock-counts: the counts, newest first. */
export const getStockCounts = (page: PageParams) => apiRequest<StockCountsPage>('GET', withQuery('/stock-counts', page));

export const stockCountsQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.stockCounts.page(page), queryFn: () => getStockCounts(page), placeholderData: keepPreviousData });
