import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { apiWrite } from '#web/lib/write-request.js';
import { invalidateAfterBlendSave } from './create-blended-coffee.js';

export const deleteBlendedCoffee = (id: number) => apiWrite<void>('DELETE', `/blended-coffee/${id}`);

export const deleteBlendedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteBlendedCoffee, onSuccess: () => invalidateAfterBlendSave(queryClient) });
