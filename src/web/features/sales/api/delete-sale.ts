import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.js';
import { invalidateAfterSaleSave } from './create-sale.js';

export const deleteSale = (id: number) => apiRequest<void>('DELETE', `/sales/${id}`);

export const deleteSaleOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteSale, onSuccess: () => invalidateAfterSaleSave(queryClient) });
