import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProductList } from '#shared/schemas/products.js';
import { type ProductSearch, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';
import { PICKER_LIMIT } from '#web/lib/page-size.js';

/**
 * The products matching a search (name or lot code), newest lot first; only those with stock, plus the edited sale's own.
 * A scan asks for more than the picker lists: the lot it names must be among them (scan-product.ts).
 */
export const getProducts = (search: ProductSearch, limit = PICKER_LIMIT) =>
  apiRequest<ProductList>('GET', withQuery('/products', { ...search, q: search.q.trim() || undefined, limit }));

export const productsQueryOptions = (search: ProductSearch) =>
  queryOptions({ queryKey: queryKeys.products.search(search), queryFn: () => getProducts(search), placeholderData: keepPreviousData });
