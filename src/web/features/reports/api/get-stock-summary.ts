import { useQuery } from '@tanstack/react-query';
import type { StockSummary } from '#shared/schemas/reports.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/** On-hand kg of green, roasted and blended coffee; fetched fresh each time the screen opens. */
export const useStockSummary = () =>
  useQuery({
    queryKey: queryKeys.reports.stockSummary,
    queryFn: () => apiRequest<StockSummary>('GET', '/reports/stock-summary'),
    staleTime: 0,
  });
