import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockCount, StockCountBody } from '#shared/schemas/stock-counts.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const createStockCount = (body: StockCountBody) => apiRequest<StockCount>('POST', '/stock-counts', body);

/**
 * A count moves the stock of green, roasted and blend lots: their lists, the
 * sellable products, the home alerts and lot histories (traceability), and
 * the sheet and the counts themselves.
 */
export const createStockCountOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createStockCount,
    onSuccess: () =>
      invalidate(
        queryClient,
        queryKeys.stockCounts.all,
        queryKeys.greenCoffee.all,
        queryKeys.roastedCoffee.all,
        queryKeys.blendedCoffee.all,
        queryKeys.products.all,
        queryKeys.traceability.all,
      ),
  });

export const useCreateStockCount = () => useMutation(createStockCountOptions(useQueryClient()));
