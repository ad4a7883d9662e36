import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteProductPrice = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/product-prices', record));

// The prices, and the sale picker's products: the product falls back to its type's default price.
export const deleteProductPriceOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteProductPrice, onSuccess: () => invalidate(queryClient, queryKeys.productPrices.all, queryKeys.products.all) });
