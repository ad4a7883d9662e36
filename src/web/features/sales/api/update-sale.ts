import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sale, SaleBody } from '#shared/schemas/sales.js';
import { apiRequest } from '#web/lib/api-client.js';
import { invalidateAfterSaleSave } from './create-sale.js';

export const updateSale = ({ id, body }: { id: number; body: SaleBody }) => apiRequest<Sale>('PUT', `/sales/${id}`, body);

export const updateSaleOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateSale, onSuccess: () => invalidateAfterSaleSave(queryClient) });

export const useUpdateSale = () => useMutation(updateSaleOptions(useQueryClient()));
