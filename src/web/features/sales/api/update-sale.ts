import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sale, SaleBody } from '#shared/schemas/sales.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';
import { invalidateAfterSaleSave } from './create-sale.js';

export const updateSale = ({ id, body, key }: Keyed & { id: number; body: SaleBody }) => apiWrite<Sale>('PUT', `/sales/${id}`, body, key);

export const updateSaleOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateSale, onSuccess: () => invalidateAfterSaleSave(queryClient) });

export const useUpdateSale = () => useMutation(updateSaleOptions(useQueryClient()));
