import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sale, SaleBody } from '#shared/schemas/sales.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { type PendingWrite, sendRemembered } from '#web/lib/pending-write.js';
import { apiWrite } from '#web/lib/write-request.js';

/** Where a sale waits in sessionStorage until its answer, for the reload offer of PendingSaleBanner. */
export const PENDING_SALE_STORAGE = 'cafe:venta-pendiente';

/** A new sale with its key, kept in sessionStorage until the answer (docs/architecture.md#the-web-side). */
export const createSale = (write: PendingWrite<SaleBody>) =>
  sendRemembered(PENDING_SALE_STORAGE, write, () => apiWrite<Sale>('POST', '/sales', write.body, write.key));

/** What any sale save changes: the sales, the products' stock, and the stock shown on Café Tostado and Café Mezcla. */
export const invalidateAfterSaleSave = (queryClient: QueryClient) =>
  invalidate(queryClient, queryKeys.sales.all, queryKeys.products.all, queryKeys.roastedCoffee.all, queryKeys.blendedCoffee.all);

export const createSaleOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createSale, onSuccess: () => invalidateAfterSaleSave(queryClient) });

export const useCreateSale = () => useMutation(createSaleOptions(useQueryClient()));
