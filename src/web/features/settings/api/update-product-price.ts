import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductPrice, ProductPriceUpdateBody } from '#shared/schemas/product-prices.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateProductPrice = ({ id, body, key }: Keyed & { id: number; body: ProductPriceUpdateBody }) =>
  apiWrite<ProductPrice>('PUT', `/product-prices/${id}`, body, key);

// The prices, and the sale picker's products, which carry their price.
export const updateProductPriceOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateProductPrice, onSuccess: () => invalidate(queryClient, queryKeys.productPrices.all, queryKeys.products.all) });

export const useUpdateProductPrice = () => useMutation(updateProductPriceOptions(useQueryClient()));
