import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { ReportRangeParams } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/**
 * What the ranged reports' queries share: fetched fresh each time the screen
 * opens (any sale may have changed them), and a new period keeps the charts on
 * screen until its figures arrive.
 */
export const rangedReportQuery = <T>(queryKey: QueryKey, path: string, range: ReportRangeParams) =>
  queryOptions({
    queryKey,
    queryFn: () => apiRequest<T>('GET', withQuery(path, range)),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
