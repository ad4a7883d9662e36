import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonthlySales } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** 'Ventas Mensuales' for the range; fetched fresh each time the screen opens (any sale may have changed it). */
export const useMonthlySales = (range: ReportRangeParams) =>
  useQuery({
    queryKey: queryKeys.reports.monthlySales(range),
    queryFn: () => apiRequest<MonthlySales>('GET', withQuery('/reports/monthly-sales', range)),
    staleTime: 0,
    // A new period keeps the charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });
