import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ShopSkuPage } from '#shared/schemas/shop-orders.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of the saved SKU mappings, by SKU ('Correspondencias de productos guardadas'). */
export const getShopSkusPage = (page: PageParams) => apiRequest<ShopSkuPage>('GET', withQuery('/shop-skus', page));

export const shopSkusPageQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.shopSkus.page(page), queryFn: () => getShopSkusPage(page), placeholderData: keepPreviousData });
