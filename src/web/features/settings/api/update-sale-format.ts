import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaleFormat, SaleFormatBody } from '#shared/schemas/sale-formats.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateSaleFormat = ({ id, body, key }: Keyed & { id: number; body: SaleFormatBody }) => apiWrite<SaleFormat>('PUT', `/sale-formats/${id}`, body, key);

// The formats, and the sales list, which names each sale's format ('4 × Bolsa 250 g').
export const updateSaleFormatOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateSaleFormat, onSuccess: () => invalidate(queryClient, queryKeys.saleFormats.all, queryKeys.sales.all) });

export const useUpdateSaleFormat = () => useMutation(updateSaleFormatOptions(useQueryClient()));
