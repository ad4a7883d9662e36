import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaleFormat, SaleFormatBody } from '#shared/schemas/sale-formats.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createSaleFormat = ({ body, key }: Keyed & { body: SaleFormatBody }) => apiWrite<SaleFormat>('POST', '/sale-formats', body, key);

// The formats (Configuración's table and the sale form's 'Formato'); no sale names a new one yet.
export const createSaleFormatOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createSaleFormat, onSuccess: () => invalidate(queryClient, queryKeys.saleFormats.all) });

export const useCreateSaleFormat = () => useMutation(createSaleFormatOptions(useQueryClient()));
