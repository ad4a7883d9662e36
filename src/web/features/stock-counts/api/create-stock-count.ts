import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockCount, StockCountBody } from '#shared/schemas/stock-counts.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { useWriteKey } from '#web/lib/form-feedback.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

/** A count with its key: sent again with it after a lost connection, the server records it once (docs/architecture.md#the-web-side). */
export const createStockCount = ({ body, key }: Keyed & { body: StockCountBody }) => apiWrite<StockCount>('POST', '/stock-counts', body, key);

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

/**
 * The count sheet's save, with the sheet's Idempotency-Key (useWriteKey: one
 * per mounted sheet, kept through a refusal or an unanswered send, new after a
 * recorded count), so the sheet only hands over the body.
 */
export function useCreateStockCount() {
  const mutation = useMutation(createStockCountOptions(useQueryClient()));
  const withKey = useWriteKey();
  return { isPending: mutation.isPending, mutateAsync: (body: StockCountBody) => withKey((key) => mutation.mutateAsync({ body, key })) };
}
