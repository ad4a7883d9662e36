import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopImportResult, ShopPreview } from '#shared/schemas/shop-orders.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiUpload } from '#web/lib/write-request.js';

export interface ShopFileRequest {
  file: Blob;
  /** The column preset's id, or null for a Shopify export. */
  preset: number | null;
}

const query = (preset: number | null) => (preset === null ? '' : `?preset=${preset}`);

/** POST /api/shop-orders/preview: the file itself as the body (`text/csv`), read by the server as it is; nothing written. */
export const previewShopOrders = ({ file, preset }: ShopFileRequest): Promise<ShopPreview> => apiUpload<ShopPreview>(`/shop-orders/preview${query(preset)}`, file, 'text/csv');

export const usePreviewShopOrders = () => useMutation({ mutationFn: previewShopOrders });

/** POST /api/shop-orders/import: the new orders, all or none. */
export const importShopOrders = ({ file, preset }: ShopFileRequest): Promise<ShopImportResult> =>
  apiUpload<ShopImportResult>(`/shop-orders/import${query(preset)}`, file, 'text/csv');

// New orders, and perhaps new customers (kind 'Tienda online').
export const importShopOrdersOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: importShopOrders, onSuccess: () => invalidate(queryClient, queryKeys.orders.all, queryKeys.customers.all) });

export const useImportShopOrders = () => useMutation(importShopOrdersOptions(useQueryClient()));
