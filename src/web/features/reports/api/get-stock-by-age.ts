import { useQuery } from '@tanstack/react-query';
import type { StockByAge } from '#shared/schemas/reports.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/**
 * 'Tostado y Mezcla por edad': roasted and blended stock by age, kilos and value at cost; fetched fresh each time
 * the screen opens. Its own route, apart from the three tiles (docs/decisions/0049-roast-age-and-public-page.md).
 */
export const useStockByAge = () =>
  useQuery({
    queryKey: queryKeys.reports.stockByAge,
    queryFn: () => apiRequest<StockByAge>('GET', '/reports/stock-by-age'),
    staleTime: 0,
  });
