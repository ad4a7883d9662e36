import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { apiWrite } from '#web/lib/write-request.js';
import { invalidateAfterSaleSave } from './create-sale.js';

export const deleteSale = (id: number) => apiWrite<void>('DELETE', `/sales/${id}`);

export const deleteSaleOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteSale, onSuccess: () => invalidateAfterSaleSave(queryClient) });
