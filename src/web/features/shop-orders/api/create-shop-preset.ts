import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopPreset, ShopPresetBody } from '#shared/schemas/shop-orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createShopPreset = ({ body, key }: Keyed & { body: ShopPresetBody }) => apiWrite<ShopPreset>('POST', '/shop-import-presets', body, key);

// A new preset shows in 'Columnas del archivo' only.
export const createShopPresetOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createShopPreset, onSuccess: () => invalidate(queryClient, queryKeys.shopPresets.all) });

export const useCreateShopPreset = () => useMutation(createShopPresetOptions(useQueryClient()));
