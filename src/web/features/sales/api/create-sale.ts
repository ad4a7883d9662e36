import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sale, SaleBody } from '#shared/schemas/sales.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const createSale = (body: SaleBody) => apiRequest<Sale>('POST', '/sales', body);

/** What any sale save changes: the sales, the products' stock, and the stock shown on Café Tostado and Café Mezcla. */
export const invalidateAfterSaleSave = (queryClient: QueryClient) =>
  invalidate(queryClient, queryKeys.sales.all, queryKeys.products.all, queryKeys.roastedCoffee.all, queryKeys.blendedCoffee.all);

export const createSaleOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createSale, onSuccess: () => invalidateAfterSaleSave(queryClient) });

export const useCreateSale = () => useMutation(createSaleOptions(useQueryClient()));
