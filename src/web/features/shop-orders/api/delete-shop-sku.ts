import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteShopSku = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/shop-skus', record));

// The mappings only: the SKU is unknown again at the next preview.
export const deleteShopSkuOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteShopSku, onSuccess: () => invalidate(queryClient, queryKeys.shopSkus.all) });
