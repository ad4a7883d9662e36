import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TopProducts } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** The top 5 lots by kg sold in the range; fetched fresh each time the screen opens. */
export const useTopProducts = (range: ReportRangeParams) =>
  useQuery({
    queryKey: queryKeys.reports.topProducts(range),
    queryFn: () => apiRequest<TopProducts>('GET', withQuery('/reports/top-products', range)),
    staleTime: 0,
    // A new period keeps the charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });
