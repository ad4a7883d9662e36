import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSku, ShopSkuBodyInput } from '#shared/schemas/shop-orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createShopSku = ({ body, key }: Keyed & { body: ShopSkuBodyInput }) => apiWrite<ShopSku>('POST', '/shop-skus', body, key);

// A new mapping changes the SKU list only; the screen previews the file again itself.
export const createShopSkuOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createShopSku, onSuccess: () => invalidate(queryClient, queryKeys.shopSkus.all) });

export const useCreateShopSku = () => useMutation(createShopSkuOptions(useQueryClient()));
