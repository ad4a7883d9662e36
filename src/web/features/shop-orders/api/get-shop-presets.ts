import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopPreset } from '#shared/schemas/shop-orders.js';
import { queryKeys } from '#web/api/query-keys.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';

/** Every column preset ('Columnas del archivo'), by name. */
export const shopPresetsQueryOptions = queryOptions({ queryKey: queryKeys.shopPresets.all, queryFn: () => fetchAllPages<ShopPreset>('/shop-import-presets') });

export const useShopPresets = () => useQuery(shopPresetsQueryOptions);
