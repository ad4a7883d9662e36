import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonthlyMargin } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** 'Margen bruto' per month for the range (its own route since issue 17); fetched fresh each time the screen opens. */
export const useMonthlyMargin = (range: ReportRangeParams) =>
  useQuery({
    queryKey: queryKeys.reports.monthlyMargin(range),
    queryFn: () => apiRequest<MonthlyMargin>('GET', withQuery('/reports/monthly-margin', range)),
    staleTime: 0,
    // A new period keeps the charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });
