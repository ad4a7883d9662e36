import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SaleFormatPage } from '#shared/schemas/sale-formats.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of sale formats, by grams (docs/product-guide.md#configuracion). */
export const getSaleFormatsPage = (page: PageParams) => apiRequest<SaleFormatPage>('GET', withQuery('/sale-formats', page));

export const saleFormatsPageQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.saleFormats.page(page), queryFn: () => getSaleFormatsPage(page), placeholderData: keepPreviousData });
