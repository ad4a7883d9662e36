import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProductPricePage } from '#shared/schemas/product-prices.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of prices per product, by product name (docs/product-guide.md#configuracion). */
export const getProductPrices = (page: PageParams) => apiRequest<ProductPricePage>('GET', withQuery('/product-prices', page));

export const productPricesQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.productPrices.page(page), queryFn: () => getProductPrices(page), placeholderData: keepPreviousData });
