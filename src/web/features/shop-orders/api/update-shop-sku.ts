import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSku, ShopSkuBodyInput } from '#shared/schemas/shop-orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateShopSku = ({ id, body, key }: Keyed & { id: number; body: ShopSkuBodyInput }) => apiWrite<ShopSku>('PUT', `/shop-skus/${id}`, body, key);

// The mappings only; a preview on screen is the file's, read again when asked.
export const updateShopSkuOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateShopSku, onSuccess: () => invalidate(queryClient, queryKeys.shopSkus.all) });

export const useUpdateShopSku = () => useMutation(updateShopSkuOptions(useQueryClient()));
