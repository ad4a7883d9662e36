import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductPrice, ProductPriceBody } from '#shared/schemas/product-prices.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createProductPrice = ({ body, key }: Keyed & { body: ProductPriceBody }) => apiWrite<ProductPrice>('POST', '/product-prices', body, key);

// The prices, and the sale picker's products, which carry their price.
export const createProductPriceOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createProductPrice, onSuccess: () => invalidate(queryClient, queryKeys.productPrices.all, queryKeys.products.all) });

export const useCreateProductPrice = () => useMutation(createProductPriceOptions(useQueryClient()));
